import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../app';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { signedIn, startTestApp, TestClient, userIdOf, type TestContext } from '../test/harness';
import { PRIVATE_KEPT_MS, UNKEPT_PRIVATE_TABLES } from './private-cache';
import { PRIVATE_TABLES } from './public-cache';

// Signed-in users' own answers kept until their data changes (decision 123), over the real
// database, with a second API instance on it as a second process behind a balancer would be.

let ctx: TestContext;
let other: FastifyInstance;
/** Added to the app's clock (both instances): a test moves it as the test clock would. */
let shiftMs = 0;
const now = () => new Date(Date.now() + shiftMs);

before(async () => {
  ctx = await startTestApp({ config: { now } });
  other = await buildApp({
    db: ctx.db,
    events: ctx.events,
    config: { sessionSecret: 'test-secret', outboxPollMs: 0, now },
  });
  await other.ready();
});
after(async () => {
  await other.close();
  await ctx.close();
});

/** The same session (its cookies) on the other instance. */
function sameSessionOn(app: FastifyInstance, client: TestClient): TestClient {
  const copy = new TestClient(app);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

/** A write nobody is told of (the triggers off): what a kept answer would hide. */
async function unannounced(query: string, ...values: unknown[]) {
  await ctx.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql
      .raw(query.replace(/\$(\d+)/g, (_, n: string) => String(values[Number(n) - 1])))
      .execute(trx);
  });
}

async function within(withinMs: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    assert.ok(Date.now() - started < withinMs, `not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function firstName(client: TestClient): Promise<string> {
  const response = await client.get('/api/v1/users/me');
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: { first_name: string } }).data.first_name;
}

describe('a signed-in user’s kept answer', () => {
  it('is given again while nothing they read has changed, and never to another session', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const show = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const first = await pro.get('/api/v1/users/me');
    assert.equal(first.headers['cache-control'], 'private, no-store');
    const proId = await userIdOf(ctx.db, DEMO_ACCOUNTS.pro);
    const name = await firstName(pro);
    // A change no notification tells of (the triggers off): the kept answer does not see it...
    await unannounced(`UPDATE users SET first_name = 'Priyanka' WHERE id = $1`, proId);
    try {
      const again = await pro.get('/api/v1/users/me');
      assert.equal(again.body, first.body);
      assert.equal(again.headers['x-content-type-options'], 'nosniff', 'the security headers too');
      // ...which the other instance, which kept nothing, does.
      assert.equal(await firstName(sameSessionOn(other, pro)), 'Priyanka');
      // Another user's session on the same URL gets their own.
      assert.notEqual(await firstName(show), name);
    } finally {
      await ctx.db.updateTable('users').set({ first_name: name }).where('id', '=', proId).execute();
    }
    assert.equal(await firstName(pro), name);
  });

  it('is made afresh once a write to the user’s own data is told of, on every instance', async () => {
    const show = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const showId = await userIdOf(ctx.db, DEMO_ACCOUNTS.show);
    const elsewhere = sameSessionOn(other, show);
    const unread = async (client: TestClient) =>
      ((await client.get('/api/v1/notifications')).json() as { data: unknown[] }).data.length;
    const before = await unread(show);
    assert.equal(await unread(elsewhere), before);
    const booking = await ctx.db
      .selectFrom('bookings')
      .innerJoin('show_profiles', 'show_profiles.id', 'bookings.show_profile_id')
      .select('bookings.id')
      .where('show_profiles.user_id', '=', showId)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('notifications')
      .values({
        user_id: showId,
        type: 'new_message',
        booking_id: booking.id,
        side: 'show',
        data: JSON.stringify({ message: 'A kept answer must not hide this.' }),
      })
      .execute();
    assert.equal(await unread(show), Math.min(before + 1, 20));
    await within(1_000, async () => (await unread(elsewhere)) === Math.min(before + 1, 20));
  });

  it('sees a change of the public data (the data version), such as a name', async () => {
    const guest = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const name = await firstName(guest);
    const guestId = await userIdOf(ctx.db, DEMO_ACCOUNTS.guest);
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Mayana' })
      .where('id', '=', guestId)
      .execute();
    try {
      assert.equal(await firstName(guest), 'Mayana');
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ first_name: name })
        .where('id', '=', guestId)
        .execute();
    }
  });

  it('ends with the session: signed out through another instance, the next answer is 401', async () => {
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    assert.equal((await standard.get('/api/v1/users/me')).statusCode, 200);
    const elsewhere = sameSessionOn(other, standard);
    assert.equal((await elsewhere.post('/api/v1/auth/logout')).statusCode, 204);
    await within(1_000, async () => (await standard.get('/api/v1/users/me')).statusCode === 401);
  });

  it('is not given once the app’s clock has moved', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const proId = await userIdOf(ctx.db, DEMO_ACCOUNTS.pro);
    const name = await firstName(pro);
    await unannounced(`UPDATE users SET first_name = 'Priyanka' WHERE id = $1`, proId);
    try {
      assert.equal(await firstName(pro), name, 'kept');
      shiftMs = 60 * 60 * 1000;
      assert.equal(await firstName(pro), 'Priyanka');
    } finally {
      shiftMs = 0;
      await ctx.db.updateTable('users').set({ first_name: name }).where('id', '=', proId).execute();
    }
  });

  it(`is given for ${PRIVATE_KEPT_MS / 1000} s from when it was made, however often it is asked for`, async (t) => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const proId = await userIdOf(ctx.db, DEMO_ACCOUNTS.pro);
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const name = await firstName(pro);
    await unannounced(`UPDATE users SET first_name = 'Priyanka' WHERE id = $1`, proId);
    try {
      t.mock.timers.tick(PRIVATE_KEPT_MS - 1_000);
      assert.equal(await firstName(pro), name, 'kept, and given again');
      t.mock.timers.tick(2_000);
      // giving it again did not make it younger
      assert.equal(await firstName(pro), 'Priyanka');
    } finally {
      t.mock.timers.reset();
      await ctx.db.updateTable('users').set({ first_name: name }).where('id', '=', proId).execute();
    }
  });

  it('is never kept for an admin, who reads other users’ data', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const adminId = await userIdOf(ctx.db, DEMO_ACCOUNTS.admin);
    const name = await firstName(admin);
    await unannounced(`UPDATE users SET first_name = 'Alexandra' WHERE id = $1`, adminId);
    try {
      assert.equal(await firstName(admin), 'Alexandra');
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ first_name: name })
        .where('id', '=', adminId)
        .execute();
    }
  });
});

describe('the user_data notifications (migration 051)', () => {
  it('name the owner and the owner’s team when the owner’s data changes', async () => {
    const heard: string[] = [];
    const [{ schema }] = (
      await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(ctx.db)
    ).rows as [{ schema: string }];
    const unlisten = ctx.events.listen('user_data', {
      message: (payload) => void heard.push(payload),
      connected: () => undefined,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const proId = await userIdOf(ctx.db, DEMO_ACCOUNTS.pro);
      const agencyId = await userIdOf(ctx.db, DEMO_ACCOUNTS.agency);
      // A write to the owner's team row: the owner and the agency member are told.
      await ctx.db
        .updateTable('teams')
        .set({ owner_id: proId })
        .where('owner_id', '=', proId)
        .execute();
      await within(1_000, async () => heard.includes(`${schema} ${agencyId}`));
      assert.ok(heard.includes(`${schema} ${proId}`));
    } finally {
      await unlisten();
    }
  });

  it('come from every private table a kept answer may read; the others are listed', async () => {
    const { rows } = await sql<{ table_name: string }>`
      SELECT DISTINCT c.relname AS table_name
      FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      WHERE t.tgname = 'user_data_changed'
    `.execute(ctx.db);
    const told = new Set(rows.map((row) => row.table_name));
    const unkept = new Set<string>(UNKEPT_PRIVATE_TABLES);
    const unaccounted = PRIVATE_TABLES.filter((table) => !told.has(table) && !unkept.has(table));
    assert.deepEqual(
      unaccounted,
      [],
      'give these a user_data_changed trigger, or list them unkept',
    );
    assert.deepEqual(
      [...told].filter((table) => unkept.has(table)),
      [],
      'a table is either told of or unkept',
    );
    const privateTables = new Set<string>(PRIVATE_TABLES);
    assert.deepEqual(
      [...told].filter((table) => !privateTables.has(table)),
      [],
      'a public table bumps the data version instead',
    );
  });
});
