import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signedIn, startTestApp, TestClient, type TestContext, userIdOf } from '../../test/harness';
import { LIMIT_MESSAGE } from '../smartlist/service';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const userId = (email: string) => userIdOf(ctx.db, email);

/** Public guest profiles not owned by the user, not yet favourited by them. */
async function freshGuestIds(ownerEmail: string, count: number): Promise<number[]> {
  const id = await userId(ownerEmail);
  const rows = await ctx.db
    .selectFrom('guest_profiles')
    .select('id')
    .where('is_public', '=', true)
    .where('user_id', '!=', id)
    .where('id', 'not in', (eb) =>
      eb.selectFrom('favorites').select('profile_id').where('user_id', '=', id),
    )
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

const toggle = (client: TestClient, type: string, id: number | string) =>
  client.request('PUT', `/api/v1/favorites/${type}/${id}`);

describe('PUT /favorites/{guests|shows}/{id}', () => {
  it('favourites a guest as an ungrouped wishlist entry, and unfavourites both together', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const me = await userId('guest@guestspot.test');
    const [guestId] = await freshGuestIds('guest@guestspot.test', 1);
    assert.ok(guestId);

    const on = await toggle(client, 'guests', guestId);
    assert.equal(on.statusCode, 200);
    assert.deepEqual(on.json(), { is_favorited: true });
    const detail = await client.get(`/api/v1/guests/${guestId}`);
    assert.equal(detail.json().data.is_favourited, true);
    const list = (await client.get(`/api/v1/users/${me}/smartlist`)).json().data as {
      id: number;
      group: number | null;
      profile: { id: number } | null;
      type: string;
    }[];
    const entry = list.find((item) => item.profile?.id === guestId);
    assert.ok(entry, 'the favourite is on the wishlist');
    assert.equal(entry.type, 'guest');
    assert.equal(entry.group, null);

    const off = await toggle(client, 'guests', guestId);
    assert.deepEqual(off.json(), { is_favorited: false });
    const after = (await client.get(`/api/v1/users/${me}/smartlist`)).json().data as {
      profile: { id: number } | null;
    }[];
    assert.equal(
      after.some((item) => item.profile?.id === guestId),
      false,
    );
    assert.equal((await client.get(`/api/v1/guests/${guestId}`)).json().data.is_favourited, false);
  });

  it('unfavourites when the linked wishlist entry is removed', async () => {
    const client = await signedIn(ctx.app, 'show@guestspot.test');
    const me = await userId('show@guestspot.test');
    const [guestId] = await freshGuestIds('show@guestspot.test', 1);
    assert.ok(guestId);
    await toggle(client, 'guests', guestId);
    const list = (await client.get(`/api/v1/users/${me}/smartlist`)).json().data as {
      id: number;
      profile: { id: number } | null;
    }[];
    const entry = list.find((item) => item.profile?.id === guestId);
    assert.ok(entry);
    const removed = await client.request('DELETE', `/api/v1/users/${me}/smartlist/${entry.id}`);
    assert.equal(removed.statusCode, 204);
    assert.equal((await client.get(`/api/v1/guests/${guestId}`)).json().data.is_favourited, false);
    const rows = await ctx.db
      .selectFrom('favorites')
      .selectAll()
      .where('user_id', '=', me)
      .where('profile_id', '=', guestId)
      .execute();
    assert.equal(rows.length, 0);
  });

  it('favourites a show', async () => {
    const client = await signedIn(ctx.app, 'agency@guestspot.test');
    const show = await ctx.db
      .selectFrom('show_profiles')
      .select('id')
      .where('is_public', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const on = await toggle(client, 'shows', show.id);
    assert.deepEqual(on.json(), { is_favorited: true });
    assert.equal((await client.get(`/api/v1/shows/${show.id}`)).json().data.is_favourited, true);
    await toggle(client, 'shows', show.id);
  });

  it('answers 404 for a private (paused) profile, an unknown one, or an unknown type', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const [guestId] = await freshGuestIds('guest@guestspot.test', 1);
    assert.ok(guestId);
    await ctx.db
      .updateTable('guest_profiles')
      .set({ is_public: false })
      .where('id', '=', guestId)
      .execute();
    try {
      assert.equal((await toggle(client, 'guests', guestId)).statusCode, 404);
    } finally {
      await ctx.db
        .updateTable('guest_profiles')
        .set({ is_public: true })
        .where('id', '=', guestId)
        .execute();
    }
    assert.equal((await toggle(client, 'guests', 999999)).statusCode, 404);
    assert.equal((await toggle(client, 'people', 1)).statusCode, 404);
    assert.equal((await toggle(client, 'guests', 'abc')).statusCode, 404);
  });

  it('needs a session and the CSRF token', async () => {
    const visitor = new TestClient(ctx.app);
    assert.equal((await toggle(visitor, 'guests', 1)).statusCode, 401);
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const noCsrf = await client.request('PUT', '/api/v1/favorites/guests/1', { csrf: false });
    assert.equal(noCsrf.statusCode, 419);
  });

  it('refuses the 11th entry of a standard account with 426 and the limit message', async () => {
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const me = await userId('standard@guestspot.test');
    await ctx.db.deleteFrom('smartlist_items').where('user_id', '=', me).execute();
    await ctx.db.deleteFrom('favorites').where('user_id', '=', me).execute();
    const ids = await freshGuestIds('standard@guestspot.test', 11);
    for (const id of ids.slice(0, 10)) {
      assert.deepEqual((await toggle(client, 'guests', id)).json(), { is_favorited: true });
    }
    const eleventh = await toggle(client, 'guests', ids[10] as number);
    assert.equal(eleventh.statusCode, 426);
    assert.equal(eleventh.json().message, LIMIT_MESSAGE);
    assert.equal(eleventh.json().message, 'You reached the limit of 10 people');
    const favourites = await ctx.db
      .selectFrom('favorites')
      .select('profile_id')
      .where('user_id', '=', me)
      .execute();
    assert.equal(favourites.length, 10);
    // Unfavouriting one makes room again.
    await toggle(client, 'guests', ids[0] as number);
    assert.deepEqual((await toggle(client, 'guests', ids[10] as number)).json(), {
      is_favorited: true,
    });
    await ctx.db.deleteFrom('smartlist_items').where('user_id', '=', me).execute();
    await ctx.db.deleteFrom('favorites').where('user_id', '=', me).execute();
  });

  it('lets a Pro account go past 10', async () => {
    const client = await signedIn(ctx.app, 'pro@guestspot.test');
    const ids = await freshGuestIds('pro@guestspot.test', 12);
    for (const id of ids) {
      assert.deepEqual((await toggle(client, 'guests', id)).json(), { is_favorited: true });
    }
    for (const id of ids) await toggle(client, 'guests', id);
  });
});
