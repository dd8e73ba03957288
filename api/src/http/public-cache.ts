import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../db/database';
import { optionalUser } from '../modules/auth/require-user';
import { SESSION_COOKIE } from '../modules/auth/sessions';

/**
 * Visitors' answers kept in memory until the data changes (issue 14, decision 080).
 *
 * A route opts in with `config: { publicCache: true }` when a visitor's answer depends only on
 * the URL and the data. A GET to it without a session cookie is answered from memory while the
 * data version (migration 023: a number every write to a public table bumps, in the writer's
 * transaction) is the one the answer was made at. Every request reads the version from the
 * database, so a change made through any API instance is seen at once by all of them.
 *
 * Kept answers carry an ETag (a browser's If-None-Match gets a 304) and are compressed once,
 * when first asked for in brotli or gzip.
 */

/**
 * The tables no public answer reads: a write to them leaves the data version alone. Every other
 * table bumps it (migration 023); `public-cache.test.ts` fails when a table is in neither list.
 */
export const PRIVATE_TABLES = [
  'auth_tokens',
  'availability_requests',
  'billing_customers',
  'connect_guest_rejections',
  'connect_show_rejections',
  'coupons',
  'email_lookups',
  'favorites',
  'inquiries',
  'integrations',
  'invoices',
  'local_connect_accounts',
  'local_payment_methods',
  'local_setup_intents',
  'login_throttles',
  'mailing_list_subscribers',
  'miniview_answer_groups',
  'miniview_answers',
  'oauth_connections',
  'oauth_states',
  'outbox_emails',
  'payout_accounts',
  'referral_views',
  'sessions',
  'smartlist_groups',
  'smartlist_items',
  'smartlist_notes',
  'social_accounts',
  'subscriptions',
  'team_invitations',
  'team_members',
  'teams',
  'waitlist_entries',
] as const;

/** Kept answers per instance; the least recently used go first. */
export const MAX_KEPT_ANSWERS = 2_000;
/** Smaller answers are not worth compressing. */
const COMPRESS_MIN_BYTES = 1_024;

interface KeptAnswer {
  version: string;
  etag: string;
  contentType: string;
  body: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * A reader of the data version that asks the database at most once at a time, and never hands a
 * request a number read before the request arrived: a request that comes while a read is under
 * way waits for the next one.
 */
export function versionReader(read: () => Promise<string>): () => Promise<string> {
  let running: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  const start = (): Promise<string> => {
    const current: Promise<string> = read().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

/** A GET to a route whose visitors' answers may be kept. */
function keptRoute(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.routeOptions.config.publicCache === true;
}

const signedIn = (request: FastifyRequest) => request.cookies[SESSION_COOKIE] !== undefined;

/** Every profile in a kept answer (objects with an id and is_favourited), wherever it sits. */
function profilesIn(value: unknown, found: { id: number; is_favourited: boolean }[] = []) {
  if (Array.isArray(value)) for (const item of value) profilesIn(item, found);
  else if (value && typeof value === 'object') {
    if ('is_favourited' in value && typeof (value as { id?: unknown }).id === 'number') {
      found.push(value as { id: number; is_favourited: boolean });
    }
    for (const item of Object.values(value)) profilesIn(item, found);
  }
  return found;
}

/** A kept visitor's answer as `userId` gets it: the same, with their favourites marked. */
async function withFavourites(
  db: DB,
  body: string,
  userId: number,
  type: 'guest' | 'show',
): Promise<string> {
  const answer: unknown = JSON.parse(body);
  const profiles = profilesIn(answer);
  if (profiles.length === 0) return body;
  const rows = await db
    .selectFrom('favorites')
    .select('profile_id')
    .where('user_id', '=', userId)
    .where('profile_type', '=', type)
    .where(
      'profile_id',
      'in',
      profiles.map((profile) => profile.id),
    )
    .execute();
  const favourites = new Set(rows.map((row) => row.profile_id));
  for (const profile of profiles) profile.is_favourited = favourites.has(profile.id);
  return JSON.stringify(answer);
}

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function compressed(answer: KeptAnswer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5 },
    });
    return answer.br;
  }
  answer.gzip ??= gzipSync(answer.body);
  return answer.gzip;
}

/** A kept answer's headers: browsers revalidate it by its ETag; it differs by session. */
function keptHeaders(reply: FastifyReply, etag: string) {
  reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'Cookie');
}

function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  keptHeaders(reply, answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  reply.type(answer.contentType);
  const encoding = answer.body.length >= COMPRESS_MIN_BYTES ? encodingFor(request) : null;
  if (!encoding) return reply.send(answer.body);
  reply.header('vary', 'Cookie, Accept-Encoding').header('content-encoding', encoding);
  return reply.send(compressed(answer, encoding));
}

export function registerPublicCache(app: FastifyInstance, db: DB): void {
  const dataVersion = versionReader(async () => {
    const row = await db.selectFrom('data_version').select('version').executeTakeFirstOrThrow();
    return String(row.version);
  });
  app.decorate('dataVersion', dataVersion);

  const kept = new Map<string, KeptAnswer>();
  const versionAsked = new WeakMap<FastifyRequest, string>();

  app.addHook('onRequest', async (request, reply) => {
    if (!keptRoute(request)) return undefined;
    const { favouritesOf } = request.routeOptions.config;
    const user = signedIn(request);
    if (user && !favouritesOf) return undefined;
    const version = await dataVersion();
    const answer = kept.get(request.url);
    if (answer?.version === version) {
      // The most recently used last: Map keeps insertion order.
      kept.delete(request.url);
      kept.set(request.url, answer);
      if (!user) return sendKept(request, reply, answer);
      // A signed-in user: the visitors' answer with their favourites marked (not cached by
      // the browser: it is theirs).
      const viewer = await optionalUser(request);
      if (!viewer || !favouritesOf) return undefined;
      const body = await withFavourites(db, answer.body, viewer.id, favouritesOf(request));
      return reply.header('cache-control', 'private, no-cache').type(answer.contentType).send(body);
    }
    // Kept under the version read before the answer is made: a write that lands meanwhile
    // bumps the version past it, so the answer is never kept past a change.
    if (!user) versionAsked.set(request, version);
    return undefined;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const version = versionAsked.get(request);
    if (version === undefined || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    const answer: KeptAnswer = {
      version,
      etag: `"${createHash('sha1').update(payload).digest('base64url')}"`,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: payload,
    };
    kept.delete(request.url);
    kept.set(request.url, answer);
    if (kept.size > MAX_KEPT_ANSWERS) kept.delete(kept.keys().next().value as string);
    keptHeaders(reply, answer.etag);
    return payload;
  });
}

/** A route's `config` when a visitor's answer may be kept (see registerPublicCache). */
export const PUBLIC_ANSWER = { publicCache: true } as const;

/**
 * A route's `config` when, besides, a signed-in user's answer is the visitors' one with their
 * favourites of `type` marked (lists and home sliders; not a profile page, whose owner may see
 * it hidden): a kept answer serves them too.
 */
export function publicList(
  type: 'guest' | 'show' | ((request: FastifyRequest) => 'guest' | 'show'),
) {
  return {
    publicCache: true,
    favouritesOf: typeof type === 'function' ? type : () => type,
  } as const;
}
