import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/seed';
import { parseSetCookies, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { createInvitedAccount } from './complete-account';
import { rateLimitKey } from './rate-limit';
import { REGISTER_IP_LIMIT } from './routes';
import { hashToken } from './sessions';
import { issueToken } from './tokens';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

let counter = 0;
function freshEmail(prefix = 'new'): string {
  counter += 1;
  return `${prefix}-${counter}@example.test`;
}

function registration(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Nina',
    last_name: 'Okafor',
    email: freshEmail(),
    phone: '(512) 555-0199',
    password: 'Secret-pass-1',
    password_confirmation: 'Secret-pass-1',
    terms: true,
    device: 'spa',
    ...overrides,
  };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

async function outbox(to: string): Promise<OutboxMail[]> {
  const response = await new TestClient(ctx.app).get(
    `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`,
  );
  return response.json().data;
}

/** The first link of `prefix` in the newest email to `to`. */
async function newestLink(to: string, prefix: string): Promise<string> {
  const [mail] = await outbox(to);
  assert.ok(mail, `an email to ${to}`);
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  assert.ok(link, `a link starting ${prefix} in:\n${mail.text}`);
  return link;
}

const appUrl = () => ctx.app.config.appUrl;

/** The API path inside the newest verification email. */
async function verificationPath(to: string): Promise<string> {
  const link = new URL(await newestLink(to, `${appUrl()}/verify-email?url=`));
  const path = link.searchParams.get('url');
  assert.ok(path);
  return path;
}

async function resetLink(to: string): Promise<{ token: string; email: string }> {
  const link = new URL(await newestLink(to, `${appUrl()}/reset-password/`));
  return {
    token: link.pathname.split('/').pop() ?? '',
    email: link.searchParams.get('email') ?? '',
  };
}

async function register(overrides: Record<string, unknown> = {}) {
  const client = new TestClient(ctx.app);
  const payload = registration(overrides);
  const response = await client.post('/api/v1/auth/register', payload);
  return { client, payload, response };
}

async function userRow(email: string) {
  return ctx.db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
}

describe('POST /auth/register', () => {
  it('refuses new accounts from an address that created too many: 429 with the wait', async () => {
    const key = rateLimitKey('register-ip', '127.0.0.1');
    const full = {
      key,
      attempts: REGISTER_IP_LIMIT.max,
      reset_at: sql<Date>`now() + interval '10 minutes'`,
    };
    await ctx.db
      .insertInto('login_throttles')
      .values(full)
      .onConflict((conflict) => conflict.column('key').doUpdateSet(full))
      .execute();
    try {
      const { response } = await register({ email: 'one-too-many@example.test' });
      assert.equal(response.statusCode, 429);
      assert.match(
        response.json().message,
        /^Too many accounts were created from your network\. Please try again in \d+ seconds\.$/,
      );
      assert.ok(Number(response.headers['retry-after']) > 0);
      assert.equal(
        await ctx.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'one-too-many@example.test')
          .executeTakeFirst(),
        undefined,
      );
    } finally {
      await ctx.db.deleteFrom('login_throttles').where('key', '=', key).execute();
    }
  });

  it('creates a pending user, signs them in and emails the verification link', async () => {
    const { client, payload, response } = await register({ email: 'Nina.Okafor@Example.test' });
    assert.equal(response.statusCode, 201);
    const user = response.json().data;
    assert.equal(user.email, 'Nina.Okafor@Example.test');
    assert.equal(user.first_name, 'Nina');
    assert.equal(user.phone, '(512) 555-0199');
    assert.equal(user.status, 'pending');
    assert.equal(user.timezone, 'US/Central');
    assert.equal(user.account_type, 'standard');
    assert.ok(Date.now() - Date.parse(user.terms_accepted_at) < 60_000);

    const session = parseSetCookies(response).find((c) => c.name === 'guestspot_session');
    assert.equal(session?.attributes.get('httponly'), true);
    const me = await client.get('/api/v1/users/me');
    assert.equal(me.json().data.id, user.id);

    const row = await userRow(payload.email);
    assert.equal(row.phone, '5125550199', 'stored as digits');
    assert.equal(row.email_verified_at, null);
    const stored = await ctx.db
      .selectFrom('sessions')
      .select('device')
      .where('id', '=', hashToken(client.cookies.get('guestspot_session') ?? ''))
      .executeTakeFirstOrThrow();
    assert.equal(stored.device, 'spa');

    const [mail] = await outbox(payload.email);
    assert.equal(mail?.subject, 'Verify your email address');
    assert.match(await verificationPath(payload.email), /^\/api\/v1\/auth\/email\/verify\/\d+\//);
  });

  it('accepts ten plain digits, an IANA timezone and a referral code', async () => {
    const referrer = await userRow(DEMO_ACCOUNTS.pro);
    const { response } = await register({
      phone: '5125550142',
      timezone: 'Europe/Berlin',
      // codes are the referral programme's (decision 053), not user ids
      referral_code: referrer.referral_code.toUpperCase(),
    });
    assert.equal(response.statusCode, 201);
    assert.equal(response.json().data.timezone, 'Europe/Berlin');
    assert.equal(response.json().data.referred_by, referrer.id);

    const unknownCode = await register({ referral_code: 'no-such-code' });
    assert.equal(unknownCode.response.statusCode, 201, 'a stale referral link does not block');
    assert.equal(unknownCode.response.json().data.referred_by, null);
  });

  it('answers 422 with every missing field', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.post('/api/v1/auth/register', {});
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      first_name: ['The first name field is required.'],
      last_name: ['The last name field is required.'],
      email: ['The email field is required.'],
      phone: ['The phone field is required.'],
      password: ['The password field is required.'],
      terms: ['The terms field is required.'],
    });
    assert.equal(client.cookies.has('guestspot_session'), false);
  });

  it('answers 422 per malformed field, Laravel’s messages', async () => {
    const { response } = await register({
      first_name: 'x'.repeat(256),
      email: 'not-an-email',
      phone: '555-0199',
      password: 'short',
      password_confirmation: 'different',
      terms: false,
      timezone: 'Mars/Olympus_Mons',
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      first_name: ['The first name field must not be greater than 255 characters.'],
      email: ['The email field must be a valid email address.'],
      phone: ['The phone field must be 10 digits.'],
      password: [
        'The password field must be at least 8 characters.',
        'The password field confirmation does not match.',
      ],
      timezone: ['The timezone field must be a valid timezone.'],
      terms: ['The terms field must be accepted.'],
    });
  });

  it('refuses an address already taken, whatever its case', async () => {
    const { response } = await register({ email: 'PRO@guestspot.test' });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
  });

  it('refuses a request without the CSRF header', async () => {
    const client = new TestClient(ctx.app);
    await client.fetchCsrfCookie();
    const response = await client.request('POST', '/api/v1/auth/register', {
      body: registration(),
      csrf: false,
    });
    assert.equal(response.statusCode, 419);
  });
});

describe('GET /auth/email/verify/{id}/{token}', () => {
  it('verifies and activates the user, signed out, and the link works once', async () => {
    const { payload } = await register();
    const path = await verificationPath(payload.email);
    const stranger = new TestClient(ctx.app);
    const response = await stranger.get(path);
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().message, 'Your email address has been verified.');
    assert.equal(response.json().data.status, 'active');
    assert.ok((await userRow(payload.email)).email_verified_at);
    assert.equal(stranger.cookies.has('guestspot_session'), false, 'no session is created');

    const again = await stranger.get(path);
    assert.equal(again.statusCode, 422);
    assert.deepEqual(again.json(), {
      message: 'This verification link is invalid or has expired.',
      errors: { token: ['This verification link is invalid or has expired.'] },
    });
  });

  it('keeps the session of the signed-in user', async () => {
    const { client, payload } = await register();
    const response = await client.get(await verificationPath(payload.email));
    assert.equal(response.statusCode, 200);
    const me = await client.get('/api/v1/users/me');
    assert.equal(me.json().data.status, 'active');
  });

  it('refuses a token for another id, an expired token and garbage with 422', async () => {
    const { payload } = await register();
    const path = await verificationPath(payload.email);
    const [, , , , , , id, token] = path.split('/');
    const other = await userRow(DEMO_ACCOUNTS.pending);
    const client = new TestClient(ctx.app);
    for (const url of [
      `/api/v1/auth/email/verify/${other.id}/${token}`,
      `/api/v1/auth/email/verify/${id}/not-a-real-token-at-all-000`,
      `/api/v1/auth/email/verify/abc/${token}`,
    ]) {
      const response = await client.get(url);
      assert.equal(response.statusCode, 422, url);
    }
    assert.equal((await userRow(DEMO_ACCOUNTS.pending)).status, 'pending');

    await ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', hashToken(token ?? ''))
      .execute();
    assert.equal((await client.get(path)).statusCode, 422, 'expired');
    assert.equal((await userRow(payload.email)).status, 'pending');
  });

  it('leaves a paused account paused', async () => {
    const { payload } = await register();
    await ctx.db
      .updateTable('users')
      .set({ status: 'paused' })
      .where('email', '=', payload.email)
      .execute();
    const response = await new TestClient(ctx.app).get(await verificationPath(payload.email));
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().data.status, 'paused');
  });
});

describe('POST /auth/email/resend', () => {
  it('sends a new link (the old one stops working), then asks to wait a minute', async () => {
    const { client, payload } = await register();
    const first = await verificationPath(payload.email);
    const response = await client.post('/api/v1/auth/email/resend');
    assert.equal(response.statusCode, 202);
    assert.deepEqual(response.json(), {
      message: 'A new verification link has been sent to your email address.',
    });
    const second = await verificationPath(payload.email);
    assert.notEqual(second, first);
    assert.equal((await outbox(payload.email)).length, 2);

    const limited = await client.post('/api/v1/auth/email/resend');
    assert.equal(limited.statusCode, 429);
    const seconds = Number(limited.headers['retry-after']);
    assert.ok(seconds >= 1 && seconds <= 60);
    assert.equal(
      limited.json().message,
      `Please wait ${seconds} seconds before requesting another email.`,
    );
    assert.equal((await outbox(payload.email)).length, 2, 'no email while limited');

    assert.equal((await client.get(first)).statusCode, 422, 'the older link is dead');
    assert.equal((await client.get(second)).statusCode, 200);
  });

  it('allows another email once the minute is over', async () => {
    const { client } = await register();
    assert.equal((await client.post('/api/v1/auth/email/resend')).statusCode, 202);
    assert.equal((await client.post('/api/v1/auth/email/resend')).statusCode, 429);
    await ctx.db
      .updateTable('login_throttles')
      .set({ reset_at: sql<Date>`now() - interval '1 second'` })
      .where('key', 'like', 'verify-resend:%')
      .execute();
    assert.equal((await client.post('/api/v1/auth/email/resend')).statusCode, 202);
  });

  it('answers 422 to a verified user, 401 to a visitor, 419 without CSRF', async () => {
    const verified = new TestClient(ctx.app);
    await verified.login(DEMO_ACCOUNTS.standard);
    const response = await verified.post('/api/v1/auth/email/resend');
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'Your email address is already verified.',
      errors: { email: ['Your email address is already verified.'] },
    });

    assert.equal((await new TestClient(ctx.app).post('/api/v1/auth/email/resend')).statusCode, 401);

    const pending = new TestClient(ctx.app);
    await pending.login(DEMO_ACCOUNTS.pending);
    const noCsrf = await pending.request('POST', '/api/v1/auth/email/resend', { csrf: false });
    assert.equal(noCsrf.statusCode, 419);
  });
});

describe('password reset', () => {
  const SENT = 'If an account exists for that email, we have sent a password reset link.';

  it('answers the same for known and unknown addresses, emailing only the known one', async () => {
    const { payload } = await register();
    const client = new TestClient(ctx.app);
    const known = await client.post('/api/v1/auth/password/email', { email: payload.email });
    const unknown = await client.post('/api/v1/auth/password/email', {
      email: 'nobody-here@example.test',
    });
    assert.equal(known.statusCode, 200);
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(known.json(), { message: SENT });
    assert.deepEqual(unknown.json(), { message: SENT });
    assert.equal((await outbox('nobody-here@example.test')).length, 0);

    const [mail] = await outbox(payload.email);
    assert.equal(mail?.subject, 'Reset your password');
    const link = await resetLink(payload.email);
    assert.equal(link.email, payload.email);
  });

  it('validates the address', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/auth/password/email', {
      email: 'nope',
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      email: ['The email field must be a valid email address.'],
    });
  });

  it('checks a link without using it, then resets, signs in and ends other sessions', async () => {
    const { client: otherBrowser, payload } = await register();
    const client = new TestClient(ctx.app);
    await client.post('/api/v1/auth/password/email', { email: payload.email });
    const { token, email } = await resetLink(payload.email);

    for (let check = 0; check < 2; check += 1) {
      const valid = await client.post('/api/v1/auth/validate-token', {
        token,
        email,
        type: 'reset-password',
      });
      assert.equal(valid.statusCode, 200);
      assert.deepEqual(valid.json(), { valid: true, email: payload.email });
    }
    const wrongType = await client.post('/api/v1/auth/validate-token', {
      token,
      type: 'complete-account',
    });
    assert.equal(wrongType.statusCode, 422);
    assert.deepEqual(wrongType.json(), {
      message: 'This link is invalid or has expired.',
      errors: { token: ['This link is invalid or has expired.'] },
    });
    const wrongEmail = await client.post('/api/v1/auth/validate-token', {
      token,
      email: DEMO_ACCOUNTS.pro,
      type: 'reset-password',
    });
    assert.equal(wrongEmail.statusCode, 422);

    const reset = await client.post('/api/v1/auth/password/reset', {
      token,
      email,
      password: 'Brand-new-pass',
      password_confirmation: 'Brand-new-pass',
    });
    assert.equal(reset.statusCode, 200);
    assert.equal(reset.json().message, 'Your password has been reset.');
    assert.equal(reset.json().data.email, payload.email);
    assert.equal(reset.json().data.status, 'active', 'the mailbox was proven');
    assert.equal((await client.get('/api/v1/users/me')).statusCode, 200, 'signed in');
    assert.equal(
      (await otherBrowser.get('/api/v1/users/me')).statusCode,
      401,
      'the other session ended',
    );

    const signIn = new TestClient(ctx.app);
    await signIn.login(payload.email, 'Brand-new-pass');
    const oldPassword = await new TestClient(ctx.app).post('/api/v1/auth/login', {
      email: payload.email,
      password: payload.password,
    });
    assert.equal(oldPassword.statusCode, 422);

    const replay = await new TestClient(ctx.app).post('/api/v1/auth/password/reset', {
      token,
      email,
      password: 'Another-pass-1',
      password_confirmation: 'Another-pass-1',
    });
    assert.equal(replay.statusCode, 422, 'single use');
    assert.deepEqual(replay.json().errors, { email: ['This password reset token is invalid.'] });
  });

  it('refuses a token with another user’s email, an expired token, and bad passwords', async () => {
    const victim = await userRow(DEMO_ACCOUNTS.guest);
    const token = await issueToken(ctx.db, victim.id, 'reset-password');
    const client = new TestClient(ctx.app);
    const mismatch = await client.post('/api/v1/auth/password/reset', {
      token,
      email: DEMO_ACCOUNTS.show,
      password: 'Hijacked-pass',
      password_confirmation: 'Hijacked-pass',
    });
    assert.equal(mismatch.statusCode, 422);
    assert.deepEqual(mismatch.json().errors, { email: ['This password reset token is invalid.'] });
    assert.equal(client.cookies.has('guestspot_session'), false);

    const weak = await client.post('/api/v1/auth/password/reset', {
      token,
      email: DEMO_ACCOUNTS.guest,
      password: 'short',
      password_confirmation: 'other',
    });
    assert.equal(weak.statusCode, 422);
    assert.deepEqual(weak.json().errors, {
      password: [
        'The password field must be at least 8 characters.',
        'The password field confirmation does not match.',
      ],
    });

    await ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const expired = await client.post('/api/v1/auth/password/reset', {
      token,
      email: DEMO_ACCOUNTS.guest,
      password: 'Fresh-password',
      password_confirmation: 'Fresh-password',
    });
    assert.equal(expired.statusCode, 422);
    await new TestClient(ctx.app).login(DEMO_ACCOUNTS.guest, DEMO_PASSWORD);
  });

  it('limits requests per address and ip to 5 per 15 minutes: 429 with the wait', async () => {
    const client = new TestClient(ctx.app);
    const email = 'limit-me@example.test';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await client.post('/api/v1/auth/password/email', { email });
      assert.equal(response.statusCode, 200, `attempt ${attempt}`);
    }
    const limited = await client.post('/api/v1/auth/password/email', { email });
    assert.equal(limited.statusCode, 429);
    const seconds = Number(limited.headers['retry-after']);
    assert.ok(seconds > 60 && seconds <= 15 * 60);
    assert.equal(
      limited.json().message,
      `Too many password reset requests. Please try again in ${seconds} seconds.`,
    );
    // Another address from the same ip still works (until the per-ip limit).
    const other = await client.post('/api/v1/auth/password/email', {
      email: 'someone-else@example.test',
    });
    assert.equal(other.statusCode, 200);
  });

  it('limits requests per ip across addresses', async () => {
    const client = new TestClient(ctx.app);
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    let last = 0;
    for (let attempt = 1; attempt <= 21; attempt += 1) {
      const response = await client.request('POST', '/api/v1/auth/password/email', {
        body: { email: `spray-${attempt}@example.test` },
        headers,
      });
      last = response.statusCode;
      if (attempt <= 20) assert.equal(last, 200, `attempt ${attempt}`);
    }
    assert.equal(last, 429);
  });

  it('refuses the reset calls without CSRF', async () => {
    const client = new TestClient(ctx.app);
    await client.fetchCsrfCookie();
    for (const url of [
      '/api/v1/auth/password/email',
      '/api/v1/auth/password/reset',
      '/api/v1/auth/validate-token',
      '/api/v1/auth/complete-account',
    ]) {
      const response = await client.request('POST', url, { body: {}, csrf: false });
      assert.equal(response.statusCode, 419, url);
    }
  });

  it('validate-token requires its fields', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/auth/validate-token', {
      type: 'something',
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      token: ['The token field is required.'],
      type: ['The selected type is invalid.'],
    });
  });
});

describe('completing an invited account', () => {
  it('creates a pending user who cannot sign in, and a link to finish the account', async () => {
    const email = freshEmail('invited');
    const { userId, link } = await createInvitedAccount(ctx.app, {
      email,
      first_name: 'Ivy',
      last_name: 'Chen',
    });
    assert.match(link, new RegExp(`^${appUrl()}/complete-account/[A-Za-z0-9_-]{40,}$`));
    const row = await userRow(email);
    assert.equal(row.id, userId);
    assert.equal(row.status, 'pending');
    const login = await new TestClient(ctx.app).post('/api/v1/auth/login', {
      email,
      password: DEMO_PASSWORD,
    });
    assert.equal(login.statusCode, 422);

    const token = link.split('/').pop() ?? '';
    const client = new TestClient(ctx.app);
    const check = await client.post('/api/v1/auth/validate-token', {
      token,
      type: 'complete-account',
    });
    assert.deepEqual(check.json(), {
      valid: true,
      email,
      first_name: 'Ivy',
      last_name: 'Chen',
    });

    const invalid = await client.post('/api/v1/auth/complete-account', {
      token,
      first_name: '',
      password: 'short',
      password_confirmation: 'short',
      phone: '123',
    });
    assert.equal(invalid.statusCode, 422);
    assert.deepEqual(invalid.json().errors, {
      first_name: ['The first name field is required.'],
      last_name: ['The last name field is required.'],
      password: ['The password field must be at least 8 characters.'],
      phone: ['The phone field must be 10 digits.'],
    });

    const done = await client.post('/api/v1/auth/complete-account', {
      token,
      first_name: 'Ivy',
      last_name: 'Chen-Li',
      password: 'Invited-pass-1',
      password_confirmation: 'Invited-pass-1',
    });
    assert.equal(done.statusCode, 200);
    assert.equal(done.json().data.last_name, 'Chen-Li');
    assert.equal(done.json().data.status, 'active');
    assert.equal((await client.get('/api/v1/users/me')).json().data.email, email);
    await new TestClient(ctx.app).login(email, 'Invited-pass-1');

    const replay = await new TestClient(ctx.app).post('/api/v1/auth/complete-account', {
      token,
      first_name: 'Eve',
      last_name: 'Hacker',
      password: 'Taken-over-1',
      password_confirmation: 'Taken-over-1',
    });
    assert.equal(replay.statusCode, 422);
    assert.deepEqual(replay.json().errors, { token: ['This link is invalid or has expired.'] });
  });

  it('re-invites an unfinished account with a new link; refuses a real account', async () => {
    const email = freshEmail('invited');
    const first = await createInvitedAccount(ctx.app, { email });
    const second = await createInvitedAccount(ctx.app, { email: email.toUpperCase() });
    assert.equal(second.userId, first.userId);
    const oldToken = first.link.split('/').pop() ?? '';
    const check = await new TestClient(ctx.app).post('/api/v1/auth/validate-token', {
      token: oldToken,
      type: 'complete-account',
    });
    assert.equal(check.statusCode, 422, 'the older link stops working');

    await assert.rejects(createInvitedAccount(ctx.app, { email: DEMO_ACCOUNTS.standard }), {
      statusCode: 422,
    });
    await assert.rejects(createInvitedAccount(ctx.app, { email: DEMO_ACCOUNTS.pending }), {
      statusCode: 422,
    });
  });
});
