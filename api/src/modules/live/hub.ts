import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { LiveEventType } from '../../contract';
import type { DatabaseEvents, DB } from '../../db/database';
import { HttpError } from '../../http/errors';
import { liveCounts } from './counts';

// The live streams one API process holds (decision 113). Migration 042's triggers write every
// change a user must hear of into user_events, in the change's own transaction, and announce
// each row with NOTIFY user_events. The process LISTENs once (the same mechanism as the data
// version's, database.ts `listen`: one connection on PostgreSQL, in process on PGlite), keeps
// its streams by user, and writes each announced event to its user's streams only, straight
// from the announcement. After a user's events it works out their badges once ('counts').
// The table is read only to replay what a reconnecting tab missed (Last-Event-ID).

/** NOTIFY channel of migration 042's announce_user_event(). */
export const LIVE_CHANNEL = 'user_events';
/** A reconnecting tab gets at most this many missed events (the newest). */
export const REPLAY_LIMIT = 500;
/** The browser's wait before reconnecting (the stream's `retry:`). */
export const RETRY_MS = 5_000;
/**
 * A stream ends after about this long (±10 %) and the browser reconnects at once with its
 * Last-Event-ID: its session is checked again, so a signed-out session stops hearing, and
 * streams spread again over the processes.
 */
export const STREAM_MAX_AGE_MS = 30 * 60 * 1000;
/** A client that reads slower than this much buffered output is dropped (it reconnects). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How long a stream may wait for the process to be listening before it is refused. */
const LISTEN_WAIT_MS = 5_000;
/** At most this many users' badges are read at once. */
const COUNTS_AT_ONCE = 4;

export const TOO_MANY_STREAMS = 'Too many live streams are open for this account.';
export const LIVE_UNAVAILABLE = 'Live updates are not available right now.';

/** The headers of a stream: not cached, not compressed or buffered by a proxy on the way. */
export const STREAM_HEADERS = {
  // exactly this: @fastify/reply-from (the site's proxy) lifts its timeout for it
  'content-type': 'text/event-stream',
  // no-transform: compression middlewares (webpack-dev-server's) leave the stream alone
  'cache-control': 'no-cache, no-transform',
  // nginx and similar: pass each event on as it comes
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

type StoredType = Exclude<LiveEventType, 'counts'>;

/** One user_events row. */
export interface LiveEvent {
  id: number;
  userId: number;
  type: StoredType;
  data: Record<string, number>;
}

const STORED_TYPES = new Set<string>(['activity', 'message', 'notification']);

/** '<schema> <id> <user_id> <type> <json>' (announce_user_event); null when it is not one. */
export function parseAnnouncement(payload: string): { schema: string; event: LiveEvent } | null {
  const match = /^(\S+) (\d+) (\d+) ([a-z]+) (\{.*\})$/s.exec(payload);
  if (!match || !STORED_TYPES.has(match[4] ?? '')) return null;
  try {
    return {
      schema: match[1] ?? '',
      event: {
        id: Number(match[2]),
        userId: Number(match[3]),
        type: match[4] as StoredType,
        data: JSON.parse(match[5] ?? '{}') as Record<string, number>,
      },
    };
  } catch {
    return null;
  }
}

/** One event as the stream writes it; `counts` carry no id (the last id stays the resume point). */
export function sseMessage(type: LiveEventType, data: object, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The same event twice in one batch (a booking's two activities in one transaction) is written
 * once, with the later id; oldest first.
 */
function coalesced(events: readonly LiveEvent[]): LiveEvent[] {
  const byKey = new Map<string, LiveEvent>();
  for (const event of events) {
    const key = `${event.userId} ${event.type} ${JSON.stringify(event.data)}`;
    const kept = byKey.get(key);
    if (!kept || kept.id < event.id) byKey.set(key, event);
  }
  return [...byKey.values()].sort((a, b) => a.id - b.id);
}

/**
 * What a new stream writes first: its replay (the newest REPLAY_LIMIT events after `resumeFrom`),
 * then what was announced while it replayed and is not in it. A full replay starts the window:
 * an announcement older than its first event (heard late) stays out, as the replay left it out.
 */
export function withArrived(
  replayed: readonly LiveEvent[],
  arrived: readonly LiveEvent[],
  resumeFrom: number | null,
): LiveEvent[] {
  const seen = new Set(replayed.map((event) => event.id));
  const from =
    replayed.length >= REPLAY_LIMIT ? replayed[0]!.id : (resumeFrom ?? Number.NEGATIVE_INFINITY);
  const fresh = arrived.filter((event) => !seen.has(event.id) && event.id > from);
  return [...replayed, ...coalesced(fresh)];
}

interface Stream {
  userId: number;
  res: ServerResponse;
  /** the highest event id written (a resume point after a lost LISTEN connection) */
  lastId: number;
  /** events announced while the stream was still replaying; null once it is live */
  waiting: LiveEvent[] | null;
  ends?: NodeJS.Timeout;
}

export interface LiveHubOptions {
  db: DB;
  /** The database's notifications; without them (a tool's app) streams replay only. */
  events?: DatabaseEvents;
  heartbeatMs: number;
  streamsPerUser: number;
  log: FastifyBaseLogger;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export class LiveHub {
  readonly #options: LiveHubOptions;
  readonly #streams = new Map<number, Set<Stream>>();
  #open = 0;
  #closed = false;
  #schemaValue: string | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  #listening = deferred();
  #isListening = false;
  #missed = false;
  #incoming: LiveEvent[] = [];
  #flushQueued = false;
  #countsDue = new Set<number>();
  #counting: Promise<void> | null = null;
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(options: LiveHubOptions) {
    this.#options = options;
  }

  /**
   * Turns `reply` into the user's stream: 429 over the per-user cap, 503 when the process cannot
   * listen. Replays the user's events after `resumeFrom` (Last-Event-ID), then writes them live.
   */
  async open(userId: number, reply: FastifyReply, resumeFrom: number | null): Promise<void> {
    if (this.#closed) throw new HttpError(503, LIVE_UNAVAILABLE);
    const streams = this.#streams.get(userId) ?? new Set<Stream>();
    if (streams.size >= this.#options.streamsPerUser) throw new HttpError(429, TOO_MANY_STREAMS);
    const res = reply.raw;
    const stream: Stream = { userId, res, lastId: 0, waiting: [] };
    streams.add(stream);
    this.#streams.set(userId, streams);
    this.#open += 1;
    res.once('close', () => this.#remove(stream));
    try {
      await this.#untilListening();
    } catch (error) {
      this.#remove(stream);
      throw error;
    }
    reply.hijack();
    // the tab went away while the process started listening
    if (res.destroyed) return;
    res.socket?.setNoDelay(true);
    res.writeHead(200, STREAM_HEADERS);
    res.write(`retry: ${RETRY_MS}\n\n`);
    stream.ends = setTimeout(() => res.end(), STREAM_MAX_AGE_MS * (0.9 + Math.random() * 0.2));
    stream.ends.unref();
    this.#startHeartbeat();

    try {
      const latest = await this.#latestId(userId);
      const replayed = resumeFrom === null ? [] : await this.#eventsAfter(userId, resumeFrom);
      const first = withArrived(replayed, stream.waiting ?? [], resumeFrom);
      stream.waiting = null;
      stream.lastId = latest;
      this.#write(stream, first);
      this.#countsFor(userId);
    } catch (error) {
      if (!this.#closed) this.#options.log.error({ err: error }, 'live stream: could not replay');
      res.end();
    }
  }

  /** Ends every stream (the app is closing) and stops listening. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    for (const streams of this.#streams.values()) {
      for (const stream of streams) {
        clearTimeout(stream.ends);
        stream.res.end();
      }
    }
    this.#streams.clear();
    this.#open = 0;
    await this.#unlisten?.();
    await this.#counting;
  }

  #remove(stream: Stream): void {
    const streams = this.#streams.get(stream.userId);
    if (!streams?.delete(stream)) return;
    clearTimeout(stream.ends);
    this.#open -= 1;
    if (streams.size === 0) this.#streams.delete(stream.userId);
    if (this.#open === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = null;
    }
  }

  /** Starts listening on the first stream; resolves once listening (refused after a wait). */
  async #untilListening(): Promise<void> {
    await this.#schemaName();
    const { events } = this.#options;
    if (!events) return;
    this.#unlisten ??= events.listen(LIVE_CHANNEL, {
      message: (payload) => this.#announced(payload),
      connected: (up) => this.#connected(up),
    });
    if (this.#isListening) return;
    let timer: NodeJS.Timeout | undefined;
    const refused = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new HttpError(503, LIVE_UNAVAILABLE)), LISTEN_WAIT_MS);
    });
    try {
      await Promise.race([this.#listening.promise, refused]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The database schema the announcements must name (tests share a server, one per file). */
  async #schemaName(): Promise<void> {
    if (this.#schemaValue !== null) return;
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      this.#options.db,
    );
    this.#schemaValue = rows[0]?.schema ?? 'public';
  }

  #connected(up: boolean): void {
    if (!up) {
      // Events announced meanwhile are lost to this process: caught up from the table later.
      this.#isListening = false;
      this.#missed = true;
      this.#listening = deferred();
      return;
    }
    this.#isListening = true;
    this.#listening.resolve();
    if (this.#missed) {
      this.#missed = false;
      void this.#catchUp();
    }
  }

  #announced(payload: string): void {
    const parsed = parseAnnouncement(payload);
    if (!parsed || parsed.schema !== this.#schemaValue) return;
    if (!this.#streams.has(parsed.event.userId)) return;
    this.#incoming.push(parsed.event);
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    // one commit's announcements arrive together: written (and counted) as one batch
    setImmediate(() => this.#flush());
  }

  #flush(): void {
    this.#flushQueued = false;
    const batch = coalesced(this.#incoming);
    this.#incoming = [];
    const byUser = new Map<number, LiveEvent[]>();
    for (const event of batch) {
      const list = byUser.get(event.userId) ?? [];
      list.push(event);
      byUser.set(event.userId, list);
    }
    for (const [userId, events] of byUser) {
      const streams = this.#streams.get(userId);
      if (!streams) continue;
      for (const stream of streams) {
        if (stream.waiting) stream.waiting.push(...events);
        else this.#write(stream, events);
      }
      this.#countsFor(userId);
    }
  }

  /** After a lost LISTEN connection: each live stream's events after its last one. */
  async #catchUp(): Promise<void> {
    for (const [userId, streams] of [...this.#streams]) {
      const live = [...streams].filter((stream) => !stream.waiting);
      if (live.length === 0) continue;
      try {
        const from = Math.min(...live.map((stream) => stream.lastId));
        const events = await this.#eventsAfter(userId, from);
        for (const stream of live) {
          this.#write(
            stream,
            events.filter((event) => event.id > stream.lastId),
          );
        }
        this.#countsFor(userId);
      } catch (error) {
        if (!this.#closed) this.#options.log.warn({ err: error }, 'live stream: catch-up failed');
      }
    }
  }

  #write(stream: Stream, events: readonly LiveEvent[]): void {
    for (const event of events) {
      this.#send(stream, sseMessage(event.type, event.data, event.id));
      stream.lastId = Math.max(stream.lastId, event.id);
    }
  }

  #send(stream: Stream, chunk: string): void {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      return;
    }
    res.write(chunk);
  }

  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => {
      for (const streams of this.#streams.values()) {
        for (const stream of streams) if (!stream.waiting) this.#send(stream, ': ping\n\n');
      }
    }, this.#options.heartbeatMs);
    this.#heartbeat.unref();
  }

  #countsFor(userId: number): void {
    this.#countsDue.add(userId);
    this.#counting ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#runCounts())
      .finally(() => {
        this.#counting = null;
      });
  }

  async #runCounts(): Promise<void> {
    while (this.#countsDue.size > 0 && !this.#closed) {
      const users = [...this.#countsDue];
      this.#countsDue.clear();
      for (let at = 0; at < users.length; at += COUNTS_AT_ONCE) {
        await Promise.all(users.slice(at, at + COUNTS_AT_ONCE).map((id) => this.#sendCounts(id)));
      }
    }
  }

  async #sendCounts(userId: number): Promise<void> {
    if (!this.#streams.has(userId)) return;
    try {
      const counts = await liveCounts(this.#options.db, userId);
      for (const stream of this.#streams.get(userId) ?? []) {
        if (!stream.waiting) this.#send(stream, sseMessage('counts', counts));
      }
    } catch (error) {
      if (!this.#closed) this.#options.log.warn({ err: error }, 'live stream: counts failed');
    }
  }

  async #latestId(userId: number): Promise<number> {
    const row = await this.#options.db
      .selectFrom('user_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** The user's events after `afterId`, oldest first: the newest REPLAY_LIMIT of them. */
  async #eventsAfter(userId: number, afterId: number): Promise<LiveEvent[]> {
    const rows = await this.#options.db
      .selectFrom('user_events')
      .select(['id', 'type', 'payload'])
      .where('user_id', '=', userId)
      .where('id', '>', String(afterId))
      .orderBy('id', 'desc')
      .limit(REPLAY_LIMIT)
      .execute();
    return rows
      .map((row) => ({ id: Number(row.id), userId, type: row.type, data: row.payload }))
      .reverse();
  }
}

/** Events are kept this long for reconnecting tabs. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Deletes the events older than the retention; answers how many. */
export async function pruneUserEvents(db: DB, retentionMs = EVENT_RETENTION_MS): Promise<number> {
  const result = await db
    .deleteFrom('user_events')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${retentionMs / 1000})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
