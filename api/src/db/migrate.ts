import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { API_ROOT } from '../config';
import type { DB } from './database';

export const MIGRATIONS_DIR = path.join(API_ROOT, 'migrations');
const FILE_PATTERN = /^(\d{3})_[a-z0-9_]+\.sql$/;
// Any constant: serialises concurrent migrators (several API processes on one PostgreSQL).
const MIGRATION_LOCK_KEY = 7_413_002;

export interface MigrationFile {
  name: string;
  sql: string;
}

export function readMigrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  const names = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  for (const name of names) {
    if (!FILE_PATTERN.test(name)) {
      throw new Error(`Migration file ${name} must be named NNN_snake_case.sql.`);
    }
  }
  return names.map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/**
 * Applies the migrations not yet recorded in schema_migrations, in name order, in one
 * transaction. Running it again applies nothing. Returns the names it applied.
 */
export async function migrate(db: DB, files = readMigrationFiles()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`
      create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )
    `.execute(trx);
    const done = new Set(
      (await trx.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file.name)) continue;
      // No parameters: pg sends it with the simple protocol, which allows several statements.
      await sql.raw(file.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: file.name }).execute();
      applied.push(file.name);
    }
    return applied;
  });
}
