import assert from 'node:assert/strict';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/seed';
import { signedIn, startTestApp, TestClient, userIdOf, type TestContext } from '../test/harness';
import type { DatabaseEvents, ListenHandlers } from '../db/database';
import { PRIVATE_TABLES, VIEWER_TTL_MS, versionReader, watchDataVersion } from './public-cache';

// Visitors' answers kept until the data version changes (decision 080), over the real database.

let ctx: TestContext;
/** A second API instance on the same database, as a second process behind a balancer would be. */
let other: FastifyInstance;
let guestId: number;

before(async () => {
  ctx = await startTestApp();
  other = await buildApp({
    db: ctx.db,
    events: ctx.events,
    config: { sessionSecret: 'test-secret' },
  });
  await other.ready();
  const userId = await userIdOf(ctx.db, DEMO_ACCOUNTS.guest);
  guestId = (
    await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).id;
});
after(async () => {
  await other.close();
  await ctx.close();
});

const visitorGet = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/**
 * Asks `check` again every 10 ms until it holds, for `withinMs` at most (the bound for a
 * change made elsewhere: a second); returns how long it took.
 */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    assert.ok(Date.now() - started < withinMs, `not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

describe('a visitor’s public answer', () => {
  it('is kept: the same answer again, with an ETag that gets a 304', async () => {
    const first = await visitorGet(ctx.app, '/api/v1/guests?page=2');
    assert.equal(first.statusCode, 200);
    const etag = first.headers.etag;
    assert.match(String(etag), /^"[\w-]+"$/);
    assert.equal(first.headers['cache-control'], 'no-cache');

    const again = await visitorGet(ctx.app, '/api/v1/guests?page=2');
    assert.equal(again.body, first.body);
    assert.equal(again.headers.etag, etag);

    const revalidated = await visitorGet(ctx.app, '/api/v1/guests?page=2', {
      'if-none-match': String(etag),
    });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.body, '');
  });

  it('is compressed when the browser takes brotli', async () => {
    const plain = await visitorGet(ctx.app, '/api/v1/home?type=guests');
    const compressed = await visitorGet(ctx.app, '/api/v1/home?type=guests', {
      'accept-encoding': 'gzip, deflate, br',
    });
    assert.equal(compressed.headers['content-encoding'], 'br');
    assert.ok(compressed.rawPayload.length < plain.rawPayload.length / 3);
    assert.equal(brotliDecompressSync(compressed.rawPayload).toString('utf8'), plain.body);
  });

  it('changes at once on the instance that wrote, within a second on another', async () => {
    const url = `/api/v1/guests/${guestId}`;
    assert.equal((await visitorGet(ctx.app, url)).statusCode, 200);
    assert.equal((await visitorGet(other, url)).statusCode, 200);

    // The guest pauses their account through the other instance: their profile is hidden.
    const guest = await signedIn(other, DEMO_ACCOUNTS.guest);
    await guest.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
    assert.equal((await guest.request('PATCH', '/api/v1/users/me/account/pause')).statusCode, 200);
    assert.equal((await visitorGet(other, url)).statusCode, 404);
    await within(1_000, async () => (await visitorGet(ctx.app, url)).statusCode === 404);

    assert.equal((await guest.request('PATCH', '/api/v1/users/me/account/resume')).statusCode, 200);
    assert.equal((await visitorGet(other, url)).statusCode, 200);
    await within(1_000, async () => (await visitorGet(ctx.app, url)).statusCode === 200);

    // Whoever writes (here psql's way, not the API's): the kept answers go.
    await sql`UPDATE guest_profiles SET name = 'Renamed Guest' WHERE id = ${guestId}`.execute(
      ctx.db,
    );
    for (const app of [ctx.app, other]) {
      await within(
        1_000,
        async () => (await visitorGet(app, url)).json().data.name === 'Renamed Guest',
      );
    }
  });

  it('is never kept for a signed-in user (favourites are theirs)', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const answer = await pro.get('/api/v1/guests');
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.headers.etag, undefined);
  });

  it('serves a signed-in user the kept list with their favourites marked, as the full answer has them', async () => {
    const url = '/api/v1/guests?page=3&sort=-price';
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    // What page 3 lists (asked by the API directly, not through this URL, so nothing is kept).
    const listed = (await visitorGet(other, url)).json().data as { id: number }[];
    const favourite = listed[2]!.id;
    const put = await standard.request('PUT', `/api/v1/favorites/guests/${favourite}`);
    assert.ok(put.statusCode < 300, put.body);

    // Nothing kept yet on this instance: the full answer, from the database.
    const full = await standard.get(url);
    assert.equal(full.headers['cache-control'], undefined);
    // A visitor's answer is kept; the user's next one is made from it.
    const visitor = await visitorGet(ctx.app, url);
    const fromKept = await standard.get(url);
    assert.equal(fromKept.headers['cache-control'], 'private, no-cache');
    assert.equal(fromKept.headers.etag, undefined);
    assert.deepEqual(fromKept.json(), full.json());

    const flag = (body: { data: { id: number; is_favourited: boolean }[] }) =>
      body.data.find((profile) => profile.id === favourite)?.is_favourited;
    assert.equal(flag(fromKept.json()), true);
    assert.equal(flag(visitor.json()), false);
  });

  it('marks a favourite made through another instance within a second', async () => {
    const url = '/api/v1/guests?page=4';
    const visitor = (await visitorGet(ctx.app, url)).json().data as { id: number }[];
    const favourite = visitor[1]!.id;
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const flag = async () =>
      ((await standard.get(url)).json().data as { id: number; is_favourited: boolean }[]).find(
        (profile) => profile.id === favourite,
      )?.is_favourited;
    // The same browser session, its requests balanced to the other instance.
    const onOther = new TestClient(other);
    for (const [name, value] of standard.cookies) onOther.cookies.set(name, value);
    const initially = await flag();
    assert.equal(typeof initially, 'boolean');

    const put = await onOther.request('PUT', `/api/v1/favorites/guests/${favourite}`);
    assert.ok(put.statusCode < 300, put.body);
    const waited = await within(VIEWER_TTL_MS + 500, async () => (await flag()) === !initially);
    assert.ok(waited <= VIEWER_TTL_MS + 500);
    // Through the same instance: at once.
    await standard.request('PUT', `/api/v1/favorites/guests/${favourite}`);
    assert.equal(await flag(), initially);
  });

  it('is not kept for a private table’s write: a favourite leaves the version alone', async () => {
    const before = await ctx.app.dataVersion();
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const favourite = await pro.request('PUT', `/api/v1/favorites/guests/${guestId}`);
    assert.ok(favourite.statusCode < 300, favourite.body);
    assert.equal(await ctx.app.dataVersion(), before);
  });
});

describe('the data version', () => {
  it('is bumped by every table a public answer reads, and the others are listed as private', async () => {
    const { rows } = await sql<{ table_name: string; bumps: boolean }>`
      SELECT c.relname AS table_name,
             EXISTS (
               SELECT 1 FROM pg_trigger t
               JOIN pg_proc f ON f.oid = t.tgfoid
               WHERE t.tgrelid = c.oid
                 AND f.proname = 'bump_data_version'
             ) AS bumps
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      WHERE c.relkind = 'r' AND c.relname NOT IN ('data_version', 'schema_migrations')
    `.execute(ctx.db);
    assert.ok(rows.length > 40, 'the tables of the schema the app uses');
    const privateTables = new Set<string>(PRIVATE_TABLES);
    const unaccounted = rows
      .filter((row) => !row.bumps && !privateTables.has(row.table_name))
      .map((row) => row.table_name);
    assert.deepEqual(unaccounted, [], 'give these a bump trigger, or list them in PRIVATE_TABLES');
    const both = rows.filter((row) => row.bumps && privateTables.has(row.table_name));
    assert.deepEqual(both, []);
  });

  it('is kept in memory while notifications come, and read again whenever they may be missed', async () => {
    let stored = 5;
    let reads = 0;
    let writes = 0;
    let handlers: ListenHandlers | undefined;
    let stopped = false;
    const events: DatabaseEvents = {
      listen(channel, given) {
        assert.equal(channel, 'data_version');
        handlers = given;
        return async () => {
          stopped = true;
        };
      },
      writesMade: () => writes,
    };
    const version = watchDataVersion(
      async () => {
        reads += 1;
        return String(stored);
      },
      events,
      'app',
    );
    // Not listening yet: every request reads.
    assert.equal(await version.current(), '5');
    assert.equal(await version.current(), '5');
    assert.equal(reads, 2);

    handlers!.connected(true);
    assert.equal(await version.current(), '5');
    assert.equal(await version.current(), '5');
    assert.equal(reads, 3, 'one read after listening starts, then memory');

    stored = 7;
    handlers!.message('app 7');
    handlers!.message('other_schema 99');
    handlers!.message('app 6');
    assert.equal(await version.current(), '7');
    assert.equal(reads, 3);

    // A request's write through this instance: read again before its answer leaves.
    const before = writes;
    writes += 1;
    stored = 8;
    await version.afterWrite(before);
    assert.equal(await version.current(), '8');
    assert.equal(reads, 4);
    // A write request that wrote nothing: no read.
    await version.afterWrite(writes);
    assert.equal(reads, 4);

    // Any write through this process's database handle: the next request reads, once.
    stored = 9;
    writes += 1;
    assert.equal(await version.current(), '9');
    assert.equal(await version.current(), '9');
    assert.equal(reads, 5);

    // The connection is lost: notifications may be missed, so every request reads again.
    handlers!.connected(false);
    stored = 10;
    assert.equal(await version.current(), '10');
    assert.equal(await version.current(), '10');
    assert.equal(reads, 7);

    await version.stop();
    assert.ok(stopped);
  });

  it('is read at most once at a time, and never from before a request arrived', async () => {
    let reads = 0;
    const releases: (() => void)[] = [];
    const read = versionReader(
      () =>
        new Promise<string>((resolve) => {
          reads += 1;
          const value = String(reads);
          releases.push(() => resolve(value));
        }),
    );
    const first = read();
    const second = read();
    const third = read();
    assert.equal(reads, 1);
    releases.shift()!();
    assert.equal(await first, '1');
    await new Promise((resolve) => setImmediate(resolve));
    // The two that came during the first read share the next one.
    assert.equal(reads, 2);
    releases.shift()!();
    assert.deepEqual(await Promise.all([second, third]), ['2', '2']);
  });
});
