import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  GuestProfile,
  DataEnvelope,
  HomeSections,
  MarketplaceProfile,
  Paginated,
  ProfileListType,
} from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, type TestContext } from '../../test/harness';
import { HOME_SECTION_SIZE } from './queries';

/** Guests carry option_prices, shows prices. */
const isGuest = (profile: MarketplaceProfile): profile is GuestProfile =>
  'option_prices' in profile;

let ctx: TestContext;
let hiddenGuestId: number;
before(async () => {
  ctx = await startTestApp();
  // The seed's paused guest, made to belong in every slider: it must still appear in none.
  const hidden = await ctx.db
    .selectFrom('guest_profiles')
    .select('id')
    .where('is_public', '=', false)
    .executeTakeFirstOrThrow();
  hiddenGuestId = hidden.id;
  await ctx.db
    .updateTable('guest_profiles')
    .set({ featured: true, premium: true, talent: true })
    .where('id', '=', hidden.id)
    .execute();
  await ctx.db
    .updateTable('guest_option_prices')
    .set({ price: 0 })
    .where('guest_profile_id', '=', hidden.id)
    .execute();
});
after(() => ctx.close());

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}` });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json();
}

const ids = (profiles: MarketplaceProfile[]) => profiles.map((profile) => profile.id);

/** The same list through /guests or /shows filters, all of it. */
async function viaList(type: ProfileListType, filter: string): Promise<MarketplaceProfile[]> {
  return (await get<Paginated<MarketplaceProfile>>(`/${type}?${filter}&limit=100`)).data;
}

const LIST_FILTER = {
  featured: 'filter[featured]=1',
  talent: 'filter[talent]=1',
  premium: 'filter[premium]=1',
  free: 'filter[prices]=0',
} as const;

describe('GET /home (all sliders)', () => {
  for (const type of ['guests', 'shows'] as const) {
    it(`gives the first ${HOME_SECTION_SIZE} cards of each ${type} slider`, async () => {
      const { data } = await get<DataEnvelope<HomeSections>>(`/home?type=${type}`);
      assert.deepEqual(Object.keys(data).sort(), ['featured', 'free', 'premium', 'talent']);
      for (const filter of ['featured', 'premium', 'free'] as const) {
        const expected = (await viaList(type, LIST_FILTER[filter])).slice(0, HOME_SECTION_SIZE);
        assert.ok(expected.length > 0, `${type} ${filter}`);
        assert.deepEqual(ids(data[filter]), ids(expected), `${type} ${filter}`);
        assert.deepEqual(data[filter], expected, `${type} ${filter}: the same card payloads`);
      }
      assert.ok(data.featured.every((profile) => profile.featured));
      assert.ok(data.premium.every((profile) => profile.premium));
      assert.ok(data.free.every((profile) => profile.lowest_price === 0));
      if (type === 'guests') {
        const talent = (await viaList('guests', LIST_FILTER.talent)).slice(0, HOME_SECTION_SIZE);
        assert.ok(talent.length > 0);
        assert.deepEqual(ids(data.talent), ids(talent));
        assert.ok(data.talent.every((p) => isGuest(p) && p.talent));
        assert.ok(data.featured.every((p) => isGuest(p)));
      } else {
        assert.deepEqual(data.talent, [], 'curated talent is for guests only');
        assert.ok(data.featured.every((p) => !isGuest(p) && 'coverImageUrl' in p));
      }
    });
  }

  it('takes guests when type is missing', async () => {
    const plain = await get<DataEnvelope<HomeSections>>('/home');
    const guests = await get<DataEnvelope<HomeSections>>('/home?type=guests');
    assert.deepEqual(plain, guests);
  });

  it('never shows a paused profile', async () => {
    const { data } = await get<DataEnvelope<HomeSections>>('/home?type=guests');
    for (const section of Object.values(data)) {
      assert.ok(!ids(section).includes(hiddenGuestId));
    }
  });

  it('marks the signed-in viewer’s favourites', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const favourite = await ctx.db
      .selectFrom('favorites')
      .select('profile_id')
      .where('profile_type', '=', 'guest')
      .innerJoin('users', 'users.id', 'favorites.user_id')
      .where('users.email', '=', DEMO_ACCOUNTS.pro)
      .execute();
    const favourites = new Set(favourite.map((row) => row.profile_id));
    // Make sure one of them is on the home page.
    const [first] = [...favourites];
    assert.ok(first);
    await ctx.db
      .updateTable('guest_profiles')
      .set({ featured: true })
      .where('id', '=', first)
      .execute();
    const response = await client.get('/api/v1/home?type=guests');
    const { data } = response.json() as DataEnvelope<HomeSections>;
    const cards = Object.values(data).flat();
    assert.ok(cards.some((card) => card.id === first && card.is_favourited));
    assert.ok(cards.every((card) => card.is_favourited === favourites.has(card.id)));
    const anonymous = await get<DataEnvelope<HomeSections>>('/home?type=guests');
    assert.ok(
      Object.values(anonymous.data)
        .flat()
        .every((card) => !card.is_favourited),
    );
  });
});

describe('GET /home?filter= (one slider, paged)', () => {
  for (const type of ['guests', 'shows'] as const) {
    for (const filter of ['featured', 'premium', 'free'] as const) {
      it(`${type} ${filter}: 15 a page, the same list as /${type} with the filter`, async () => {
        const expected = await viaList(type, LIST_FILTER[filter]);
        const first = await get<Paginated<MarketplaceProfile>>(
          `/home?type=${type}&filter=${filter}`,
        );
        assert.deepEqual(first.meta.pagination, {
          total: expected.length,
          count: Math.min(15, expected.length),
          per_page: 15,
          current_page: 1,
          total_pages: Math.max(1, Math.ceil(expected.length / 15)),
          total_capped: false,
        });
        assert.deepEqual(ids(first.data), ids(expected.slice(0, 15)));
        const second = await get<Paginated<MarketplaceProfile>>(
          `/home?type=${type}&filter=${filter}&page=2`,
        );
        assert.deepEqual(ids(second.data), ids(expected.slice(15, 30)));
        assert.equal(second.meta.pagination.current_page, 2);
      });
    }
  }

  it('guests talent pages the curated list, and it is empty for shows', async () => {
    const expected = await viaList('guests', LIST_FILTER.talent);
    const page = await get<Paginated<MarketplaceProfile>>('/home?type=guests&filter=talent');
    assert.deepEqual(ids(page.data), ids(expected.slice(0, 15)));
    assert.ok(!ids(expected).includes(hiddenGuestId));
    const shows = await get<Paginated<MarketplaceProfile>>('/home?type=shows&filter=talent');
    assert.deepEqual(shows.data, []);
    assert.equal(shows.meta.pagination.total, 0);
  });

  it('answers 422, never 500, to bad input', async () => {
    for (const [query, field] of [
      ['?type=people', 'type'],
      ['?type[]=guests', 'type'],
      ['?type=guests&filter=cheap', 'filter'],
      ['?type=guests&filter=,', 'filter'],
      ['?type=guests&filter=featured&page=0', 'page'],
      ['?type=guests&filter=featured&page=x', 'page'],
      ['?type=guests&filter[a]=1', 'filter'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/home${query}` });
      assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
      assert.ok(response.json().errors[field], `${query}: ${response.body}`);
    }
  });
});
