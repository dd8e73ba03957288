import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { rateLimitKey, tooManyRequests, type RateLimit } from '../auth/rate-limit';
import { requireUser } from '../auth/require-user';

// Booking creation, booking-code look-ups and quotes (issue 28, decision 105): points per user
// and per address (request.ip, decision 064) in fixed windows, counted in login_throttles beside
// the other limits (auth/rate-limit.ts), so every API process shares them. A failure (a declined
// card, a code that is not valid) costs many points, any other answer one. Each request is
// charged a failure's price before it runs, so a burst sent in parallel cannot pass the check
// before any of it has failed (decision 064), and gets the difference back when its answer is
// not a failure. A refused request costs nothing and never reaches the handler, so never the
// payment provider.

export interface BookingLimit {
  /** Namespaces the keys: `${scope}-user` and `${scope}-ip`. */
  scope: string;
  /** Points one user may spend in a window, from any address. */
  perUser: RateLimit;
  /** Points one address may spend in a window, whoever is signed in. */
  perAddress: RateLimit;
  /** What a failure costs; any other answer costs 1. */
  failureWeight: number;
  message: (seconds: number) => string;
}

const HOUR = 60 * 60;

/**
 * Creating bookings: a decline (402) or a refused code costs 10. A user gets 5 declines an hour
 * (or 41 bookings), an address 10 (or 91 bookings).
 */
export const BOOKING_LIMIT: BookingLimit = {
  scope: 'booking',
  perUser: { max: 50, windowSeconds: HOUR },
  perAddress: { max: 100, windowSeconds: HOUR },
  failureWeight: 10,
  message: (seconds) => `Too many booking attempts. Please try again in ${seconds} seconds.`,
};

/**
 * Looking up codes and quoting (every quote may carry a code): a code that is not valid costs
 * 50. A user gets 5 wrong codes an hour (or 201 look-ups and quotes), an address 10 (or 451).
 */
export const BOOKING_CODE_LIMIT: BookingLimit = {
  scope: 'booking-code',
  perUser: { max: 250, windowSeconds: HOUR },
  perAddress: { max: 500, windowSeconds: HOUR },
  failureWeight: 50,
  message: (seconds) => `Too many booking code checks. Please try again in ${seconds} seconds.`,
};

/**
 * The most requests that succeed in one window before the limit refuses the next: each is
 * charged a failure's price up front, so the last one must still fit under `max` with it.
 */
export function successesPerWindow(limit: RateLimit, failureWeight: number): number {
  return limit.max - failureWeight + 1;
}

/** A 422 with a field error on `code`: the code sent is not one of the guest's valid codes. */
function refusesCode(status: number, payload: unknown): boolean {
  if (status !== 422 || typeof payload !== 'string') return false;
  try {
    const body = JSON.parse(payload) as { errors?: Record<string, unknown> } | null;
    return Boolean(body?.errors && 'code' in body.errors);
  } catch {
    return false;
  }
}

interface LimitedRoute {
  limit: BookingLimit;
  /** Whether the answer (status and serialised body) is a failure. */
  failed: (status: number, payload: unknown) => boolean;
}

/** `limit` with its allowances multiplied by `scale` (config.bookingLimitScale). */
function scaledBy(limit: BookingLimit, scale: number): BookingLimit {
  return {
    ...limit,
    perUser: { ...limit.perUser, max: limit.perUser.max * scale },
    perAddress: { ...limit.perAddress, max: limit.perAddress.max * scale },
  };
}

/** The limited routes by their URL under `prefix`. */
function limitedRoutes(prefix: string, scale: number): Map<string, LimitedRoute> {
  const bookings = scaledBy(BOOKING_LIMIT, scale);
  const codes = scaledBy(BOOKING_CODE_LIMIT, scale);
  const create: LimitedRoute = {
    limit: bookings,
    failed: (status, payload) => status === 402 || refusesCode(status, payload),
  };
  const quote: LimitedRoute = { limit: codes, failed: refusesCode };
  const lookup: LimitedRoute = { limit: codes, failed: (status) => status === 404 };
  return new Map([
    [`${prefix}/guests/:guest/book`, create],
    [`${prefix}/shows/:show/book`, create],
    [`${prefix}/guests/:guest/booking-quote`, quote],
    [`${prefix}/shows/:show/booking-quote`, quote],
    [`${prefix}/guests/:guest/booking-codes/:code`, lookup],
  ]);
}

interface Counter {
  key: string;
  limit: RateLimit;
}

/**
 * Adds `points` to every counter (a fixed window each, restarted once over) in one statement;
 * returns 0 when all stay within their limits, else the seconds until the latest of the
 * exceeded windows ends.
 */
async function charge(db: DB, counters: Counter[], points: number): Promise<number> {
  const rows = await db
    .insertInto('login_throttles')
    .values(
      counters.map(({ key, limit }) => ({
        key,
        attempts: points,
        reset_at: sql<Date>`now() + make_interval(secs => ${limit.windowSeconds})`,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<number>`case when login_throttles.reset_at <= now() then excluded.attempts else login_throttles.attempts + excluded.attempts end`,
        reset_at: sql<Date>`case when login_throttles.reset_at <= now() then excluded.reset_at else login_throttles.reset_at end`,
      }),
    )
    .returning([
      'key',
      'attempts',
      sql<number>`ceil(extract(epoch from reset_at - now()))::int`.as('seconds'),
    ])
    .execute();
  let wait = 0;
  for (const row of rows) {
    const counter = counters.find((candidate) => candidate.key === row.key);
    if (counter && row.attempts > counter.limit.max) wait = Math.max(wait, row.seconds, 1);
  }
  return wait;
}

/** Takes `points` back off the counters' current windows. */
async function giveBack(db: DB, keys: string[], points: number): Promise<void> {
  if (points <= 0) return;
  await db
    .updateTable('login_throttles')
    .set({ attempts: sql<number>`greatest(attempts - ${points}, 0)` })
    .where('key', 'in', keys)
    .where('reset_at', '>', sql<Date>`now()`)
    .execute();
}

/**
 * Limits the booking creates, the code look-ups and the quotes registered on `api` after it
 * (decision 105): a preHandler charges and refuses (429 with Retry-After), onSend weighs the
 * answer before it leaves, so the caller's next request already sees its cost.
 */
export function registerBookingLimits(api: FastifyInstance): void {
  const routes = limitedRoutes(api.prefix, api.config.bookingLimitScale);
  const charged = new WeakMap<FastifyRequest, { route: LimitedRoute; keys: string[] }>();

  api.addHook('preHandler', async (request) => {
    const route = routes.get(request.routeOptions.url ?? '');
    if (!route) return;
    // The routes' own preValidation has answered a visitor already.
    const user = await requireUser(request);
    const { limit } = route;
    const counters = [
      { key: rateLimitKey(`${limit.scope}-user`, user.id), limit: limit.perUser },
      { key: rateLimitKey(`${limit.scope}-ip`, request.ip), limit: limit.perAddress },
    ];
    const keys = counters.map((counter) => counter.key);
    const wait = await charge(api.db, counters, limit.failureWeight);
    if (wait > 0) {
      await giveBack(api.db, keys, limit.failureWeight);
      throw tooManyRequests(limit.message(wait), wait);
    }
    charged.set(request, { route, keys });
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const pending = charged.get(request);
    if (!pending) return payload;
    charged.delete(request);
    if (pending.route.failed(reply.statusCode, payload)) return payload;
    try {
      await giveBack(api.db, pending.keys, pending.route.limit.failureWeight - 1);
    } catch (error) {
      // The answer stands; the caller keeps a failure's price for this window.
      request.log.error(error, 'could not give back a booking limit charge');
    }
    return payload;
  });
}
