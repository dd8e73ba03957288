import type { FastifyInstance } from 'fastify';
import { syncBilling } from '../billing/service';
import { sql, type Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import { forbidden, notFound, ValidationError } from '../../http/errors';
import { parseId, Validator } from '../../http/validation';
import { hashPassword, verifyPassword } from '../auth/password';
import { currentSession, requireUser } from '../auth/require-user';
import {
  checkEmailUnique,
  EMAIL_TAKEN,
  isUniqueViolation,
  readEmail,
  readName,
  readNewPassword,
  readPhone,
  readTimezone,
  WRONG_CURRENT_PASSWORD,
} from '../auth/user-fields';
import { sendVerificationEmail } from '../auth/verification';
import { sessionImpersonator } from '../impersonation/service';
import { assertOwnUpload } from '../uploads/service';
import { loadUser } from './queries';

export const TEAM_EMAIL_RULE =
  'At least one team member needs to have the email notifications turned on';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get('/users/me', async (request) => {
    const user = await requireUser(request);
    // A cancelled Pro subscription that has reached its end turns the account standard here.
    await syncBilling(app, user.id);
    return {
      data: await loadUser(app.db, user.id, { impersonator: await sessionImpersonator(request) }),
    };
  });

  // The user's own settings rows. Only the fields sent are changed; admins editing others use
  // the separate admin update (spec §6).
  app.put<{ Params: { id: string } }>('/users/:id', async (request) => {
    const user = await requireUser(request);
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    if (id !== user.id) throw forbidden();

    const body = (request.body ?? {}) as Record<string, unknown>;
    const sent = (field: string) => Object.hasOwn(body, field);
    const input = new Validator(body);
    const changes: Updateable<UsersTable> = {};

    if (sent('first_name')) changes.first_name = readName(input, 'first_name', true);
    if (sent('last_name')) changes.last_name = readName(input, 'last_name', true);
    if (sent('phone')) changes.phone = readPhone(input, 'phone', true);
    if (sent('timezone')) changes.timezone = readTimezone(input, 'timezone', true);
    if (sent('title')) changes.title = readName(input, 'title', false) || null;
    const flag = (field: string) => {
      const value = input.boolean(field);
      if (body[field] === null || body[field] === '') {
        input.fail(field, `The ${field.replace(/_/g, ' ')} field must be true or false.`);
      }
      return value;
    };
    if (sent('sms_notifications')) changes.sms_notifications = flag('sms_notifications');
    if (sent('email_notifications')) {
      const on = flag('email_notifications');
      if (on === false && user.email_notifications && !(await teamKeepsEmailsOn(app, user.id))) {
        input.fail('email_notifications', TEAM_EMAIL_RULE);
      }
      changes.email_notifications = on;
    }

    let emailChanged = false;
    if (sent('email')) {
      const email = readEmail(input);
      await checkEmailUnique(app.db, input, email, user.id);
      if (email !== undefined) {
        changes.email = email;
        emailChanged = email.toLowerCase() !== user.email.toLowerCase();
      }
    }

    let newPassword: string | undefined;
    if (sent('password')) {
      const current = input.string('current_password', { required: true, max: 1024 });
      newPassword = readNewPassword(input);
      if (current !== undefined && !(await verifyPassword(current, user.password_hash))) {
        input.fail('current_password', WRONG_CURRENT_PASSWORD);
      }
    }
    input.throwIfInvalid();
    if (sent('image_uuid')) {
      // null removes the picture; otherwise only an image this user uploaded (POST /uploads).
      changes.image_uuid =
        body.image_uuid === null || body.image_uuid === ''
          ? null
          : await assertOwnUpload(app.db, user.id, body.image_uuid);
    }

    if (newPassword !== undefined) changes.password_hash = await hashPassword(newPassword);
    if (emailChanged) {
      changes.email_verified_at = null;
      // A paused account stays paused; verifying the new address later makes it active again.
      if (user.status === 'active') changes.status = 'pending';
    }
    const defined = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as Updateable<UsersTable>;

    if (Object.keys(defined).length > 0) {
      try {
        await app.db
          .updateTable('users')
          .set({ ...defined, updated_at: sql<Date>`now()` })
          .where('id', '=', user.id)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw ValidationError.single('email', EMAIL_TAKEN);
        throw error;
      }
    }
    if (newPassword !== undefined) {
      // Other browsers signed in with the old password are signed out; this one stays.
      const session = await currentSession(request);
      await app.db
        .deleteFrom('sessions')
        .where('user_id', '=', user.id)
        .where('id', '<>', session?.sessionId ?? '')
        .execute();
    }
    if (emailChanged && changes.email) {
      try {
        await sendVerificationEmail(app, {
          id: user.id,
          email: changes.email,
          first_name: changes.first_name ?? user.first_name,
        });
      } catch (error) {
        request.log.error(error, 'the verification email could not be sent');
      }
    }
    return { data: await loadUser(app.db, user.id) };
  });
}

/**
 * The owner of a team with members may turn their email notifications off only while another
 * member keeps them on (spec §5). Without a team nothing depends on the owner's emails.
 */
async function teamKeepsEmailsOn(app: FastifyInstance, ownerId: number): Promise<boolean> {
  const team = await app.db
    .selectFrom('teams')
    .innerJoin('team_members', 'team_members.team_id', 'teams.id')
    .select([
      sql<number>`count(*)::int`.as('members'),
      sql<number>`count(*) filter (where team_members.email_notifications)::int`.as('with_emails'),
    ])
    .where('teams.owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!team || team.members === 0) return true;
  return team.with_emails > 0;
}
