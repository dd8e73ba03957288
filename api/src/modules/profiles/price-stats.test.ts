import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DataEnvelope, MarketplaceProfile, Paginated, PriceStats } from '../../contract';
import { startTestApp, type TestContext } from '../../test/harness';
import { DEFAULT_PRICE_STATS } from './price-stats';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

async function stats(type: 'guests' | 'shows'): Promise<PriceStats> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${type}/price-stats` });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as DataEnvelope<PriceStats>).data;
}

async function cardPrices(type: 'guests' | 'shows'): Promise<number[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${type}?limit=100` });
  const page = response.json() as Paginated<MarketplaceProfile>;
  assert.ok(page.meta.pagination.total <= 100);
  return page.data.flatMap((profile) =>
    profile.lowest_price === null ? [] : [profile.lowest_price],
  );
}

describe('GET /{guests|shows}/price-stats', () => {
  for (const type of ['guests', 'shows'] as const) {
    it(`${type}: lowest and highest card price of public profiles, in dollars`, async () => {
      const prices = await cardPrices(type);
      assert.ok(prices.length > 1);
      assert.deepEqual(await stats(type), {
        min: Math.floor(Math.min(...prices) / 100),
        max: Math.ceil(Math.max(...prices) / 100),
      });
    });
  }

  it('is not taken for a profile slug', async () => {
    // /guests/:guest would answer 404 (no such slug) if it caught this path.
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/shows/price-stats' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(Object.keys(response.json().data).sort(), ['max', 'min']);
  });

  it('ignores paused profiles, options that are not a booking price, and rounds outwards', async () => {
    const before = await stats('guests');
    const hidden = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('is_public', '=', false)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('guest_option_prices')
      .set({ price: 9_999_900 })
      .where('guest_profile_id', '=', hidden.id)
      .execute();
    assert.deepEqual(await stats('guests'), before, 'a paused profile does not move the range');

    // A public guest whose only prices are 12.34 (virtual interview) and 0.01 (miniview).
    const guest = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('is_public', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const option = async (slug: string) =>
      (
        await ctx.db
          .selectFrom('booking_options')
          .select('id')
          .where('slug', '=', slug)
          .executeTakeFirstOrThrow()
      ).id;
    await ctx.db
      .deleteFrom('guest_option_prices')
      .where('guest_profile_id', '=', guest.id)
      .execute();
    await ctx.db
      .insertInto('guest_option_prices')
      .values([
        {
          guest_profile_id: guest.id,
          booking_option_id: await option('virtual-interview'),
          interview_duration: 30,
          price: 1234,
        },
        {
          guest_profile_id: guest.id,
          booking_option_id: await option('miniview'),
          interview_duration: 15,
          price: 1,
        },
      ])
      .execute();
    await ctx.db
      .updateTable('guest_option_prices')
      .set({ price: 123_456 })
      .where('guest_profile_id', '=', (eb) =>
        eb
          .selectFrom('guest_profiles')
          .select('id')
          .where('is_public', '=', true)
          .where('id', '!=', guest.id)
          .orderBy('id')
          .limit(1),
      )
      .execute();
    const prices = await cardPrices('guests');
    assert.ok(prices.includes(1234));
    assert.deepEqual(await stats('guests'), {
      min: Math.floor(Math.min(...prices) / 100),
      max: 1235,
    });
  });

  it('defaults to 0-1000 when no public profile has a price', async () => {
    await ctx.db.updateTable('show_profiles').set({ is_public: false }).execute();
    assert.deepEqual(await stats('shows'), DEFAULT_PRICE_STATS);
    assert.deepEqual(DEFAULT_PRICE_STATS, { min: 0, max: 1000 });
  });
});
