import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestApp, type TestContext } from '../../../test/harness';

// The kept lowest price per profile and option (migration 059, decision 127) that sorts a list
// by one option's price: after statements of many rows of every kind, on both kinds of profile,
// it equals the prices' own minimum (the definition), row for row.

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

type Row = { profile_type: string; profile_id: number; booking_option_id: number; price: number };

async function kept(): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select profile_type, profile_id, booking_option_id, price from option_lowest_prices
    order by 1, 2, 3`.execute(ctx.db);
  return rows;
}

async function fresh(): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select * from (
      select 'guest' as profile_type, guest_profile_id as profile_id, booking_option_id,
             min(price)::int as price
      from guest_option_prices group by 2, 3
      union all
      select 'show', show_profile_id, booking_option_id, min(price)::int
      from show_option_prices group by 2, 3
    ) f order by 1, 2, 3`.execute(ctx.db);
  return rows;
}

describe('option_lowest_prices', () => {
  it('starts equal to the prices’ minimum (the seed’s prices, filled by the migration)', async () => {
    const rows = await kept();
    assert.ok(rows.length > 10, 'the demo data prices options');
    assert.deepEqual(rows, await fresh());
  });

  it('follows inserts, updates and deletes of many rows at once, for guests and shows', async () => {
    const option = await ctx.db
      .selectFrom('booking_options')
      .select('id')
      .where('slug', '=', 'guest-appearance')
      .executeTakeFirstOrThrow();
    const guests = (
      await ctx.db.selectFrom('guest_profiles').select('id').orderBy('id').limit(6).execute()
    ).map((row) => row.id);
    const shows = (
      await ctx.db.selectFrom('show_profiles').select('id').orderBy('id').limit(4).execute()
    ).map((row) => row.id);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('guest_option_prices')
        .where('guest_profile_id', 'in', guests)
        .where('booking_option_id', '=', option.id)
        .execute();
      // Two durations each: the lower one is the option's price.
      await trx
        .insertInto('guest_option_prices')
        .values(
          guests.flatMap((id, index) => [
            {
              guest_profile_id: id,
              booking_option_id: option.id,
              interview_duration: 30,
              price: 1000 + index,
            },
            {
              guest_profile_id: id,
              booking_option_id: option.id,
              interview_duration: 60,
              price: 900 + index,
            },
          ]),
        )
        .execute();
    });
    assert.deepEqual(await kept(), await fresh());

    // A price raised above the other duration's: the other becomes the lowest.
    await ctx.db
      .updateTable('guest_option_prices')
      .set({ price: sql`price + 500` })
      .where('guest_profile_id', 'in', guests.slice(0, 3))
      .where('interview_duration', '=', 60)
      .where('booking_option_id', '=', option.id)
      .execute();
    assert.deepEqual(await kept(), await fresh());
    const first = (await kept()).find(
      (row) =>
        row.profile_type === 'guest' &&
        row.profile_id === guests[0] &&
        row.booking_option_id === option.id,
    );
    assert.equal(first?.price, 1000);

    // The last price of an option gone: no row for it.
    await ctx.db
      .deleteFrom('guest_option_prices')
      .where('guest_profile_id', '=', guests[5]!)
      .where('booking_option_id', '=', option.id)
      .execute();
    assert.ok(
      !(await kept()).some(
        (row) =>
          row.profile_type === 'guest' &&
          row.profile_id === guests[5] &&
          row.booking_option_id === option.id,
      ),
    );
    assert.deepEqual(await kept(), await fresh());

    await ctx.db
      .updateTable('show_option_prices')
      .set({ price: sql`price * 2` })
      .where('show_profile_id', 'in', shows)
      .execute();
    await ctx.db
      .deleteFrom('show_option_prices')
      .where('show_profile_id', '=', shows[0]!)
      .execute();
    assert.deepEqual(await kept(), await fresh());
  });
});
