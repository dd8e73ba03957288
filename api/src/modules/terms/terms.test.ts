import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('POST /user/terms/approve', () => {
  it('records the acceptance and answers the updated user', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.terms);
    const before = (await client.get('/api/v1/users/me')).json().data as User;
    assert.equal(before.terms_accepted_at, null);
    assert.equal(before.status, 'active');

    const started = Date.now();
    const response = await client.post('/api/v1/user/terms/approve');
    assert.equal(response.statusCode, 200);
    const user = response.json().data as User;
    assert.equal(user.id, before.id);
    assert.ok(user.terms_accepted_at);
    assert.ok(Date.parse(user.terms_accepted_at) >= started - 5000);

    const after = (await client.get('/api/v1/users/me')).json().data as User;
    assert.equal(after.terms_accepted_at, user.terms_accepted_at);
  });

  it('touches only the caller', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    await client.post('/api/v1/user/terms/approve');
    const pending = await ctx.db
      .selectFrom('users')
      .select('terms_accepted_at')
      .where('email', '=', DEMO_ACCOUNTS.pending)
      .executeTakeFirstOrThrow();
    assert.equal(pending.terms_accepted_at, null);
  });

  it('is refused to an impersonator: nobody accepts the terms for the owner', async () => {
    const terms = await ctx.db
      .updateTable('users')
      .set({ terms_accepted_at: null })
      .where('email', '=', DEMO_ACCOUNTS.terms)
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    assert.equal((await admin.post(`/api/v1/auth/impersonate/${terms.id}`)).statusCode, 200);
    const response = await admin.post('/api/v1/user/terms/approve');
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), {
      message: 'Only the account owner can accept the Terms of Service.',
    });
    const row = await ctx.db
      .selectFrom('users')
      .select('terms_accepted_at')
      .where('id', '=', terms.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.terms_accepted_at, null);
  });

  it('needs a session', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/user/terms/approve');
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { message: 'Unauthenticated.' });
  });

  it('refuses a call without the CSRF token', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.terms);
    const response = await client.request('POST', '/api/v1/user/terms/approve', { csrf: false });
    assert.equal(response.statusCode, 419);
  });
});
