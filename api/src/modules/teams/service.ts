import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { TeamInvitation, TeamMember } from '../../contract';
import type { DB } from '../../db/database';
import { requireAccountOwner } from '../impersonation/service';
import { oncePerRequest } from '../../http/per-request';

export const OWNER_ONLY = 'Only the account owner manages the team.';
export const PRO_ONLY = 'Only Pro accounts can add team members.';

/**
 * The team owner acting on their own team. Members (Basic or Agency) manage nothing here, and an
 * agency member impersonating the owner does not either (the spec: only the owner manages the
 * team); an admin impersonating does, as support.
 */
export const requireTeamOwner = oncePerRequest((request) =>
  requireAccountOwner(request, OWNER_ONLY),
);

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

// Queries of the routes ----------------------------------------------------------------------

type InvitationRow = Parameters<typeof toInvitation>[0];

export async function listInvitations(db: DB, teamId: number): Promise<TeamInvitation[]> {
  const rows = await db
    .selectFrom('team_invitations')
    .select(['id', 'email', 'role', 'created_at'])
    .where('team_id', '=', teamId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toInvitation);
}

/** The account using this address (any case), if any. */
export async function findUserByEmail(db: DB, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'email_verified_at'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function isTeamMember(db: DB, teamId: number, userId: number): Promise<boolean> {
  const member = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return member !== undefined;
}

/** A new invitation, replacing a pending one to the same address (a fresh link and role). */
export async function replaceInvitation(
  db: DB,
  invitation: {
    teamId: number;
    email: string;
    role: TeamInvitation['role'];
    tokenHash: string;
    invitedBy: number;
  },
): Promise<InvitationRow> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('team_invitations')
      .where('team_id', '=', invitation.teamId)
      .where(sql`lower(email)`, '=', invitation.email.toLowerCase())
      .execute();
    return trx
      .insertInto('team_invitations')
      .values({
        team_id: invitation.teamId,
        email: invitation.email,
        role: invitation.role,
        token_hash: invitation.tokenHash,
        invited_by: invitation.invitedBy,
      })
      .returning(['id', 'email', 'role', 'created_at'])
      .executeTakeFirstOrThrow();
  });
}

/** Cancels a pending invitation of the team; false when it has none by that id. */
export async function cancelInvitation(db: DB, teamId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('team_invitations')
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return deleted.numDeletedRows !== 0n;
}

export async function updateMemberNotifications(
  db: DB,
  teamId: number,
  memberId: number,
  changes: { email?: boolean | undefined; sms?: boolean | undefined },
): Promise<void> {
  await db
    .updateTable('team_members')
    .set({
      ...(changes.email === undefined ? {} : { email_notifications: changes.email }),
      ...(changes.sms === undefined ? {} : { sms_notifications: changes.sms }),
    })
    .where('team_id', '=', teamId)
    .where('user_id', '=', memberId)
    .execute();
}

/** Takes a member off the team; false when they are not on it. */
export async function removeMember(db: DB, teamId: number, memberId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  return deleted.numDeletedRows !== 0n;
}

/** An invitation with what its link shows (the team owner's name) and checks (the token). */
export async function findInvitation(db: DB, id: number) {
  return db
    .selectFrom('team_invitations')
    .innerJoin('teams', 'teams.id', 'team_invitations.team_id')
    .innerJoin('users as owner', 'owner.id', 'teams.owner_id')
    .select([
      'team_invitations.id',
      'team_invitations.email',
      'team_invitations.role',
      'team_invitations.token_hash',
      'team_invitations.team_id',
      'teams.owner_id',
      sql<string>`owner.first_name || ' ' || owner.last_name`.as('owner_name'),
    ])
    .where('team_invitations.id', '=', id)
    .executeTakeFirst();
}

/** The invitee joins with the invitation's role (a member already: the new role), at once. */
export async function acceptInvitation(
  db: DB,
  invitation: { id: number; team_id: number; role: TeamInvitation['role'] },
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('team_members')
      .values({ team_id: invitation.team_id, user_id: userId, role: invitation.role })
      .onConflict((conflict) =>
        conflict.columns(['team_id', 'user_id']).doUpdateSet({ role: invitation.role }),
      )
      .execute();
    await trx.deleteFrom('team_invitations').where('id', '=', invitation.id).execute();
  });
}

export async function declineInvitation(db: DB, id: number): Promise<void> {
  await db.deleteFrom('team_invitations').where('id', '=', id).execute();
}
