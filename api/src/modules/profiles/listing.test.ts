import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  GuestProfile,
  MarketplaceProfile,
  OptionPrice,
  Paginated,
  ProfileListType,
} from '../../contract';
import { sql, type RawBuilder } from 'kysely';
import { startTestApp, type TestContext } from '../../test/harness';
import { readProfileListQuery } from './list-query';
import { GUEST_KIND, profileCountQuery, profilePageQuery, SHOW_KIND } from './queries';

// Every filter and sort of GET /guests and GET /shows (spec §2.4, §7), checked against an oracle:
// the whole public list fetched once and filtered or sorted here. A paused owner's profile
// (is_public false) is made to match every filter and must never show up.

/** Guests carry option_prices, shows prices. */
const isGuest = (profile: MarketplaceProfile): profile is GuestProfile =>
  'option_prices' in profile;

let ctx: TestContext;
const hidden: Record<ProfileListType, { id: number; name: string }> = {
  guests: { id: 0, name: '' },
  shows: { id: 0, name: '' },
};
/** Category id -> its subcategory ids. */
const children = new Map<number, number[]>();

async function list(type: ProfileListType, query = ''): Promise<Paginated<MarketplaceProfile>> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${type}${query}` });
  assert.equal(response.statusCode, 200, `${type}${query}: ${response.body}`);
  return response.json();
}

/** Every public profile of the type, default order (the seed has fewer than 100 of each). */
async function everything(type: ProfileListType): Promise<MarketplaceProfile[]> {
  const result = await list(type, '?limit=100');
  assert.ok(result.meta.pagination.total <= 100, 'the oracle needs the whole list on one page');
  return result.data;
}

function pricesOf(profile: MarketplaceProfile): OptionPrice[] {
  return isGuest(profile) ? profile.option_prices : profile.prices;
}

const ids = (profiles: MarketplaceProfile[]) => profiles.map((profile) => profile.id);

/**
 * The plan of a list query with sequential scans priced out: on the small seed a scan is always
 * cheapest, so this asks which index the query *can* use.
 */
async function planOf(query: RawBuilder<unknown>): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await sql<Record<string, string>>`explain ${query}`.execute(trx);
    return plan.rows.map((row) => Object.values(row).join(' ')).join('\n');
  });
}

/** The SQL behind GET /guests or /shows with this query string's parameters. */
function listSql(type: ProfileListType, query: Record<string, unknown>) {
  const kind = type === 'guests' ? GUEST_KIND : SHOW_KIND;
  return profilePageQuery(kind, readProfileListQuery(query, kind.type));
}
const byId = (a: MarketplaceProfile, b: MarketplaceProfile) => a.id - b.id;

before(async () => {
  ctx = await startTestApp();
  const categories = await ctx.db.selectFrom('categories').select(['id', 'parent_id']).execute();
  for (const category of categories) {
    if (category.parent_id === null) continue;
    children.set(category.parent_id, [...(children.get(category.parent_id) ?? []), category.id]);
  }

  // The seed's paused guest, and a show whose owner is paused here, both made to match every
  // flag, rating, category, tag and price filter.
  const guest = await ctx.db
    .selectFrom('guest_profiles')
    .select(['id', 'name', 'user_id'])
    .where('is_public', '=', false)
    .executeTakeFirstOrThrow();
  const show = await ctx.db
    .selectFrom('show_profiles')
    .select(['id', 'name', 'user_id'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  hidden.guests = guest;
  hidden.shows = show;
  await ctx.db
    .updateTable('users')
    .set({ status: 'paused' })
    .where('id', 'in', [guest.user_id, show.user_id])
    .execute();
  await ctx.db
    .updateTable('guest_profiles')
    .set({ is_public: false, featured: true, premium: true, talent: true, avg_rating: '5.00' })
    .where('id', '=', guest.id)
    .execute();
  await ctx.db
    .updateTable('show_profiles')
    .set({ is_public: false, featured: true, premium: true })
    .where('id', '=', show.id)
    .execute();
  await ctx.db
    .updateTable('guest_option_prices')
    .set({ price: 0 })
    .where('guest_profile_id', '=', guest.id)
    .execute();
  await ctx.db
    .updateTable('show_option_prices')
    .set({ price: 0 })
    .where('show_profile_id', '=', show.id)
    .execute();
});
after(() => ctx.close());

for (const type of ['guests', 'shows'] as const) {
  const nameFilter = type === 'guests' ? 'guest_profiles.name' : 'show_profiles.name';

  /** The query's result must be exactly the oracle's, in the default order. */
  async function expectFilter(
    query: string,
    keep: (profile: MarketplaceProfile) => boolean,
    { nonEmpty = true }: { nonEmpty?: boolean } = {},
  ): Promise<MarketplaceProfile[]> {
    const expected = (await everything(type)).filter(keep);
    const actual = await list(type, `${query}&limit=100`);
    assert.deepEqual(ids(actual.data), ids(expected), query);
    assert.equal(actual.meta.pagination.total, expected.length, query);
    if (nonEmpty) assert.ok(expected.length > 0, `${query} should match something`);
    assert.ok(!ids(actual.data).includes(hidden[type].id), `${query} leaks the paused profile`);
    return actual.data;
  }

  describe(`GET /${type} filters`, () => {
    it('never lists the paused profile, which would match otherwise', async () => {
      const all = await everything(type);
      assert.ok(!ids(all).includes(hidden[type].id));
      const query = `?filter[${nameFilter}]=${encodeURIComponent(hidden[type].name)}`;
      assert.ok(!ids((await list(type, query)).data).includes(hidden[type].id));
      // The same query finds it once public: the check above can fail.
      const table = type === 'guests' ? 'guest_profiles' : 'show_profiles';
      await ctx.db
        .updateTable(table)
        .set({ is_public: true })
        .where('id', '=', hidden[type].id)
        .execute();
      try {
        assert.ok(ids((await list(type, query)).data).includes(hidden[type].id));
      } finally {
        await ctx.db
          .updateTable(table)
          .set({ is_public: false })
          .where('id', '=', hidden[type].id)
          .execute();
      }
    });

    it('filter[name]: contains, case-insensitive', async () => {
      const [sample] = await everything(type);
      assert.ok(sample);
      const part = sample.name.slice(1, 5).toUpperCase();
      await expectFilter(`?filter[${nameFilter}]=${encodeURIComponent(part)}`, (profile) =>
        profile.name.toLowerCase().includes(part.toLowerCase()),
      );
    });

    it('filter[prices]: an exact dollar value, 0 being FREE', async () => {
      await expectFilter('?filter[prices]=0', (profile) => profile.lowest_price === 0);
      const priced = (await everything(type)).find((profile) => (profile.lowest_price ?? 0) > 0);
      const dollars = (priced?.lowest_price ?? 0) / 100;
      await expectFilter(
        `?filter[prices]=${dollars}`,
        (profile) => profile.lowest_price === dollars * 100,
      );
    });

    it('filter[prices]: a-b ranges, inclusive, either way round', async () => {
      const inRange = (profile: MarketplaceProfile) =>
        profile.lowest_price !== null &&
        profile.lowest_price >= 5000 &&
        profile.lowest_price <= 25000;
      const forward = await expectFilter('?filter[prices]=50-250', inRange);
      const backward = await list(type, '?filter[prices]=250-50&limit=100');
      assert.deepEqual(ids(backward.data), ids(forward));
    });

    it('filter[prices]: 401 is the open bucket 401-99999', async () => {
      await expectFilter(
        '?filter[prices]=401',
        (profile) => profile.lowest_price !== null && profile.lowest_price >= 40100,
      );
    });

    it('filter[prices]: several values are alternatives', async () => {
      await expectFilter(
        '?filter[prices]=0,100-200',
        (profile) =>
          profile.lowest_price === 0 ||
          (profile.lowest_price !== null &&
            profile.lowest_price >= 10000 &&
            profile.lowest_price <= 20000),
      );
    });

    it('filter[options]: booking option slugs, any of them', async () => {
      for (const slugs of [
        ['virtual-interview'],
        ['guest-appearance'],
        ['virtual-interview', 'guest-appearance'],
      ]) {
        await expectFilter(`?filter[options]=${slugs.join(',')}`, (profile) =>
          pricesOf(profile).some((option) => slugs.includes(option.slug)),
        );
      }
      await expectFilter('?filter[options]=no-such-option', () => false, { nonEmpty: false });
    });

    it('filter[featured] and filter[premium]: true and false', async () => {
      for (const flag of ['featured', 'premium'] as const) {
        await expectFilter(`?filter[${flag}]=true`, (profile) => profile[flag]);
        await expectFilter(`?filter[${flag}]=0`, (profile) => !profile[flag]);
      }
    });

    it('filter[category]: ids, a parent includes its subcategories', async () => {
      // File one profile under a subcategory only: the parent's filter must still find it.
      const [parentId, subIds] = [...children.entries()][0] ?? [0, []];
      const subId = subIds[0] ?? 0;
      const target = (await everything(type)).find(
        (profile) => !profile.categories.some((c) => c.id === parentId || subIds.includes(c.id)),
      );
      assert.ok(target);
      const table = type === 'guests' ? 'guest_profile_categories' : 'show_profile_categories';
      const fk = type === 'guests' ? 'guest_profile_id' : 'show_profile_id';
      await ctx.db
        .insertInto(table)
        .values({ [fk]: target.id, category_id: subId } as never)
        .execute();
      const inFamily = (profile: MarketplaceProfile, id: number) =>
        profile.categories.some((c) => c.id === id || (children.get(id) ?? []).includes(c.id));
      const parent = await expectFilter(`?filter[category]=${parentId}`, (p) =>
        inFamily(p, parentId),
      );
      assert.ok(ids(parent).includes(target.id));
      const sub = await expectFilter(`?filter[category]=${subId}`, (p) => inFamily(p, subId));
      assert.ok(ids(sub).includes(target.id));
      const other = [...children.keys()][1] ?? 0;
      await expectFilter(
        `?filter[category]=${subId},${other}`,
        (p) => inFamily(p, subId) || inFamily(p, other),
      );
    });

    it('filter[tag]: ids or slugs, any of them', async () => {
      const tags = (await everything(type)).flatMap((profile) => profile.tags);
      const [first, second] = [...new Map(tags.map((tag) => [tag.id, tag])).values()];
      assert.ok(first && second);
      await expectFilter(`?filter[tag]=${first.slug}`, (p) =>
        p.tags.some((t) => t.id === first.id),
      );
      await expectFilter(`?filter[tag]=${first.id},${second.slug}`, (p) =>
        p.tags.some((t) => t.id === first.id || t.id === second.id),
      );
    });

    it('combines filters with and', async () => {
      const [parentId] = [...children.keys()];
      const slugs = ['virtual-interview', 'guest-appearance'];
      await expectFilter(
        `?filter[category]=${parentId}&filter[prices]=0-1000&filter[options]=${slugs.join(',')}`,
        (p) =>
          p.categories.some(
            (c) => c.id === parentId || (children.get(parentId ?? 0) ?? []).includes(c.id),
          ) &&
          // With options, one of the chosen options is priced in the range (decision 056).
          pricesOf(p).some((option) => slugs.includes(option.slug) && option.price <= 100000),
      );
    });
  });

  describe(`GET /${type} sorts and pages`, () => {
    it('default: featured first, then by id', async () => {
      const all = await everything(type);
      const expected = [...all].sort(
        (a, b) => Number(b.featured) - Number(a.featured) || a.id - b.id,
      );
      assert.deepEqual(ids(all), ids(expected));
    });

    it('sort=price: cheapest first, profiles without a price last', async () => {
      const all = [...(await everything(type))].sort(byId);
      const expected = all.sort(
        (a, b) => (a.lowest_price ?? Infinity) - (b.lowest_price ?? Infinity) || a.id - b.id,
      );
      const actual = await list(type, '?sort=price&limit=100');
      assert.deepEqual(ids(actual.data), ids(expected));
    });

    it('sort=-price: by the dearest bookable option (the card’s number), unpriced last', async () => {
      const all = [...(await everything(type))].sort(byId);
      const expected = all.sort(
        (a, b) => (dearest(b) ?? -Infinity) - (dearest(a) ?? -Infinity) || a.id - b.id,
      );
      const actual = await list(type, '?sort=-price&limit=100');
      assert.deepEqual(ids(actual.data), ids(expected));
      assert.ok(
        all.some((profile) => dearest(profile) !== profile.lowest_price),
        'the seed should hold profiles whose dearest and cheapest options differ',
      );
    });

    it('sort=-price inside price ranges: the same profiles as sort=price, by the dearest price in a range', async () => {
      for (const tokens of [['101-250'], ['1-100', '401'], ['50-300']]) {
        const ranges = rangesOf(tokens);
        const query = `?filter[prices]=${tokens.join(',')}&limit=100`;
        const cheapestFirst = (await list(type, `${query}&sort=price`)).data;
        const expected = [...cheapestFirst].sort(
          (a, b) =>
            (dearestIn(b, ranges) ?? -Infinity) - (dearestIn(a, ranges) ?? -Infinity) ||
            a.id - b.id,
        );
        const actual = await list(type, `${query}&sort=-price`);
        assert.deepEqual(ids(actual.data), ids(expected), tokens.join(','));
        assert.ok(cheapestFirst.every((profile) => dearestIn(profile, ranges) !== null));
      }
    });

    it('sorts a filtered list, and pages it without gaps', async () => {
      const all = (await list(type, '?sort=-price&filter[prices]=1-99999&limit=100')).data;
      assert.ok(all.length > 12);
      const pages = await Promise.all(
        [1, 2, 3].map((page) =>
          list(type, `?sort=-price&filter[prices]=1-99999&limit=4&page=${page}`),
        ),
      );
      assert.deepEqual(
        pages.flatMap((page) => ids(page.data)),
        ids(all).slice(0, 12),
      );
      assert.equal(pages[1]?.meta.pagination.total_pages, Math.ceil(all.length / 4));
    });

    it('limit: 15 by default, clamped into 1..100', async () => {
      assert.equal((await list(type)).data.length, 15);
      assert.equal((await list(type, '?limit=3')).data.length, 3);
      assert.equal((await list(type, '?limit=500')).meta.pagination.per_page, 100);
    });
  });
}

/**
 * Decision 056 (the card rule of decision 039): with filter[options] a profile's price is that of
 * its chosen options (each option's lowest, as option_prices carries it), narrowed to the active
 * price ranges; -price takes the highest, otherwise the lowest. null: no chosen option counts.
 */
function optionPrice(
  profile: MarketplaceProfile,
  slugs: string[],
  ranges: [number, number][],
  highest: boolean,
): number | null {
  let amounts = pricesOf(profile)
    .filter((option) => slugs.includes(option.slug))
    .map((option) => option.price);
  if (ranges.length) {
    amounts = amounts.filter((cents) => ranges.some(([min, max]) => cents >= min && cents <= max));
  }
  if (!amounts.length) return null;
  return highest ? Math.max(...amounts) : Math.min(...amounts);
}

const BOOKABLE = (option: OptionPrice) => !['pitch', 'miniview'].includes(option.slug);

/** The dearest bookable option price: what a card shows under sort=-price (decision 039). */
function dearest(profile: MarketplaceProfile): number | null {
  const amounts = pricesOf(profile)
    .filter(BOOKABLE)
    .map((option) => option.price);
  return amounts.length ? Math.max(...amounts) : null;
}

/** The dearest bookable option price inside the ranges (-price with a price filter). */
function dearestIn(profile: MarketplaceProfile, ranges: [number, number][]): number | null {
  const amounts = pricesOf(profile)
    .filter(BOOKABLE)
    .map((option) => option.price)
    .filter((cents) => ranges.some(([min, max]) => cents >= min && cents <= max));
  return amounts.length ? Math.max(...amounts) : null;
}

/** filter[prices] tokens in cents, as the API reads them (401 is 401-99999). */
function rangesOf(tokens: string[]): [number, number][] {
  return tokens.map((token) => {
    const [low = 0, high] = token.split('-').map(Number);
    const top = high ?? (low === 401 ? 99_999 : low);
    return [Math.min(low, top) * 100, Math.max(low, top) * 100];
  });
}

const OPTION_SETS = [
  ['virtual-interview'],
  ['guest-appearance'],
  ['virtual-interview', 'guest-appearance'],
];
const PRICE_SETS = [
  ['0'],
  ['1-100'],
  ['101-250'],
  ['251-400'],
  ['401'],
  ['0', '101-250'],
  ['50-300'],
];

for (const type of ['guests', 'shows'] as const) {
  describe(`GET /${type}: price filter and sort by the chosen options`, () => {
    /** Sorted like the API: by the key (missing last), then id. */
    function ordered(
      profiles: MarketplaceProfile[],
      key: (p: MarketplaceProfile) => number | null,
      desc: boolean,
    ) {
      return [...profiles].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x === null || y === null)
          return (x === null ? 1 : 0) - (y === null ? 1 : 0) || a.id - b.id;
        return (desc ? y - x : x - y) || a.id - b.id;
      });
    }

    it('filter[prices] matches a chosen option priced in a range, not the overall lowest price', async () => {
      const all = await everything(type);
      let differs = 0;
      for (const slugs of OPTION_SETS) {
        for (const tokens of PRICE_SETS) {
          const query = `?filter[options]=${slugs.join(',')}&filter[prices]=${tokens.join(',')}`;
          const expected = all.filter(
            (p) => optionPrice(p, slugs, rangesOf(tokens), false) !== null,
          );
          const actual = await list(type, `${query}&limit=100`);
          assert.deepEqual(ids(actual.data), ids(expected), query);
          assert.equal(actual.meta.pagination.total, expected.length, query);
          assert.ok(!ids(actual.data).includes(hidden[type].id), query);
          // The old rule (lowest_price in a range, plus having an option) for comparison.
          const old = all.filter(
            (p) =>
              pricesOf(p).some((option) => slugs.includes(option.slug)) &&
              rangesOf(tokens).some(
                ([min, max]) =>
                  p.lowest_price !== null && p.lowest_price >= min && p.lowest_price <= max,
              ),
          );
          if (ids(old).join() !== ids(expected).join()) differs += 1;
        }
      }
      assert.ok(differs > 0, 'the seed should hold profiles where the two rules differ');
    });

    it('sort=price and -price order by the lowest or highest chosen option price', async () => {
      const all = await everything(type);
      for (const slugs of OPTION_SETS) {
        for (const sort of ['price', '-price'] as const) {
          const desc = sort === '-price';
          const query = `?filter[options]=${slugs.join(',')}&sort=${sort}`;
          const having = all.filter((p) => pricesOf(p).some((o) => slugs.includes(o.slug)));
          const expected = ordered(having, (p) => optionPrice(p, slugs, [], desc), desc);
          assert.deepEqual(
            ids((await list(type, `${query}&limit=100`)).data),
            ids(expected),
            query,
          );
        }
      }
      // Both options: -price must put a profile by its dearer option, price by its cheaper one.
      const both = all.filter(
        (p) =>
          new Set(
            pricesOf(p)
              .filter((o) => OPTION_SETS[2]!.includes(o.slug))
              .map((o) => o.price),
          ).size > 1,
      );
      assert.ok(
        both.length > 0,
        'the seed should hold profiles with two differently priced options',
      );
    });

    it('with options, prices and a price sort together: the card price within the ranges', async () => {
      const all = await everything(type);
      for (const slugs of OPTION_SETS) {
        for (const tokens of [['1-100', '251-400'], ['0', '101-250', '401'], ['50-300']]) {
          for (const sort of ['price', '-price'] as const) {
            const desc = sort === '-price';
            const ranges = rangesOf(tokens);
            const query = `?filter[options]=${slugs.join(',')}&filter[prices]=${tokens.join(',')}&sort=${sort}`;
            const expected = ordered(
              all.filter((p) => optionPrice(p, slugs, ranges, desc) !== null),
              (p) => optionPrice(p, slugs, ranges, desc),
              desc,
            );
            const actual = await list(type, `${query}&limit=100`);
            assert.deepEqual(ids(actual.data), ids(expected), query);
            assert.equal(actual.meta.pagination.total, expected.length, query);
            // Paged the same way, without gaps.
            const pages = await Promise.all(
              [1, 2].map((page) => list(type, `${query}&limit=3&page=${page}`)),
            );
            assert.deepEqual(
              pages.flatMap((page) => ids(page.data)),
              ids(expected).slice(0, 6),
              query,
            );
          }
        }
      }
    });

    it('prices an option filter profile by profile, and a sort by options from the kept prices (migrations 019, 059)', async () => {
      const prices = type === 'guests' ? 'guest_option_prices' : 'show_option_prices';
      const fk = type === 'guests' ? 'guest_profile_id' : 'show_profile_id';
      // Only a filter: each profile's price looked up as the list reaches it (decision 127).
      const filtered = await planOf(
        listSql(type, { filter: { options: 'virtual-interview', prices: '101-250' } }),
      );
      assert.match(filtered, new RegExp(`${prices}\\w*idx|${prices}_\\w*key`), filtered);
      assert.match(filtered, new RegExp(`${fk} = p\\.id`), filtered);
      // A sort by one option, several, or every bookable one inside ranges: the kept prices.
      for (const query of [
        { filter: { options: 'virtual-interview' }, sort: 'price' },
        { filter: { options: 'virtual-interview,guest-appearance' }, sort: '-price' },
        { filter: { prices: '101-250' }, sort: '-price' },
      ]) {
        const plan = await planOf(listSql(type, query));
        assert.match(plan, /option_lowest_prices_\w+/, plan);
        assert.doesNotMatch(plan, new RegExp(prices), plan);
      }
      const index = new RegExp(`${prices}_option_profile_price_idx`);
      // Control: without options or ranges the kept highest_price orders -price (migration 021).
      const plain = await planOf(listSql(type, { sort: '-price' }));
      assert.doesNotMatch(plain, index);
      assert.match(
        plain,
        type === 'guests' ? /guest_profiles_highest_price_idx/ : /show_profiles_highest_price_idx/,
        plain,
      );
    });

    it('options that are not booking prices (pitch, miniview) leave the price to the bookable ones', async () => {
      const all = await everything(type);
      const query = '?filter[options]=miniview,pitch&filter[prices]=0-1000&sort=-price&limit=100';
      // The set as lowest_price decides it; -price orders by the dearest bookable price in range.
      const expected = ordered(
        all.filter(
          (p) =>
            pricesOf(p).some((o) => ['miniview', 'pitch'].includes(o.slug)) &&
            p.lowest_price !== null &&
            p.lowest_price <= 100000,
        ),
        (p) => dearestIn(p, [[0, 100000]]),
        true,
      );
      assert.deepEqual(ids((await list(type, query)).data), ids(expected));
    });
  });
}

describe('GET /guests: guest-only filters', () => {
  const guestOracle = async (query: string, keep: (p: MarketplaceProfile) => boolean) => {
    const expected = (await everything('guests')).filter(keep);
    assert.ok(expected.length > 0, query);
    const actual = await list('guests', `${query}&limit=100`);
    assert.deepEqual(ids(actual.data), ids(expected), query);
    assert.ok(!ids(actual.data).includes(hidden.guests.id));
  };

  it('filter[talent]: the curated talent list', async () => {
    await guestOracle('?filter[talent]=1', (p) => isGuest(p) && p.talent);
    await guestOracle('?filter[talent]=false', (p) => isGuest(p) && !p.talent);
  });

  it('filter[rating]: average rating at least n', async () => {
    for (const rating of [0, 4, 5]) {
      if (rating === 5) {
        const fives = (await everything('guests')).filter((p) => isGuest(p) && p.avg_rating === 5);
        const actual = await list('guests', '?filter[rating]=5&limit=100');
        assert.deepEqual(ids(actual.data), ids(fives));
        continue;
      }
      await guestOracle(
        `?filter[rating]=${rating}`,
        (p) => isGuest(p) && (p.avg_rating ?? 0) >= rating,
      );
    }
  });

  it('filter[name] counts through the trigram index of public names (migration 056)', async () => {
    for (const kind of [GUEST_KIND, SHOW_KIND]) {
      const name = kind === GUEST_KIND ? 'guest_profiles.name' : 'show_profiles.name';
      const count = profileCountQuery(
        kind,
        readProfileListQuery({ filter: { [name]: 'Brooks' } }, kind.type),
      );
      // On the small seed any index of public profiles, then the filter, is cheapest: the
      // others are dropped for the question (rolled back with it), leaving the name's own.
      const plan = await ctx.db
        .transaction()
        .execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          await sql`
            do $$ declare i record; begin
              for i in select indexname from pg_indexes
                where schemaname = current_schema() and tablename = ${sql.lit(kind.table)}
                  and indexname like '%\_idx' and indexname not like '%\_trgm\_idx'
              loop execute format('drop index %I', i.indexname); end loop;
            end $$`.execute(trx);
          const rows = (await sql<Record<string, string>>`explain ${count}`.execute(trx)).rows;
          throw Object.assign(new Error('rolled back'), {
            plan: rows.map((row) => Object.values(row).join(' ')).join('\n'),
          });
        })
        .catch((error: { plan?: string }) => {
          if (error.plan === undefined) throw error;
          return error.plan;
        });
      assert.match(plan, new RegExp(`${kind.table}_name_trgm_idx`), plan);
    }
  });

  it('filter[rating] can use its expression index (migration 018)', async () => {
    for (const rating of ['1', '4', '5']) {
      const plan = await planOf(listSql('guests', { filter: { rating } }));
      assert.match(plan, /guest_profiles_rating_idx/, plan);
    }
    // Control: without the filter the index is not what the plan uses.
    assert.doesNotMatch(await planOf(listSql('guests', {})), /guest_profiles_rating_idx/);
  });

  it('rejects a rating outside 0..5 with 422', async () => {
    for (const query of ['?filter[rating]=6', '?filter[rating]=-1', '?filter[rating]=four']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/guests${query}` });
      assert.equal(response.statusCode, 422, query);
      assert.ok(response.json().errors['filter.rating'], query);
    }
  });

  it('shows take neither filter (422)', async () => {
    for (const query of ['?filter[rating]=4', '?filter[talent]=1']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/shows${query}` });
      assert.equal(response.statusCode, 422, query);
    }
  });
});

describe('bad price and option filters', () => {
  it('answer 422 with the field, never 500', async () => {
    for (const type of ['guests', 'shows']) {
      for (const [query, field] of [
        ['?filter[prices]=1-2-3', 'filter.prices'],
        ['?filter[prices]=-5', 'filter.prices'],
        ['?filter[prices]=1234567', 'filter.prices'],
        ['?filter[options]=Bad Slug', 'filter.options'],
        ['?filter[tag]=a%20b', 'filter.tag'],
        ['?sort=-name,price', 'sort'],
      ] as const) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${type}${query}` });
        assert.equal(response.statusCode, 422, `${type}${query}`);
        assert.ok(response.json().errors[field], `${type}${query}: ${response.body}`);
      }
    }
  });
});

describe('empty and unmatchable list filters', () => {
  it('treat a list with nothing but blanks as not given (200, the unfiltered list)', async () => {
    for (const type of ['guests', 'shows'] as const) {
      const all = ids(await everything(type));
      for (const query of [
        '?filter[tag]=,',
        '?filter[category]=,',
        '?filter[prices]=,',
        '?filter[options]=,',
        '?filter[tag]=,%20,,&filter[category]=%20&filter[prices]=,,&filter[options]=%20,%20',
        '?filter[tag][]=&filter[tag][]=,',
      ]) {
        const actual = await list(type, `${query}&limit=100`);
        assert.deepEqual(ids(actual.data), all, `${type}${query}`);
      }
      // A blank part next to real ones is dropped.
      const sorted = await list(type, '?sort=price&limit=100');
      assert.deepEqual(
        ids((await list(type, '?sort=price&filter[prices]=,0-99999,&limit=100')).data),
        ids(sorted.data.filter((profile) => profile.lowest_price !== null)),
      );
    }
  });

  it('let a tag token that names no tag match nothing (200, empty), alone or beside others', async () => {
    for (const type of ['guests', 'shows'] as const) {
      for (const token of ['1234567890', '99999999999999999999', '0']) {
        const response = await list(type, `?filter[tag]=${token}`);
        assert.deepEqual(response.data, [], `${type} ${token}`);
        assert.equal(response.meta.pagination.total, 0);
      }
      const tags = (await everything(type)).flatMap((profile) => profile.tags);
      const [tag] = tags;
      assert.ok(tag);
      const alone = await list(type, `?filter[tag]=${tag.slug}&limit=100`);
      const beside = await list(type, `?filter[tag]=1234567890,${tag.slug}&limit=100`);
      assert.ok(alone.data.length > 0);
      assert.deepEqual(ids(beside.data), ids(alone.data));
    }
  });

  it('still answer 422 with the field for malformed tokens', async () => {
    for (const type of ['guests', 'shows'] as const) {
      for (const [query, field] of [
        ['?filter[prices]=abc', 'filter.prices'],
        ['?filter[prices]=,abc,', 'filter.prices'],
        ['?filter[category]=x', 'filter.category'],
        ['?filter[category]=,0', 'filter.category'],
        ['?filter[category]=1234567890123', 'filter.category'],
        ['?filter[options]=,Bad Slug', 'filter.options'],
        ['?filter[tag]=,a%20b', 'filter.tag'],
      ] as const) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${type}${query}` });
        assert.equal(response.statusCode, 422, `${type}${query}: ${response.body}`);
        assert.ok(response.json().errors[field], `${type}${query}: ${response.body}`);
      }
    }
  });
});

describe('the total of an unfiltered list (migration 057)', () => {
  const listed = async (type: 'guests' | 'shows') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${type}?limit=1` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ meta: { pagination: { total: number } } }>().meta.pagination.total;
  };
  const counted = async (table: 'guest_profiles' | 'show_profiles') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('is_public', '=', true)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const assertKept = async (step: string) => {
    assert.equal(await listed('guests'), await counted('guest_profiles'), `${step}: guests`);
    assert.equal(await listed('shows'), await counted('show_profiles'), `${step}: shows`);
  };

  it('is the kept number of public profiles, through inserts, hiding, showing and deletes of many at once', async () => {
    await assertKept('seeded');
    const owners = await ctx.db
      .insertInto('users')
      .values(
        [1, 2, 3].map((n) => ({
          first_name: 'Total',
          last_name: `Test ${n}`,
          email: `total-test-${n}@example.test`,
          password_hash: 'x',
        })),
      )
      .returning('id')
      .execute();
    try {
      const guests = await ctx.db
        .insertInto('guest_profiles')
        .values(
          owners.map((owner, n) => ({
            user_id: owner.id,
            slug: `total-test-${n}`,
            name: `Total Test ${n}`,
            is_public: n < 2,
          })),
        )
        .returning('id')
        .execute();
      await ctx.db
        .insertInto('show_profiles')
        .values({
          user_id: owners[0]!.id,
          slug: 'total-test-show',
          name: 'Total Show',
          is_public: true,
        })
        .execute();
      await assertKept('three guests (two public) and a show added');
      const ids = guests.map((guest) => guest.id);
      await ctx.db
        .updateTable('guest_profiles')
        .set({ is_public: false })
        .where('id', 'in', ids)
        .execute();
      await assertKept('all three hidden');
      await ctx.db
        .updateTable('guest_profiles')
        .set({ is_public: true })
        .where('id', 'in', ids)
        .execute();
      await ctx.db
        .updateTable('guest_profiles')
        .set({ name: 'Renamed' })
        .where('id', 'in', ids)
        .execute();
      await assertKept('all three shown, then renamed');
      await ctx.db.deleteFrom('guest_profiles').where('id', 'in', ids.slice(1)).execute();
      await assertKept('two deleted');
    } finally {
      await ctx.db
        .deleteFrom('users')
        .where('email', 'like', 'total-test-%@example.test')
        .execute();
    }
    await assertKept('as before');
  });
});
