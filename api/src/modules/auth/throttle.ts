import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database';

// Failed logins per email + ip, counted in the database so every API process sees them.

export const MAX_ATTEMPTS = 5;
export const DECAY_SECONDS = 60;

export function throttleKey(email: string, ip: string): string {
  return createHash('sha256').update(`${email.trim().toLowerCase()}|${ip}`).digest('hex');
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

export async function recordFailure(db: DB, key: string): Promise<void> {
  await db
    .insertInto('login_throttles')
    .values({
      key,
      attempts: 1,
      reset_at: sql<Date>`now() + make_interval(secs => ${DECAY_SECONDS})`,
    })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<number>`case when login_throttles.reset_at <= now() then 1 else login_throttles.attempts + 1 end`,
        reset_at: sql<Date>`case when login_throttles.reset_at <= now() then now() + make_interval(secs => ${DECAY_SECONDS}) else login_throttles.reset_at end`,
      }),
    )
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
