import { sql } from 'kysely';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_ACCOUNTS, DEMO_REFERRAL_CODES } from '../../db/seed/seed';
import {
  parseSetCookies,
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
  userIdOf,
} from '../../test/harness';
import { REFERRAL_COOKIE, REFERRAL_COOKIE_SECONDS } from './referral-cookie';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const PRO_CODE = DEMO_REFERRAL_CODES[DEMO_ACCOUNTS.pro] ?? '';

const userId = (email: string) => userIdOf(ctx.db, email);

async function views(referrerId: number): Promise<number> {
  const rows = await ctx.db
    .selectFrom('referral_views')
    .select('visitor_hash')
    .where('referrer_id', '=', referrerId)
    .execute();
  return rows.length;
}

const increment = (client: TestClient, ref: string, headers: Record<string, string> = {}) =>
  client.request('PUT', `/api/v1/increment-views/${ref}`, { headers });

describe('referral codes', () => {
  it('gives every account a unique code, readable ones for the demo accounts', async () => {
    const rows = await ctx.db.selectFrom('users').select(['email', 'referral_code']).execute();
    assert.equal(new Set(rows.map((row) => row.referral_code)).size, rows.length);
    for (const row of rows) assert.match(row.referral_code, /^[a-z0-9]{4,32}$/);
    const pro = rows.find((row) => row.email === DEMO_ACCOUNTS.pro);
    assert.equal(pro?.referral_code, 'priyapatel');
  });

  it('draws 16 characters for a new account: a million accounts do not collide (migration 053)', async () => {
    const { rows } = await sql<{ code: string }>`
      insert into users (first_name, last_name, email, password_hash)
      values ('Drawn', 'Code', 'drawn.code@example.test', 'x')
      returning referral_code as code
    `.execute(ctx.db);
    try {
      assert.match(rows[0]!.code, /^[0-9a-f]{16}$/);
    } finally {
      await ctx.db.deleteFrom('users').where('email', '=', 'drawn.code@example.test').execute();
    }
  });
});

describe('GET /referral-cookie?ref=', () => {
  it('sets an httpOnly, SameSite=Lax, 30-day cookie for a valid code', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.get(`/api/v1/referral-cookie?ref=${PRO_CODE.toUpperCase()}`);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { data: { ref: PRO_CODE } });
    const cookie = parseSetCookies(response).find((item) => item.name === REFERRAL_COOKIE);
    assert.ok(cookie, 'the referral cookie is set');
    assert.match(cookie.value, new RegExp(`^${PRO_CODE}\\.[A-Za-z0-9_-]{16,}$`));
    assert.equal(cookie.attributes.get('httponly'), true);
    assert.equal(cookie.attributes.get('samesite'), 'Lax');
    assert.equal(cookie.attributes.get('max-age'), String(REFERRAL_COOKIE_SECONDS));
    assert.equal(cookie.attributes.get('path'), '/');
  });

  it('keeps the visitor id when a second referral link replaces the referrer', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/api/v1/referral-cookie?ref=${PRO_CODE}`);
    const first = client.cookies.get(REFERRAL_COOKIE) ?? '';
    await client.get('/api/v1/referral-cookie?ref=mayabrooks');
    const second = client.cookies.get(REFERRAL_COOKIE) ?? '';
    assert.equal(second.split('.')[0], 'mayabrooks');
    assert.equal(second.split('.')[1], first.split('.')[1]);
  });

  it('answers 404 and sets no cookie for an unknown code', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.get('/api/v1/referral-cookie?ref=nosuchcode');
    assert.equal(response.statusCode, 404);
    assert.equal(
      parseSetCookies(response).some((item) => item.name === REFERRAL_COOKIE),
      false,
    );
  });

  it('answers 422 for a missing or malformed ref', async () => {
    const client = new TestClient(ctx.app);
    const missing = await client.get('/api/v1/referral-cookie');
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json().errors, { ref: ['The ref field is required.'] });
    const malformed = await client.get('/api/v1/referral-cookie?ref=%3Cscript%3E');
    assert.equal(malformed.statusCode, 422);
    assert.deepEqual(malformed.json().errors, {
      ref: ['The ref field must only contain letters and numbers.'],
    });
    assert.equal(parseSetCookies(malformed).length, 0);
  });
});

describe('PUT /increment-views/{ref}', () => {
  it('counts one view per visitor and day, however often the link is reloaded', async () => {
    const referrer = await userId(DEMO_ACCOUNTS.show);
    const code = DEMO_REFERRAL_CODES[DEMO_ACCOUNTS.show] ?? '';
    const before = await views(referrer);

    const visitor = new TestClient(ctx.app);
    await visitor.get(`/api/v1/referral-cookie?ref=${code}`);
    const first = await increment(visitor, code);
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { data: { counted: true } });
    const reload = await increment(visitor, code);
    assert.deepEqual(reload.json(), { data: { counted: false } });
    assert.equal(await views(referrer), before + 1);

    // Another browser (its own cookie) is another visitor.
    const other = new TestClient(ctx.app);
    await other.get(`/api/v1/referral-cookie?ref=${code}`);
    assert.deepEqual((await increment(other, code)).json(), { data: { counted: true } });
    assert.equal(await views(referrer), before + 2);
  });

  it('without the cookie, tells visitors apart by address and browser', async () => {
    const referrer = await userId(DEMO_ACCOUNTS.guest);
    const code = DEMO_REFERRAL_CODES[DEMO_ACCOUNTS.guest] ?? '';
    const before = await views(referrer);
    const client = new TestClient(ctx.app);
    const agent = { 'user-agent': 'test-browser/1' };
    assert.equal((await increment(client, code, agent)).json().data.counted, true);
    assert.equal((await increment(client, code, agent)).json().data.counted, false);
    assert.equal(
      (await increment(client, code, { 'user-agent': 'test-browser/2' })).json().data.counted,
      true,
    );
    assert.equal(await views(referrer), before + 2);
  });

  it("does not count the referrer's own visits", async () => {
    const referrer = await userId(DEMO_ACCOUNTS.pro);
    const before = await views(referrer);
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    assert.deepEqual((await increment(client, PRO_CODE)).json(), { data: { counted: false } });
    assert.equal(await views(referrer), before);
  });

  it('answers 404 for an unknown code and 419 without the CSRF token', async () => {
    const client = new TestClient(ctx.app);
    assert.equal((await increment(client, 'nosuchcode')).statusCode, 404);
    assert.equal((await increment(client, 'bad%20code')).statusCode, 404);
    const noCsrf = await client.request('PUT', `/api/v1/increment-views/${PRO_CODE}`, {
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });
});

describe('registration through a referral link', () => {
  const registration = (email: string, extra: Record<string, unknown> = {}) => ({
    first_name: 'Riley',
    last_name: 'Referred',
    email,
    phone: '(512) 555-0199',
    password: 'Password123',
    password_confirmation: 'Password123',
    terms: true,
    ...extra,
  });

  it('records the referrer from the cookie and clears the cookie', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/api/v1/referral-cookie?ref=${PRO_CODE}`);
    const response = await client.post(
      '/api/v1/auth/register',
      registration('riley.referred@example.test'),
    );
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().data.referred_by, await userId(DEMO_ACCOUNTS.pro));
    const cleared = parseSetCookies(response).find((item) => item.name === REFERRAL_COOKIE);
    assert.equal(cleared?.value, '');
    assert.equal(client.cookies.has(REFERRAL_COOKIE), false);
  });

  it('prefers a code typed in the form, and ignores a stale cookie', async () => {
    const typed = new TestClient(ctx.app);
    await typed.get(`/api/v1/referral-cookie?ref=${PRO_CODE}`);
    const withCode = await typed.post(
      '/api/v1/auth/register',
      registration('typed.code@example.test', { referral_code: 'mayabrooks' }),
    );
    assert.equal(withCode.json().data.referred_by, await userId(DEMO_ACCOUNTS.guest));

    const stale = new TestClient(ctx.app);
    stale.cookies.set(REFERRAL_COOKIE, 'gonecode.AAAAAAAAAAAAAAAAAAAAAA');
    const response = await stale.post(
      '/api/v1/auth/register',
      registration('stale.cookie@example.test'),
    );
    assert.equal(response.statusCode, 201);
    assert.equal(response.json().data.referred_by, null);
  });
});
