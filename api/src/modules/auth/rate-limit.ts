import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { HttpError } from '../../http/errors';

// Fixed-window counters for the email flows, kept in the login_throttles table (keys are hashed
// and namespaced, so they never collide with the failed-login counters there).

export interface RateLimit {
  /** Requests allowed within one window. */
  max: number;
  windowSeconds: number;
}

/** A namespaced, hashed key: rateLimitKey('password-email', email, ip). */
export function rateLimitKey(scope: string, ...parts: (string | number)[]): string {
  const normalised = parts.map((part) => String(part).trim().toLowerCase()).join('|');
  return `${scope}:${createHash('sha256').update(normalised).digest('hex')}`;
}

/**
 * Counts one request against `key`; returns 0 when it is allowed, else the seconds until the
 * window ends. One statement, so concurrent requests cannot both slip through.
 */
export async function hitRateLimit(db: DB, key: string, limit: RateLimit): Promise<number> {
  const row = await db
    .insertInto('login_throttles')
    .values({
      key,
      attempts: 1,
      reset_at: sql<Date>`now() + make_interval(secs => ${limit.windowSeconds})`,
    })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<number>`case when login_throttles.reset_at <= now() then 1 else login_throttles.attempts + 1 end`,
        reset_at: sql<Date>`case when login_throttles.reset_at <= now() then now() + make_interval(secs => ${limit.windowSeconds}) else login_throttles.reset_at end`,
      }),
    )
    .returning([
      'attempts',
      sql<number>`ceil(extract(epoch from reset_at - now()))::int`.as('seconds'),
    ])
    .executeTakeFirstOrThrow();
  return row.attempts > limit.max ? Math.max(1, row.seconds) : 0;
}

/** 429 with the message and a Retry-After header. */
export function tooManyRequests(message: string, seconds: number): HttpError {
  return new HttpError(429, message, { 'retry-after': String(seconds) });
}

/**
 * Counts one request against `key` and throws the 429 once `limit` is passed; `message` is given
 * the seconds to wait.
 */
export async function enforceRateLimit(
  db: DB,
  key: string,
  limit: RateLimit,
  message: (seconds: number) => string,
): Promise<void> {
  const wait = await hitRateLimit(db, key, limit);
  if (wait > 0) throw tooManyRequests(message(wait), wait);
}

/**
 * A route's preValidation that counts each call against the caller's network (its address) and
 * answers 429 past `limit`: counted before the input is read, so a stream of bad forms is
 * limited too.
 */
export function perNetworkLimit(
  app: FastifyInstance,
  scope: string,
  limit: RateLimit,
  message: (seconds: number) => string,
): (request: FastifyRequest) => Promise<void> {
  return (request) => enforceRateLimit(app.db, rateLimitKey(scope, request.ip), limit, message);
}
