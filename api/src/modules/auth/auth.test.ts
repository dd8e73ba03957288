import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { parseSetCookies, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { issueCsrfToken } from './csrf';
import { hashPassword, verifyPassword } from './password';
import { hashToken } from './sessions';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('CSRF (Sanctum double submit)', () => {
  it('GET /api/v1/sanctum/csrf-cookie answers 204 with a readable XSRF-TOKEN cookie', async () => {
    for (const url of ['/api/v1/sanctum/csrf-cookie', '/sanctum/csrf-cookie']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 204);
      const cookie = parseSetCookies(response).find((c) => c.name === 'XSRF-TOKEN');
      assert.ok(cookie, `${url} sets XSRF-TOKEN`);
      assert.equal(cookie.attributes.has('httponly'), false);
      assert.equal(cookie.attributes.get('path'), '/');
      assert.equal(cookie.attributes.get('samesite'), 'Lax');
    }
  });

  it('answers 419 to a POST without the header', async () => {
    const client = new TestClient(ctx.app);
    await client.fetchCsrfCookie();
    const response = await client.request('POST', '/api/v1/auth/login', {
      body: { email: DEMO_ACCOUNTS.standard, password: 'Password123' },
      csrf: false,
    });
    assert.equal(response.statusCode, 419);
    assert.deepEqual(response.json(), { message: 'CSRF token mismatch.' });
  });

  it('answers 419 when the header differs from the cookie', async () => {
    const client = new TestClient(ctx.app);
    await client.fetchCsrfCookie();
    const response = await client.request('POST', '/api/v1/auth/login', {
      body: { email: DEMO_ACCOUNTS.standard, password: 'Password123' },
      headers: { 'x-xsrf-token': issueCsrfToken('test-secret') },
    });
    assert.equal(response.statusCode, 419);
  });

  it('answers 419 to a cookie and header that match but were not signed by the server', async () => {
    const forged = issueCsrfToken('some-other-secret');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged },
    });
    assert.equal(response.statusCode, 419);
  });

  it('accepts a URL-encoded header equal to the cookie', async () => {
    const client = new TestClient(ctx.app);
    await client.fetchCsrfCookie();
    const token = client.cookies.get('XSRF-TOKEN') ?? '';
    const response = await client.request('POST', '/api/v1/auth/logout', {
      headers: { 'x-xsrf-token': encodeURIComponent(token) },
    });
    assert.equal(response.statusCode, 204);
  });

  it('does not guard GET requests', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/categories' });
    assert.equal(response.statusCode, 200);
  });
});

describe('POST /auth/login', () => {
  it('signs in: 200 {data: User}, an httpOnly session cookie, /users/me works', async () => {
    const client = new TestClient(ctx.app);
    await client.fetchCsrfCookie();
    const before = client.cookies.get('XSRF-TOKEN');
    const response = await client.post('/api/v1/auth/login', {
      email: DEMO_ACCOUNTS.standard,
      password: 'Password123',
      remember_me: false,
      device: 'spa',
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().data.email, DEMO_ACCOUNTS.standard);

    const cookies = parseSetCookies(response);
    const session = cookies.find((c) => c.name === 'guestspot_session');
    assert.ok(session);
    assert.equal(session.attributes.get('httponly'), true);
    assert.equal(session.attributes.get('path'), '/');
    assert.equal(session.attributes.get('samesite'), 'Lax');
    assert.equal(session.attributes.has('max-age'), false, 'a browser-session cookie');
    assert.notEqual(client.cookies.get('XSRF-TOKEN'), before, 'the XSRF token is rotated');

    const me = await client.get('/api/v1/users/me');
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().data.email, DEMO_ACCOUNTS.standard);
  });

  it('stores the session hashed, with device, ip and user agent', async () => {
    const client = new TestClient(ctx.app);
    await client.request('POST', '/api/v1/auth/login', {
      body: { email: DEMO_ACCOUNTS.admin, password: 'Password123', device: 'spa' },
      headers: { 'user-agent': 'node-test' },
    });
    const token = client.cookies.get('guestspot_session') ?? '';
    const row = await ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    assert.equal(row.device, 'spa');
    assert.equal(row.user_agent, 'node-test');
    assert.equal(row.ip_address, '127.0.0.1');
    assert.equal(row.remember, false);
    const none = await ctx.db.selectFrom('sessions').select('id').where('id', '=', token).execute();
    assert.equal(none.length, 0, 'the raw token is never stored');
  });

  it('remember_me makes the cookie last 30 days', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.login(DEMO_ACCOUNTS.show, 'Password123', true);
    const session = parseSetCookies(response).find((c) => c.name === 'guestspot_session');
    assert.equal(session?.attributes.get('max-age'), String(30 * 24 * 60 * 60));
  });

  it('matches the email case-insensitively', async () => {
    const client = new TestClient(ctx.app);
    await client.login('  Pro@GuestSpot.TEST ');
    assert.equal((await client.get('/api/v1/users/me')).statusCode, 200);
  });

  it('answers 422 with Laravel’s body for a wrong password or an unknown email', async () => {
    for (const credentials of [
      { email: DEMO_ACCOUNTS.pro, password: 'wrong-password' },
      { email: 'nobody@guestspot.test', password: 'Password123' },
    ]) {
      const client = new TestClient(ctx.app);
      const response = await client.post('/api/v1/auth/login', credentials);
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), {
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      });
      assert.equal(client.cookies.has('guestspot_session'), false);
    }
  });

  it('answers 422 per missing or malformed field', async () => {
    const client = new TestClient(ctx.app);
    const empty = await client.post('/api/v1/auth/login', {});
    assert.equal(empty.statusCode, 422);
    assert.deepEqual(empty.json(), {
      message: 'The email field is required.',
      errors: {
        email: ['The email field is required.'],
        password: ['The password field is required.'],
      },
    });

    const malformed = await client.post('/api/v1/auth/login', {
      email: 'not-an-email',
      password: 'x',
    });
    assert.equal(malformed.statusCode, 422);
    assert.deepEqual(malformed.json().errors, {
      email: ['The email field must be a valid email address.'],
    });

    const wrongTypes = await client.post('/api/v1/auth/login', {
      email: ['a@b.c'],
      password: 12345678,
      remember_me: 'perhaps',
    });
    assert.equal(wrongTypes.statusCode, 422);
    assert.deepEqual(Object.keys(wrongTypes.json().errors).sort(), [
      'email',
      'password',
      'remember_me',
    ]);
  });

  it('answers 400 JSON, not 500, to a body that is not JSON', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.request('POST', '/api/v1/auth/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 400);
    assert.equal(typeof response.json().message, 'string');
  });

  it('locks out after 5 failed attempts per email and ip: 429 with the wait', async () => {
    const client = new TestClient(ctx.app);
    const email = DEMO_ACCOUNTS.guest;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await client.post('/api/v1/auth/login', {
        email,
        password: `wrong-${attempt}`,
      });
      assert.equal(response.statusCode, 422, `attempt ${attempt}`);
    }
    const locked = await client.post('/api/v1/auth/login', { email, password: 'Password123' });
    assert.equal(locked.statusCode, 429, 'even the right password waits');
    const { message } = locked.json();
    const seconds = Number(/try again in (\d+) seconds\.$/.exec(message)?.[1]);
    assert.match(message, /^Too many login attempts\. Please try again in \d+ seconds\.$/);
    assert.ok(seconds >= 1 && seconds <= 60, message);
    assert.equal(locked.headers['retry-after'], String(seconds));

    // Another email from the same ip is not affected.
    await client.login(DEMO_ACCOUNTS.agency);
  });

  it('lets the lockout expire after the decay window', async () => {
    const client = new TestClient(ctx.app);
    const email = 'expired-lockout@guestspot.test';
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await client.post('/api/v1/auth/login', { email, password: 'nope' });
    }
    assert.equal(
      (await client.post('/api/v1/auth/login', { email, password: 'nope' })).statusCode,
      429,
    );
    await ctx.db
      .updateTable('login_throttles')
      .set({ reset_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    assert.equal(
      (await client.post('/api/v1/auth/login', { email, password: 'nope' })).statusCode,
      422,
    );
  });
});

describe('POST /auth/logout', () => {
  it('deletes the session row and clears the cookie; the old cookie is then refused', async () => {
    const client = new TestClient(ctx.app);
    await client.login(DEMO_ACCOUNTS.pro);
    const token = client.cookies.get('guestspot_session') ?? '';
    const stored = () =>
      ctx.db.selectFrom('sessions').select('id').where('id', '=', hashToken(token)).execute();
    assert.equal((await stored()).length, 1);

    const response = await client.post('/api/v1/auth/logout');
    assert.equal(response.statusCode, 204);
    const cleared = parseSetCookies(response).find((c) => c.name === 'guestspot_session');
    assert.ok(cleared);
    assert.equal(cleared.value, '');
    assert.equal((await stored()).length, 0);

    const replay = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { cookie: `guestspot_session=${token}` },
    });
    assert.equal(replay.statusCode, 401);
  });
});

describe('GET /users/me', () => {
  it('answers 401 {message: Unauthenticated.} without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { message: 'Unauthenticated.' });
  });

  it('answers 401 to an unknown or malformed session cookie', async () => {
    for (const cookie of [
      'guestspot_session=abcdefghijklmnopqrstuvwxyz0123456789',
      'guestspot_session=%%%',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { cookie },
      });
      assert.equal(response.statusCode, 401);
    }
  });

  it('answers 401 once the session has expired', async () => {
    const client = new TestClient(ctx.app);
    await client.login(DEMO_ACCOUNTS.standard);
    const token = client.cookies.get('guestspot_session') ?? '';
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', hashToken(token))
      .execute();
    assert.equal((await client.get('/api/v1/users/me')).statusCode, 401);
  });
});

describe('password hashing', () => {
  it('salts each hash and verifies only the right password', async () => {
    const [first, second] = await Promise.all([
      hashPassword('Password123'),
      hashPassword('Password123'),
    ]);
    assert.notEqual(first, second);
    assert.match(first, /^scrypt\$16384\$8\$1\$/);
    assert.equal(await verifyPassword('Password123', first), true);
    assert.equal(await verifyPassword('password123', first), false);
    assert.equal(await verifyPassword('Password123', 'garbage'), false);
  });
});
