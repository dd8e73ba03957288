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
// a fresh PostgreSQL schema per test file, migrated and seeded, dropped afterwards.

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

function snapshotFile(): string {
  const hash = createHash('sha256');
  for (const file of SNAPSHOT_INPUTS.flatMap(filesUnder)) {
    hash.update(path.relative(API_ROOT, file)).update('\0').update(fs.readFileSync(file));
  }
  return path.join(SNAPSHOT_DIR, `seeded-${hash.digest('hex').slice(0, 16)}.tar`);
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

export async function openTestDatabase({
  seeded = true,
}: TestDatabaseOptions = {}): Promise<OpenDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (!seeded) return openPgliteMemory();
    const snapshot = fs.readFileSync(await ensureSnapshot());
    return openPgliteMemory(new Blob([snapshot]));
  }

  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const opened = await openPostgres(url, { schema, max: 4 });
  if (seeded) {
    await migrate(opened.db);
    await seedDemoData(opened.db);
  }
  return {
    ...opened,
    async close() {
      await opened.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      try {
        await cleanup.query(`drop schema ${schema} cascade`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
