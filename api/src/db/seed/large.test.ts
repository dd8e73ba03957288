import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import type { Paginated, ShowProfile } from '../../contract';
import { startTestApp, type TestContext } from '../../test/harness';
import { openTestDatabase } from '../../test/test-db';
import { checkLedger } from '../../modules/booking-money/ledger-check';
import { LARGE_EMAIL_DOMAIN, seedLargeCatalogue } from './large';
import { seedLargeBookings } from './large-bookings';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

async function total(type: 'guests' | 'shows'): Promise<number> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${type}?limit=1` });
  return response.json<Paginated<ShowProfile>>().meta.pagination.total;
}

async function largeProfiles(db: TestContext['db']) {
  return db
    .selectFrom('guest_profiles')
    .innerJoin('users', 'users.id', 'guest_profiles.user_id')
    .select(['guest_profiles.slug', 'guest_profiles.lowest_price', 'guest_profiles.featured'])
    .where('users.email', 'like', `%@${LARGE_EMAIL_DOMAIN}`)
    .orderBy('guest_profiles.id')
    .execute();
}

describe('seedLargeCatalogue', () => {
  it('adds listable guests and shows once, the same on every run', async () => {
    const [guestsBefore, showsBefore] = [await total('guests'), await total('shows')];
    const result = await seedLargeCatalogue(ctx.db, { count: 400 });
    assert.ok(result);
    assert.deepEqual([result.guests, result.shows], [240, 160]);
    const paused = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', `%@${LARGE_EMAIL_DOMAIN}`)
      .where('status', '=', 'paused')
      .executeTakeFirstOrThrow();
    const added = (await total('guests')) - guestsBefore + (await total('shows')) - showsBefore;
    assert.equal(added, 400 - Number(paused.n), 'paused owners’ profiles are not listed');

    // Filters and sorts find the new rows: flags, prices, categories, tags.
    const cheapest = await ctx.app.inject({ method: 'GET', url: '/api/v1/shows?sort=-price' });
    assert.equal(cheapest.statusCode, 200);
    const profiles = await largeProfiles(ctx.db);
    assert.ok(profiles.some((profile) => profile.featured));
    assert.ok(profiles.some((profile) => profile.lowest_price === 0));
    assert.ok(profiles.some((profile) => (profile.lowest_price ?? 0) > 40_000));

    // The categories' kept counts (migration 055) are a count of the catalogue.
    const { rows: miscounted } = await sql<{ id: number }>`
      select id from categories
      where guest_count <> category_guest_count(id) or show_count <> category_show_count(id)
    `.execute(ctx.db);
    assert.deepEqual(miscounted, []);

    assert.equal(await seedLargeCatalogue(ctx.db, { count: 400 }), null, 'only once');

    const other = await openTestDatabase();
    try {
      await seedLargeCatalogue(other.db, { count: 400 });
      assert.deepEqual(await largeProfiles(other.db), profiles, 'deterministic');
    } finally {
      await other.close();
    }
  });
});

describe('seedLargeBookings', () => {
  it('adds bookings of every status whose ledger passes the money check, once', async () => {
    const result = await seedLargeBookings(ctx.db, { count: 3000 });
    assert.ok(result);
    assert.equal(result.bookings, 3000);
    const statuses = await ctx.db
      .selectFrom('bookings')
      .select('status')
      .distinct()
      .where('idempotency_key', 'like', 'large-seed-%')
      .execute();
    assert.deepEqual(statuses.map((row) => row.status).sort(), [
      'accepted',
      'canceled',
      'completed',
      'expired',
      'pending',
      'scheduled',
    ]);
    assert.deepEqual(await checkLedger(ctx.db), []);
    // Nothing is due for the sweeps: pending requests ahead of their expiry, dates ahead.
    const due = await ctx.db
      .selectFrom('bookings')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('expires_at', '<=', new Date())]),
          eb.and([eb('status', '=', 'scheduled'), eb('booking_date', '<=', new Date())]),
        ]),
      )
      .execute();
    assert.deepEqual(due, []);
    assert.equal(await seedLargeBookings(ctx.db, { count: 3000 }), null, 'only once');
  });
});
