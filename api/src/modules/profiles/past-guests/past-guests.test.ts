import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GuestProfile } from '../../../contract';
import { DEMO_ACCOUNTS } from '../../../db/seed/seed';
import {
  errorsOf,
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
  userIdOf,
} from '../../../test/harness';
import { UNKNOWN_GUEST } from './service';

// A show's past guests (decision 098) over the seeded database: the public list, adding and
// removing for the owner and the owner's team, and an agency member doing the same (and
// editing the booking setup) while impersonating the owner.

let ctx: TestContext;
/** Sofia's (show@) Morning Momentum, seeded with two past guests; Priya's (pro@) show. */
let morning: number;
let founderFiles: number;
let maya: number;
let priya: number;
/** A guest profile of a paused account: not public. */
let hiddenGuest: number;
/** standard@ as a Basic (admin role) member of Priya's team; agency@ is her Agency member. */
const BASIC = DEMO_ACCOUNTS.standard;

before(async () => {
  ctx = await startTestApp();
  morning = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  founderFiles = await profileIdOf(ctx.db, 'show_profiles', 'The Founder Files');
  maya = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  priya = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  const hidden = await ctx.db
    .selectFrom('guest_profiles')
    .select('id')
    .where('is_public', '=', false)
    .executeTakeFirstOrThrow();
  hiddenGuest = hidden.id;
  const team = await ctx.db
    .selectFrom('teams')
    .select('id')
    .where('owner_id', '=', await userIdOf(ctx.db, DEMO_ACCOUNTS.pro))
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('team_members')
    .values({ team_id: team.id, user_id: await userIdOf(ctx.db, BASIC), role: 'admin' })
    .execute();
});
after(() => ctx.close());

const url = (show: number) => `/api/v1/shows/${show}/past-guests`;
const names = (guests: GuestProfile[]) => guests.map((guest) => guest.name);

async function pastGuests(show: number): Promise<GuestProfile[]> {
  const response = await ctx.app.inject({ method: 'GET', url: url(show) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ data: GuestProfile[] }>().data;
}

const add = (client: TestClient, show: number, guest: unknown) =>
  client.post(url(show), { guest_profile_id: guest });
const remove = (client: TestClient, show: number, guest: number | string) =>
  client.request('DELETE', `${url(show)}?guest_profile_id=${guest}`);

describe('GET /shows/{id}/past-guests', () => {
  it('gives anyone the seeded show’s past guests as guest cards, first added first', async () => {
    const guests = await pastGuests(morning);
    assert.deepEqual(names(guests), ['Priya Patel', 'Maya Brooks']);
    assert.ok(guests.every((guest) => guest.type === 'guest' && guest.slug));
    assert.deepEqual(await pastGuests(founderFiles), []);
  });

  it('answers 404 for no such show or a show id that is no number', async () => {
    for (const path of ['/shows/99999999/past-guests', '/shows/abc/past-guests']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${path}` });
      assert.equal(response.statusCode, 404, path);
    }
  });
});

describe('POST and DELETE /shows/{id}/past-guests', () => {
  it('lets the owner add a guest (twice is once) and remove it (twice is fine)', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const added = await add(owner, founderFiles, maya);
    assert.equal(added.statusCode, 201, added.body);
    assert.deepEqual(names(added.json<{ data: GuestProfile[] }>().data), ['Maya Brooks']);

    const again = await add(owner, founderFiles, String(maya));
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual(names(again.json<{ data: GuestProfile[] }>().data), ['Maya Brooks']);
    assert.deepEqual(names(await pastGuests(founderFiles)), ['Maya Brooks']);

    const removed = await remove(owner, founderFiles, maya);
    assert.equal(removed.statusCode, 204, removed.body);
    assert.deepEqual(await pastGuests(founderFiles), []);
    assert.equal((await remove(owner, founderFiles, maya)).statusCode, 204);
  });

  it('answers 422 on guest_profile_id for an unknown, hidden, missing or mistyped guest', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    for (const guest of [99999999, hiddenGuest]) {
      const response = await add(owner, morning, guest);
      assert.equal(response.statusCode, 422, `${guest}: ${response.body}`);
      assert.deepEqual(response.json(), {
        message: UNKNOWN_GUEST,
        errors: { guest_profile_id: [UNKNOWN_GUEST] },
      });
    }
    const missing = await owner.post(url(morning), {});
    assert.deepEqual(errorsOf(missing), {
      guest_profile_id: ['The guest profile id field is required.'],
    });
    const mistyped = await add(owner, morning, 'abc');
    assert.equal(mistyped.statusCode, 422);
    assert.deepEqual(Object.keys(errorsOf(mistyped)), ['guest_profile_id']);
    const noQuery = await owner.request('DELETE', url(morning));
    assert.equal(noQuery.statusCode, 422);
    assert.deepEqual(errorsOf(noQuery), {
      guest_profile_id: ['The guest profile id field is required.'],
    });
    assert.deepEqual(names(await pastGuests(morning)), ['Priya Patel', 'Maya Brooks']);
  });

  it('is 401 to a visitor, 403 to another user (before the form), 404 for no such show', async () => {
    const anonymous = new TestClient(ctx.app);
    assert.equal((await add(anonymous, founderFiles, maya)).statusCode, 401);
    assert.equal((await remove(anonymous, morning, maya)).statusCode, 401);

    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    assert.equal((await add(other, founderFiles, priya)).statusCode, 403);
    assert.equal((await other.post(url(founderFiles), {})).statusCode, 403);
    assert.equal((await remove(other, morning, maya)).statusCode, 403);
    assert.equal((await add(other, 99999999, priya)).statusCode, 404);
    assert.deepEqual(await pastGuests(founderFiles), []);
    assert.deepEqual(names(await pastGuests(morning)), ['Priya Patel', 'Maya Brooks']);
  });

  it('lets the owner’s Agency and Basic team members manage the show’s past guests', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    assert.equal((await add(agency, founderFiles, maya)).statusCode, 201);
    // Basic (admin role): past guests are a basic profile action (account spec: team roles)
    const basic = await signedIn(ctx.app, BASIC);
    const byBasic = await add(basic, founderFiles, priya);
    assert.equal(byBasic.statusCode, 201, byBasic.body);
    assert.deepEqual(names(await pastGuests(founderFiles)), ['Maya Brooks', 'Priya Patel']);
    assert.equal((await remove(basic, founderFiles, maya)).statusCode, 204);
    assert.equal((await remove(agency, founderFiles, priya)).statusCode, 204);
    assert.deepEqual(await pastGuests(founderFiles), []);
    // a team member of Priya's manages nobody else's show
    assert.equal((await add(agency, morning, priya)).statusCode, 403);
  });
});

describe('an Agency member impersonating the owner', () => {
  const impersonate = async (client: TestClient, email: string) =>
    client.post(`/api/v1/auth/impersonate/${await userIdOf(ctx.db, email)}`);

  it('edits the owner’s guest profile, show, booking setup and past guests', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const started = await impersonate(agency, DEMO_ACCOUNTS.pro);
    assert.equal(started.statusCode, 200, started.body);

    const guest = await agency.request('PUT', `/api/v1/guests/${priya}`, {
      body: { title: 'Growth advisor and author' },
    });
    assert.equal(guest.statusCode, 200, guest.body);
    const show = await agency.request('PUT', `/api/v1/shows/${founderFiles}`, {
      body: { description: 'Founders on what they would do differently.' },
    });
    assert.equal(show.statusCode, 200, show.body);
    const pitch = await agency.request('PUT', `/api/v1/guests/${priya}/pitch-settings`, {
      body: { is_enabled: true, price: 2500 },
    });
    assert.equal(pitch.statusCode, 200, pitch.body);
    assert.deepEqual(
      { ...pitch.json<{ data: object }>().data, highest_price: 0 },
      { is_enabled: true, price: 2500, highest_price: 0 },
    );
    const added = await add(agency, founderFiles, maya);
    assert.equal(added.statusCode, 201, added.body);
    assert.deepEqual(names(await pastGuests(founderFiles)), ['Maya Brooks']);
    assert.equal((await remove(agency, founderFiles, maya)).statusCode, 204);

    // acting as Priya, not as a member of anyone else's team
    assert.equal((await add(agency, morning, priya)).statusCode, 403);
    assert.equal((await agency.request('DELETE', '/api/v1/auth/impersonate')).statusCode, 200);
  });

  it('is refused to a Basic member and to a user outside the team', async () => {
    for (const email of [BASIC, DEMO_ACCOUNTS.show]) {
      const client = await signedIn(ctx.app, email);
      const refused = await impersonate(client, DEMO_ACCOUNTS.pro);
      assert.equal(refused.statusCode, 403, email);
      // still themselves: Sofia is no member of Priya's team
      if (email === DEMO_ACCOUNTS.show) {
        assert.equal((await add(client, founderFiles, maya)).statusCode, 403);
        const pitch = await client.request('PUT', `/api/v1/guests/${priya}/pitch-settings`, {
          body: { is_enabled: false },
        });
        assert.equal(pitch.statusCode, 403);
      }
    }
  });
});
