import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PublicTeamInvitation } from '../../contract';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import { parseId, Validator } from '../../http/validation';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { createInvitedAccount } from '../auth/complete-account';
import { requireUser } from '../auth/require-user';
import { hashToken } from '../auth/sessions';
import { loadUser } from '../users/queries';
import {
  ensureTeam,
  findTeamId,
  invitationLink,
  listMembers,
  OWNER_ONLY,
  PRO_ONLY,
  requireTeamOwner,
  ROLE_LABELS,
  someoneElseGetsEmail,
  toInvitation,
} from './service';

export const EMAIL_RULE =
  'At least one team member needs to have the email notifications turned on';
export const WRONG_INVITEE = 'This invitation was sent to another email address.';
export const INVALID_INVITATION_LINK = 'This invitation link is invalid or has expired.';

const ROLES = ['admin', 'agency'] as const;

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  // ---- The owner's team ---------------------------------------------------------------------

  // Reading is open to whoever acts as the owner, an agency member impersonating them included
  // (spec §6: they see the team members); every change below needs the owner (requireTeamOwner).
  app.get('/users/me/team/members', async (request) => {
    const owner = await requireUser(request);
    const teamId = await findTeamId(app.db, owner.id);
    return { data: teamId === null ? [] : await listMembers(app.db, teamId) };
  });

  app.get('/users/me/team/invitations', async (request) => {
    const owner = await requireUser(request);
    const teamId = await findTeamId(app.db, owner.id);
    if (teamId === null) return { data: [] };
    const rows = await app.db
      .selectFrom('team_invitations')
      .select(['id', 'email', 'role', 'created_at'])
      .where('team_id', '=', teamId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return { data: rows.map(toInvitation) };
  });

  app.post('/users/me/team/members', async (request) => {
    const owner = await requireTeamOwner(request);
    if (owner.account_type !== 'pro') throw new HttpError(403, PRO_ONLY);
    const input = new Validator(request.body);
    const email = input.string('email', { required: true, email: true, max: 255 })?.trim();
    const role = input.oneOf('role', ROLES) ?? 'admin';
    input.throwIfInvalid();
    if (!email) throw ValidationError.single('email', 'The email field is required.');

    if (email.toLowerCase() === owner.email.toLowerCase()) {
      throw ValidationError.single('email', 'You cannot invite yourself.');
    }
    const teamId = await ensureTeam(app.db, owner.id);
    const invitee = await app.db
      .selectFrom('users')
      .select(['id', 'first_name', 'email_verified_at'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    if (invitee) {
      const member = await app.db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', teamId)
        .where('user_id', '=', invitee.id)
        .executeTakeFirst();
      if (member) throw ValidationError.single('email', 'This person is already a team member.');
    }

    // Inviting the same address again replaces the pending invitation (a fresh link and role).
    const token = randomBytes(32).toString('base64url');
    const row = await app.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('team_invitations')
        .where('team_id', '=', teamId)
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .execute();
      return trx
        .insertInto('team_invitations')
        .values({
          team_id: teamId,
          email,
          role,
          token_hash: hashToken(token),
          invited_by: owner.id,
        })
        .returning(['id', 'email', 'role', 'created_at'])
        .executeTakeFirstOrThrow();
    });

    // No real account yet (none, or one invited before and never completed): a complete-account
    // link first, then the invitation. createInvitedAccount refuses real accounts (422).
    let completeLink: string | null = null;
    if (!invitee || invitee.email_verified_at === null) {
      try {
        completeLink = (await createInvitedAccount(app, { email })).link;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
      }
    }

    const ownerName = `${owner.first_name} ${owner.last_name}`;
    const link = invitationLink(app, row.id, token);
    const roleLabel = ROLE_LABELS[role];
    await app.mailer.send({
      to: email,
      subject: `${ownerName} invited you to their Guestspot team`,
      text: [
        invitee?.first_name ? `Hi ${invitee.first_name},` : 'Hi,',
        '',
        `${ownerName} invited you to join their team on Guestspot as ${roleLabel === 'Agency' ? 'an' : 'a'} ${roleLabel} member.`,
        '',
        ...(completeLink
          ? [
              'First, set up your Guestspot account (choose your name and password):',
              completeLink,
              '',
              'Then accept the invitation:',
            ]
          : ['Accept the invitation:']),
        link,
      ].join('\n'),
    });
    return { data: toInvitation(row) };
  });

  app.delete<{ Params: { id: string } }>(
    '/users/me/team/invitations/:id',
    async (request, reply) => {
      const owner = await requireTeamOwner(request);
      const id = parseId(request.params.id);
      const teamId = await findTeamId(app.db, owner.id);
      if (teamId === null) throw new HttpError(403, OWNER_ONLY);
      if (id === null) throw notFound();
      const deleted = await app.db
        .deleteFrom('team_invitations')
        .where('id', '=', id)
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) throw notFound();
      return reply.code(204).send();
    },
  );

  app.patch<{ Params: { id: string } }>('/users/me/team/members/:id', async (request) => {
    const owner = await requireTeamOwner(request);
    const memberId = parseId(request.params.id);
    const teamId = await findTeamId(app.db, owner.id);
    if (teamId === null) throw new HttpError(403, OWNER_ONLY);
    if (memberId === null) throw notFound();
    const member = await app.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('user_id', '=', memberId)
      .executeTakeFirst();
    if (!member) throw notFound();

    const input = new Validator(request.body);
    const email = input.boolean('email_notifications');
    const sms = input.boolean('sms_notifications');
    input.throwIfInvalid();
    if (email === undefined && sms === undefined) {
      throw ValidationError.single(
        'email_notifications',
        'The email notifications or sms notifications field is required.',
      );
    }
    if (email === false && !(await someoneElseGetsEmail(app.db, teamId, owner.id, memberId))) {
      throw ValidationError.single('email_notifications', EMAIL_RULE);
    }
    await app.db
      .updateTable('team_members')
      .set({
        ...(email === undefined ? {} : { email_notifications: email }),
        ...(sms === undefined ? {} : { sms_notifications: sms }),
      })
      .where('team_id', '=', teamId)
      .where('user_id', '=', memberId)
      .execute();
    const members = await listMembers(app.db, teamId);
    return { data: members.find((item) => item.id === memberId) };
  });

  app.delete<{ Params: { id: string } }>('/users/me/team/members/:id', async (request, reply) => {
    const owner = await requireTeamOwner(request);
    const memberId = parseId(request.params.id);
    const teamId = await findTeamId(app.db, owner.id);
    if (teamId === null) throw new HttpError(403, OWNER_ONLY);
    if (memberId === null) throw notFound();
    const deleted = await app.db
      .deleteFrom('team_members')
      .where('team_id', '=', teamId)
      .where('user_id', '=', memberId)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw notFound();
    return reply.code(204).send();
  });

  // ---- The invitee (links from the email) ---------------------------------------------------

  async function invitationByLink(rawId: string, rawToken: unknown) {
    const id = parseId(rawId);
    if (id === null) throw notFound();
    const row = await app.db
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
    if (!row) throw notFound();
    const token = typeof rawToken === 'string' ? rawToken : '';
    if (!token || row.token_hash === null || hashToken(token) !== row.token_hash) {
      throw new HttpError(422, INVALID_INVITATION_LINK);
    }
    return row;
  }

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/team-invitations/:id',
    async (request) => {
      const row = await invitationByLink(request.params.id, request.query.token);
      const data: PublicTeamInvitation = {
        id: row.id,
        team_owner_name: row.owner_name,
        role: row.role,
        email: row.email,
        status: 'pending',
      };
      return { data };
    },
  );

  app.post<{ Params: { id: string } }>('/team-invitations/:id/accept', async (request) => {
    const user = await requireUser(request);
    const body = new Validator(request.body);
    const token = body.string('token', { required: true, max: 200 });
    body.throwIfInvalid();
    const row = await invitationByLink(request.params.id, token);
    if (row.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
      throw new HttpError(403, WRONG_INVITEE);
    }
    if (row.owner_id === user.id) throw new HttpError(422, 'You cannot join your own team.');
    await app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('team_members')
        .values({ team_id: row.team_id, user_id: user.id, role: row.role })
        .onConflict((conflict) =>
          conflict.columns(['team_id', 'user_id']).doUpdateSet({ role: row.role }),
        )
        .execute();
      await trx.deleteFrom('team_invitations').where('id', '=', row.id).execute();
    });
    return { data: await loadUser(app.db, user.id) };
  });

  app.post<{ Params: { id: string } }>(
    '/team-invitations/:id/decline',
    OPEN_TO_UNFINISHED_ACCOUNTS,
    async (request, reply) => {
      const body = new Validator(request.body);
      const token = body.string('token', { required: true, max: 200 });
      body.throwIfInvalid();
      const row = await invitationByLink(request.params.id, token);
      await app.db.deleteFrom('team_invitations').where('id', '=', row.id).execute();
      return reply.code(204).send();
    },
  );
}
