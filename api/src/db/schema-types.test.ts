import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { generateSchema, SCHEMA_FILE } from '../../scripts/db-types';
import { readMigrationFiles } from './migrate';

// src/db/schema.ts is generated from the migrated database (decision 071): this is
// `db:types -- --check` in CI.

test('src/db/schema.ts matches the migrations (else: npm run db:types -w api)', async () => {
  const current = fs.readFileSync(SCHEMA_FILE, 'utf8');
  assert.ok(
    current === (await generateSchema()),
    'src/db/schema.ts does not match the migrations: run `npm run db:types -w api` and commit it.',
  );
});

test('a migration that changes a table changes the generated types', async () => {
  const current = fs.readFileSync(SCHEMA_FILE, 'utf8');
  const changed = await generateSchema([
    ...readMigrationFiles(),
    {
      name: '999_schema_types_test.sql',
      sql: `ALTER TABLE users ADD COLUMN nickname text;
            ALTER TABLE users ADD COLUMN mood text NOT NULL DEFAULT 'calm'
              CHECK (mood IN ('calm', 'busy'));`,
    },
  ]);
  assert.notEqual(changed, current);
  assert.match(changed, /^ {2}nickname: string \| null;$/m);
  assert.match(changed, /^ {2}mood: Generated<'calm' \| 'busy'>;$/m);
});
