import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';

let ctx: TestContext;
const ids: Record<string, number> = {};
before(async () => {
  ctx = await startTestApp();
  const rows = await ctx.db.selectFrom('users').select(['id', 'email']).execute();
  for (const row of rows) ids[row.email] = row.id;
});
after(() => ctx.close());

const me = async (client: TestClient) => {
  const response = await client.get('/api/v1/users/me');
  assert.equal(response.statusCode, 200);
  return response.json<{ data: User }>().data;
};
const impersonate = (client: TestClient, id: number | string) =>
  client.post(`/api/v1/auth/impersonate/${id}`);
const stop = (client: TestClient) => client.request('DELETE', '/api/v1/auth/impersonate');

describe('POST /auth/impersonate/{id}', () => {
  it('lets an admin act as a non-admin user, then stop on the same session', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const cookie = admin.cookies.get('guestspot_session');
    const guestId = ids[DEMO_ACCOUNTS.guest]!;

    const started = await impersonate(admin, guestId);
    assert.equal(started.statusCode, 200);
    const target = started.json<{ data: User }>().data;
    assert.equal(target.email, DEMO_ACCOUNTS.guest);
    assert.deepEqual(target.impersonator, {
      id: ids[DEMO_ACCOUNTS.admin],
      name: 'Alex Morgan',
      is_admin: true,
      team_role: null,
    });

    const seen = await me(admin);
    assert.equal(seen.id, guestId);
    assert.deepEqual(seen.impersonator, {
      id: ids[DEMO_ACCOUNTS.admin],
      name: 'Alex Morgan',
      is_admin: true,
      team_role: null,
    });
    assert.equal(admin.cookies.get('guestspot_session'), cookie, 'same session cookie');

    const stopped = await stop(admin);
    assert.equal(stopped.statusCode, 200);
    assert.equal(stopped.json<{ data: User }>().data.email, DEMO_ACCOUNTS.admin);
    const back = await me(admin);
    assert.equal(back.email, DEMO_ACCOUNTS.admin);
    assert.equal(back.impersonator, null);
  });

  it('lets an agency member act as the owner of the team they manage', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const response = await impersonate(agency, ids[DEMO_ACCOUNTS.pro]!);
    assert.equal(response.statusCode, 200);
    const acting = await me(agency);
    assert.equal(acting.email, DEMO_ACCOUNTS.pro);
    assert.equal(acting.impersonator?.team_role, 'agency');
    assert.equal((await stop(agency)).statusCode, 200);
    assert.equal((await me(agency)).email, DEMO_ACCOUNTS.agency);
  });

  it('refuses an agency member for an owner they do not manage', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const response = await impersonate(agency, ids[DEMO_ACCOUNTS.guest]!);
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { message: 'You cannot impersonate this user.' });
    assert.equal((await me(agency)).email, DEMO_ACCOUNTS.agency);
  });

  it('refuses a Basic (admin role) team member', async () => {
    const team = await ctx.db
      .selectFrom('teams')
      .select('id')
      .where('owner_id', '=', ids[DEMO_ACCOUNTS.pro]!)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('team_members')
      .values({ team_id: team.id, user_id: ids[DEMO_ACCOUNTS.show]!, role: 'admin' })
      .execute();
    try {
      const basic = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
      const response = await impersonate(basic, ids[DEMO_ACCOUNTS.pro]!);
      assert.equal(response.statusCode, 403);
      assert.equal(
        response.json<{ message: string }>().message,
        'You cannot impersonate this user.',
      );
    } finally {
      await ctx.db
        .deleteFrom('team_members')
        .where('user_id', '=', ids[DEMO_ACCOUNTS.show]!)
        .execute();
    }
  });

  for (const who of ['standard', 'pro'] as const) {
    it(`refuses a ${who} user`, async () => {
      const client = await signedIn(ctx.app, DEMO_ACCOUNTS[who]);
      const response = await impersonate(client, ids[DEMO_ACCOUNTS.guest]!);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { message: 'You cannot impersonate this user.' });
    });
  }

  it('refuses an admin acting as another admin', async () => {
    await ctx.db
      .updateTable('users')
      .set({ is_admin: true })
      .where('id', '=', ids[DEMO_ACCOUNTS.standard]!)
      .execute();
    try {
      const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
      const response = await impersonate(admin, ids[DEMO_ACCOUNTS.standard]!);
      assert.equal(response.statusCode, 403);
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ is_admin: false })
        .where('id', '=', ids[DEMO_ACCOUNTS.standard]!)
        .execute();
    }
  });

  it('answers 422 for oneself, 404 for an unknown user (admin), 401 to a visitor', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const self = await impersonate(admin, ids[DEMO_ACCOUNTS.admin]!);
    assert.equal(self.statusCode, 422);
    assert.equal(self.json<{ message: string }>().message, 'You cannot impersonate yourself.');
    assert.equal((await impersonate(admin, 999999)).statusCode, 404);
    assert.equal((await impersonate(admin, 'abc')).statusCode, 404);

    const visitor = new TestClient(ctx.app);
    assert.equal((await impersonate(visitor, ids[DEMO_ACCOUNTS.guest]!)).statusCode, 401);
  });

  it('refuses to chain impersonations', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    assert.equal((await impersonate(admin, ids[DEMO_ACCOUNTS.guest]!)).statusCode, 200);
    const again = await impersonate(admin, ids[DEMO_ACCOUNTS.show]!);
    assert.equal(again.statusCode, 422);
    assert.equal((await me(admin)).email, DEMO_ACCOUNTS.guest);
  });

  it('needs the CSRF header', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const response = await admin.request(
      'POST',
      `/api/v1/auth/impersonate/${ids[DEMO_ACCOUNTS.guest]}`,
      {
        csrf: false,
      },
    );
    assert.equal(response.statusCode, 419);
  });
});

describe('DELETE /auth/impersonate', () => {
  it('answers 422 when the session impersonates nobody, 401 to a visitor', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const response = await stop(client);
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'You are not impersonating anyone.',
      errors: { session: ['You are not impersonating anyone.'] },
    });
    assert.equal((await stop(new TestClient(ctx.app))).statusCode, 401);
  });

  it('a fresh login answers impersonator null', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.login(DEMO_ACCOUNTS.pro);
    assert.equal(response.json<{ data: User }>().data.impersonator, null);
  });
});
