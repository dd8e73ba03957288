import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../app';
import type { User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import {
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
  parseSetCookies,
} from '../../test/harness';
import { hashToken } from '../auth/sessions';
import { decryptToken, onConnected } from './connections';
import { remoteProvider } from './providers';

let ctx: TestContext;
let appUrl: string;
before(async () => {
  ctx = await startTestApp();
  appUrl = ctx.app.config.appUrl;
});
after(() => ctx.close());

function location(response: { headers: Record<string, unknown> }): string {
  const value = response.headers.location;
  assert.equal(typeof value, 'string', 'a redirect');
  return value as string;
}

/** Follows the local provider's consent page as a person would: Allow (or Deny) as `email`. */
async function throughConsent(
  client: TestClient,
  authorizeUrl: string,
  {
    email,
    decision = 'allow',
    name = '',
  }: { email?: string; decision?: string; name?: string } = {},
) {
  const pageResponse = await client.get(authorizeUrl);
  assert.equal(pageResponse.statusCode, 200);
  const url = new URL(authorizeUrl, 'http://x');
  const state = url.searchParams.get('state') ?? '';
  const prefilled = /id="email"[^>]*value="([^"]*)"/.exec(pageResponse.body)?.[1] ?? '';
  const query = new URLSearchParams({ state, email: email ?? prefilled, name, decision });
  const provider = url.pathname.split('/')[5];
  return client.get(`/api/v1/oauth/local/${provider}/decide?${query.toString()}`);
}

/** Starts a social sign-in in `client` and answers the callback URL the provider would send it to. */
async function callbackUrl(
  client: TestClient,
  provider: string,
  options: { email?: string; purpose?: string } = {},
) {
  const start = await client.get(
    `/api/v1/auth/login/${provider}${options.purpose ? `?purpose=${options.purpose}` : ''}`,
  );
  assert.equal(start.statusCode, 302);
  return location(await throughConsent(client, location(start), options));
}

async function socialLogin(
  client: TestClient,
  provider: string,
  options: { email?: string; purpose?: string; decision?: string } = {},
) {
  const start = await client.get(
    `/api/v1/auth/login/${provider}${options.purpose ? `?purpose=${options.purpose}` : ''}`,
  );
  assert.equal(start.statusCode, 302);
  const decided = await throughConsent(client, location(start), options);
  assert.equal(decided.statusCode, 302);
  const callback = location(decided);
  assert.match(callback, new RegExp(`^/api/v1/auth/login/${provider}/callback\\?`));
  return client.get(callback);
}

describe('the local consent page', () => {
  it('renders an accessible page naming the provider with a prefilled demo email', async () => {
    const client = new TestClient(ctx.app);
    const start = await client.get('/api/v1/auth/login/facebook');
    const response = await client.get(location(start));
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /text\/html/);
    assert.match(response.body, /<h1>Guestspot local Facebook<\/h1>/);
    assert.match(response.body, /<label for="email">/);
    assert.match(response.body, /value="demo\.facebook@guestspot\.test"/);
    assert.match(response.body, />Allow</);
    assert.match(response.body, />Deny</);
  });

  it('refuses an unknown or expired state', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/oauth/local/google/authorize?state=nope-nope-nope-nope-nope-nope',
    });
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /This authorization link has expired/);
  });

  it('asks again for a valid email, escaping what was typed', async () => {
    const client = new TestClient(ctx.app);
    const start = await client.get('/api/v1/auth/login/google');
    const response = await throughConsent(client, location(start), {
      email: '"><script>x</script>',
    });
    assert.equal(response.statusCode, 422);
    assert.match(response.body, /Enter a valid email address\./);
    assert.doesNotMatch(response.body, /<script>x/);
  });
});

describe('social login (GET /auth/login/{provider} and its callback)', () => {
  it('creates a verified user without accepted terms, signs them in and lands on /login/{provider}', async () => {
    const client = new TestClient(ctx.app);
    const response = await socialLogin(client, 'google', { email: 'new.person@example.test' });
    assert.equal(response.statusCode, 302);
    assert.equal(location(response), `${appUrl}/login/google?status=success`);
    assert.ok(client.cookies.get('guestspot_session'), 'session cookie');

    const me = (await client.get('/api/v1/users/me')).json<{ data: User }>().data;
    assert.equal(me.email, 'new.person@example.test');
    assert.equal(me.first_name, 'New');
    assert.equal(me.last_name, 'Person');
    assert.equal(me.status, 'active');
    assert.equal(me.terms_accepted_at, null);

    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    assert.ok(row.email_verified_at);
    const password = await new TestClient(ctx.app).post('/api/v1/auth/login', {
      email: 'new.person@example.test',
      password: row.password_hash,
    });
    assert.equal(password.statusCode, 422, 'no usable password');

    // Signing in again with the same provider account finds the same user.
    const again = new TestClient(ctx.app);
    await socialLogin(again, 'google', { email: 'new.person@example.test' });
    assert.equal((await again.get('/api/v1/users/me')).json<{ data: User }>().data.id, me.id);
  });

  it('signs in an existing verified account by its email', async () => {
    const client = new TestClient(ctx.app);
    const response = await socialLogin(client, 'facebook', {
      email: DEMO_ACCOUNTS.guest.toUpperCase(),
    });
    assert.equal(location(response), `${appUrl}/login/facebook?status=success`);
    assert.equal(
      (await client.get('/api/v1/users/me')).json<{ data: User }>().data.email,
      DEMO_ACCOUNTS.guest,
    );
  });

  it('refuses an existing account whose email was never verified', async () => {
    const client = new TestClient(ctx.app);
    const response = await socialLogin(client, 'google', { email: DEMO_ACCOUNTS.pending });
    const landing = new URL(location(response));
    assert.equal(landing.pathname, '/login/google');
    assert.equal(landing.searchParams.get('status'), 'error');
    assert.equal(
      landing.searchParams.get('message'),
      'An account with this email already exists. Please sign in with your password.',
    );
    assert.equal(client.cookies.get('guestspot_session'), undefined);
  });

  it('lands on an error when the person denies, and a state works only once', async () => {
    const client = new TestClient(ctx.app);
    const denied = await socialLogin(client, 'google', { decision: 'deny' });
    assert.equal(new URL(location(denied)).searchParams.get('status'), 'error');

    const start = await client.get('/api/v1/auth/login/google');
    const decided = await throughConsent(client, location(start), { email: 'once@example.test' });
    const callback = location(decided);
    assert.equal(
      new URL(location(await client.get(callback))).searchParams.get('status'),
      'success',
    );
    const replay = await new TestClient(ctx.app).get(callback);
    assert.equal(new URL(location(replay)).searchParams.get('status'), 'error');
  });

  it('refuses a forged code and an unknown provider', async () => {
    const client = new TestClient(ctx.app);
    const start = await client.get('/api/v1/auth/login/google');
    const state = new URL(location(start), 'http://x').searchParams.get('state') ?? '';
    const forged = await client.get(
      `/api/v1/auth/login/google/callback?code=abc.def&state=${state}`,
    );
    assert.equal(new URL(location(forged)).searchParams.get('status'), 'error');
    assert.equal((await client.get('/api/v1/auth/login/myspace')).statusCode, 404);
  });
});

describe('the sign-in round trip is bound to the browser that started it', () => {
  const status = (response: { headers: Record<string, unknown> }) =>
    new URL(location(response)).searchParams.get('status');

  it('refuses an attacker’s callback URL in the victim’s browser; the attacker’s own browser still finishes', async () => {
    const attacker = new TestClient(ctx.app);
    const callback = await callbackUrl(attacker, 'google', { email: 'attacker.csrf@example.test' });

    // A visitor with no round trip of their own.
    const visitor = new TestClient(ctx.app);
    const refused = await visitor.get(callback);
    assert.equal(refused.statusCode, 302);
    assert.equal(
      location(refused),
      `${appUrl}/login/google?${new URLSearchParams({ status: 'error', message: 'The social login failed. Please try again.' }).toString()}`,
    );
    assert.equal(visitor.cookies.get('guestspot_session'), undefined, 'no session');
    const created = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'attacker.csrf@example.test')
      .executeTakeFirst();
    assert.equal(created, undefined, 'no account made from the refused callback');

    // A signed-in victim with a round trip of their own (another state's cookie) stays themselves.
    const victim = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const victimSession = victim.cookies.get('guestspot_session');
    await victim.get('/api/v1/auth/login/google');
    assert.ok(victim.cookies.get('guestspot_oauth_browser'), 'the victim’s own round trip');
    assert.equal(status(await victim.get(callback)), 'error');
    assert.equal(victim.cookies.get('guestspot_session'), victimSession);
    const me = await victim.get('/api/v1/users/me');
    assert.equal(me.json<{ data: User }>().data.email, DEMO_ACCOUNTS.guest);

    // The browser that started it: signed in (the refusals did not use up its state).
    const finished = await attacker.get(callback);
    assert.equal(location(finished), `${appUrl}/login/google?status=success`);
    assert.equal(
      (await attacker.get('/api/v1/users/me')).json<{ data: User }>().data.email,
      'attacker.csrf@example.test',
    );
  });

  it('refuses a cookie made for another state, and a callback after the cookie was used', async () => {
    const client = new TestClient(ctx.app);
    const first = await callbackUrl(client, 'facebook', { email: 'first.state@example.test' });
    const firstCookie = client.cookies.get('guestspot_oauth_browser');
    const second = await callbackUrl(client, 'facebook', { email: 'second.state@example.test' });
    // The second start replaced the cookie: the first round trip cannot finish here any more.
    assert.notEqual(client.cookies.get('guestspot_oauth_browser'), firstCookie);
    const stale = await client.get(first);
    assert.equal(status(stale), 'error');
    assert.equal(client.cookies.get('guestspot_session'), undefined);
    // Each callback clears the cookie, so the second round trip needs it back to finish.
    assert.equal(client.cookies.get('guestspot_oauth_browser'), undefined);
    assert.equal(status(await client.get(second)), 'error');

    const again = new TestClient(ctx.app);
    const url = await callbackUrl(again, 'facebook', { email: 'third.state@example.test' });
    const cookie = again.cookies.get('guestspot_oauth_browser') ?? '';
    assert.equal(status(await again.get(url)), 'success');
    // Replayed with the cookie it had: the state was used once.
    const replay = new TestClient(ctx.app);
    replay.cookies.set('guestspot_oauth_browser', cookie);
    assert.equal(status(await replay.get(url)), 'error');
    assert.equal(replay.cookies.get('guestspot_session'), undefined);
  });

  it('sets a short-lived httpOnly SameSite=Lax cookie on the start, scoped to the provider, and clears it on the callback', async () => {
    const client = new TestClient(ctx.app);
    const start = await client.get('/api/v1/auth/login/google');
    const cookie = parseSetCookies(start).find((item) => item.name === 'guestspot_oauth_browser');
    assert.ok(cookie?.value, 'the binding cookie');
    assert.equal(cookie.attributes.get('httponly'), true);
    assert.equal(cookie.attributes.get('samesite'), 'Lax');
    assert.equal(cookie.attributes.get('max-age'), '600', 'the state’s 10 minutes');
    assert.equal(cookie.attributes.get('path'), '/api/v1/auth/login/google');
    assert.equal(cookie.attributes.has('secure'), false, 'COOKIE_SECURE is off here');
    const state = new URL(location(start), 'http://x').searchParams.get('state') ?? '';
    assert.equal(cookie.value.includes(state), false, 'not the state itself');

    const decided = await throughConsent(client, location(start), { decision: 'deny' });
    const callback = await client.get(location(decided));
    const cleared = parseSetCookies(callback).find(
      (item) => item.name === 'guestspot_oauth_browser',
    );
    assert.equal(cleared?.value, '');
    assert.equal(cleared?.attributes.get('max-age'), '0');
    assert.equal(cleared?.attributes.get('path'), '/api/v1/auth/login/google');
  });

  it('binds the confirmation popup too', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const callback = await callbackUrl(client, 'google', { purpose: 'confirm' });
    client.cookies.delete('guestspot_oauth_browser');
    const response = await client.get(callback);
    const landing = new URL(location(response));
    assert.equal(landing.searchParams.get('status'), 'error');
    assert.equal(landing.searchParams.get('message'), 'The social login confirmation failed.');
    assert.equal(
      parseSetCookies(response).some((item) => item.name === 'login_confirmed'),
      false,
    );
  });

  it('marks the cookie Secure when COOKIE_SECURE is on', async () => {
    const secure = await startTestApp({ config: { cookieSecure: true } });
    try {
      const start = await new TestClient(secure.app).get('/api/v1/auth/login/facebook');
      const cookie = parseSetCookies(start).find((item) => item.name === 'guestspot_oauth_browser');
      assert.equal(cookie?.attributes.get('secure'), true);
    } finally {
      await secure.close();
    }
  });
});

describe('social confirmation (purpose=confirm)', () => {
  it('confirms the signed-in user: session marked, login_confirmed cookie for 120 s', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const response = await socialLogin(client, 'google', { purpose: 'confirm' });
    assert.equal(location(response), `${appUrl}/login/google?status=confirmed`);
    const cookie = parseSetCookies(response).find((item) => item.name === 'login_confirmed');
    assert.equal(cookie?.value, '1');
    assert.equal(cookie?.attributes.get('max-age'), '120');
    assert.equal(cookie?.attributes.get('path'), '/');
    assert.equal(cookie?.attributes.has('httponly'), false);
    const session = await ctx.db
      .selectFrom('sessions')
      .select('login_confirmed_at')
      .where('id', '=', hashToken(client.cookies.get('guestspot_session') ?? ''))
      .executeTakeFirstOrThrow();
    assert.ok(session.login_confirmed_at);
  });

  it('fails for another person’s provider account', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const response = await socialLogin(client, 'facebook', {
      purpose: 'confirm',
      email: 'someone.else@example.test',
    });
    const landing = new URL(location(response));
    assert.equal(landing.searchParams.get('status'), 'error');
    assert.equal(landing.searchParams.get('message'), 'The social login confirmation failed.');
    assert.equal(
      parseSetCookies(response).some((item) => item.name === 'login_confirmed'),
      false,
    );
  });

  it('fails without a session', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/auth/login/google?purpose=confirm');
    assert.equal(new URL(location(response)).searchParams.get('status'), 'error');
  });
});

describe('connecting an account (GET /oauth/{provider}/redirect, POST /oauth/{provider}/complete)', () => {
  async function connect(client: TestClient, provider: string, returnTo = '/settings#calendars') {
    const redirect = await client.get(
      `/api/v1/oauth/${provider}/redirect?return_to=${encodeURIComponent(returnTo)}`,
    );
    assert.equal(redirect.statusCode, 200);
    const { url } = redirect.json<{ url: string }>();
    const decided = await throughConsent(client, url);
    const back = new URL(location(decided), appUrl);
    assert.equal(back.pathname, `/${provider}/authorization`);
    return { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
  }

  it('stores the connection (tokens encrypted, never returned) and says so', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const calls: string[] = [];
    const stop = onConnected('google', async (_app, account) => {
      calls.push(`${account.provider}:${account.userId}`);
    });
    const { code, state } = await connect(client, 'google');
    const response = await client.post('/api/v1/oauth/google/complete', { code, state });
    stop();
    assert.equal(response.statusCode, 200);
    const body = response.json<{
      message: string;
      return_to: string;
      data: Record<string, unknown>;
    }>();
    assert.equal(body.message, 'Your Google account is connected.');
    assert.equal(body.return_to, '/settings#calendars');
    assert.equal(body.data.account_email, DEMO_ACCOUNTS.pro);
    assert.doesNotMatch(response.body, /local-access/);
    assert.equal(calls.length, 1);

    const row = await ctx.db
      .selectFrom('oauth_connections')
      .selectAll()
      .where('provider', '=', 'google')
      .executeTakeFirstOrThrow();
    assert.ok(row.access_token && !row.access_token.startsWith('local-access'));
    assert.match(decryptToken('test-secret', row.access_token), /^local-access-/);

    const replay = await client.post('/api/v1/oauth/google/complete', { code, state });
    assert.equal(replay.statusCode, 422);
    assert.deepEqual(replay.json(), {
      message: 'This authorization link has expired. Please try again.',
      errors: { state: ['This authorization link has expired. Please try again.'] },
    });
  });

  it('names each provider in its message', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    for (const [provider, name] of [
      ['stripe', 'Stripe'],
      ['youtube', 'YouTube'],
      ['tiktok', 'TikTok'],
    ] as const) {
      const { code, state } = await connect(client, provider);
      const response = await client.post(`/api/v1/oauth/${provider}/complete`, { code, state });
      assert.equal(
        response.json<{ message: string }>().message,
        `Your ${name} account is connected.`,
      );
    }
  });

  it('refuses a state issued to another user', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const { code, state } = await connect(owner, 'microsoft');
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const response = await other.post('/api/v1/oauth/microsoft/complete', { code, state });
    assert.equal(response.statusCode, 422);
    assert.equal(
      response.json<{ message: string }>().message,
      'This authorization link has expired. Please try again.',
    );
  });

  it('validates input, return_to, provider, session and CSRF', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const missing = await client.post('/api/v1/oauth/google/complete', {});
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(Object.keys(missing.json<{ errors: object }>().errors).sort(), [
      'code',
      'state',
    ]);
    const offsite = await client.get('/api/v1/oauth/google/redirect?return_to=https://evil.test/');
    assert.equal(offsite.statusCode, 422);
    const protocolRelative = await client.get(
      '/api/v1/oauth/google/redirect?return_to=//evil.test',
    );
    assert.equal(protocolRelative.statusCode, 422);
    assert.equal((await client.get('/api/v1/oauth/facebook/redirect')).statusCode, 404);
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get('/api/v1/oauth/google/redirect')).statusCode, 401);
    const noCsrf = await client.request('POST', '/api/v1/oauth/google/complete', {
      body: { code: 'x', state: 'y' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });

  it('answers each 422 with the messages and fields it always had', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    // the body as sent, key order included
    const answers = (response: { statusCode: number; body: string }, body: object) => {
      assert.equal(response.statusCode, 422);
      assert.equal(response.body, JSON.stringify(body));
    };
    answers(await client.post('/api/v1/oauth/google/complete', { code: 5, state: 5 }), {
      message: 'The code field must be a string.',
      errors: {
        code: ['The code field must be a string.'],
        state: ['The state field must be a string.'],
      },
    });
    answers(
      await client.post('/api/v1/oauth/google/complete', {
        code: 'c'.repeat(4097),
        state: 's'.repeat(201),
      }),
      {
        message: 'The code field must not be greater than 4096 characters.',
        errors: {
          code: ['The code field must not be greater than 4096 characters.'],
          state: ['The state field must not be greater than 200 characters.'],
        },
      },
    );
    answers(await client.get('/api/v1/oauth/google/redirect?return_to[]=/x'), {
      message: 'The return to field must be a string.',
      errors: { return_to: ['The return to field must be a string.'] },
    });
    answers(await client.get(`/api/v1/oauth/google/redirect?return_to=/${'x'.repeat(2000)}`), {
      message: 'The return to field must not be greater than 2000 characters.',
      errors: { return_to: ['The return to field must not be greater than 2000 characters.'] },
    });
    // a 422 always names its field (issue 12: none answers a bare message any more)
    answers(await client.get('/api/v1/oauth/google/redirect?return_to=https://evil.test/'), {
      message: 'The return to field must be a path on this site.',
      errors: { return_to: ['The return to field must be a path on this site.'] },
    });
    // another provider is 404 before the input is read
    const unknown = await client.post('/api/v1/oauth/nope/complete', {});
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), { message: 'Not found.' });
  });
});

describe('real providers', () => {
  it('build the provider’s authorize URL from the configured client', () => {
    const provider = remoteProvider('google', { clientId: 'cid', clientSecret: 'secret' });
    const url = new URL(
      provider.authorizeUrl({
        state: 's1',
        scopes: provider.scopes('login'),
        redirectUri: 'https://app.test/api/v1/auth/login/google/callback',
        codeChallenge: null,
      }),
    );
    assert.equal(url.origin, 'https://accounts.google.com');
    assert.equal(url.searchParams.get('client_id'), 'cid');
    assert.equal(url.searchParams.get('scope'), 'openid email profile');
    assert.equal(url.searchParams.get('state'), 's1');
    assert.equal(url.searchParams.has('client_secret'), false);
  });

  it('exchange a code for a profile (fetch stubbed)', async () => {
    const seen: string[] = [];
    const fakeFetch = (async (input: string | URL | Request) => {
      const target = String(input);
      seen.push(target);
      if (target.includes('token')) {
        return Response.json({ access_token: 'at', refresh_token: 'rt', expires_in: 3600 });
      }
      return Response.json({
        id: '42',
        email: 'fb@example.test',
        first_name: 'Fay',
        last_name: 'Bee',
        name: 'Fay Bee',
      });
    }) as typeof fetch;
    const provider = remoteProvider(
      'facebook',
      { clientId: 'cid', clientSecret: 'secret' },
      fakeFetch,
    );
    const profile = await provider.exchange('code', {
      redirectUri: 'https://app.test/cb',
      codeVerifier: null,
    });
    assert.equal(profile.providerUserId, '42');
    assert.equal(profile.email, 'fb@example.test');
    assert.equal(profile.emailVerified, true);
    assert.equal(profile.refreshToken, 'rt');
    assert.equal(seen.length, 2);
  });
});

describe('the local consent page is a development surface (decision 062)', () => {
  /** A real login round trip's consent URL (started from loopback) and its decide URL. */
  async function consentUrls(provider = 'facebook') {
    const start = await new TestClient(ctx.app).get(`/api/v1/auth/login/${provider}`);
    const authorize = location(start);
    assert.match(authorize, new RegExp(`^/api/v1/oauth/local/${provider}/authorize\\?`));
    const state = new URL(authorize, 'http://x').searchParams.get('state') ?? '';
    const query = new URLSearchParams({
      state,
      email: DEMO_ACCOUNTS.admin,
      name: '',
      decision: 'allow',
    });
    return { authorize, decide: `/api/v1/oauth/local/${provider}/decide?${query.toString()}` };
  }

  it('is 404 for a caller not on loopback: nobody signs in as the admin from afar', async () => {
    const { authorize, decide } = await consentUrls();
    for (const request of [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
    ]) {
      for (const url of [authorize, decide]) {
        const response = await ctx.app.inject({ method: 'GET', url, ...request });
        assert.equal(response.statusCode, 404, `${url} ${JSON.stringify(request)}`);
        assert.deepEqual(response.json(), { message: 'Not found.' });
        assert.equal(response.headers.location, undefined);
      }
    }
    // The same link still works from loopback (the state was not spent).
    const page = await ctx.app.inject({ method: 'GET', url: authorize });
    assert.equal(page.statusCode, 200);
  });

  it('does not exist, and social sign-in has no local stand-in, when the surfaces are off', async () => {
    const { authorize, decide } = await consentUrls('google');
    const production = await buildApp({
      db: ctx.db,
      config: { sessionSecret: 'test-secret', devSurfaces: false },
    });
    try {
      assert.equal(production.config.oauthLocal, false);
      for (const url of [authorize, decide]) {
        const response = await production.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 404, url);
      }
      const start = await new TestClient(production).get('/api/v1/auth/login/facebook');
      assert.doesNotMatch(String(start.headers.location ?? ''), /\/oauth\/local\//);
    } finally {
      await production.close();
    }
  });
});
