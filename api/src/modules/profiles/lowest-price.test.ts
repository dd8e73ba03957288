import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AvailabilitySettings, GuestProfile, Paginated, User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, type TestContext } from '../../test/harness';
import { NOT_BOOKABLE_SLUGS } from './queries';

// guest_profiles.lowest_price and show_profiles.lowest_price (migration 014) are kept by triggers
// on the option price tables; Browse sorts and filters on them. They must always equal the
// lowest bookable option price computed from the rows themselves.

let ctx: TestContext;
const optionIds = new Map<string, number>();
before(async () => {
  ctx = await startTestApp();
  for (const row of await ctx.db.selectFrom('booking_options').select(['id', 'slug']).execute()) {
    optionIds.set(row.slug, row.id);
  }
});
after(() => ctx.close());

function option(slug: string): number {
  const id = optionIds.get(slug);
  assert.ok(id, slug);
  return id;
}

/** Profile id -> [stored lowest_price, lowest computed here from the price rows]. */
async function storedAndComputed(
  type: 'guest' | 'show',
): Promise<Map<number, [number | null, number | null]>> {
  const bookable = new Set(
    [...optionIds].filter(([slug]) => !NOT_BOOKABLE_SLUGS.includes(slug)).map(([, id]) => id),
  );
  const profiles =
    type === 'guest'
      ? await ctx.db.selectFrom('guest_profiles').select(['id', 'lowest_price']).execute()
      : await ctx.db.selectFrom('show_profiles').select(['id', 'lowest_price']).execute();
  const prices =
    type === 'guest'
      ? await ctx.db
          .selectFrom('guest_option_prices')
          .select(['guest_profile_id as profile_id', 'booking_option_id', 'price'])
          .execute()
      : await ctx.db
          .selectFrom('show_option_prices')
          .select(['show_profile_id as profile_id', 'booking_option_id', 'price'])
          .execute();
  const lowest = new Map<number, number>();
  for (const row of prices) {
    if (!bookable.has(row.booking_option_id)) continue;
    lowest.set(row.profile_id, Math.min(row.price, lowest.get(row.profile_id) ?? Infinity));
  }
  return new Map(
    profiles.map((profile) => [profile.id, [profile.lowest_price, lowest.get(profile.id) ?? null]]),
  );
}

async function storedLowest(guestId: number): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('guest_profiles')
    .select('lowest_price')
    .where('id', '=', guestId)
    .executeTakeFirstOrThrow();
  return row.lowest_price;
}

describe('profiles.lowest_price', () => {
  it('matches the option prices of every seeded guest and show', async () => {
    for (const type of ['guest', 'show'] as const) {
      const all = await storedAndComputed(type);
      assert.ok(all.size > 30);
      for (const [id, [stored, computed]] of all) assert.equal(stored, computed, `${type} ${id}`);
      assert.ok(
        [...all.values()].some(([stored]) => stored === 0),
        'some are FREE',
      );
    }
  });

  it('keeps highest_price beside it: the dearest bookable option at its lowest duration price', async () => {
    const { id } = await ctx.db
      .selectFrom('show_profiles')
      .select('id')
      .where('is_public', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const stored = async () =>
      (
        await ctx.db
          .selectFrom('show_profiles')
          .select(['lowest_price', 'highest_price'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).highest_price;
    await ctx.db.deleteFrom('show_option_prices').where('show_profile_id', '=', id).execute();
    assert.equal(await stored(), null, 'no prices: none');
    const row = (slug: string, interview_duration: number, price: number) => ({
      show_profile_id: id,
      booking_option_id: option(slug),
      interview_duration,
      price,
    });
    await ctx.db
      .insertInto('show_option_prices')
      .values([
        row('virtual-interview', 30, 9000),
        // An option's card price is its cheapest duration: 15000, not 40000.
        row('guest-appearance', 30, 15000),
        row('guest-appearance', 60, 40000),
        row('pitch', 15, 90000),
      ])
      .execute();
    assert.equal(await stored(), 15000);
    await ctx.db
      .updateTable('show_option_prices')
      .set({ price: 50000 })
      .where('show_profile_id', '=', id)
      .where('booking_option_id', '=', option('virtual-interview'))
      .execute();
    assert.equal(await stored(), 50000, 'a raised option becomes the dearest');
    await ctx.db
      .deleteFrom('show_option_prices')
      .where('show_profile_id', '=', id)
      .where('booking_option_id', '=', option('virtual-interview'))
      .execute();
    assert.equal(await stored(), 15000);
  });

  it('follows inserts, updates and deletes, ignoring pitch and miniview prices', async () => {
    const { id } = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('is_public', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('guest_option_prices').where('guest_profile_id', '=', id).execute();
    assert.equal(await storedLowest(id), null, 'no prices: no card price');

    await ctx.db
      .insertInto('guest_option_prices')
      .values([
        {
          guest_profile_id: id,
          booking_option_id: option('virtual-interview'),
          interview_duration: 30,
          price: 9000,
        },
        {
          guest_profile_id: id,
          booking_option_id: option('guest-appearance'),
          interview_duration: 60,
          price: 12000,
        },
        {
          guest_profile_id: id,
          booking_option_id: option('miniview'),
          interview_duration: 15,
          price: 100,
        },
        {
          guest_profile_id: id,
          booking_option_id: option('pitch'),
          interview_duration: 15,
          price: 0,
        },
      ])
      .execute();
    assert.equal(await storedLowest(id), 9000);

    await ctx.db
      .updateTable('guest_option_prices')
      .set({ price: 20000 })
      .where('guest_profile_id', '=', id)
      .where('booking_option_id', '=', option('virtual-interview'))
      .execute();
    assert.equal(await storedLowest(id), 12000, 'raising the cheapest exposes the next one');

    await ctx.db
      .deleteFrom('guest_option_prices')
      .where('guest_profile_id', '=', id)
      .where('booking_option_id', '=', option('guest-appearance'))
      .execute();
    assert.equal(await storedLowest(id), 20000);

    // Moving a price row to another profile refreshes both.
    const other = (
      await ctx.db
        .selectFrom('guest_profiles')
        .select('id')
        .where('id', '<', id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.db.deleteFrom('guest_option_prices').where('guest_profile_id', '=', other).execute();
    await ctx.db
      .updateTable('guest_option_prices')
      .set({ guest_profile_id: other })
      .where('guest_profile_id', '=', id)
      .where('booking_option_id', '=', option('virtual-interview'))
      .execute();
    assert.equal(await storedLowest(id), null);
    assert.equal(await storedLowest(other), 20000);
  });

  it('follows a many-profile statement and profile deletion', async () => {
    const shows = await ctx.db
      .selectFrom('show_profiles')
      .select('id')
      .orderBy('id')
      .limit(5)
      .execute();
    await ctx.db
      .updateTable('show_option_prices')
      .set((eb) => ({ price: eb('price', '+', 100) }))
      .where(
        'show_profile_id',
        'in',
        shows.map((show) => show.id),
      )
      .execute();
    for (const [id, [stored, computed]] of await storedAndComputed('show')) {
      assert.equal(stored, computed, `show ${id}`);
    }
    const [first] = shows;
    assert.ok(first);
    await ctx.db.deleteFrom('show_profiles').where('id', '=', first.id).execute();
    assert.ok(!(await storedAndComputed('show')).has(first.id));
  });

  it('follows the interview prices saved with the availability settings (PUT availability)', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const me = (await client.get('/api/v1/users/me')).json<{ data: User }>().data;
    const guestId = me.guest?.id;
    assert.ok(guestId);
    const current = (await client.get(`/api/v1/guests/${guestId}/availability`)).json<{
      data: AvailabilitySettings;
    }>().data;
    const response = await client.request('PUT', `/api/v1/guests/${guestId}/availability`, {
      body: { ...current, interview_durations: [{ duration: 45, price: 123_400 }] },
    });
    assert.equal(response.statusCode, 200, response.body);
    const [stored, computed] = (await storedAndComputed('guest')).get(guestId) ?? [];
    assert.equal(stored, computed);

    // The list sorts and filters by the new price at once.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/guests?sort=-price&filter[prices]=${Math.floor((stored ?? 0) / 100)}-99999&limit=100`,
    });
    const page = list.json<Paginated<GuestProfile>>();
    const mine = page.data.find((guest) => guest.id === guestId);
    assert.ok(mine, 'listed in its new price range');
    assert.equal(mine.lowest_price, stored);
  });
});
