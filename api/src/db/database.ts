import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './lock';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export interface OpenDatabase {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** Present for PGlite: lets tests and tools dump the data folder. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

function kyselyOver(pool: pg.Pool): DB {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Wraps an open PGlite in pg.Pool + Kysely: the same driver as a real PostgreSQL. */
function overPglite(pglite: PGlite, onClose: () => Promise<void> | void): OpenDatabase {
  // PGlite is single-connection; the adapter says so with poolSize 1.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = kyselyOver(pool);
  return {
    db,
    kind: 'pglite',
    pglite,
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
    const pglite = await PGlite.create(dataDir);
    return overPglite(pglite, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** An in-memory database, empty or restored from a dumpDataDir() snapshot. */
export async function openPgliteMemory(snapshot?: Blob): Promise<OpenDatabase> {
  const pglite = await PGlite.create(snapshot ? { loadDataDir: snapshot } : {});
  return overPglite(pglite, () => undefined);
}

export interface PostgresOptions {
  /** Use this schema (search_path) instead of public; tests get one each. */
  schema?: string;
  max?: number;
}

export async function openPostgres(
  connectionString: string,
  { schema, max = 10 }: PostgresOptions = {},
): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // Fail now with the server's message rather than on the first request.
  const client = await pool.connect();
  client.release();
  const db = kyselyOver(pool);
  return {
    db,
    kind: 'postgres',
    pglite: null,
    async close() {
      await db.destroy();
    },
  };
}
