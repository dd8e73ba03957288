import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { PublicTeamInvitation } from '../../contract';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import { Bool, Email, IdParam, idOf, OneOf, Str } from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { createInvitedAccount } from '../auth/complete-account';
import { authenticated, requireUser, type AuthUser } from '../auth/require-user';
import { hashToken } from '../auth/sessions';
import { loadUser } from '../users/queries';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  ensureTeam,
  findInvitation,
  findTeamId,
  findUserByEmail,
  invitationLink,
  isTeamMember,
  listInvitations,
  listMembers,
  OWNER_ONLY,
  PRO_ONLY,
  removeMember,
  replaceInvitation,
  requireTeamOwner,
  ROLE_LABELS,
  someoneElseGetsEmail,
  toInvitation,
  updateMemberNotifications,
} from './service';
import { oncePerRequest } from '../../http/per-request';

export const EMAIL_RULE =
  'At least one team member needs to have the email notifications turned on';
export const WRONG_INVITEE = 'This invitation was sent to another email address.';
export const INVALID_INVITATION_LINK = 'This invitation link is invalid or has expired.';

const ROLES = ['admin', 'agency'] as const;

const Invitation = Type.Object({
  email: Email(),
  role: Type.Optional(OneOf(ROLES)),
});

const MemberParams = Type.Object({ id: IdParam() });

const Notifications = Type.Object({
  email_notifications: Type.Optional(Bool()),
  sms_notifications: Type.Optional(Bool()),
});

/**
 * An invitation link's id, as given: accepting and declining read the token first (422), then
 * the id (404 for one that is no id, in invitationByLink), as they always have.
 */
const InvitationLinkParams = Type.Object({ id: Type.String() });

/** The token the link carries (the invitee's answer sends it back). */
const InvitationToken = Type.Object({ token: Str({ max: 200 }) });

/** GET's `?token=`: one the schema refuses (not text) is a wrong token (422), never a field error. */
const InvitationLinkQuery = Type.Object({ token: Type.Optional(Str()) });

interface OwnTeam {
  owner: AuthUser;
  teamId: number;
}

/**
 * The owner and their team, for the changes to it: 401/403 for anyone else (requireTeamOwner),
 * 403 while the owner has no team yet. Once per request: checked before the input is read.
 */
const ownTeam = oncePerRequest(async (request): Promise<OwnTeam> => {
  const owner = await requireTeamOwner(request);
  const teamId = await findTeamId(request.server.db, owner.id);
  if (teamId === null) throw new HttpError(403, OWNER_ONLY);
  return { owner, teamId };
});

async function teamOwner(request: FastifyRequest): Promise<void> {
  await ownTeam(request);
}

/** Only a Pro owner invites (403 otherwise), before the form is read. */
async function proTeamOwner(request: FastifyRequest): Promise<AuthUser> {
  const owner = await requireTeamOwner(request);
  if (owner.account_type !== 'pro') throw new HttpError(403, PRO_ONLY);
  return owner;
}

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  // ---- The owner's team ---------------------------------------------------------------------

  // Reading is open to whoever acts as the owner, an agency member impersonating them included
  // (spec §6: they see the team members); every change below needs the owner (requireTeamOwner).
  api.get('/users/me/team/members', async (request) => {
    const owner = await requireUser(request);
    const teamId = await findTeamId(app.db, owner.id);
    return { data: teamId === null ? [] : await listMembers(app.db, teamId) };
  });

  api.get('/users/me/team/invitations', async (request) => {
    const owner = await requireUser(request);
    const teamId = await findTeamId(app.db, owner.id);
    if (teamId === null) return { data: [] };
    return { data: await listInvitations(app.db, teamId) };
  });

  const inviteOptions = {
    preValidation: async (request: FastifyRequest) => {
      await proTeamOwner(request);
    },
    schema: { body: Invitation },
  };
  api.post('/users/me/team/members', inviteOptions, async (request) => {
    const owner = await proTeamOwner(request);
    const email = request.body.email.trim();
    const role = request.body.role ?? 'admin';

    if (email.toLowerCase() === owner.email.toLowerCase()) {
      throw ValidationError.single('email', 'You cannot invite yourself.');
    }
    const teamId = await ensureTeam(app.db, owner.id);
    const invitee = await findUserByEmail(app.db, email);
    if (invitee && (await isTeamMember(app.db, teamId, invitee.id))) {
      throw ValidationError.single('email', 'This person is already a team member.');
    }

    // Inviting the same address again replaces the pending invitation (a fresh link and role).
    const token = randomBytes(32).toString('base64url');
    const row = await replaceInvitation(app.db, {
      teamId,
      email,
      role,
      tokenHash: hashToken(token),
      invitedBy: owner.id,
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

  const ownTeamOptions = { preValidation: teamOwner, schema: { params: MemberParams } };

  api.delete('/users/me/team/invitations/:id', ownTeamOptions, async (request, reply) => {
    const { teamId } = await ownTeam(request);
    if (!(await cancelInvitation(app.db, teamId, Number(request.params.id)))) throw notFound();
    return reply.code(204).send();
  });

  const notificationOptions = {
    // the owner's team, then the member (404), then what the body holds
    preValidation: async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const { teamId } = await ownTeam(request);
      const memberId = idOf(request.params.id);
      if (memberId === null || !(await isTeamMember(app.db, teamId, memberId))) {
        throw notFound();
      }
    },
    schema: { params: MemberParams, body: Notifications },
  };
  api.patch('/users/me/team/members/:id', notificationOptions, async (request) => {
    const { owner, teamId } = await ownTeam(request);
    const memberId = Number(request.params.id);
    const { email_notifications: email, sms_notifications: sms } = request.body;
    if (email === undefined && sms === undefined) {
      throw ValidationError.single(
        'email_notifications',
        'The email notifications or sms notifications field is required.',
      );
    }
    if (email === false && !(await someoneElseGetsEmail(app.db, teamId, owner.id, memberId))) {
      throw ValidationError.single('email_notifications', EMAIL_RULE);
    }
    await updateMemberNotifications(app.db, teamId, memberId, { email, sms });
    const members = await listMembers(app.db, teamId);
    return { data: members.find((item) => item.id === memberId) };
  });

  api.delete('/users/me/team/members/:id', ownTeamOptions, async (request, reply) => {
    const { teamId } = await ownTeam(request);
    if (!(await removeMember(app.db, teamId, Number(request.params.id)))) throw notFound();
    return reply.code(204).send();
  });

  // ---- The invitee (links from the email) ---------------------------------------------------

  /** The invitation a link names: 404 for no such id, 422 when the token is not its own. */
  async function invitationByLink(id: number | null, token: string | undefined) {
    if (id === null) throw notFound();
    const row = await findInvitation(app.db, id);
    if (!row) throw notFound();
    if (!token || row.token_hash === null || hashToken(token) !== row.token_hash) {
      throw ValidationError.single('token', INVALID_INVITATION_LINK);
    }
    return row;
  }

  const showOptions = {
    // the link's order: the id (404), the invitation (404), then its token (422)
    attachValidation: true,
    schema: { params: MemberParams, querystring: InvitationLinkQuery },
  };
  api.get('/team-invitations/:id', showOptions, async (request) => {
    const failed = request.validationError;
    if (failed?.validationContext === 'params') throw notFound();
    const token = failed ? undefined : request.query.token;
    const row = await invitationByLink(Number(request.params.id), token);
    const data: PublicTeamInvitation = {
      id: row.id,
      team_owner_name: row.owner_name,
      role: row.role,
      email: row.email,
      status: 'pending',
    };
    return { data };
  });

  const acceptOptions = {
    preValidation: authenticated,
    schema: { params: InvitationLinkParams, body: InvitationToken },
  };
  api.post('/team-invitations/:id/accept', acceptOptions, async (request) => {
    const user = await requireUser(request);
    const row = await invitationByLink(idOf(request.params.id), request.body.token);
    if (row.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
      throw new HttpError(403, WRONG_INVITEE);
    }
    if (row.owner_id === user.id)
      throw ValidationError.single('token', 'You cannot join your own team.');
    await acceptInvitation(app.db, row, user.id);
    return { data: await loadUser(app.db, user.id) };
  });

  const declineOptions = {
    ...OPEN_TO_UNFINISHED_ACCOUNTS,
    schema: { params: InvitationLinkParams, body: InvitationToken },
  };
  api.post('/team-invitations/:id/decline', declineOptions, async (request, reply) => {
    const row = await invitationByLink(idOf(request.params.id), request.body.token);
    await declineInvitation(app.db, row.id);
    return reply.code(204).send();
  });
}
