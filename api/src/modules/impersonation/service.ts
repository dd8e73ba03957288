import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Impersonator } from '../../contract';
import type { DB } from '../../db/database';
import { HttpError } from '../../http/errors';
import { currentSession, requireUser, type AuthUser } from '../auth/require-user';

/** The session's real user while it impersonates someone, else null. */
export async function sessionImpersonator(request: FastifyRequest): Promise<Impersonator | null> {
  const session = await currentSession(request);
  if (!session) return null;
  return findImpersonator(request.server.db, session.sessionId);
}

export async function findImpersonator(db: DB, sessionId: string): Promise<Impersonator | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.impersonator_id')
    .leftJoin('teams', 'teams.owner_id', 'sessions.user_id')
    .leftJoin('team_members', (join) =>
      join
        .onRef('team_members.team_id', '=', 'teams.id')
        .onRef('team_members.user_id', '=', 'sessions.impersonator_id'),
    )
    .select([
      'users.id',
      sql<string>`users.first_name || ' ' || users.last_name`.as('name'),
      'users.is_admin',
      'team_members.role as team_role',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  return row
    ? { id: row.id, name: row.name, is_admin: row.is_admin, team_role: row.team_role ?? null }
    : null;
}

/**
 * Who may act as whom: an admin as any non-admin; an agency member as the owner of a team they
 * belong to with the 'agency' role. Nobody else, and never as themselves (checked by the caller).
 */
export async function mayImpersonate(
  db: DB,
  actor: { id: number; is_admin: boolean },
  targetId: number,
): Promise<boolean> {
  if (actor.is_admin) {
    const target = await db
      .selectFrom('users')
      .select('is_admin')
      .where('id', '=', targetId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return target !== undefined && !target.is_admin;
  }
  const managed = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select('teams.id')
    .where('team_members.user_id', '=', actor.id)
    .where('team_members.role', '=', 'agency')
    .where('teams.owner_id', '=', targetId)
    .executeTakeFirst();
  return managed !== undefined;
}

/**
 * The account owner acting on their own account (team, billing, payout, account status). An
 * agency member impersonating the owner may look but not change these (403 with the area's
 * message); a site admin impersonating (support) acts as the owner.
 */
export async function requireAccountOwner(
  request: FastifyRequest,
  message: string,
): Promise<AuthUser> {
  const user = await requireUser(request);
  const impersonator = await sessionImpersonator(request);
  if (impersonator && !impersonator.is_admin) throw new HttpError(403, message);
  return user;
}

export async function userExists(db: DB, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

/**
 * The session acts as `userId` from now on; `impersonatorId` is who is really there (null when
 * impersonation stops). The session keeps its cookie and must confirm its login again.
 */
export async function actAs(
  db: DB,
  sessionId: string,
  { userId, impersonatorId }: { userId: number; impersonatorId: number | null },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ user_id: userId, impersonator_id: impersonatorId, login_confirmed_at: null })
    .where('id', '=', sessionId)
    .execute();
}
