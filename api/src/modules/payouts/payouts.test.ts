import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../app';
import type { CreatedPayoutAccount, PayoutAccount, PayoutCountry, User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { LocalPayoutProvider } from './local-provider';
import { PAYOUT_MANAGERS_ONLY, UNLINKED } from './service';

const ACTIVATION_MS = 300;
const ACCOUNT = '/api/v1/user/stripe-account';

let ctx: TestContext;
const ids: Record<string, number> = {};
before(async () => {
  ctx = await startTestApp({ config: { payoutLocalActivationMs: ACTIVATION_MS } });
  for (const row of await ctx.db.selectFrom('users').select(['id', 'email']).execute()) {
    ids[row.email] = row.id;
  }
});
after(() => ctx.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function account(client: TestClient): Promise<PayoutAccount | null> {
  const response = await client.get(ACCOUNT);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ data: PayoutAccount | null }>().data;
}

async function me(client: TestClient): Promise<User> {
  return (await client.get('/api/v1/users/me')).json<{ data: User }>().data;
}

let sequence = 0;
/** A fresh user with no payout account (the demo password, copied from a demo account). */
async function newUser(label: string): Promise<TestClient> {
  sequence += 1;
  const email = `${label}-${sequence}@example.test`;
  const demo = await ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', DEMO_ACCOUNTS.standard)
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('users')
    .values({
      first_name: 'Pay',
      last_name: 'Out',
      email,
      password_hash: demo.password_hash,
      status: 'active',
      email_verified_at: new Date(),
      terms_accepted_at: new Date(),
    })
    .execute();
  return signedIn(ctx.app, email);
}

/** What the browser does on the local onboarding page: a plain urlencoded form post. */
function submitForm(
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  { remoteAddress }: { remoteAddress?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payouts/local/onboarding',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function tokenOf(url: string): string {
  const token = new URL(url).searchParams.get('token');
  assert.ok(token, `a token in ${url}`);
  return token;
}

async function start(client: TestClient, country = 'US'): Promise<CreatedPayoutAccount> {
  const response = await client.post(ACCOUNT, { country_code: country });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<CreatedPayoutAccount>();
}

describe('GET /user/stripe-account', () => {
  it('is null for a user without a payout account', async () => {
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    assert.equal(await account(standard), null);
  });

  it('reports the seeded connected account with a dashboard link', async () => {
    const guest = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const data = await account(guest);
    assert.ok(data);
    assert.equal(data.details_submitted, true);
    assert.equal(data.charges_enabled, true);
    assert.equal(data.onboarding_link, null);
    assert.match(
      data.dashboard_link?.url ?? '',
      /^http:\/\/.+\/api\/v1\/payouts\/local\/dashboard\?token=/,
    );
    assert.equal((await me(guest)).has_stripe_connect, true);

    const page = await ctx.app.inject({ method: 'GET', url: pathOf(data.dashboard_link!.url) });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.match(page.body, /Active: payouts enabled/);
    assert.match(page.body, /Maya Brooks/);
  });

  it('needs a session', async () => {
    assert.equal((await new TestClient(ctx.app).get(ACCOUNT)).statusCode, 401);
  });
});

describe('GET /user/stripe-account/countries', () => {
  it('lists the supported countries with names', async () => {
    const response = await new TestClient(ctx.app).get(`${ACCOUNT}/countries`);
    const countries = response.json<{ data: PayoutCountry[] }>().data;
    assert.ok(
      countries.some((country) => country.code === 'US' && country.name === 'United States'),
    );
    assert.ok(countries.every((country) => /^[A-Z]{2}$/.test(country.code)));
  });
});

describe('POST /user/stripe-account: validation and CSRF', () => {
  it('requires a supported ISO country code', async () => {
    const client = await newUser('payout-validation');
    const missing = await client.post(ACCOUNT, {});
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json<{ errors: object }>().errors, {
      country_code: ['The country code field is required.'],
    });
    for (const bad of ['XX', 'USA', 'KP', 7]) {
      const response = await client.post(ACCOUNT, { country_code: bad });
      assert.equal(response.statusCode, 422, `country_code ${String(bad)}`);
      assert.ok(response.json<{ errors: Record<string, string[]> }>().errors.country_code);
    }
    assert.equal(await account(client), null, 'nothing was created');
  });

  it('answers each kind of bad code with its message', async () => {
    const client = await newUser('payout-messages');
    const cases: [unknown, string][] = [
      ['USA', 'The country code field must not be greater than 2 characters.'],
      [7, 'The country code field must be a string.'],
      ['XX', 'The selected country code is invalid.'],
      [' us', 'The country code field must not be greater than 2 characters.'],
    ];
    for (const [code, message] of cases) {
      const response = await client.post(ACCOUNT, { country_code: code });
      assert.equal(response.statusCode, 422, `country_code ${String(code)}`);
      assert.deepEqual(response.json(), { message, errors: { country_code: [message] } });
    }
  });

  it('accepts a lower-case code', async () => {
    const client = await newUser('payout-lower');
    const created = await start(client, 'gb');
    assert.equal(created.data.country_code, 'GB');
  });

  it('refuses a request without the XSRF header and a visitor', async () => {
    const client = await newUser('payout-csrf');
    const noCsrf = await client.request('POST', ACCOUNT, {
      body: { country_code: 'US' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.post(ACCOUNT, { country_code: 'US' })).statusCode, 401);
    const noCsrfDelete = await client.request('DELETE', ACCOUNT, { csrf: false });
    assert.equal(noCsrfDelete.statusCode, 419);
  });
});

describe('the local onboarding round trip', () => {
  it('onboards: Details Needed → submitted (Pending) → charges enabled (Connected) → unlinked', async () => {
    const client = await newUser('payout-trip');
    const created = await start(client, 'US');
    assert.equal(created.data.details_submitted, false);
    assert.equal(created.data.charges_enabled, false);
    assert.equal(created.onboarding_link.url, created.data.onboarding_link?.url);
    assert.match(
      created.onboarding_link.url,
      /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/payouts\/local\/onboarding\?token=/,
    );

    // Pressing Start Onboarding twice gives the same unfinished account; another country is refused.
    const again = await start(client, 'US');
    assert.equal(again.data.id, created.data.id);
    assert.equal((await client.post(ACCOUNT, { country_code: 'CA' })).statusCode, 409);

    const pending = await account(client);
    assert.equal(pending?.details_submitted, false);
    assert.ok(pending?.onboarding_link?.url);
    assert.equal(pending?.dashboard_link, null);

    // The onboarding page.
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(created.onboarding_link.url) });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<form method="post" action="\/api\/v1\/payouts\/local\/onboarding">/);
    assert.match(page.body, /United States/);
    assert.match(
      page.headers['content-security-policy'] as string,
      /form-action 'self' http:\/\/127\.0\.0\.1/,
    );
    const token = tokenOf(created.onboarding_link.url);

    // Submitting with details missing shows the errors and submits nothing.
    const invalid = await submitForm({ token, decision: 'submit', legal_name: '', email: 'nope' });
    assert.equal(invalid.statusCode, 422);
    assert.match(invalid.body, /Choose a business type\./);
    assert.match(invalid.body, /Enter the legal name\./);
    assert.match(invalid.body, /Enter a valid email address\./);
    assert.equal((await account(client))?.details_submitted, false);

    // User text comes back escaped.
    const escaped = await submitForm({
      token,
      decision: 'submit',
      legal_name: '<b>x</b>',
      email: '',
    });
    assert.match(escaped.body, /&#60;b&#62;x&#60;\/b&#62;/);
    assert.doesNotMatch(escaped.body, /<b>x<\/b>/);

    const submitted = await submitForm({
      token,
      decision: 'submit',
      business_type: 'individual',
      legal_name: 'Pay Out',
      email: 'payout@example.test',
    });
    assert.equal(submitted.statusCode, 303);
    assert.equal(
      submitted.headers.location,
      `${ctx.app.config.appUrl}/settings?payout_return=1#payout`,
    );

    const review = await account(client);
    assert.equal(review?.details_submitted, true);
    assert.equal(review?.charges_enabled, false);
    assert.equal(review?.onboarding_link, null);
    assert.ok(review?.dashboard_link?.url);
    assert.equal((await me(client)).has_stripe_connect, false, 'not connected while pending');

    // Visiting the used onboarding link again goes straight back.
    const revisit = await ctx.app.inject({
      method: 'GET',
      url: pathOf(created.onboarding_link.url),
    });
    assert.equal(revisit.statusCode, 303);

    await sleep(ACTIVATION_MS + 50);
    const connected = await account(client);
    assert.equal(connected?.charges_enabled, true);
    assert.equal((await me(client)).has_stripe_connect, true);

    const unlinked = await client.request('DELETE', ACCOUNT);
    assert.equal(unlinked.statusCode, 200);
    assert.deepEqual(unlinked.json(), { message: UNLINKED });
    assert.equal(await account(client), null);
    assert.equal((await me(client)).has_stripe_connect, false);
    assert.equal((await client.request('DELETE', ACCOUNT)).statusCode, 404);
    const gone = await ctx.db
      .selectFrom('local_connect_accounts')
      .select('id')
      .where('id', '=', created.data.id)
      .executeTakeFirst();
    assert.equal(gone, undefined, 'the local provider forgot the account');
  });

  it('"Save and finish later" returns to the site with the details still needed', async () => {
    const client = await newUser('payout-later');
    const created = await start(client, 'DE');
    const later = await submitForm({
      token: tokenOf(created.onboarding_link.url),
      decision: 'later',
      legal_name: 'Half Done',
    });
    assert.equal(later.statusCode, 303);
    assert.match(later.headers.location as string, /\/settings\?payout_return=1#payout$/);
    const data = await account(client);
    assert.equal(data?.details_submitted, false);
    assert.ok(data?.onboarding_link);
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(data.onboarding_link.url) });
    assert.match(page.body, /value="Half Done"/, 'the draft is kept');
  });

  it('refuses a cross-site post, a forged token and an unknown account', async () => {
    const client = await newUser('payout-forged');
    const created = await start(client, 'US');
    const token = tokenOf(created.onboarding_link.url);
    const fields = {
      token,
      decision: 'submit',
      business_type: 'company',
      legal_name: 'Evil Corp',
      email: 'evil@example.test',
    };
    const crossSite = await submitForm(fields, { origin: 'https://evil.example' });
    assert.equal(crossSite.statusCode, 403);
    const opaque = await submitForm(fields, { origin: 'null' });
    assert.equal(opaque.statusCode, 403);

    const [body = '', signature = ''] = token.split('.');
    const forged = await submitForm({ ...fields, token: `${body}.${signature.slice(1)}x` });
    assert.equal(forged.statusCode, 400);
    assert.match(forged.body, /This link is invalid or has expired\./);
    const forgedPage = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/payouts/local/onboarding?token=nonsense',
    });
    assert.equal(forgedPage.statusCode, 400);
    // A dashboard token is not an onboarding token.
    const guest = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const dashboardToken = tokenOf((await account(guest))!.dashboard_link!.url);
    assert.equal((await submitForm({ ...fields, token: dashboardToken })).statusCode, 400);

    assert.equal((await account(client))?.details_submitted, false, 'nothing was submitted');
    const sameSite = await submitForm(fields, { origin: ctx.app.config.appUrl });
    assert.equal(sameSite.statusCode, 303);
  });

  it('answers a token that is missing or not text with the invalid-link page', async () => {
    const pages = [
      '/api/v1/payouts/local/onboarding',
      '/api/v1/payouts/local/onboarding?token[]=x',
      '/api/v1/payouts/local/onboarding?token=a&token=b',
      `/api/v1/payouts/local/dashboard?token=${'x'.repeat(4001)}`,
      '/api/v1/payouts/local/dashboard?token=',
    ];
    for (const url of pages) {
      const page = await ctx.app.inject({ method: 'GET', url });
      assert.equal(page.statusCode, 400, url);
      assert.match(page.headers['content-type'] as string, /^text\/html/);
      assert.match(page.body, /This link is invalid or has expired\./);
    }
    const noToken = await submitForm({ decision: 'submit', legal_name: 'No Token' });
    assert.equal(noToken.statusCode, 400);
    assert.match(noToken.body, /This link is invalid or has expired\./);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payouts/local/onboarding',
      payload: { token: 5, decision: 'submit' },
    });
    assert.equal(json.statusCode, 400);
    assert.match(json.body, /This link is invalid or has expired\./);
  });

  it('reads odd form values as not given, on the page itself', async () => {
    const client = await newUser('payout-odd');
    const created = await start(client, 'US');
    const token = tokenOf(created.onboarding_link.url);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payouts/local/onboarding',
      payload: { token, decision: 'submit', business_type: 'both', legal_name: 7, email: null },
    });
    assert.equal(response.statusCode, 422);
    assert.match(response.headers['content-type'] as string, /^text\/html/);
    assert.match(response.body, /Choose a business type\./);
    assert.match(response.body, /Enter the legal name\./);
    assert.doesNotMatch(response.body, /Enter a valid email address\./);
  });

  it('sends an expired link to the refresh URL', async () => {
    const provider = ctx.app.payouts;
    assert.ok(provider instanceof LocalPayoutProvider);
    const past = new LocalPayoutProvider(
      ctx.db,
      { secret: 'test-secret', appUrl: ctx.app.config.appUrl, activationMs: 0 },
      () => new Date(Date.now() - 2 * 60 * 60 * 1000),
    );
    const url = await past.onboardingLink('acct_local_whatever', {
      returnUrl: 'http://127.0.0.1:3000/settings?payout_return=1#payout',
      refreshUrl: 'http://127.0.0.1:3000/settings#payout',
    });
    const response = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, 'http://127.0.0.1:3000/settings#payout');
  });
});

describe('who manages the payout account (spec §6)', () => {
  it('an Agency member acting as the owner may view, unlink and start onboarding', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const started = await agency.post(`/api/v1/auth/impersonate/${ids[DEMO_ACCOUNTS.pro]}`);
    assert.equal(started.statusCode, 200, started.body);
    const data = await account(agency);
    assert.equal(data?.charges_enabled, true, 'pro@ is seeded connected');
    assert.equal((await agency.request('DELETE', ACCOUNT)).statusCode, 200);
    const created = await start(agency, 'US');
    assert.equal(created.data.details_submitted, false);
  });

  it('a site admin acting as the owner may too', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const started = await admin.post(`/api/v1/auth/impersonate/${ids[DEMO_ACCOUNTS.show]}`);
    assert.equal(started.statusCode, 200, started.body);
    assert.equal(await account(admin), null);
    assert.equal((await admin.post(ACCOUNT, { country_code: 'US' })).statusCode, 200);
    assert.equal((await admin.request('DELETE', ACCOUNT)).statusCode, 200);
  });

  it('a Basic member acting as the owner is refused (403)', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const started = await agency.post(`/api/v1/auth/impersonate/${ids[DEMO_ACCOUNTS.pro]}`);
    assert.equal(started.statusCode, 200, started.body);
    // The owner demotes them to Basic while the impersonation runs.
    await ctx.db
      .updateTable('team_members')
      .set({ role: 'admin' })
      .where('user_id', '=', ids[DEMO_ACCOUNTS.agency]!)
      .execute();
    try {
      for (const response of [
        await agency.get(ACCOUNT),
        await agency.post(ACCOUNT, { country_code: 'US' }),
        await agency.request('DELETE', ACCOUNT),
      ]) {
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json(), { message: PAYOUT_MANAGERS_ONLY });
      }
    } finally {
      await ctx.db
        .updateTable('team_members')
        .set({ role: 'agency' })
        .where('user_id', '=', ids[DEMO_ACCOUNTS.agency]!)
        .execute();
    }
  });

  it('a member signed in as themselves only sees their own (empty) account', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    assert.equal(await account(agency), null);
  });
});

describe('without Stripe and with the local provider off (production)', () => {
  it('answers 503 and serves no local pages', async () => {
    const off = await startTestApp({ config: { payoutLocal: false } });
    try {
      const guest = await signedIn(off.app, DEMO_ACCOUNTS.guest);
      const response = await guest.get(ACCOUNT);
      assert.equal(response.statusCode, 503);
      const page = await off.app.inject({
        method: 'GET',
        url: '/api/v1/payouts/local/onboarding?token=x',
      });
      assert.equal(page.statusCode, 404);
    } finally {
      await off.close();
    }
  });
});

describe('the local payout pages are a development surface (decision 062)', () => {
  it('are 404 for a caller not on loopback, and a post from afar submits nothing', async () => {
    const client = await newUser('payout-remote');
    const created = await start(client, 'US');
    const token = tokenOf(created.onboarding_link.url);
    const guest = await account(await signedIn(ctx.app, DEMO_ACCOUNTS.guest));
    const remote = { remoteAddress: '203.0.113.7' };
    for (const url of [pathOf(created.onboarding_link.url), pathOf(guest!.dashboard_link!.url)]) {
      const page = await ctx.app.inject({ method: 'GET', url, ...remote });
      assert.equal(page.statusCode, 404, url);
      assert.deepEqual(page.json(), { message: 'Not found.' });
    }
    const posted = await submitForm(
      { token, decision: 'submit', business_type: 'individual', legal_name: 'Far Away' },
      { 'x-forwarded-for': '127.0.0.1' },
      remote,
    );
    assert.equal(posted.statusCode, 404);
    assert.equal((await account(client))?.details_submitted, false);
  });

  it('do not exist when the development surfaces are off (production)', async () => {
    const production = await buildApp({
      db: ctx.db,
      config: { sessionSecret: 'test-secret', devSurfaces: false },
    });
    try {
      assert.equal(production.config.payoutLocal, false);
      const page = await production.inject({
        method: 'GET',
        url: '/api/v1/payouts/local/onboarding?token=x',
      });
      assert.equal(page.statusCode, 404);
      const guest = await signedIn(production, DEMO_ACCOUNTS.guest);
      assert.equal((await guest.get(ACCOUNT)).statusCode, 503);
    } finally {
      await production.close();
    }
  });
});
