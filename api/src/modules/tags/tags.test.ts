import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  DataEnvelope,
  MarketplaceProfile,
  Paginated,
  PopularTag,
  ProfileListType,
  Tag,
} from '../../contract';
import { startTestApp, type TestContext } from '../../test/harness';
import { POPULAR_TAGS_DEFAULT_LIMIT } from './routes';

let ctx: TestContext;
/** A tag that only the paused guest carries. */
let pausedOnly: Tag;
before(async () => {
  ctx = await startTestApp();
  const hidden = await ctx.db
    .selectFrom('guest_profiles')
    .select('id')
    .where('is_public', '=', false)
    .executeTakeFirstOrThrow();
  pausedOnly = await ctx.db
    .insertInto('tags')
    .values({ name: 'Paused Only', slug: 'paused-only' })
    .returning(['id', 'name', 'slug'])
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('guest_profile_tags')
    .values({ guest_profile_id: hidden.id, tag_id: pausedOnly.id })
    .execute();
});
after(() => ctx.close());

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}` });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json();
}

/** Every public profile of the type (fewer than 100 in the seed). */
async function everything(type: ProfileListType): Promise<MarketplaceProfile[]> {
  const page = await get<Paginated<MarketplaceProfile>>(`/${type}?limit=100`);
  assert.ok(page.meta.pagination.total <= 100);
  return page.data;
}

const byName = (a: Tag, b: Tag) => a.name.toLowerCase().localeCompare(b.name.toLowerCase());

describe('GET /tags', () => {
  it('lists every tag by name, used or not', async () => {
    const { data } = await get<DataEnvelope<Tag[]>>('/tags');
    const count = await ctx.db
      .selectFrom('tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(data.length, Number(count.n));
    assert.deepEqual(Object.keys(data[0] ?? {}).sort(), ['id', 'name', 'slug']);
    assert.deepEqual(
      data.map((tag) => tag.name),
      [...data].sort(byName).map((tag) => tag.name),
    );
    assert.ok(data.some((tag) => tag.id === pausedOnly.id));
  });

  for (const type of ['guests', 'shows'] as const) {
    it(`/tags/${type}: the tags public ${type} carry`, async () => {
      const { data } = await get<DataEnvelope<Tag[]>>(`/tags/${type}`);
      const used = new Map(
        (await everything(type)).flatMap((profile) => profile.tags).map((tag) => [tag.id, tag]),
      );
      assert.ok(used.size > 0);
      assert.deepEqual(
        data.map((tag) => tag.id).sort((a, b) => a - b),
        [...used.keys()].sort((a, b) => a - b),
      );
      assert.deepEqual(
        data.map((tag) => tag.name),
        [...data].sort(byName).map((tag) => tag.name),
      );
      assert.ok(!data.some((tag) => tag.id === pausedOnly.id), 'paused profiles do not count');
    });
  }
});

describe('GET /tags/popular', () => {
  async function expectedCounts(types: ProfileListType[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const type of types) {
      for (const profile of await everything(type)) {
        for (const tag of profile.tags) counts.set(tag.id, (counts.get(tag.id) ?? 0) + 1);
      }
    }
    return counts;
  }

  function check(data: PopularTag[], counts: Map<number, number>, limit: number) {
    assert.equal(data.length, Math.min(limit, counts.size));
    for (const tag of data) assert.equal(tag.count, counts.get(tag.id), tag.slug);
    const sorted = [...data].sort((a, b) => b.count - a.count || byName(a, b));
    assert.deepEqual(
      data.map((tag) => tag.id),
      sorted.map((tag) => tag.id),
    );
    // Nothing left out counts more than the last one kept.
    const kept = new Set(data.map((tag) => tag.id));
    const lowest = data.at(-1)?.count ?? 0;
    for (const [id, count] of counts) if (!kept.has(id)) assert.ok(count <= lowest);
  }

  it('counts public guests and shows per tag, most used first', async () => {
    const { data } = await get<DataEnvelope<PopularTag[]>>('/tags/popular');
    check(data, await expectedCounts(['guests', 'shows']), POPULAR_TAGS_DEFAULT_LIMIT);
    assert.ok(!data.some((tag) => tag.id === pausedOnly.id));
  });

  it('takes type and limit', async () => {
    const guests = await get<DataEnvelope<PopularTag[]>>('/tags/popular?type=guests&limit=5');
    check(guests.data, await expectedCounts(['guests']), 5);
    const shows = await get<DataEnvelope<PopularTag[]>>('/tags/popular?type=shows&limit=100');
    check(shows.data, await expectedCounts(['shows']), 100);
  });

  it('answers 422 to bad input', async () => {
    for (const [query, field] of [
      ['?type=people', 'type'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/tags/popular${query}` });
      assert.equal(response.statusCode, 422, query);
      assert.ok(response.json().errors[field], `${query}: ${response.body}`);
    }
  });
});
