import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { HttpError, ValidationError } from '../../http/errors';
import { burnPasswordCheck, verifyPassword } from './password';
import { clearFailures, lockoutSeconds, recordFailure, throttleKey } from './throttle';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

export function tooManyAttempts(seconds: number): HttpError {
  return new HttpError(429, `Too many login attempts. Please try again in ${seconds} seconds.`, {
    'retry-after': String(seconds),
  });
}

export async function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Checks the credentials under the failed-attempt limit and returns the user, or throws
 * 429 (locked out) / 422 (wrong email or password, same message for both).
 */
export async function attemptLogin(
  db: DB,
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<UserRow> {
  const key = throttleKey(email, ip);
  const wait = await lockoutSeconds(db, key);
  if (wait > 0) throw tooManyAttempts(wait);

  const user = await findUserByEmail(db, email);
  const ok = user
    ? await verifyPassword(password, user.password_hash)
    : await burnPasswordCheck(password);
  if (!user || !ok) {
    await recordFailure(db, key);
    throw ValidationError.single('email', BAD_CREDENTIALS);
  }
  await clearFailures(db, key);
  return user;
}
