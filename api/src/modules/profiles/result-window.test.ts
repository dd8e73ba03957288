import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { paginated } from '../../http/pagination';
import { startTestApp, type TestContext } from '../../test/harness';
import { readProfileListQuery } from './list-query';
import { findProfilePage, GUEST_KIND } from './queries';

// The result window of guest and show lists (decision 127): a filtered list counts no further
// than the window, and no page starts past it; an unfiltered one keeps its exact, kept total.
// Tried here with a window of 5 on the demo data (the lists use 1,000).

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const WINDOW = 5;
const read = (query: Record<string, unknown>) => readProfileListQuery(query, 'guest');

async function publicGuests(): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('guest_profiles')
    .select('id')
    .where('is_public', '=', true)
    .execute();
  return rows.map((row) => row.id);
}

describe('the result window of a guest list', () => {
  it('counts a filtered list up to the window, then says it is more', async () => {
    // Every public guest not featured: more than the window in the demo data.
    const filter = { filter: { featured: 'false' } };
    const matching = (
      await ctx.db
        .selectFrom('guest_profiles')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('is_public', '=', true)
        .where('featured', '=', false)
        .executeTakeFirstOrThrow()
    ).n;
    assert.ok(Number(matching) > WINDOW + 1, 'the demo data has enough');

    const first = await findProfilePage(
      ctx.db,
      GUEST_KIND,
      read({ ...filter, limit: '3' }),
      WINDOW,
    );
    assert.deepEqual([first.total, first.capped, first.window], [WINDOW, true, WINDOW]);
    assert.equal(first.ids.length, 3);
    // The second page stops at the window's end; the third starts past it and is empty.
    const second = await findProfilePage(
      ctx.db,
      GUEST_KIND,
      read({ ...filter, limit: '3', page: '2' }),
      WINDOW,
    );
    assert.equal(second.ids.length, WINDOW - 3);
    assert.equal(new Set([...first.ids, ...second.ids]).size, WINDOW, 'no profile twice');
    const third = await findProfilePage(
      ctx.db,
      GUEST_KIND,
      read({ ...filter, limit: '3', page: '3' }),
      WINDOW,
    );
    assert.deepEqual(third.ids, []);

    const meta = paginated(first.ids, first.total, read({ ...filter, limit: '3' }).page, {
      served: first.window,
      capped: first.capped,
    }).meta.pagination;
    assert.deepEqual(meta, {
      total: WINDOW,
      count: 3,
      per_page: 3,
      current_page: 1,
      total_pages: 2,
      total_capped: true,
    });
  });

  it('counts a filtered list inside the window exactly', async () => {
    const page = await findProfilePage(
      ctx.db,
      GUEST_KIND,
      read({ filter: { featured: 'true' } }),
      1_000,
    );
    const featured = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('is_public', '=', true)
      .where('featured', '=', true)
      .execute();
    assert.deepEqual(
      [page.total, page.capped, page.window],
      [featured.length, false, featured.length],
    );
  });

  it('keeps the exact total of an unfiltered list, serving only the window of it', async () => {
    const all = await publicGuests();
    const page = await findProfilePage(ctx.db, GUEST_KIND, read({}), WINDOW);
    assert.deepEqual([page.total, page.capped, page.window], [all.length, false, WINDOW]);
    const meta = paginated(page.ids, page.total, read({}).page, {
      served: page.window,
      capped: page.capped,
    }).meta.pagination;
    assert.equal(meta.total, all.length);
    assert.equal(meta.total_pages, 1, 'the 5 served fit on the first page of 15');
  });

  it('prices an option filter as the list reaches each profile: the same matches either way', async () => {
    // Without a price sort the option's price is worked out per profile (a lateral join); with
    // one, for all at once. Both must find the same profiles.
    const filter = { options: 'virtual-interview', prices: '0-200' };
    const filtered = await findProfilePage(ctx.db, GUEST_KIND, read({ filter, limit: '100' }));
    const sorted = await findProfilePage(
      ctx.db,
      GUEST_KIND,
      read({ filter, sort: 'price', limit: '100' }),
    );
    assert.ok(filtered.total > 0, 'the demo data has guests at that price');
    assert.equal(filtered.total, sorted.total);
    assert.deepEqual([...filtered.ids].sort(), [...sorted.ids].sort());
  });

  it('filters by an option’s price in a list sorted by response too (it answered 500)', async () => {
    const filter = { options: 'virtual-interview', prices: '0-200' };
    const byDefault = await findProfilePage(ctx.db, GUEST_KIND, read({ filter, limit: '100' }));
    const byResponse = await findProfilePage(
      ctx.db,
      GUEST_KIND,
      read({ filter, sort: 'response', limit: '100' }),
    );
    assert.equal(byResponse.total, byDefault.total);
    assert.deepEqual([...byResponse.ids].sort(), [...byDefault.ids].sort());
  });
});
