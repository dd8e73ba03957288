import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { verifyPassword } from '../modules/auth/password';
import { openTestDatabase } from '../test/test-db';
import type { OpenDatabase } from './database';
import { migrate, readMigrationFiles } from './migrate';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  GUEST_PROFILE_COUNT,
  SHOW_PROFILE_COUNT,
  seedDemoData,
} from './seed/seed';

let empty: OpenDatabase;
let snapshot: OpenDatabase;
before(async () => {
  [empty, snapshot] = await Promise.all([openTestDatabase({ seeded: false }), openTestDatabase()]);
});
after(async () => {
  await Promise.all([empty.close(), snapshot.close()]);
});

async function count(db: OpenDatabase['db'], table: 'guest_profiles' | 'show_profiles' | 'users') {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('migrations', () => {
  it('apply in order once, and running them again applies nothing', async () => {
    const files = readMigrationFiles().map((file) => file.name);
    assert.deepEqual(files, [...files].sort());
    // Two at once, as two API processes starting together would.
    const [first, second] = await Promise.all([migrate(empty.db), migrate(empty.db)]);
    assert.deepEqual([...first, ...second], files);
    assert.deepEqual(await migrate(empty.db), []);
    const recorded = await empty.db
      .selectFrom('schema_migrations')
      .select('name')
      .orderBy('name')
      .execute();
    assert.deepEqual(
      recorded.map((row) => row.name),
      files,
    );
  });

  it('leave an already migrated database alone', async () => {
    assert.deepEqual(await migrate(snapshot.db), []);
  });

  it('refuse a file that does not follow NNN_name.sql', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-migrations-'));
    try {
      fs.writeFileSync(path.join(dir, '001_ok.sql'), 'select 1;');
      fs.writeFileSync(path.join(dir, 'later.sql'), 'select 1;');
      assert.throws(() => readMigrationFiles(dir), /later\.sql must be named NNN_snake_case\.sql/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('seed', () => {
  it('fills an empty database once, the same way every time', async () => {
    assert.deepEqual(await seedDemoData(empty.db), { seeded: true });
    assert.deepEqual(await seedDemoData(empty.db), { seeded: false }, 'idempotent');
    assert.equal(await count(empty.db, 'guest_profiles'), GUEST_PROFILE_COUNT);
    assert.equal(await count(empty.db, 'show_profiles'), SHOW_PROFILE_COUNT);

    // Deterministic: the same profiles and prices as the snapshot seeded elsewhere.
    const fingerprint = (db: OpenDatabase['db']) =>
      db
        .selectFrom('guest_profiles as g')
        .innerJoin('guest_option_prices as p', 'p.guest_profile_id', 'g.id')
        .select(['g.slug', 'g.title', 'g.featured', 'p.interview_duration', 'p.price'])
        .orderBy('g.id')
        .orderBy('p.id')
        .execute();
    assert.deepEqual(await fingerprint(empty.db), await fingerprint(snapshot.db));
  });

  it('creates the demo accounts with the demo password', async () => {
    const users = await snapshot.db
      .selectFrom('users')
      .select(['email', 'status', 'account_type', 'is_admin', 'password_hash', 'email_verified_at'])
      .where('email', 'in', Object.values(DEMO_ACCOUNTS))
      .execute();
    assert.equal(users.length, Object.keys(DEMO_ACCOUNTS).length);
    const byEmail = new Map(users.map((user) => [user.email, user]));
    assert.equal(byEmail.get(DEMO_ACCOUNTS.pro)?.account_type, 'pro');
    assert.equal(byEmail.get(DEMO_ACCOUNTS.admin)?.is_admin, true);
    assert.equal(byEmail.get(DEMO_ACCOUNTS.pending)?.status, 'pending');
    assert.equal(byEmail.get(DEMO_ACCOUNTS.pending)?.email_verified_at, null);
    const standard = byEmail.get(DEMO_ACCOUNTS.standard);
    assert.ok(standard && (await verifyPassword(DEMO_PASSWORD, standard.password_hash)));
  });

  it('has free, featured, premium and talent profiles and every booking option', async () => {
    const flags = await snapshot.db
      .selectFrom('guest_profiles')
      .select([
        sql<number>`count(*) filter (where featured)::int`.as('featured'),
        sql<number>`count(*) filter (where premium)::int`.as('premium'),
        sql<number>`count(*) filter (where talent)::int`.as('talent'),
      ])
      .executeTakeFirstOrThrow();
    assert.ok(flags.featured > 0 && flags.premium > 0 && flags.talent > 0, JSON.stringify(flags));
    const free = await snapshot.db
      .selectFrom('guest_option_prices')
      .select('id')
      .where('price', '=', 0)
      .execute();
    assert.ok(free.length > 0);
    const slugs = (await snapshot.db.selectFrom('booking_options').select('slug').execute()).map(
      (row) => row.slug,
    );
    assert.deepEqual(slugs.sort(), [
      'guest-appearance',
      'media-feature',
      'miniview',
      'pitch',
      'virtual-interview',
    ]);
  });
});
