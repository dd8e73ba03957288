import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { hitRateLimit, rateLimitKey, type RateLimit } from './rate-limit';

// Failed logins, counted in the database so every API process sees them: per email + ip (a
// guessed password), and per ip across emails (password spraying, decision 064).

export const MAX_ATTEMPTS = 5;
export const DECAY_SECONDS = 60;

/** Failed logins per email + ip: the 6th attempt within a minute waits. */
export const LOGIN_LIMIT: RateLimit = { max: MAX_ATTEMPTS, windowSeconds: DECAY_SECONDS };

/**
 * Failed logins per ip, whatever the emails (decision 064): 20 in 10 minutes, then that address
 * waits out the window. Only failures count, so an office behind one address signing in all day
 * never meets it; a script trying one password on many accounts stops after 20.
 */
export const LOGIN_IP_LIMIT: RateLimit = { max: 20, windowSeconds: 10 * 60 };

export function throttleKey(email: string, ip: string): string {
  return createHash('sha256').update(`${email.trim().toLowerCase()}|${ip}`).digest('hex');
}

export function loginIpKey(ip: string): string {
  return rateLimitKey('login-ip', ip);
}

/** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
export async function lockoutSeconds(db: DB, key: string): Promise<number> {
  const row = await db
    .selectFrom('login_throttles')
    .select([
      'attempts',
      sql<number>`ceil(extract(epoch from reset_at - now()))::int`.as('seconds'),
    ])
    .where('key', '=', key)
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row && row.attempts >= MAX_ATTEMPTS ? Math.max(1, row.seconds) : 0;
}

/** Counts one failure against `key` (a fixed window of DECAY_SECONDS). */
export async function recordFailure(db: DB, key: string): Promise<void> {
  await hitRateLimit(db, key, LOGIN_LIMIT);
}

/**
 * Gives back one attempt counted in advance (hitRateLimit) that turned out not to be a failure:
 * a right password, or an attempt refused by another limit.
 */
export async function releaseAttempt(db: DB, key: string): Promise<void> {
  await db
    .updateTable('login_throttles')
    .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where('key', '=', key)
    .where('reset_at', '>', sql<Date>`now()`)
    .execute();
}

export async function clearFailures(db: DB, key: string): Promise<void> {
  await db
    .deleteFrom('login_throttles')
    .where((eb) =>
      eb.or([eb('key', '=', key), eb('reset_at', '<', sql<Date>`now() - interval '1 hour'`)]),
    )
    .execute();
}
