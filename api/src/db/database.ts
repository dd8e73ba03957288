import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import {
  Kysely,
  PostgresDialect,
  type KyselyPlugin,
  type OperationNode,
  RawNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './lock';
import type { Database } from './schema';

export type DB = Kysely<Database>;

/** What a LISTEN on one channel reports (see Listen). */
export interface ListenHandlers {
  /** A notification's payload. */
  message(payload: string): void;
  /**
   * true once listening; false when the connection is lost (notifications may be missed until
   * the next true, after a reconnection).
   */
  connected(listening: boolean): void;
}

/** LISTEN on a channel until the returned function is called. */
export type Listen = (channel: string, handlers: ListenHandlers) => () => Promise<void>;

/** What a process learns of changes to the database (decision 081). */
export interface DatabaseEvents {
  /** The database's notifications (NOTIFY), e.g. the data version's. */
  listen: Listen;
  /** How many writes made through `db` have completed (a number that only grows). */
  writesMade(): number;
}

export interface OpenDatabase extends DatabaseEvents {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** Present for PGlite: lets tests and tools dump the data folder. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

/** A statement that may change rows: an insert, update, delete or merge, or raw SQL that reads so. */
function writes(node: OperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'UpdateQueryNode':
    case 'DeleteQueryNode':
    case 'MergeQueryNode':
      return true;
    default:
      return (
        RawNode.is(node) &&
        /\b(insert\s+into|update\s|delete\s+from|merge\s+into|truncate\s)/i.test(
          node.sqlFragments.join(' '),
        )
      );
  }
}

/** Counts the completed writes made through a Kysely instance. */
class WriteCounter implements KyselyPlugin {
  count = 0;
  readonly #writing = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs) {
    if (writes(args.node)) this.#writing.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writing.has(args.queryId)) this.count += 1;
    return args.result;
  }
}

function kyselyOver(pool: pg.Pool): { db: DB; writesMade: () => number } {
  const counter = new WriteCounter();
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [counter] }),
    writesMade: () => counter.count,
  };
}

/**
 * Contrib extensions the migrations create (btree_gist: guest_confirmed_times, decision 099;
 * pg_trgm: the profiles' name search, migration 056).
 */
const pgliteExtensions = { btree_gist, pg_trgm };

/** Wraps an open PGlite in pg.Pool + Kysely: the same driver as a real PostgreSQL. */
function overPglite(pglite: PGlite, onClose: () => Promise<void> | void): OpenDatabase {
  // PGlite is single-connection; the adapter says so with poolSize 1.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const { db, writesMade } = kyselyOver(pool);
  return {
    db,
    writesMade,
    kind: 'pglite',
    pglite,
    // In one process: a notification is delivered as its transaction commits, before the
    // committing query returns.
    listen(channel, { message, connected }) {
      const listening = pglite.listen(channel, message).then((unlisten) => {
        connected(true);
        return unlisten;
      });
      return async () => (await listening)();
    },
    async close() {
      await db.destroy();
      await pglite.close();
      await onClose();
    },
  };
}

export interface PgliteFolderOptions {
  dataDir: string;
  /** Wipe the folder first (API_RESET=1). */
  reset?: boolean;
}

/** The embedded database in a folder, guarded by a lock file against a second process. */
export async function openPgliteFolder({
  dataDir,
  reset = false,
}: PgliteFolderOptions): Promise<OpenDatabase> {
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  try {
    if (reset) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const pglite = await PGlite.create(dataDir, { extensions: pgliteExtensions });
    return overPglite(pglite, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** An in-memory database, empty or restored from a dumpDataDir() snapshot. */
export async function openPgliteMemory(snapshot?: Blob): Promise<OpenDatabase> {
  const pglite = await PGlite.create({
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    extensions: pgliteExtensions,
  });
  return overPglite(pglite, () => undefined);
}

export interface PostgresOptions {
  /** Use this schema (search_path) instead of public; tests get one each. */
  schema?: string;
  max?: number;
}

/** Wait before connecting again after a listening connection is lost. */
const RELISTEN_MS = 500;

/**
 * LISTEN over a connection of its own (a pooled one goes back to the pool), connected again
 * after a loss: `connected(false)` says notifications may have been missed meanwhile.
 */
function listenOver(config: pg.ClientConfig): Listen {
  return (channel, { message, connected }) => {
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;

    const lost = (lostClient: pg.Client) => {
      if (client !== lostClient) return;
      client = null;
      connected(false);
      lostClient.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS);
    };

    const connect = async () => {
      const next = new pg.Client(config);
      client = next;
      next.on('notification', (notification) => {
        if (notification.channel === channel) message(notification.payload ?? '');
      });
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
        if (client === next && !stopped) connected(true);
      } catch {
        lost(next);
      }
    };

    void connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    };
  };
}

export async function openPostgres(
  connectionString: string,
  { schema, max = 10 }: PostgresOptions = {},
): Promise<OpenDatabase> {
  const config: pg.ClientConfig = {
    connectionString,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
  const pool = new pg.Pool({ ...config, max });
  // An idle connection the server ends (a restart, a failover, an administrator) is an 'error'
  // on the pool, which would end the process if nobody listened; the pool drops that client and
  // opens another when it is next needed.
  pool.on('error', (error) => {
    console.error(`guestspot api: an idle database connection was lost (${error.message}).`);
  });
  // Fail now with the server's message rather than on the first request.
  const client = await pool.connect();
  client.release();
  const { db, writesMade } = kyselyOver(pool);
  return {
    db,
    writesMade,
    kind: 'postgres',
    pglite: null,
    listen: listenOver(config),
    async close() {
      await db.destroy();
    },
  };
}
