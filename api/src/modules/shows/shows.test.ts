import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Paginated, ShowProfile } from '../../contract';
import { DEMO_ACCOUNTS, SHOW_PROFILE_COUNT } from '../../db/seed/seed';
import { signedIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

async function list(query = ''): Promise<Paginated<ShowProfile>> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/shows${query}` });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

describe('GET /shows', () => {
  it('pages 15 at a time with the pagination meta', async () => {
    const first = await list();
    assert.deepEqual(first.meta.pagination, {
      total: SHOW_PROFILE_COUNT,
      count: 15,
      per_page: 15,
      current_page: 1,
      total_pages: Math.ceil(SHOW_PROFILE_COUNT / 15),
      total_capped: false,
    });
    const second = await list('?page=2&limit=10');
    assert.equal(second.meta.pagination.current_page, 2);
    assert.equal(second.meta.pagination.total_pages, Math.ceil(SHOW_PROFILE_COUNT / 10));
    const firstTen = await list('?limit=10');
    const overlap = second.data.filter((show) =>
      firstTen.data.some((other) => other.id === show.id),
    );
    assert.deepEqual(overlap, []);
  });

  it('filters by name, case-insensitively', async () => {
    const result = await list('?filter[show_profiles.name]=morning');
    assert.deepEqual(
      result.data.map((show) => show.name),
      ['Morning Momentum'],
    );
  });

  it('returns the ShowProfile shape', async () => {
    const [show] = (await list('?filter[show_profiles.name]=Morning Momentum')).data;
    assert.ok(show);
    assert.deepEqual(Object.keys(show).sort(), [
      'categories',
      'color',
      'coverImageUrl',
      'coverImageUuid',
      'description',
      'featured',
      'id',
      'imageUrl',
      'imageUuid',
      'is_favourited',
      'lowest_price',
      'name',
      'pitch_settings',
      'platform_stats',
      'platform_type',
      'premium',
      'prices',
      'remove_branding',
      'reputation',
      'slug',
      'tags',
      'type_urls',
      'types',
      'user_id',
    ]);
    assert.ok(show.platform_stats.length > 0 && show.platform_stats.length <= 3);
    assert.ok(show.types.length > 0);
    // The demo show links its page on each of its types (seeded), in the order of types.
    assert.deepEqual(
      show.type_urls.map((link) => link.type_id),
      show.types.map((type) => type.id),
    );
    assert.ok(show.type_urls.every((link) => /^https:\/\/\S+$/.test(link.url)));
    assert.equal(show.coverImageUrl, `/api/v1/images/show-covers/${show.id}.svg`);
  });

  it('rejects guest-only filters and bad sorts with 422', async () => {
    for (const query of [
      '?filter[talent]=1',
      '?filter[guest_profiles.name]=x',
      '?sort=price,name',
      '?limit=-',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/shows${query}` });
      assert.equal(response.statusCode, 422, query);
    }
  });

  it('refuses the guest-only filters but still reports their bad values, as the reader did', async () => {
    const query = 'filter[rating]=9&filter[talent]=x&filter[bogus]=1&filter[premium]=x';
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/shows?${query}` });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The filter.rating filter is not allowed.',
      errors: {
        filter: [
          'The filter.rating filter is not allowed.',
          'The filter.talent filter is not allowed.',
          'The filter.bogus filter is not allowed.',
        ],
        'filter.premium': ['The filter.premium field must be true or false.'],
        'filter.talent': ['The filter.talent field must be true or false.'],
        'filter.rating': ['The filter.rating field must not be greater than 5.'],
      },
    });
  });

  it('marks favourites for the signed-in user only', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const mine = (await client.get('/api/v1/shows?filter[show_profiles.name]=Morning')).json();
    assert.equal(mine.data[0].is_favourited, true);
    const visitor = await list('?filter[show_profiles.name]=Morning');
    assert.equal(visitor.data[0]?.is_favourited, false);
  });
});

describe('GET /shows/:id', () => {
  it('finds a show by id or slug and answers 404 JSON otherwise', async () => {
    const [first] = (await list()).data;
    assert.ok(first);
    // The detail is the list item plus the review summary (decision 043).
    for (const key of [first.id, first.slug]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/shows/${key}` });
      const { avg_rating, reviews_count, rephonic_id, profile_stats, ...card } =
        response.json().data;
      assert.deepEqual(card, first);
      // The stat slots with their verification state (decision 097); the card keeps platform_stats.
      assert.ok(Array.isArray(profile_stats));
      assert.ok(avg_rating === null || typeof avg_rating === 'number');
      assert.equal(typeof reviews_count, 'number');
      assert.ok(rephonic_id === null || typeof rephonic_id === 'string');
    }
    // rephonic_id is the stored one (seeded for the first demo shows), null otherwise.
    const stored = await ctx.db
      .selectFrom('show_profiles')
      .select(['id', 'rephonic_id'])
      .orderBy('id')
      .execute();
    const linked = stored.find((row) => row.rephonic_id !== null);
    const unlinked = stored.find((row) => row.rephonic_id === null);
    assert.ok(linked && unlinked);
    for (const row of [linked, unlinked]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/shows/${row.id}` });
      assert.equal(response.json().data.rephonic_id, row.rephonic_id);
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/shows/no-such-show' });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { message: 'Not found.' });
  });
});
