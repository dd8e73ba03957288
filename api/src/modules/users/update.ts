import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Updateable } from 'kysely';
import { Type, type Static } from 'typebox';
import type { UserRow, UsersTable } from '../../db/schema';
import { ValidationError, type FieldErrors } from '../../http/errors';
import {
  Bool,
  Email,
  Filled,
  MAX_STRING,
  Nullable,
  Patch,
  Str,
  type FieldRules,
} from '../../http/schema';
import { hashPassword, verifyPassword } from '../auth/password';
import {
  EMAIL_TAKEN,
  emailUnique,
  isUniqueViolation,
  MAX_PASSWORD,
  Name,
  NewPassword,
  PasswordConfirmation,
  passwordConfirmed,
  Phone,
  phoneDigits,
  timezoneOptionValid,
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

const accountFields = {
  first_name: Type.Optional(Name()),
  last_name: Type.Optional(Name()),
  phone: Type.Optional(Phone()),
  timezone: Type.Optional(Filled({ max: 64 })),
};
const flags = {
  sms_notifications: Type.Optional(Bool()),
  email_notifications: Type.Optional(Bool()),
  email: Type.Optional(Email()),
};
const newPassword = {
  password: Type.Optional(NewPassword()),
  // null or '' is sent as a confirmation that does not match
  password_confirmation: Type.Optional(Nullable(PasswordConfirmation())),
  /** null removes the picture; otherwise an upload of the user's (checked when saving) */
  image_uuid: Type.Optional(Type.Unknown()),
};

/** PUT /users/{id}: the user's own rows; a new password needs the current one. */
export const OwnAccountPatch = Patch(
  {
    ...accountFields,
    title: Type.Optional(Nullable(Str({ max: MAX_STRING }))),
    ...flags,
    current_password: Type.Optional(Str({ min: 1, max: MAX_PASSWORD })),
    ...newPassword,
  },
  { dependencies: { password: ['current_password'] } },
);

/** PUT /admin/users/{id}: the same rows without the title, and no current password. */
export const AdminAccountPatch = Patch({
  ...accountFields,
  title: Type.Optional(Type.Unknown()),
  ...flags,
  ...newPassword,
});

export type AccountPatch = Static<typeof OwnAccountPatch> | Static<typeof AdminAccountPatch>;

/**
 * The account rules the schemas cannot say (one implementation for both updates): the title
 * is the user's own, the timezone one of the options (or the one the account has), a team
 * keeps someone's emails on, an address is not another account's, the new password is
 * confirmed and the current one is right. `targetOf` answers the account being changed.
 */
export function accountRules(
  kind: AccountUpdateMode['kind'],
  targetOf: (request: FastifyRequest) => Promise<UserRow>,
): FieldRules {
  return async (body, request) => {
    const target = await targetOf(request);
    const sent = (field: string) => Object.hasOwn(request.body as object, field);
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const patch = body as Partial<Static<typeof OwnAccountPatch>>;

    timezoneOptionValid('timezone', patch.timezone, target.timezone, errors);
    // The title row is updated only by the user (spec §6).
    if (kind === 'admin' && sent('title')) add('title', 'The title field is prohibited.');
    if (
      patch.email_notifications === false &&
      target.email_notifications &&
      !(await teamKeepsEmailsOn(request.server, target.id))
    ) {
      add('email_notifications', TEAM_EMAIL_RULE);
    }
    await emailUnique(request.server.db, patch.email, errors, target.id);
    if (
      kind === 'own' &&
      sent('password') &&
      patch.current_password !== undefined &&
      !(await verifyPassword(patch.current_password, target.password_hash))
    ) {
      add('current_password', WRONG_CURRENT_PASSWORD);
    }
    passwordConfirmed(request.body, errors);
    return errors;
  };
}

/**
 * Applies the fields sent (only those change), already checked by the route's schema and
 * accountRules(), one implementation for both updates.
 */
export async function updateAccount(
  app: FastifyInstance,
  target: UserRow,
  body: AccountPatch,
  mode: AccountUpdateMode,
  log: { error: (error: unknown, message: string) => void },
): Promise<void> {
  const changes: Updateable<UsersTable> = {
    first_name: body.first_name?.trim(),
    last_name: body.last_name?.trim(),
    phone: body.phone === undefined ? undefined : phoneDigits(body.phone),
    timezone: body.timezone?.trim(),
    sms_notifications: body.sms_notifications,
    email_notifications: body.email_notifications,
  };
  if (mode.kind === 'own' && 'title' in body && body.title !== undefined) {
    changes.title = (body.title as string | null)?.trim() || null;
  }
  const email = body.email?.trim();
  const emailChanged = email !== undefined && email.toLowerCase() !== target.email.toLowerCase();
  if (email !== undefined) changes.email = email;
  const newPassword = body.password;
  // After validation, so a taken or mistyped address is answered before the password is asked.
  if (emailChanged && mode.kind === 'own') await mode.confirmEmailChange();

  if (body.image_uuid !== undefined) {
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
