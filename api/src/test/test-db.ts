import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { API_ROOT } from '../config';
import { openPgliteMemory, openPostgres, type OpenDatabase } from '../db/database';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { seedDemoData } from '../db/seed/seed';

// Tests run against the real database engine. By default: PGlite in memory, restored from a
// migrated + seeded snapshot that is built once and cached under api/data/. With DATABASE_URL:
// a fresh PostgreSQL database per test file, cloned from a migrated + seeded template database
// built once per set of inputs (as the snapshot is), dropped afterwards; where the user may not
// create databases, a fresh schema per file, migrated and seeded.

const SNAPSHOT_DIR = path.join(API_ROOT, 'data', 'test-snapshots');

/** Everything that changes what the snapshot holds. */
const SNAPSHOT_INPUTS = [
  MIGRATIONS_DIR,
  path.join(API_ROOT, 'src', 'db', 'seed'),
  path.join(API_ROOT, 'src', 'db', 'migrate.ts'),
  path.join(API_ROOT, 'src', 'modules', 'auth', 'password.ts'),
];

function filesUnder(target: string): string[] {
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs
    .readdirSync(target, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(target, name))
    .filter((file) => fs.statSync(file).isFile() && !file.endsWith('.test.ts'))
    .sort();
}

/** What the seeded database holds, as a short hash of everything that makes it. */
function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of SNAPSHOT_INPUTS.flatMap(filesUnder)) {
    hash.update(path.relative(API_ROOT, file)).update('\0').update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

function snapshotFile(): string {
  return path.join(SNAPSHOT_DIR, `seeded-${inputsHash()}.tar`);
}

/** Builds the seeded snapshot unless a current one exists; returns its path. */
export async function ensureSnapshot(): Promise<string> {
  const file = snapshotFile();
  if (fs.existsSync(file)) return file;
  const opened = await openPgliteMemory();
  try {
    await migrate(opened.db);
    await seedDemoData(opened.db);
    const dump = await opened.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite did not dump its data folder');
    fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    // Rename is atomic: a parallel test file sees the whole snapshot or none.
    fs.renameSync(partial, file);
    for (const old of fs.readdirSync(SNAPSHOT_DIR)) {
      const oldPath = path.join(SNAPSHOT_DIR, old);
      if (oldPath !== file && old.endsWith('.tar')) fs.rmSync(oldPath, { force: true });
    }
  } finally {
    await opened.close();
  }
  return file;
}

export interface TestDatabaseOptions {
  /** false: an empty database (no migrations, no seed). Default true. */
  seeded?: boolean;
}

/** The URL of another database on the same server. */
function urlOfDatabase(url: string, database: string): string {
  const other = new URL(url);
  other.pathname = `/${database}`;
  return other.toString();
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const TEMPLATE_PREFIX = 'guestspot_tpl_';

/**
 * PostgreSQL: a database migrated and seeded once for the current inputs, which each test file
 * clones (CREATE DATABASE … TEMPLATE: a file copy, ~0.2 s, where migrating and seeding take ~2 s).
 * Null when the user may not create databases. Made under a new name and renamed when complete,
 * under an advisory lock, so a parallel caller clones a whole one or waits.
 */
export async function ensureTemplate(url: string): Promise<string | null> {
  const template = `${TEMPLATE_PREFIX}${inputsHash()}`;
  return withClient(url, async (admin) => {
    const { rows } = await admin.query<{ createdb: boolean }>(
      'select rolcreatedb or rolsuper as createdb from pg_roles where rolname = current_user',
    );
    if (!rows[0]?.createdb) return null;
    await admin.query('select pg_advisory_lock(hashtext($1))', [TEMPLATE_PREFIX]);
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount) return template;
      const building = `${template}_building`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const opened = await openPostgres(urlOfDatabase(url, building), { max: 2 });
      try {
        await migrate(opened.db);
        await seedDemoData(opened.db);
      } finally {
        await opened.close();
      }
      await admin.query(`alter database ${building} rename to ${template}`);
      // Templates of older inputs: nobody clones them any more.
      const old = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%' and datname <> $1`,
        [template],
      );
      for (const { datname } of old.rows) {
        await admin.query(`drop database if exists ${datname} with (force)`);
      }
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [TEMPLATE_PREFIX]);
    }
  });
}

export async function openTestDatabase({
  seeded = true,
}: TestDatabaseOptions = {}): Promise<OpenDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (!seeded) return openPgliteMemory();
    const snapshot = fs.readFileSync(await ensureSnapshot());
    return openPgliteMemory(new Blob([snapshot]));
  }

  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = seeded ? await ensureTemplate(url) : null;
  if (template) {
    await withClient(url, (admin) => admin.query(`create database ${name} template ${template}`));
    const opened = await openPostgres(urlOfDatabase(url, name), { max: 4 });
    return {
      ...opened,
      async close() {
        await opened.close();
        await withClient(url, (admin) => admin.query(`drop database ${name} with (force)`));
      },
    };
  }

  await withClient(url, (admin) => admin.query(`create schema ${name}`));
  const opened = await openPostgres(url, { schema: name, max: 4 });
  if (seeded) {
    await migrate(opened.db);
    await seedDemoData(opened.db);
  }
  return {
    ...opened,
    async close() {
      await opened.close();
      await withClient(url, (admin) => admin.query(`drop schema ${name} cascade`));
    },
  };
}
