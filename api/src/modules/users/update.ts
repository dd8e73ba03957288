import type { FastifyInstance } from 'fastify';
import { sql, type Updateable } from 'kysely';
import type { UserRow, UsersTable } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { Validator } from '../../http/validation';
import { hashPassword, verifyPassword } from '../auth/password';
import {
  checkEmailUnique,
  EMAIL_TAKEN,
  isUniqueViolation,
  readEmail,
  readName,
  readNewPassword,
  readPhone,
  readTimezoneOption,
  WRONG_CURRENT_PASSWORD,
} from '../auth/user-fields';
import { sendVerificationEmail } from '../auth/verification';
import { assertOwnUpload } from '../uploads/service';
import { sendEmailChangedNotice } from './sign-in-details';

export const TEAM_EMAIL_RULE =
  'At least one team member needs to have the email notifications turned on';

/**
 * Who is changing the account (spec §6):
 * - 'own': the user through PUT /users/{id}; a new password needs current_password, a new email
 *   address `confirmEmailChange()` (a recent login confirmation, else 428; decision 063), and
 *   the title may change. Who may change the email or password at all is checked before
 *   (sign-in-details.ts). Other sessions of the user end on a password change;
 *   `keepSessionId` stays.
 * - 'admin': a site admin through PUT /admin/users/{id}; sets a password without the current one
 *   (all the user's sessions end), never the title. `uploaderId` is whoever sent POST /uploads for
 *   the new picture (the admin's session), besides the user themself.
 */
export type AccountUpdateMode =
  | { kind: 'own'; keepSessionId: string | null; confirmEmailChange: () => Promise<void> }
  | { kind: 'admin'; uploaderId: number };

/**
 * Validates and applies the fields sent (only those change) with the account's field rules,
 * one implementation for both updates. Throws a 422 with every field's message at once.
 */
export async function updateAccount(
  app: FastifyInstance,
  target: UserRow,
  body: Record<string, unknown>,
  mode: AccountUpdateMode,
  log: { error: (error: unknown, message: string) => void },
): Promise<void> {
  const sent = (field: string) => Object.hasOwn(body, field);
  const input = new Validator(body);
  const changes: Updateable<UsersTable> = {};

  if (sent('first_name')) changes.first_name = readName(input, 'first_name', true);
  if (sent('last_name')) changes.last_name = readName(input, 'last_name', true);
  if (sent('phone')) changes.phone = readPhone(input, 'phone', true);
  if (sent('timezone')) changes.timezone = readTimezoneOption(input, 'timezone', target.timezone);
  if (sent('title')) {
    // The title row is updated only by the user (spec §6).
    if (mode.kind === 'admin') input.fail('title', 'The title field is prohibited.');
    else changes.title = readName(input, 'title', false) || null;
  }
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
    if (on === false && target.email_notifications && !(await teamKeepsEmailsOn(app, target.id))) {
      input.fail('email_notifications', TEAM_EMAIL_RULE);
    }
    changes.email_notifications = on;
  }

  let emailChanged = false;
  if (sent('email')) {
    const email = readEmail(input);
    await checkEmailUnique(app.db, input, email, target.id);
    if (email !== undefined) {
      changes.email = email;
      emailChanged = email.toLowerCase() !== target.email.toLowerCase();
    }
  }

  let newPassword: string | undefined;
  if (sent('password')) {
    if (mode.kind === 'own') {
      const current = input.string('current_password', { required: true, max: 1024 });
      newPassword = readNewPassword(input);
      if (current !== undefined && !(await verifyPassword(current, target.password_hash))) {
        input.fail('current_password', WRONG_CURRENT_PASSWORD);
      }
    } else {
      newPassword = readNewPassword(input);
    }
  }
  input.throwIfInvalid();
  // After validation, so a taken or mistyped address is answered before the password is asked.
  if (emailChanged && mode.kind === 'own') await mode.confirmEmailChange();

  if (sent('image_uuid')) {
    // null removes the picture; otherwise an image uploaded by the user (or the admin editing).
    changes.image_uuid =
      body.image_uuid === null || body.image_uuid === ''
        ? null
        : await claimUpload(app, target.id, body.image_uuid, mode);
  }

  if (newPassword !== undefined) changes.password_hash = await hashPassword(newPassword);
  if (emailChanged) {
    changes.email_verified_at = null;
    // A paused account stays paused; verifying the new address later makes it active again.
    if (target.status === 'active') changes.status = 'pending';
  }
  const defined = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Updateable<UsersTable>;

  if (Object.keys(defined).length > 0) {
    try {
      await app.db
        .updateTable('users')
        .set({ ...defined, updated_at: sql<Date>`now()` })
        .where('id', '=', target.id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw ValidationError.single('email', EMAIL_TAKEN);
      throw error;
    }
  }
  if (newPassword !== undefined) {
    // Browsers signed in with the old password are signed out; the user's own current one stays.
    const keep = mode.kind === 'own' ? (mode.keepSessionId ?? '') : '';
    await app.db
      .deleteFrom('sessions')
      .where('user_id', '=', target.id)
      .where('id', '<>', keep)
      .execute();
  }
  if (emailChanged && changes.email) {
    const firstName = changes.first_name ?? target.first_name;
    try {
      await sendVerificationEmail(app, {
        id: target.id,
        email: changes.email,
        first_name: firstName,
      });
    } catch (error) {
      log.error(error, 'the verification email could not be sent');
    }
    // The old address hears of it, whoever made the change (decision 063).
    try {
      await sendEmailChangedNotice(app, {
        oldEmail: target.email,
        newEmail: changes.email,
        first_name: firstName,
      });
    } catch (error) {
      log.error(error, 'the email-changed notice could not be sent');
    }
  }
}

/**
 * The user's own upload; in admin mode the admin's upload too, which then becomes the user's
 * (so the user can later delete it through DELETE /users/{id}/media/{uuid}).
 */
async function claimUpload(
  app: FastifyInstance,
  userId: number,
  uuid: unknown,
  mode: AccountUpdateMode,
): Promise<string> {
  if (mode.kind === 'own' || mode.uploaderId === userId) {
    return assertOwnUpload(app.db, userId, uuid);
  }
  try {
    return await assertOwnUpload(app.db, userId, uuid);
  } catch {
    const found = await assertOwnUpload(app.db, mode.uploaderId, uuid);
    await app.db
      .updateTable('uploads')
      .set({ user_id: userId })
      .where('uuid', '=', found)
      .execute();
    return found;
  }
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
