import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseEvents, DB } from '../db/database';
import { currentSession } from '../modules/auth/require-user';
import { SESSION_COOKIE } from '../modules/auth/sessions';

/**
 * A signed-in user's own answers kept in memory (issue 34 §1, decision 123).
 *
 * A route opts in with `config: { privateCache: true }` (PRIVATE_ANSWER) when its GET answer
 * depends only on the URL, the caller's session, the data and, within a few seconds, the time.
 * The answer is kept under the session's cookie and the URL, and given again while all of these
 * hold:
 * - no write has changed the user's data since the request that made it started: every write to
 *   a private table names the users it touched (migration 051, NOTIFY user_data), and every
 *   other write bumps the data version (migrations 023, 024), which the answer was made at;
 * - this process has heard every notification of its own writes so far (a write made through
 *   its database handle — a request's, a job's, a test's — waits for a round trip of the
 *   channel before the next kept answer is given), so nobody reads from before their own write;
 * - the notifications are coming in (none are kept while the listening connection is down);
 * - it is younger than PRIVATE_KEPT_MS, which bounds what the time alone changes (a booking's
 *   interview starting, a trial ending, a session's idle expiry), and the app's clock has not
 *   been moved meanwhile (the development test clock).
 * A write made through another process is seen here as its notification arrives (milliseconds
 * after its commit): that is the staleness, the same as the public answers'. Admins' answers,
 * which read other users' data, are never kept.
 */

/** How long a kept answer may serve at most (the time-dependent parts of the answers). */
export const PRIVATE_KEPT_MS = 10_000;
/** Kept answers per process; the least recently used go first. */
export const MAX_PRIVATE_ANSWERS = 5_000;
/** The users whose last change is remembered before everything is forgotten at once. */
const MAX_CHANGED_USERS = 100_000;
/** How long a round trip of the channel may take before a kept answer is not trusted. */
const SYNC_TIMEOUT_MS = 2_000;
const CHANNEL = 'user_data';

/**
 * The private tables whose writes no kept answer reads (queues, provider stand-ins, throttles,
 * MINIVIEW answers): migration 051 gives them no trigger. `private-cache.test.ts` fails when a
 * private table is in neither this list nor migration 051.
 */
export const UNKEPT_PRIVATE_TABLES = [
  'activity_outbox',
  'calendar_events',
  'coupons',
  'email_lookups',
  'local_transfers',
  'login_throttles',
  'mailing_list_subscribers',
  'media_deletions',
  'miniview_answer_groups',
  'miniview_answers',
  'oauth_states',
  'outbox_email_attachments',
  'outbox_emails',
  'smartlist_notes',
] as const;

/** A route's `config` when a signed-in user's answer may be kept for them (see above). */
export const PRIVATE_ANSWER = { privateCache: true } as const;

interface KeptAnswer {
  userId: number;
  /** The data version the answer was made at. */
  version: string;
  /** The change counter when its request started. */
  seq: number;
  generation: number;
  madeAt: number;
  /** The app's clock less the real one when it was made: the test clock moved is a change. */
  clockOffset: number;
  contentType: string;
  body: string;
}

interface Started {
  seq: number;
  generation: number;
  version: string;
}

function keptRoute(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.routeOptions.config.privateCache === true;
}

export async function registerPrivateCache(
  app: FastifyInstance,
  db: DB,
  events: DatabaseEvents | undefined,
): Promise<void> {
  // Without the database's notifications nothing would tell a kept answer is stale.
  if (!events) return;
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';

  const kept = new Map<string, KeptAnswer>();
  const keysOf = new Map<number, Set<string>>();
  /** When each user's data last changed, by the change counter. */
  const changedAt = new Map<number, number>();
  let seq = 0;
  /** Bumped when everything is forgotten: answers made before do not count. */
  let generation = 0;
  let listening = false;
  const started = new WeakMap<FastifyRequest, Started>();

  const forgetUser = (userId: number) => {
    for (const key of keysOf.get(userId) ?? []) kept.delete(key);
    keysOf.delete(userId);
  };
  const forgetAll = () => {
    generation += 1;
    kept.clear();
    keysOf.clear();
    changedAt.clear();
  };
  const drop = (key: string, answer: KeptAnswer) => {
    kept.delete(key);
    keysOf.get(answer.userId)?.delete(key);
  };

  // The round trips of the channel that tell this process has heard its own writes.
  let syncedWrites = -1;
  let syncId = 0;
  // Every process on the database hears every marker: this one's carry its own name.
  const syncName = randomBytes(6).toString('hex');
  const syncWaiters = new Map<number, () => void>();
  let syncing: Promise<void> | null = null;
  const roundTrip = async () => {
    const writes = events.writesMade();
    syncId += 1;
    const id = syncId;
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        syncWaiters.delete(id);
        reject(new Error('user_data: no round trip'));
      }, SYNC_TIMEOUT_MS);
      syncWaiters.set(id, () => {
        clearTimeout(timer);
        syncWaiters.delete(id);
        resolve();
      });
    });
    // pg_notify in a statement of its own: delivered after every transaction that committed
    // before it, so once it is heard, so are their notifications.
    await sql`SELECT pg_notify(${CHANNEL}, ${`${schema} sync ${syncName}:${id}`})`.execute(db);
    await heard;
    syncedWrites = Math.max(syncedWrites, writes);
  };
  /** Whether every write made through this process so far has been heard of. */
  const heardOwnWrites = async (): Promise<boolean> => {
    for (let round = 0; round < 2 && syncedWrites < events.writesMade(); round += 1) {
      syncing ??= roundTrip().finally(() => {
        syncing = null;
      });
      try {
        await syncing;
      } catch {
        return false;
      }
    }
    return syncedWrites >= events.writesMade();
  };

  const unlisten = events.listen(CHANNEL, {
    message(payload) {
      const [from, what, id] = payload.split(' ');
      if (from !== schema) return;
      if (what === 'sync') {
        const [name, number] = (id ?? '').split(':');
        if (name === syncName) syncWaiters.get(Number(number))?.();
        return;
      }
      const userId = Number(what);
      if (!Number.isInteger(userId)) return;
      seq += 1;
      if (changedAt.size >= MAX_CHANGED_USERS) forgetAll();
      changedAt.set(userId, seq);
      forgetUser(userId);
    },
    connected(up) {
      listening = up;
      forgetAll();
    },
  });
  app.addHook('onClose', async () => unlisten());

  const now = () => Date.now();
  const clockOffset = () => app.config.now().getTime() - Date.now();
  const keyOf = (request: FastifyRequest) =>
    `${String(request.cookies[SESSION_COOKIE])} ${request.url}`;
  const unchangedSince = (userId: number, at: number) => (changedAt.get(userId) ?? 0) <= at;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!keptRoute(request) || request.cookies[SESSION_COOKIE] === undefined || !listening) {
      return undefined;
    }
    const start: Started = {
      seq,
      generation,
      version: await app.dataVersion(),
    };
    started.set(request, start);
    const key = keyOf(request);
    const answer = kept.get(key);
    if (!answer) return undefined;
    const fresh =
      answer.generation === generation &&
      now() - answer.madeAt < PRIVATE_KEPT_MS &&
      Math.abs(clockOffset() - answer.clockOffset) < 1_000 &&
      answer.version === start.version &&
      unchangedSince(answer.userId, answer.seq);
    if (!fresh || !(await heardOwnWrites())) {
      drop(key, answer);
      return undefined;
    }
    // Heard of since the round trip? Then it is gone from the map.
    if (kept.get(key) !== answer) return undefined;
    kept.delete(key);
    kept.set(key, answer);
    // given, not made: onSend has nothing to keep (nor a session to look up)
    started.delete(request);
    return reply
      .header('cache-control', 'private, no-store')
      .type(answer.contentType)
      .send(answer.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const start = started.get(request);
    if (!start || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const user = (await currentSession(request))?.user;
    if (!user || user.is_admin) return payload;
    if (
      !listening ||
      start.generation !== generation ||
      !unchangedSince(user.id, start.seq) ||
      start.version !== (await app.dataVersion())
    ) {
      return payload;
    }
    const key = keyOf(request);
    kept.delete(key);
    kept.set(key, {
      userId: user.id,
      version: start.version,
      seq: start.seq,
      generation,
      madeAt: now(),
      clockOffset: clockOffset(),
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: payload,
    });
    let keys = keysOf.get(user.id);
    if (!keys) keysOf.set(user.id, (keys = new Set()));
    keys.add(key);
    if (kept.size > MAX_PRIVATE_ANSWERS) {
      const [oldestKey, oldest] = kept.entries().next().value as [string, KeptAnswer];
      drop(oldestKey, oldest);
    }
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
