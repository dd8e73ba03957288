import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../../db/seed/seed';
import {
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
  userIdOf,
} from '../../../test/harness';
import { CONNECT_PAGE_LIMIT, EXPLORE_GUESTS_FORBIDDEN, EXPLORE_SHOWS_FORBIDDEN } from './routes';
import { PRO_ONLY_MESSAGE } from '../../auth/require-user';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

interface Candidate {
  id: number;
  user_id: number;
  type: 'guest' | 'show';
  categories: { id: number }[];
  tags: { id: number }[];
  reach: { label: string; value: string }[];
}

const userId = (email: string) => userIdOf(ctx.db, email);

async function proGuestInterests() {
  const pro = await userId(DEMO_ACCOUNTS.pro);
  const guest = await ctx.db
    .selectFrom('guest_profiles')
    .select('id')
    .where('user_id', '=', pro)
    .executeTakeFirstOrThrow();
  const categories = await ctx.db
    .selectFrom('guest_profile_categories')
    .innerJoin('categories', 'categories.id', 'guest_profile_categories.category_id')
    .select(['categories.id', 'categories.parent_id'])
    .where('guest_profile_id', '=', guest.id)
    .execute();
  const tags = await ctx.db
    .selectFrom('guest_profile_tags')
    .select('tag_id')
    .where('guest_profile_id', '=', guest.id)
    .execute();
  return {
    categoryIds: new Set(categories.flatMap((row) => [row.id, row.parent_id ?? row.id])),
    tagIds: new Set(tags.map((row) => row.tag_id)),
  };
}

/** Every candidate (all pages) the client is offered. */
async function allCandidates(client: TestClient, path: string): Promise<Candidate[]> {
  const found: Candidate[] = [];
  for (let page = 1; page < 20; page += 1) {
    const response = await client.get(`/api/v1/${path}/connect-candidates?page=${page}`);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    found.push(...body.data);
    if (page >= body.meta.pagination.total_pages) break;
  }
  return found;
}

beforeEach(async () => {
  await ctx.db.deleteFrom('connect_guest_rejections').execute();
  await ctx.db.deleteFrom('connect_show_rejections').execute();
});

describe('GET /{guests|shows}/connect-candidates: who may explore', () => {
  it('asks visitors to sign in', async () => {
    const client = new TestClient(ctx.app);
    assert.equal((await client.get('/api/v1/shows/connect-candidates')).statusCode, 401);
    assert.equal((await client.get('/api/v1/guests/connect-candidates')).statusCode, 401);
  });

  it('answers 426 with the PRO message to standard accounts', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const response = await client.get('/api/v1/shows/connect-candidates');
    assert.equal(response.statusCode, 426);
    assert.deepEqual(response.json(), { message: PRO_ONLY_MESSAGE });
  });

  it('offers shows only to guest owners and guests only to show owners', async () => {
    const guestOwner = await userId(DEMO_ACCOUNTS.guest);
    await ctx.db
      .updateTable('users')
      .set({ account_type: 'pro' })
      .where('id', '=', guestOwner)
      .execute();
    try {
      const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
      assert.equal((await client.get('/api/v1/shows/connect-candidates')).statusCode, 200);
      const guests = await client.get('/api/v1/guests/connect-candidates');
      assert.equal(guests.statusCode, 403);
      assert.equal(guests.json().message, EXPLORE_GUESTS_FORBIDDEN);
      const reject = await client.post('/api/v1/guests/reject-connect-candidate', {
        guest_profile_id: 1,
      });
      assert.equal(reject.statusCode, 403);
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ account_type: 'standard' })
        .where('id', '=', guestOwner)
        .execute();
    }
    const showOwner = await userId(DEMO_ACCOUNTS.show);
    await ctx.db
      .updateTable('users')
      .set({ account_type: 'pro' })
      .where('id', '=', showOwner)
      .execute();
    try {
      const client = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
      assert.equal((await client.get('/api/v1/guests/connect-candidates')).statusCode, 200);
      const shows = await client.get('/api/v1/shows/connect-candidates');
      assert.equal(shows.statusCode, 403);
      assert.equal(shows.json().message, EXPLORE_SHOWS_FORBIDDEN);
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ account_type: 'standard' })
        .where('id', '=', showOwner)
        .execute();
    }
  });
});

describe('GET /shows/connect-candidates: what is offered', () => {
  it('pages 10 public shows that share the user’s interests, best match first, with reach', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await client.get('/api/v1/shows/connect-candidates');
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.meta.pagination.per_page, CONNECT_PAGE_LIMIT);
    assert.equal(body.meta.pagination.current_page, 1);
    assert.ok(body.data.length > 0 && body.data.length <= CONNECT_PAGE_LIMIT);

    const all = await allCandidates(client, 'shows');
    assert.equal(all.length, body.meta.pagination.total);
    assert.equal(new Set(all.map((show) => show.id)).size, all.length, 'no show twice');
    // The server's relevance: 2 per category matching an interest (itself, its parent or its
    // subcategory), 1 per shared tag; every candidate matches something, best first.
    const { categoryIds, tagIds } = await proGuestInterests();
    const categoryRows = await ctx.db
      .selectFrom('categories')
      .select(['id', 'parent_id'])
      .execute();
    const parentOf = new Map(categoryRows.map((row) => [row.id, row.parent_id]));
    const matches = (id: number) => categoryIds.has(id) || categoryIds.has(parentOf.get(id) ?? -1);
    const score = (show: Candidate) =>
      2 * show.categories.filter((category) => matches(category.id)).length +
      show.tags.filter((tag) => tagIds.has(tag.id)).length;
    const scores = all.map(score);
    assert.ok(
      scores.every((value) => value > 0),
      `every candidate matches: ${scores}`,
    );
    for (let index = 1; index < scores.length; index += 1) {
      assert.ok(scores[index - 1]! >= scores[index]!, `ordered by relevance: ${scores}`);
    }
    // Reach: the stats on a show's card come with it.
    assert.ok(all.some((show) => show.reach.length > 0));
  });

  it("never offers the user's own shows, smartlisted shows or paused owners' shows", async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const me = await userId(DEMO_ACCOUNTS.pro);
    const first = await allCandidates(client, 'shows');
    assert.ok(first.length >= 3, 'enough candidates for the test');
    assert.ok(first.every((show) => show.user_id !== me));

    const smartlisted = await ctx.db
      .selectFrom('smartlist_items')
      .select('profile_id')
      .where('user_id', '=', me)
      .where('type', '=', 'show')
      .where('profile_id', 'is not', null)
      .execute();
    for (const row of smartlisted) assert.ok(!first.some((show) => show.id === row.profile_id));

    // Added to the wishlist now: gone from the candidates.
    const [added, paused] = first;
    const add = await client.post(`/api/v1/users/${me}/smartlist`, {
      type: 'show',
      name: 'From connect',
      profile_id: added!.id,
    });
    assert.equal(add.statusCode, 201, add.body);
    // Its owner pauses their account: their profiles turn private.
    await ctx.db
      .updateTable('show_profiles')
      .set({ is_public: false })
      .where('id', '=', paused!.id)
      .execute();
    try {
      const after = await allCandidates(client, 'shows');
      assert.equal(after.length, first.length - 2);
      assert.ok(!after.some((show) => show.id === added!.id));
      assert.ok(!after.some((show) => show.id === paused!.id));
    } finally {
      await ctx.db
        .updateTable('show_profiles')
        .set({ is_public: true })
        .where('id', '=', paused!.id)
        .execute();
      await ctx.db
        .deleteFrom('smartlist_items')
        .where('user_id', '=', me)
        .where('profile_id', '=', added!.id)
        .where('type', '=', 'show')
        .execute();
    }
  });

  it('leaves out the ids the client already holds (exclude) and takes interests from the query', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const page = (await client.get('/api/v1/shows/connect-candidates?limit=3')).json();
    assert.equal(page.data.length, 3);
    const held = page.data.map((show: Candidate) => show.id);
    const next = await client.get(
      `/api/v1/shows/connect-candidates?limit=3&exclude=${held.join(',')}`,
    );
    assert.equal(next.statusCode, 200);
    assert.equal(next.json().meta.pagination.total, page.meta.pagination.total - 3);
    assert.ok(next.json().data.every((show: Candidate) => !held.includes(show.id)));

    // Interests given in the query replace the user's own: a top-level category here.
    const category = await ctx.db
      .selectFrom('show_profile_categories')
      .innerJoin('categories', 'categories.id', 'show_profile_categories.category_id')
      .select('categories.id')
      .where('categories.parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    const byCategory = await client.get(
      `/api/v1/shows/connect-candidates?categories=${category.id}&limit=50`,
    );
    assert.equal(byCategory.statusCode, 200);
    const shows = byCategory.json().data as Candidate[];
    assert.ok(shows.length > 0);
    for (const show of shows) {
      const rows = await ctx.db
        .selectFrom('show_profile_categories')
        .innerJoin('categories', 'categories.id', 'show_profile_categories.category_id')
        .select(['categories.id', 'categories.parent_id'])
        .where('show_profile_id', '=', show.id)
        .execute();
      assert.ok(rows.some((row) => row.id === category.id || row.parent_id === category.id));
    }
  });

  it('treats tags=, and categories=, as not given, and tags that name nothing as matching nothing', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const own = (await client.get('/api/v1/shows/connect-candidates?limit=50')).json();
    assert.ok(own.data.length > 0);
    const ownIds = own.data.map((show: Candidate) => show.id);
    for (const query of ['tags=,', 'categories=,', 'tags=%20,,&categories=,']) {
      const response = await client.get(`/api/v1/shows/connect-candidates?${query}&limit=50`);
      assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
      assert.deepEqual(
        response.json().data.map((show: Candidate) => show.id),
        ownIds,
        query,
      );
      assert.equal(response.json().meta.pagination.total, own.meta.pagination.total, query);
    }
    for (const query of ['tags=1234567890', 'tags=99999999999999999999&categories=,']) {
      const response = await client.get(`/api/v1/shows/connect-candidates?${query}`);
      assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
      assert.deepEqual(response.json().data, [], query);
      assert.equal(response.json().meta.pagination.total, 0, query);
    }
  });

  it('answers 422 for a bad page, limit, categories, tags or exclude', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['limit=abc', 'limit'],
      ['categories=x', 'categories'],
      ['tags=%3Cb%3E', 'tags'],
      ['exclude=1,-2', 'exclude'],
    ];
    for (const [query, field] of cases) {
      const response = await client.get(`/api/v1/shows/connect-candidates?${query}`);
      assert.equal(response.statusCode, 422, query);
      assert.ok(field in response.json().errors, query);
    }
  });

  it('names every bad parameter in one 422, in the readers’ order and words', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await client.get(
      '/api/v1/shows/connect-candidates?exclude=x&tags=%3C&categories=x&limit=x&page=0',
    );
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The page field must be at least 1.',
      errors: {
        page: ['The page field must be at least 1.'],
        limit: ['The limit field must be an integer.'],
        categories: ['The categories field must be a list of ids.'],
        tags: ['The tags field must hold tag ids or slugs.'],
        exclude: ['The exclude field must be a list of ids.'],
      },
    });
    const ids = Array.from({ length: 501 }, (_, index) => index + 1).join(',');
    const long = await client.get(`/api/v1/guests/connect-candidates?exclude=${ids}`);
    assert.equal(long.statusCode, 422);
    assert.deepEqual(long.json().errors, {
      exclude: ['The exclude field must not have more than 500 items.'],
    });
    // a visitor is refused before the query is read
    const visitor = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/shows/connect-candidates?page=0',
    });
    assert.equal(visitor.statusCode, 401);
  });
});

describe('POST /{guests|shows}/reject-connect-candidate', () => {
  it('stores a rejection: the candidate is never offered again, rejecting twice is fine', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const [first] = (await client.get('/api/v1/guests/connect-candidates')).json()
      .data as Candidate[];
    assert.ok(first);
    const response = await client.post('/api/v1/guests/reject-connect-candidate', {
      guest_profile_id: first.id,
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { data: { guest_profile_id: first.id } });
    const again = await client.post('/api/v1/guests/reject-connect-candidate', {
      guest_profile_id: first.id,
    });
    assert.equal(again.statusCode, 200);
    const all = await allCandidates(client, 'guests');
    assert.ok(!all.some((guest) => guest.id === first.id));
    const stored = await ctx.db.selectFrom('connect_guest_rejections').selectAll().execute();
    assert.equal(stored.length, 1);

    const shows = (await client.get('/api/v1/shows/connect-candidates')).json().data as Candidate[];
    const show = shows[0]!;
    const rejectShow = await client.post('/api/v1/shows/reject-connect-candidate', {
      show_profile_id: show.id,
    });
    assert.equal(rejectShow.statusCode, 200);
    assert.ok(!(await allCandidates(client, 'shows')).some((item) => item.id === show.id));
  });

  it('answers 422 for a missing or bad id, 404 for an unknown or private profile', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const missing = await client.post('/api/v1/shows/reject-connect-candidate', {});
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json().errors, {
      show_profile_id: ['The show profile id field is required.'],
    });
    const bad = await client.post('/api/v1/guests/reject-connect-candidate', {
      guest_profile_id: 'abc',
    });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().errors, {
      guest_profile_id: ['The guest profile id field must be an integer.'],
    });
    const unknown = await client.post('/api/v1/guests/reject-connect-candidate', {
      guest_profile_id: 999999,
    });
    assert.equal(unknown.statusCode, 404);
    const hidden = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('user_id', '<>', await userId(DEMO_ACCOUNTS.pro))
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('guest_profiles')
      .set({ is_public: false })
      .where('id', '=', hidden.id)
      .execute();
    try {
      const response = await client.post('/api/v1/guests/reject-connect-candidate', {
        guest_profile_id: hidden.id,
      });
      assert.equal(response.statusCode, 404);
    } finally {
      await ctx.db
        .updateTable('guest_profiles')
        .set({ is_public: true })
        .where('id', '=', hidden.id)
        .execute();
    }
  });

  it('refuses the user’s own profile, standard accounts, visitors and calls without CSRF', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const me = await userId(DEMO_ACCOUNTS.pro);
    const own = await ctx.db
      .selectFrom('show_profiles')
      .select('id')
      .where('user_id', '=', me)
      .executeTakeFirstOrThrow();
    const self = await pro.post('/api/v1/shows/reject-connect-candidate', {
      show_profile_id: own.id,
    });
    assert.equal(self.statusCode, 403);

    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const refused = await standard.post('/api/v1/shows/reject-connect-candidate', {
      show_profile_id: own.id,
    });
    assert.equal(refused.statusCode, 426);
    const visitor = await new TestClient(ctx.app).post('/api/v1/shows/reject-connect-candidate', {
      show_profile_id: own.id,
    });
    assert.equal(visitor.statusCode, 401);
    const noCsrf = await pro.request('POST', '/api/v1/shows/reject-connect-candidate', {
      body: { show_profile_id: own.id },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
    const stored = await ctx.db.selectFrom('connect_show_rejections').selectAll().execute();
    assert.equal(stored.length, 0);
  });
});
