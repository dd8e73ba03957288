import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseEvents, DB } from '../db/database';
import { optionalUser } from '../modules/auth/require-user';
import { SESSION_COOKIE } from '../modules/auth/sessions';
import type { ProfileSide } from '../booking-facts';

/**
 * Visitors' answers kept in memory until the data changes (issue 14, decision 080).
 *
 * A route opts in with `config: { publicCache: true }` when a visitor's answer depends only on
 * the URL and the data. A GET to it without a session cookie is answered from memory while the
 * data version (migration 023: a number every write to a public table bumps, in the writer's
 * transaction) is the one the answer was made at. Each instance learns the version from the
 * database's notifications (migration 024, decision 081), so a change made through any API
 * instance is seen by all of them within milliseconds, and by the instance that made it at once.
 *
 * Kept answers carry an ETag (a browser's If-None-Match gets a 304) and are compressed once,
 * when first asked for in brotli or gzip.
 */

/**
 * The tables no public answer reads: a write to them leaves the data version alone. Every other
 * table bumps it (migration 023); `public-cache.test.ts` fails when a table is in neither list.
 */
export const PRIVATE_TABLES = [
  'activity_outbox',
  'auth_tokens',
  'availability_requests',
  'billing_customers',
  'booking_activities',
  'booking_codes',
  'booking_messages',
  'booking_payments',
  'booking_question_answers',
  'booking_upsells',
  'calendar_events',
  'calendar_feed_tokens',
  'connect_guest_rejections',
  'connect_show_rejections',
  'coupons',
  'email_lookups',
  'favorites',
  'inquiries',
  'integrations',
  'invoices',
  'local_charges',
  'local_connect_accounts',
  'local_payment_methods',
  'local_setup_intents',
  'local_transfers',
  'login_throttles',
  'mailing_list_subscribers',
  'media_deletions',
  'miniview_answer_groups',
  'miniview_answers',
  'notifications',
  'oauth_connections',
  'oauth_states',
  'outbox_email_attachments',
  'outbox_emails',
  'payout_accounts',
  'recording_uploads',
  'referral_views',
  'sessions',
  'smartlist_groups',
  'smartlist_items',
  'smartlist_notes',
  'social_accounts',
  'store_credit_entries',
  'subscriptions',
  'team_invitations',
  'team_members',
  'teams',
  'user_events',
  'waitlist_entries',
] as const;

/** Kept answers per instance; the least recently used go first. */
export const MAX_KEPT_ANSWERS = 2_000;
/** Smaller answers are not worth compressing. */
const COMPRESS_MIN_BYTES = 1_024;
/**
 * How long a signed-in user's session and favourites, once read, mark their kept lists without
 * being read again. A favourite or any other write by the same session forgets them at once.
 */
export const VIEWER_TTL_MS = 1_000;
const MAX_VIEWERS = 5_000;
/** The data version's channel (migration 024: payload '<schema> <version>'). */
const VERSION_CHANNEL = 'data_version';

interface MarkedProfile {
  id: number;
  is_favourited: boolean;
}

interface KeptAnswer {
  version: string;
  /** when it was made (the app's clock), for routes whose answers are kept for a time only */
  madeAt: number;
  etag: string;
  contentType: string;
  body: string;
  br?: Buffer;
  gzip?: Buffer;
  /** The body parsed once, and its profiles, for signed-in users' copies. */
  parsed?: { answer: unknown; profiles: MarkedProfile[] };
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

export interface DataVersion {
  /** The version now: from memory while notifications come in, else read from the database. */
  current(): Promise<string>;
  /** The writes made through this process's database handle so far (DatabaseEvents). */
  writesMade(): number;
  /**
   * Before a write request's answer leaves, given `writesMade()` from when it arrived: if
   * anything was written meanwhile, the version read again (a transaction's commit comes after
   * its writes are counted), so that this instance's next request sees the write even if its
   * notification is still on its way.
   */
  afterWrite(writesBefore: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The data version, kept in memory from the database's notifications (migration 024) while the
 * listening connection is up; read from the database while it is not (at start, after a lost
 * connection until it is back), and once after any write made through this process's own
 * database handle (a request's, a job's, a test's), so that this process never answers from
 * before its own write. `schema` filters out the notifications of other schemas of the database.
 */
export function watchDataVersion(
  read: () => Promise<string>,
  events: DatabaseEvents | undefined,
  schema: string,
): DataVersion {
  const reader = versionReader(read);
  let listening = false;
  /** Changes whenever listening starts or stops: a read from before does not count after. */
  let epoch = 0;
  let known: bigint | null = null;
  /** The writes made here that the last read started after. */
  let writesSeen = -1;
  const writesMade = () => events?.writesMade() ?? 0;
  const learn = (version: bigint, at: number) => {
    if (listening && at === epoch && (known === null || version > known)) known = version;
  };
  const readNow = async () => {
    const at = epoch;
    const writes = writesMade();
    const version = await reader();
    if (at === epoch) writesSeen = Math.max(writesSeen, writes);
    learn(BigInt(version), at);
    return version;
  };
  const unlisten = events?.listen(VERSION_CHANNEL, {
    message(payload) {
      const [from, version] = payload.split(' ');
      if (from === schema && version && /^\d+$/.test(version)) learn(BigInt(version), epoch);
    },
    connected(up) {
      epoch += 1;
      listening = up;
      known = null;
    },
  });
  return {
    current: () =>
      listening && known !== null && writesSeen === writesMade()
        ? Promise.resolve(String(known))
        : readNow(),
    writesMade,
    async afterWrite(writesBefore) {
      if (!listening || writesMade() === writesBefore) return;
      await readNow().catch(() => {
        known = null;
      });
    },
    stop: async () => unlisten?.(),
  };
}

/** A GET to a route whose visitors' answers may be kept. */
function keptRoute(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.routeOptions.config.publicCache === true;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every profile in a kept answer (objects with an id and is_favourited), wherever it sits. */
function profilesIn(value: unknown, found: MarkedProfile[] = []) {
  if (Array.isArray(value)) for (const item of value) profilesIn(item, found);
  else if (value && typeof value === 'object') {
    if ('is_favourited' in value && typeof (value as { id?: unknown }).id === 'number') {
      found.push(value as MarkedProfile);
    }
    for (const item of Object.values(value)) profilesIn(item, found);
  }
  return found;
}

/** A kept visitor's answer as a user gets it: the same, with their favourites marked. */
function withFavourites(answer: KeptAnswer, favourites: Set<number>): string {
  if (!answer.parsed) {
    const parsed: unknown = JSON.parse(answer.body);
    answer.parsed = { answer: parsed, profiles: profilesIn(parsed) };
  }
  const { profiles } = answer.parsed;
  if (profiles.length === 0) return answer.body;
  // Marked and written out at once: no other request sees the marks.
  for (const profile of profiles) profile.is_favourited = favourites.has(profile.id);
  return JSON.stringify(answer.parsed.answer);
}

interface Viewer {
  userId: number;
  since: number;
  favourites: Partial<Record<ProfileSide, Set<number>>>;
}

/**
 * Signed-in users' sessions and favourites as their kept lists need them, for VIEWER_TTL_MS
 * (an instance that did not take a write learns of it within that time); forgotten at once when
 * the same instance takes a write from that user.
 */
function viewerCache(db: DB) {
  const viewers = new Map<string, Viewer>();
  /** Counts forgettings: a read that started before one is not kept. */
  let forgotten = 0;

  const keep = (token: string, viewer: Viewer) => {
    viewers.delete(token);
    viewers.set(token, viewer);
    if (viewers.size > MAX_VIEWERS) viewers.delete(viewers.keys().next().value as string);
  };

  return {
    /** The user's favourites of `type`, or null when the session is not a live one. */
    async favourites(request: FastifyRequest, type: ProfileSide): Promise<Set<number> | null> {
      const token = request.cookies[SESSION_COOKIE] as string;
      const now = Date.now();
      let viewer = viewers.get(token);
      if (!viewer || now - viewer.since > VIEWER_TTL_MS) {
        const at = forgotten;
        const user = await optionalUser(request);
        if (!user) return null;
        viewer = { userId: user.id, since: now, favourites: {} };
        if (at === forgotten) keep(token, viewer);
      }
      const cached = viewer.favourites[type];
      if (cached) return cached;
      const at = forgotten;
      const rows = await db
        .selectFrom('favorites')
        .select('profile_id')
        .where('user_id', '=', viewer.userId)
        .where('profile_type', '=', type)
        .execute();
      const favourites = new Set(rows.map((row) => row.profile_id));
      if (at === forgotten) viewer.favourites[type] = favourites;
      return favourites;
    },
    /** A write by this session: forget the user (every session of theirs) here. */
    forget(token: string) {
      forgotten += 1;
      const userId = viewers.get(token)?.userId;
      viewers.delete(token);
      if (userId === undefined) return;
      for (const [other, viewer] of viewers) if (viewer.userId === userId) viewers.delete(other);
    },
  };
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

export async function registerPublicCache(
  app: FastifyInstance,
  db: DB,
  /** The database's notifications and writes; without them the version is read per request. */
  events?: DatabaseEvents,
): Promise<void> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const version = watchDataVersion(
    async () => {
      const row = await db.selectFrom('data_version').select('version').executeTakeFirstOrThrow();
      return String(row.version);
    },
    events,
    rows[0]?.schema ?? 'public',
  );
  app.decorate('dataVersion', version.current);
  app.addHook('onClose', version.stop);

  const kept = new Map<string, KeptAnswer>();
  const viewers = viewerCache(db);
  const now = () => app.config.now().getTime();
  const versionAsked = new WeakMap<FastifyRequest, string>();
  const writesBefore = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method)) writesBefore.set(request, version.writesMade());
    if (!keptRoute(request)) return undefined;
    const { favouritesOf, keptForMs } = request.routeOptions.config;
    const user = request.cookies[SESSION_COOKIE] !== undefined;
    if (user && !favouritesOf && keptForMs === undefined) return undefined;
    const current = await version.current();
    const answer = kept.get(request.url);
    const fresh =
      keptForMs === undefined || (answer !== undefined && now() - answer.madeAt < keptForMs);
    if (answer?.version === current && fresh) {
      // The most recently used last: Map keeps insertion order.
      kept.delete(request.url);
      kept.set(request.url, answer);
      if (!user || !favouritesOf) return sendKept(request, reply, answer);
      // A signed-in user: the visitors' answer with their favourites marked (not cached by
      // the browser: it is theirs).
      const favourites = favouritesOf && (await viewers.favourites(request, favouritesOf(request)));
      if (!favourites) return undefined;
      return reply
        .header('cache-control', 'private, no-cache')
        .type(answer.contentType)
        .send(withFavourites(answer, favourites));
    }
    // Kept under the version read before the answer is made: a write that lands meanwhile
    // bumps the version past it, so the answer is never kept past a change.
    if (!user) versionAsked.set(request, current);
    return undefined;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) {
      // A write (or a try): this instance sees it on its next request, as does the writer.
      const token = request.cookies[SESSION_COOKIE];
      if (token !== undefined) viewers.forget(token);
      await version.afterWrite(writesBefore.get(request) ?? -1);
      return payload;
    }
    const asked = versionAsked.get(request);
    if (asked === undefined || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    const answer: KeptAnswer = {
      version: asked,
      madeAt: now(),
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
