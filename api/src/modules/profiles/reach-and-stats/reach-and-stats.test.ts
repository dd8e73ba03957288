import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  GuestProfileDetail,
  ProfileReach,
  RephonicStats,
  ShowProfileDetail,
  ShowProfileStat,
} from '../../../contract';
import { DEMO_ACCOUNTS } from '../../../db/seed/seed';
import {
  errorsOf,
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
} from '../../../test/harness';
import { NO_PENDING_REQUEST } from './service';

// A guest's reach and a show's stats and Rephonic id (decision 097) over the seeded database:
// who may read and write them, their 422s, the verification request's cancellation, and the
// public answers (GET /guests/{id}, /shows/{id}, the cards' platform_stats) following them.

let ctx: TestContext;
/** Priya's guest profile and show (pro@; agency@ is in her team); Sofia's show (show@). */
let priya: number;
let founderFiles: number;
let sofiaShow: number;

before(async () => {
  ctx = await startTestApp();
  priya = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  founderFiles = await profileIdOf(ctx.db, 'show_profiles', 'The Founder Files');
  sofiaShow = await profileIdOf(ctx.db, 'show_profiles', 'The Sofia Ramirez Show');
});
after(() => ctx.close());

const visitorGet = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}` });

async function showDetail(id: number): Promise<ShowProfileDetail> {
  const response = await visitorGet(`/shows/${id}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ data: ShowProfileDetail }>().data;
}

describe('GET/POST/DELETE /guests/{id}/profile-reach', () => {
  it('gives anyone the seeded reach in platform order, also in GET /guests/{id}', async () => {
    const response = await visitorGet(`/guests/${priya}/profile-reach`);
    assert.equal(response.statusCode, 200, response.body);
    const reach = response.json<{ data: ProfileReach[] }>().data;
    assert.deepEqual(reach, [
      { platform: 'linkedin', count: 48_200 },
      { platform: 'twitter', count: 12_900 },
      { platform: 'youtube', count: 1_350_000 },
    ]);
    const detail = (await visitorGet(`/guests/${priya}`)).json<{ data: GuestProfileDetail }>();
    assert.deepEqual(detail.data.profile_reach, reach);
    assert.equal((await visitorGet('/guests/99999999/profile-reach')).statusCode, 404);
  });

  it('lets the owner add (201), change (200) and delete (204, then 404) a platform', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const url = `/api/v1/guests/${priya}/profile-reach`;
    const added = await owner.post(url, { platform: 'tiktok', count: '5400' });
    assert.equal(added.statusCode, 201, added.body);
    assert.deepEqual(added.json<{ data: ProfileReach }>().data, {
      platform: 'tiktok',
      count: 5400,
    });
    const changed = await owner.post(url, { platform: 'tiktok', count: 0 });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(changed.json<{ data: ProfileReach }>().data.count, 0);

    assert.equal((await owner.request('DELETE', `${url}/tiktok`)).statusCode, 204);
    assert.equal((await owner.request('DELETE', `${url}/tiktok`)).statusCode, 404);
    const list = (await owner.get(url)).json<{ data: ProfileReach[] }>().data;
    assert.ok(!list.some((entry) => entry.platform === 'tiktok'));
    // a platform the guest has no count on, or no platform at all: nothing to delete
    assert.equal((await owner.request('DELETE', `${url}/myspace`)).statusCode, 404);
  });

  it('answers 422 with field messages for a bad platform or count', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const url = `/api/v1/guests/${priya}/profile-reach`;
    const bad = await owner.post(url, { platform: 'myspace', count: -1 });
    assert.equal(bad.statusCode, 422, bad.body);
    assert.deepEqual(Object.keys(errorsOf(bad)).sort(), ['count', 'platform']);
    const missing = await owner.post(url, {});
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(Object.keys(errorsOf(missing)).sort(), ['count', 'platform']);
    const text = await owner.post(url, { platform: 'twitter', count: 'lots' });
    assert.equal(text.statusCode, 422);
    assert.deepEqual(Object.keys(errorsOf(text)), ['count']);
    const huge = await owner.post(url, { platform: 'twitter', count: 3_000_000_000 });
    assert.equal(huge.statusCode, 422);
  });

  it('is 401 to a visitor, 403 to another user (before the 422); a team member may', async () => {
    const url = `/api/v1/guests/${priya}/profile-reach`;
    const anonymous = new TestClient(ctx.app);
    assert.equal((await anonymous.post(url, { platform: 'twitter', count: 1 })).statusCode, 401);
    assert.equal((await anonymous.request('DELETE', `${url}/twitter`)).statusCode, 401);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    assert.equal((await other.post(url, { platform: 'twitter', count: 1 })).statusCode, 403);
    assert.equal((await other.post(url, {})).statusCode, 403);
    assert.equal((await other.request('DELETE', `${url}/twitter`)).statusCode, 403);
    assert.equal(
      (await other.post('/api/v1/guests/99999999/profile-reach', { platform: 'x', count: 1 }))
        .statusCode,
      404,
    );
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const byAgency = await agency.post(url, { platform: 'facebook', count: 700 });
    assert.equal(byAgency.statusCode, 201, byAgency.body);
    assert.equal((await agency.request('DELETE', `${url}/facebook`)).statusCode, 204);
  });
});

describe('POST /shows/{id}/profile-stats and PATCH …/cancel-verification-request', () => {
  it('shows the seeded slots, one with a pending request, in GET /shows/{id}', async () => {
    const detail = await showDetail(founderFiles);
    const stats = detail.profile_stats ?? [];
    assert.equal(stats.length, 3);
    assert.deepEqual(
      stats.map((stat) => stat.slot),
      [1, 2, 3],
    );
    assert.equal(stats[0]?.verification_status, 'pending');
    assert.ok(stats[0]?.verification_requested_at);
    // the card's platform_stats are the same label/value pairs
    assert.deepEqual(
      detail.platform_stats,
      stats.map(({ label, value }) => ({ label, value })),
    );
  });

  it('replaces a slot, asks for verification, cancels it (then 409), and the card follows', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const url = `/api/v1/shows/${sofiaShow}/profile-stats`;
    const saved = await owner.post(url, {
      slot: 2,
      label: 'Downloads / episode',
      value: '12.4k',
      request_verification: true,
    });
    assert.ok([200, 201].includes(saved.statusCode), saved.body);
    const stat = saved.json<{ data: ShowProfileStat }>().data;
    assert.equal(stat.slot, 2);
    assert.equal(stat.verification_status, 'pending');

    const card = (await showDetail(sofiaShow)).platform_stats;
    assert.ok(
      card.some((entry) => entry.label === 'Downloads / episode' && entry.value === '12.4k'),
    );

    const cancelUrl = `${url}/${stat.id}/cancel-verification-request`;
    const cancelled = await owner.request('PATCH', cancelUrl);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json<{ data: ShowProfileStat }>().data.verification_status, 'cancelled');
    const again = await owner.request('PATCH', cancelUrl);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json<{ message: string }>().message, NO_PENDING_REQUEST);

    // a changed value drops the verification state; the same slot keeps its id
    const edited = await owner.post(url, { slot: 2, label: 'Downloads / episode', value: '13k' });
    assert.equal(edited.statusCode, 200, edited.body);
    const editedStat = edited.json<{ data: ShowProfileStat }>().data;
    assert.equal(editedStat.id, stat.id);
    assert.equal(editedStat.verification_status, null);

    assert.equal(
      (await owner.request('PATCH', `${url}/99999999/cancel-verification-request`)).statusCode,
      404,
    );
    // another show's stat is not this show's
    const founderStat = (await showDetail(founderFiles)).profile_stats?.[0];
    assert.ok(founderStat);
    assert.equal(
      (await owner.request('PATCH', `${url}/${founderStat.id}/cancel-verification-request`))
        .statusCode,
      404,
    );
  });

  it('answers 422 for a slot outside 1 to 3, a blank label or a long value', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const url = `/api/v1/shows/${sofiaShow}/profile-stats`;
    const bad = await owner.post(url, { slot: 4, label: '  ', value: 'x'.repeat(51) });
    assert.equal(bad.statusCode, 422, bad.body);
    assert.deepEqual(Object.keys(errorsOf(bad)).sort(), ['label', 'slot', 'value']);
    assert.equal((await owner.post(url, {})).statusCode, 422);
  });

  it('is 401 to a visitor and 403 to another user; a team member may cancel a request', async () => {
    const url = `/api/v1/shows/${founderFiles}/profile-stats`;
    const body = { slot: 3, label: 'Countries', value: '40' };
    const anonymous = new TestClient(ctx.app);
    assert.equal((await anonymous.post(url, body)).statusCode, 401);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    assert.equal((await other.post(url, body)).statusCode, 403);
    const pending = (await showDetail(founderFiles)).profile_stats?.[0];
    assert.ok(pending);
    const cancelUrl = `${url}/${pending.id}/cancel-verification-request`;
    assert.equal((await other.request('PATCH', cancelUrl)).statusCode, 403);
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const cancelled = await agency.request('PATCH', cancelUrl);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const saved = await agency.post(url, body);
    assert.equal(saved.statusCode, 200, saved.body);
  });
});

describe('PUT /shows/{id}/rephonic-stats', () => {
  it('saves, clears and validates the Rephonic id; the show detail carries it', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const url = `/api/v1/shows/${sofiaShow}/rephonic-stats`;
    assert.equal((await showDetail(sofiaShow)).rephonic_id, 'the-sofia-ramirez-show');
    const saved = await owner.request('PUT', url, { body: { rephonic_id: 'sofia-ramirez_2' } });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json<{ data: RephonicStats }>().data, {
      rephonic_id: 'sofia-ramirez_2',
    });
    assert.equal((await showDetail(sofiaShow)).rephonic_id, 'sofia-ramirez_2');

    const bad = await owner.request('PUT', url, {
      body: { rephonic_id: 'has spaces/and slashes' },
    });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(Object.keys(errorsOf(bad)), ['rephonic_id']);
    const long = await owner.request('PUT', url, { body: { rephonic_id: 'a'.repeat(256) } });
    assert.equal(long.statusCode, 422);

    const cleared = await owner.request('PUT', url, { body: { rephonic_id: '' } });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.equal(cleared.json<{ data: RephonicStats }>().data.rephonic_id, null);
    const nulled = await owner.request('PUT', url, { body: { rephonic_id: null } });
    assert.equal(nulled.statusCode, 200, nulled.body);

    const anonymous = new TestClient(ctx.app);
    assert.equal(
      (await anonymous.request('PUT', url, { body: { rephonic_id: 'x' } })).statusCode,
      401,
    );
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    assert.equal((await other.request('PUT', url, { body: { rephonic_id: 'x' } })).statusCode, 403);
  });
});

describe('the platform_stats copy of a show’s slots (migrations 029, 054)', () => {
  const statsOf = async (id: number) =>
    (
      await ctx.db
        .selectFrom('show_profiles')
        .select('platform_stats')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).platform_stats;
  const slotsOf = (id: number) =>
    ctx.db
      .selectFrom('show_profile_stats')
      .select(['slot', 'label', 'value'])
      .where('show_profile_id', '=', id)
      .orderBy('slot')
      .execute();

  it('gives shows inserted together their slots, and keeps the copy to the slots, by statement', async () => {
    const owner = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_ACCOUNTS.show)
      .executeTakeFirstOrThrow();
    const stat = (label: string, value: string) => ({ label, value });
    const shows = await ctx.db
      .insertInto('show_profiles')
      .values(
        [
          // four, one without a value: of the first three, the complete ones, in their places
          [
            stat('Downloads', '12k'),
            { label: 'Episodes' },
            stat('Rating', '4.9'),
            stat('Reviews', '310'),
          ],
          [],
          { label: 'not a list' },
        ].map((stats, n) => ({
          user_id: owner.id,
          slug: `copy-test-${n}`,
          name: `Copy Test ${n}`,
          description: 'x',
          platform_type: 'podcast',
          platform_stats: JSON.stringify(stats),
        })),
      )
      .returning('id')
      .execute();
    const [listed, empty, notList] = shows.map((show) => show.id) as [number, number, number];
    try {
      assert.deepEqual(await slotsOf(listed), [
        { slot: 1, label: 'Downloads', value: '12k' },
        { slot: 3, label: 'Rating', value: '4.9' },
      ]);
      assert.deepEqual(await statsOf(listed), [stat('Downloads', '12k'), stat('Rating', '4.9')]);
      assert.deepEqual(await slotsOf(empty), []);
      assert.deepEqual(await slotsOf(notList), []);
      assert.deepEqual(await statsOf(notList), { label: 'not a list' }, 'left as inserted');

      // an update of two shows' slots in one statement, then a delete
      await ctx.db
        .insertInto('show_profile_stats')
        .values({ show_profile_id: empty, slot: 1, label: 'Fans', value: '5' })
        .execute();
      await ctx.db
        .updateTable('show_profile_stats')
        .set({ value: '13k' })
        .where('show_profile_id', 'in', [listed, empty])
        .where('slot', '=', 1)
        .execute();
      assert.deepEqual(await statsOf(listed), [stat('Downloads', '13k'), stat('Rating', '4.9')]);
      assert.deepEqual(await statsOf(empty), [stat('Fans', '13k')]);
      await ctx.db
        .deleteFrom('show_profile_stats')
        .where('show_profile_id', 'in', [listed, empty])
        .where('slot', '=', 1)
        .execute();
      assert.deepEqual(await statsOf(listed), [stat('Rating', '4.9')]);
      assert.deepEqual(await statsOf(empty), []);
    } finally {
      await ctx.db
        .deleteFrom('show_profiles')
        .where('id', 'in', [listed, empty, notList])
        .execute();
    }
  });
});
