import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { FieldErrors } from '../../http/errors';
import { Filled, MAX_STRING, Str } from '../../http/schema';
import { isTimezoneOption } from '../../timezones';

export { DEFAULT_TIMEZONE } from '../../timezones';

// The account's own fields, validated the same way by POST /auth/register, PUT /users/{id} and
// POST /auth/complete-account, with the messages Laravel's validator gives.

export const PASSWORD_MIN = 8;
export const EMAIL_TAKEN = 'The email has already been taken.';
export const WRONG_CURRENT_PASSWORD = 'The provided password is incorrect.';

/** A name or title: at most 255 characters, not blank (the handler trims it). */
export const Name = () => Filled({ max: MAX_STRING });

/** Ten digits, as typed ('5125550100') or masked ('(512) 555-0100'); read with phoneDigits(). */
export const Phone = () =>
  Str({
    max: 32,
    pattern: {
      regex: '^\\s*(?:\\(\\d{3}\\) \\d{3}-\\d{4}|\\d{10})\\s*$',
      message: 'The :attribute field must be 10 digits.',
    },
  });

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Passwords are capped (hashing a megabyte would be a cheap way to burn CPU). */
export const MAX_PASSWORD = 1024;

/** A new password: at least 8 characters; see passwordConfirmed() for its confirmation. */
export const NewPassword = () => Str({ min: PASSWORD_MIN, max: MAX_PASSWORD });
export const PasswordConfirmation = () => Str({ max: MAX_PASSWORD });

/**
 * password_confirmation must repeat password ('The password field confirmation does not
 * match.'). Reads the body as sent (request.body): the old reader said it beside 'must be at
 * least 8 characters', so it is said for any password that is a string within the limit.
 */
export function passwordConfirmed(sent: unknown, errors: FieldErrors): void {
  const { password, password_confirmation: confirmation } = (sent ?? {}) as Record<string, unknown>;
  if (
    typeof password !== 'string' ||
    password.length > MAX_PASSWORD ||
    password.includes('\u0000')
  ) {
    return;
  }
  if (confirmation !== password) {
    (errors.password ??= []).push('The password field confirmation does not match.');
  }
}

/** A timezone field's text; timezoneValid() checks the zone itself. */
export { TimezoneName } from '../../contract/builders';

// Proper-cased IANA names ('America/Chicago', 'US/Central', 'UTC', 'Etc/GMT+5'), and only those
// the runtime knows, so every stored zone can be used by Luxon and Intl.
const ZONE_NAME = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z0-9][A-Za-z0-9_+-]*){0,2}$/;

export function isValidTimezone(zone: string): boolean {
  if (zone.length > 64 || !ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Adds 'The x field must be a valid timezone.' when the zone is not one Luxon and Intl know. */
export function timezoneValid(field: string, zone: string | undefined, errors: FieldErrors): void {
  if (zone !== undefined && !isValidTimezone(zone.trim())) {
    (errors[field] ??= []).push(`The ${field} field must be a valid timezone.`);
  }
}

/**
 * The Settings timezone row: one of the timezone options (timezones.ts, the browser's list too).
 * A zone the account already has (registration stores the browser's own zone) stays acceptable,
 * so saving the row unchanged never fails.
 */
export function timezoneOptionValid(
  field: string,
  zone: string | undefined,
  current: string | null,
  errors: FieldErrors,
): void {
  const value = zone?.trim();
  if (value !== undefined && !isTimezoneOption(value) && value !== current) {
    (errors[field] ??= []).push(`The selected ${field} is invalid.`);
  }
}

/** Adds 'The email has already been taken.' when another account uses the address. */
export async function emailUnique(
  db: DB,
  email: string | undefined,
  errors: FieldErrors,
  exceptUserId?: number,
): Promise<void> {
  if (email === undefined) return;
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase());
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  if (await query.executeTakeFirst()) (errors.email ??= []).push(EMAIL_TAKEN);
}

/** PostgreSQL's unique_violation: two requests for one address raced past the check. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}
