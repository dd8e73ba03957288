import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, userIdOf, type TestContext } from '../../test/harness';

// GET /users/{id}?include=guest.upsellPackages,shows.upsellPackages (decision 089): the
// dashboard's upsell cards read the user's profiles with their packages.

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('GET /users/{id}', () => {
  it('answers the user as /users/me does, with upsell packages on request', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const me = (await pro.get('/api/v1/users/me')).json<{ data: User }>().data;
    const plain = await pro.get(`/api/v1/users/${me.id}`);
    assert.equal(plain.statusCode, 200, plain.body);
    assert.deepEqual(plain.json().data, me);

    const response = await pro.get(
      `/api/v1/users/${me.id}?include=shows.upsellPackages, guest.upsellPackages`,
    );
    const user = response.json<{ data: User }>().data;
    assert.deepEqual(
      user.guest?.upsellPackages?.map((upsell) => [upsell.title, upsell.price]),
      [
        // cents, as GET …/upsell-packages answers them
        ['Newsletter feature', 15000],
        ['LinkedIn post about the episode', 7500],
      ],
    );
    assert.deepEqual(
      user.shows.map((show) => [show.name, show.upsellPackages?.map((upsell) => upsell.title)]),
      [['The Founder Files', ['Sponsor read in the episode', 'Clip on Instagram']]],
    );
    const showsOnly = (await pro.get(`/api/v1/users/${me.id}?include=shows.upsellPackages`)).json<{
      data: User;
    }>().data;
    assert.equal(showsOnly.guest?.upsellPackages, undefined);
    assert.equal(showsOnly.shows[0]?.upsellPackages?.length, 2);
  });

  it('gives a user without profiles none, and refuses other users, visitors and bad includes', async () => {
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const id = await userIdOf(ctx.db, DEMO_ACCOUNTS.standard);
    const user = (
      await standard.get(`/api/v1/users/${id}?include=guest.upsellPackages,shows.upsellPackages`)
    ).json<{ data: User }>().data;
    assert.equal(user.guest, null);
    assert.deepEqual(user.shows, []);

    const proId = await userIdOf(ctx.db, DEMO_ACCOUNTS.pro);
    assert.equal((await standard.get(`/api/v1/users/${proId}`)).statusCode, 403);
    assert.equal((await new TestClient(ctx.app).get(`/api/v1/users/${proId}`)).statusCode, 401);
    const bad = await standard.get(`/api/v1/users/${id}?include=guest.secrets`);
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().errors, {
      include: [
        'The selected include is invalid. Allowed: guest.upsellPackages, shows.upsellPackages.',
      ],
    });
  });
});
