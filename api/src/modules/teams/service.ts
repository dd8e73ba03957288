import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { TeamInvitation, TeamMember } from '../../contract';
import type { DB } from '../../db/database';
import type { AuthUser } from '../auth/require-user';
import { requireAccountOwner } from '../impersonation/service';

export const OWNER_ONLY = 'Only the account owner manages the team.';
export const PRO_ONLY = 'Only Pro accounts can add team members.';

/**
 * The team owner acting on their own team. Members (Basic or Agency) manage nothing here, and an
 * agency member impersonating the owner does not either (the spec: only the owner manages the
 * team); an admin impersonating does, as support.
 */
export function requireTeamOwner(request: FastifyRequest): Promise<AuthUser> {
  return requireAccountOwner(request, OWNER_ONLY);
}

export async function findTeamId(db: DB, ownerId: number): Promise<number | null> {
  const team = await db
    .selectFrom('teams')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return team?.id ?? null;
}

export async function ensureTeam(db: DB, ownerId: number): Promise<number> {
  await db
    .insertInto('teams')
    .values({ owner_id: ownerId })
    .onConflict((conflict) => conflict.column('owner_id').doNothing())
    .execute();
  const id = await findTeamId(db, ownerId);
  if (id === null) throw new Error('team not created');
  return id;
}

export function toInvitation(row: {
  id: number;
  email: string;
  role: TeamInvitation['role'];
  created_at: Date;
}): TeamInvitation {
  return { id: row.id, email: row.email, role: row.role, created_at: row.created_at.toISOString() };
}

export async function listMembers(db: DB, teamId: number): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'team_members.role',
      'team_members.email_notifications',
      'team_members.sms_notifications',
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.created_at')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    pivot: {
      role: row.role,
      email_notifications: row.email_notifications ? 1 : 0,
      sms_notifications: row.sms_notifications ? 1 : 0,
    },
  }));
}

/** Whether anyone on the team but `exceptMemberId` (the owner counts) gets email notifications. */
export async function someoneElseGetsEmail(
  db: DB,
  teamId: number,
  ownerId: number,
  exceptMemberId: number,
): Promise<boolean> {
  const owner = await db
    .selectFrom('users')
    .select('email_notifications')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (owner?.email_notifications) return true;
  const member = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', '!=', exceptMemberId)
    .where('email_notifications', '=', true)
    .executeTakeFirst();
  return member !== undefined;
}

export function invitationLink(app: FastifyInstance, id: number, token: string): string {
  return `${app.config.appUrl}/team-invitations/${id}?token=${encodeURIComponent(token)}`;
}

export const ROLE_LABELS = { admin: 'Basic', agency: 'Agency' } as const;

export function lowerEmail(email: string) {
  return sql<string>`lower(${email})`;
}
