import { sql, type Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { UserRow, UsersTable } from '../../db/schema';
import { HttpError, ValidationError } from '../../http/errors';
import { burnPasswordCheck, verifyPassword } from './password';
import { hitRateLimit } from './rate-limit';
import {
  clearFailures,
  LOGIN_IP_LIMIT,
  LOGIN_LIMIT,
  loginIpKey,
  releaseAttempt,
  throttleKey,
} from './throttle';

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
 * Checks the credentials under the failed-attempt limits (per email + ip, and per ip across
 * emails) and returns the user, or throws 429 (locked out) / 422 (wrong email or password, same
 * message for both). `ip` is request.ip: see TRUST_PROXY (decision 064).
 */
export async function attemptLogin(
  db: DB,
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<UserRow> {
  const key = throttleKey(email, ip);
  const ipKey = loginIpKey(ip);
  // Every attempt is counted before its password is checked, so a burst of parallel guesses
  // cannot all pass a check made before any of them failed; an attempt that turns out not to be
  // a failure (refused here, or the right password) gives its count back.
  const wait = Math.max(
    await hitRateLimit(db, key, LOGIN_LIMIT),
    await hitRateLimit(db, ipKey, LOGIN_IP_LIMIT),
  );
  if (wait > 0) {
    await releaseAttempt(db, key);
    await releaseAttempt(db, ipKey);
    throw tooManyAttempts(wait);
  }

  const user = await findUserByEmail(db, email);
  const ok = user
    ? await verifyPassword(password, user.password_hash)
    : await burnPasswordCheck(password);
  if (!user || !ok) {
    throw ValidationError.single('email', BAD_CREDENTIALS);
  }
  await clearFailures(db, key);
  // Only this attempt is given back: one known password must not wipe the ip's failures.
  await releaseAttempt(db, ipKey);
  return user;
}

/** A new account: pending until its address is verified, the terms accepted as it signs up. */
export async function createPendingUser(
  db: DB,
  user: Pick<
    Insertable<UsersTable>,
    'first_name' | 'last_name' | 'email' | 'phone' | 'password_hash' | 'timezone' | 'referred_by'
  >,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, status: 'pending', terms_accepted_at: sql<Date>`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
