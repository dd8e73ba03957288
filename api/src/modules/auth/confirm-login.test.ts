import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { requireRecentLoginConfirmation } from './confirm-login';
import { hashToken } from './sessions';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp({});
});
after(() => ctx.close());

/** What a route handler receives, enough for the session lookup. */
function requestOf(client: TestClient): FastifyRequest {
  const token = client.cookies.get('guestspot_session');
  return {
    cookies: token ? { guestspot_session: token } : {},
    server: ctx.app,
  } as unknown as FastifyRequest;
}

async function guardStatus(client: TestClient, maxAge = 60): Promise<number> {
  try {
    await requireRecentLoginConfirmation(requestOf(client), maxAge);
    return 200;
  } catch (error) {
    assert.ok(error instanceof HttpError);
    if (error.statusCode === 428) assert.equal(error.message, 'Login not confirmed.');
    return error.statusCode;
  }
}

describe('POST /auth/confirm-login', () => {
  it('confirms with the right password and records it on the session', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const response = await client.post('/api/v1/auth/confirm-login', { password: 'Password123' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { message: 'Login confirmed.' });
    const session = await ctx.db
      .selectFrom('sessions')
      .select('login_confirmed_at')
      .where('id', '=', hashToken(client.cookies.get('guestspot_session') ?? ''))
      .executeTakeFirstOrThrow();
    assert.ok(session.login_confirmed_at instanceof Date);
  });

  it('answers 422 on a wrong password, with the field error', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const response = await client.post('/api/v1/auth/confirm-login', { password: 'nope-nope' });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json<{ errors: unknown }>().errors, {
      password: ['The provided password is incorrect.'],
    });
  });

  it('requires the password', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const response = await client.post('/api/v1/auth/confirm-login', {});
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json<{ errors: unknown }>().errors, {
      password: ['The password field is required.'],
    });
  });

  it('answers 401 to a visitor and 419 without the CSRF header', async () => {
    const visitor = new TestClient(ctx.app);
    const response = await visitor.post('/api/v1/auth/confirm-login', { password: 'Password123' });
    assert.equal(response.statusCode, 401);
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const noCsrf = await client.request('POST', '/api/v1/auth/confirm-login', {
      body: { password: 'Password123' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });

  it('locks out after repeated wrong passwords', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    for (let i = 0; i < 5; i += 1) {
      await client.post('/api/v1/auth/confirm-login', { password: `wrong-${i}` });
    }
    const locked = await client.post('/api/v1/auth/confirm-login', { password: 'Password123' });
    assert.equal(locked.statusCode, 429);
  });

  it('asks an impersonating admin for their own password', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const guest = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_ACCOUNTS.pending)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('users')
      .set({ password_hash: 'unusable' })
      .where('id', '=', guest.id)
      .execute();
    assert.equal((await admin.post(`/api/v1/auth/impersonate/${guest.id}`)).statusCode, 200);
    const response = await admin.post('/api/v1/auth/confirm-login', { password: 'Password123' });
    assert.equal(response.statusCode, 200);
  });
});

describe('requireRecentLoginConfirmation', () => {
  it('answers 428 Login not confirmed. until the password is confirmed, then lets through', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    assert.equal(await guardStatus(client), 428);

    await client.post('/api/v1/auth/confirm-login', { password: 'Password123' });
    assert.equal(await guardStatus(client), 200);

    await ctx.db
      .updateTable('sessions')
      .set({ login_confirmed_at: new Date(Date.now() - 120_000) })
      .where('id', '=', hashToken(client.cookies.get('guestspot_session') ?? ''))
      .execute();
    assert.equal(await guardStatus(client), 428, 'older than 60 s');
    assert.equal(await guardStatus(client, 900), 200, 'within the default 15 minutes');
  });

  it('answers 401 to a visitor', async () => {
    assert.equal(await guardStatus(new TestClient(ctx.app)), 401);
  });
});
