import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GuestProfile, Paginated } from '../../contract';
import { DEMO_ACCOUNTS, GUEST_PROFILE_COUNT } from '../../db/seed/seed';
import { signedIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let publicCount: number;
before(async () => {
  ctx = await startTestApp();
  const row = await ctx.db
    .selectFrom('guest_profiles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_public', '=', true)
    .executeTakeFirstOrThrow();
  publicCount = Number(row.n);
});
after(() => ctx.close());

async function list(query = ''): Promise<Paginated<GuestProfile>> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/guests${query}` });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

describe('GET /guests', () => {
  it('pages 15 at a time with the pagination meta', async () => {
    assert.equal(
      publicCount,
      GUEST_PROFILE_COUNT - 1,
      'one seeded profile is private (paused account)',
    );
    const first = await list();
    assert.equal(first.data.length, 15);
    assert.deepEqual(first.meta.pagination, {
      total: publicCount,
      count: 15,
      per_page: 15,
      current_page: 1,
      total_pages: Math.ceil(publicCount / 15),
      total_capped: false,
    });
    const last = await list(`?page=${Math.ceil(publicCount / 15)}`);
    assert.equal(last.meta.pagination.count, publicCount % 15 || 15);
    const beyond = await list('?page=99');
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond.meta.pagination.total, publicCount);
  });

  it('pages without repeats or gaps in the default order (featured first)', async () => {
    const seen: GuestProfile[] = [];
    for (let page = 1; page <= Math.ceil(publicCount / 15); page += 1) {
      seen.push(...(await list(`?page=${page}`)).data);
    }
    assert.equal(new Set(seen.map((guest) => guest.id)).size, publicCount);
    const firstNotFeatured = seen.findIndex((guest) => !guest.featured);
    assert.ok(seen.slice(firstNotFeatured).every((guest) => !guest.featured));
  });

  it('clamps limit into 1..100', async () => {
    assert.equal((await list('?limit=5')).meta.pagination.per_page, 5);
    assert.equal((await list('?limit=1000')).meta.pagination.per_page, 100);
    assert.equal((await list('?limit=1000')).data.length, publicCount);
    assert.equal((await list('?limit=0')).meta.pagination.per_page, 1);
  });

  it('filters by name, case-insensitively, contains', async () => {
    const result = await list('?filter[guest_profiles.name]=BROOK');
    assert.deepEqual(
      result.data.map((guest) => guest.name),
      ['Maya Brooks'],
    );
    assert.equal(result.meta.pagination.total, 1);
    const none = await list(`?filter[guest_profiles.name]=${encodeURIComponent('%_')}`);
    assert.equal(none.meta.pagination.total, 0, 'LIKE wildcards are taken literally');
  });

  it('filters by category (a parent includes its subcategories), featured, premium and talent', async () => {
    const [business] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/categories' })).json()
      .data;
    const inBusiness = await list(`?filter[category]=${business.id}&limit=100`);
    assert.equal(inBusiness.meta.pagination.total, business.counts.guests);
    for (const flag of ['featured', 'premium', 'talent'] as const) {
      const flagged = await list(`?filter[${flag}]=true&limit=100`);
      assert.ok(flagged.data.length > 0, flag);
      assert.ok(
        flagged.data.every((guest) => guest[flag]),
        flag,
      );
      const unflagged = await list(`?filter[${flag}]=0&limit=100`);
      assert.equal(flagged.meta.pagination.total + unflagged.meta.pagination.total, publicCount);
    }
  });

  it('filters by tag (id or slug) and booking option', async () => {
    const bySlug = await list('?filter[tag]=Startups&limit=100');
    assert.ok(bySlug.data.length > 0);
    assert.ok(bySlug.data.every((guest) => guest.tags.some((tag) => tag.slug === 'startups')));
    const tagId = bySlug.data[0]?.tags.find((tag) => tag.slug === 'startups')?.id;
    const byId = await list(`?filter[tag]=${tagId}&limit=100`);
    assert.equal(byId.meta.pagination.total, bySlug.meta.pagination.total);
    const withOption = await list('?filter[options]=guest-appearance&limit=100');
    assert.ok(withOption.data.length > 0);
    assert.ok(
      withOption.data.every((guest) =>
        guest.option_prices.some((o) => o.slug === 'guest-appearance'),
      ),
    );
  });

  it('filters by price buckets in dollars (0 is FREE)', async () => {
    const free = await list('?filter[prices]=0&limit=100');
    assert.ok(free.data.length > 0);
    assert.ok(free.data.every((guest) => guest.lowest_price === 0));
    const mid = await list('?filter[prices]=50-150&limit=100');
    assert.ok(
      mid.data.every(
        (g) => g.lowest_price !== null && g.lowest_price >= 5000 && g.lowest_price <= 15000,
      ),
    );
  });

  it('sorts by price both ways, and by name', async () => {
    const ascending = (await list('?sort=price&limit=100')).data.map(
      (g) => g.lowest_price ?? Infinity,
    );
    assert.deepEqual(
      ascending,
      [...ascending].sort((a, b) => a - b),
    );
    // -price orders by the dearest bookable option, the number its card shows (decision 061).
    const descending = (await list('?sort=-price&limit=100')).data.map((g) =>
      Math.max(
        ...g.option_prices
          .filter((option) => !['pitch', 'miniview'].includes(option.slug))
          .map((option) => option.price),
        -Infinity,
      ),
    );
    assert.deepEqual(
      descending,
      [...descending].sort((a, b) => b - a),
    );
    const names = (await list('?sort=name&limit=100')).data.map((g) => g.name.toLowerCase());
    assert.deepEqual(names, [...names].sort());
  });

  it('answers 422, never 500, to bad query input', async () => {
    const bad = [
      ['?page=abc', 'page'],
      ['?page=0', 'page'],
      ['?page[]=1', 'page'],
      ['?limit=ten', 'limit'],
      ['?sort=rating', 'sort'],
      ['?filter[bogus]=1', 'filter'],
      ['?filter=flat', 'filter'],
      ['?filter[featured]=maybe', 'filter.featured'],
      ['?filter[category]=1,abc', 'filter.category'],
      ['?filter[prices]=cheap', 'filter.prices'],
      ['?filter[guest_profiles.name][x]=1', 'filter.guest_profiles.name'],
      [`?filter[guest_profiles.name]=${'x'.repeat(300)}`, 'filter.guest_profiles.name'],
      ['?page=99999999999999999999', 'page'],
      ['?filter[guest_profiles.name]=%00', 'filter.guest_profiles.name'],
    ] as const;
    for (const [query, field] of bad) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/guests${query}` });
      assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
      const body = response.json();
      assert.ok(body.errors[field], `${query} reports ${field}: ${response.body}`);
      assert.equal(body.message, Object.values<string[]>(body.errors)[0]?.[0]);
    }
  });

  it('answers one 422 that names every bad parameter, in the readers’ order and words', async () => {
    const query = [
      'filter[rating]=9',
      'filter[prices]=abc',
      'filter[tag]=a%20b',
      'filter[options]=Bad%20Slug',
      'filter[featured]=maybe',
      'filter[category]=1,abc',
      'filter[guest_profiles.name]=%00',
      'filter[bogus]=1',
      'sort=rating',
      'page=0',
    ].join('&');
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/guests?${query}` });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The page field must be at least 1.',
      errors: {
        page: ['The page field must be at least 1.'],
        sort: ['The selected sort is invalid.'],
        filter: ['The filter.bogus filter is not allowed.'],
        'filter.guest_profiles.name': ['The filter.guest profiles.name field must be a string.'],
        'filter.category': ['The filter.category field must be a list of ids.'],
        'filter.featured': ['The filter.featured field must be true or false.'],
        'filter.rating': ['The filter.rating field must not be greater than 5.'],
        'filter.options': ['The filter.options field must hold booking option slugs.'],
        'filter.tag': ['The filter.tag field must hold tag ids or slugs.'],
        'filter.prices': [
          'The filter.prices field must hold prices or ranges such as 0 or 100-250.',
        ],
      },
    });
  });

  it('keeps prices in the payload for visitors and marks nothing as favourited', async () => {
    const result = await list('?filter[guest_profiles.name]=Maya Brooks');
    const [maya] = result.data;
    assert.ok(maya);
    assert.equal(maya.is_favourited, false);
    assert.ok(maya.option_prices.length > 0);
    // 30 minutes of virtual interview; the cheaper miniview option is not a booking price.
    assert.equal(maya.lowest_price, 7500);
    assert.ok(
      maya.option_prices.some((option) => option.slug === 'miniview' && option.price === 3000),
    );
    assert.equal(maya.type, 'guest');
    assert.equal(maya.imageUrl, `/api/v1/images/guests/${maya.id}.svg`);
    assert.match(maya.color, /^#[0-9a-f]{6}$/i);
  });

  it('marks the signed-in user’s favourites', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await client.get('/api/v1/guests?filter[guest_profiles.name]=Maya');
    const maya = (response.json() as Paginated<GuestProfile>).data.find(
      (g) => g.name === 'Maya Brooks',
    );
    assert.equal(maya?.is_favourited, true);
  });
});

describe('GET /guests/:id', () => {
  it('finds a profile by id or by slug', async () => {
    const [first] = (await list()).data;
    assert.ok(first);
    for (const key of [String(first.id), first.slug]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/guests/${key}` });
      assert.equal(response.statusCode, 200);
      // The detail is the list item plus the profile page's fields (decision 043).
      const { experience, topics, questions, reviews_count, profile_reach, ...card } =
        response.json().data;
      assert.deepEqual(card, first);
      assert.ok(Array.isArray(experience) && Array.isArray(topics) && Array.isArray(questions));
      assert.ok(Array.isArray(profile_reach));
      assert.equal(typeof reviews_count, 'number');
    }
  });

  it('answers 404 JSON for unknown, malformed or private profiles', async () => {
    const hidden = await ctx.db
      .selectFrom('guest_profiles')
      .select(['id', 'user_id'])
      .where('is_public', '=', false)
      .executeTakeFirstOrThrow();
    for (const key of ['999999', 'no-such-guest', '99999999999999', '%00', String(hidden.id)]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/guests/${key}` });
      assert.equal(response.statusCode, 404, key);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    }
  });

  it('answers 422 to an include it does not know (404 first for a malformed key)', async () => {
    const [first] = (await list()).data;
    assert.ok(first);
    const allowed = 'The selected include is invalid. Allowed: links, booking_options.';
    for (const [include, message] of [
      ['links,bogus', allowed],
      ['LINKS', allowed],
      ['x'.repeat(201), 'The include field must not be greater than 200 characters.'],
      ['%00', 'The include field must be a string.'],
    ] as const) {
      const url: string = `/api/v1/guests/${first.slug}?include=${include}`;
      const response = await ctx.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 422, include);
      assert.deepEqual(response.json(), { message, errors: { include: [message] } });
    }
    const fine = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/guests/${first.id}?include=%20links%20,,booking_options`,
    });
    assert.equal(fine.statusCode, 200);
    assert.ok(Array.isArray(fine.json().data.booking_options));
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/guests/0?include=bogus',
    });
    assert.equal(malformed.statusCode, 404);
  });
});
