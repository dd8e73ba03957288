import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { WAITLIST_IP_LIMIT, WAITLIST_MESSAGE } from './routes';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const PATH = '/api/v1/join-waitlist';

async function sofiaShow() {
  return ctx.db
    .selectFrom('show_profiles')
    .select('id')
    .where('name', '=', 'The Sofia Ramirez Show')
    .executeTakeFirstOrThrow();
}

describe('POST /join-waitlist', () => {
  it('adds the address once and tells the profile owner once', async () => {
    const show = await sofiaShow();
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const body = {
      email: 'standard@guestspot.test',
      source: 'app',
      profile_id: show.id,
      profile_type: 'show',
    };
    const first = await client.post(PATH, body);
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { message: WAITLIST_MESSAGE });
    const again = await client.post(PATH, { ...body, email: 'STANDARD@guestspot.test' });
    assert.equal(again.statusCode, 200);

    const rows = await ctx.db
      .selectFrom('waitlist_entries')
      .select(['email', 'source', 'profile_type', 'profile_id'])
      .execute();
    assert.deepEqual(rows, [
      {
        email: 'standard@guestspot.test',
        source: 'app',
        profile_type: 'show',
        profile_id: show.id,
      },
    ]);
    const mails = await ctx.db
      .selectFrom('outbox_emails')
      .select('subject')
      .where('to_email', '=', 'show@guestspot.test')
      .execute();
    assert.deepEqual(mails, [{ subject: 'Someone wants to book The Sofia Ramirez Show' }]);
  });

  it('takes the spec payload alone (email and source) from a visitor', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.post(PATH, { email: 'fan@example.com', source: 'app' });
    assert.equal(response.statusCode, 200);
  });

  it('answers 422 for a bad email, a missing or unknown source, a half-named profile', async () => {
    const client = new TestClient(ctx.app);
    const bad = await client.post(PATH, { email: 'nope', source: 'web' });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().errors, {
      email: ['The email field must be a valid email address.'],
      source: ['The selected source is invalid.'],
    });
    const missing = await client.post(PATH, {});
    assert.deepEqual(Object.keys(missing.json().errors).sort(), ['email', 'source']);
    const half = await client.post(PATH, { email: 'a@b.co', source: 'app', profile_id: 3 });
    assert.equal(half.statusCode, 422);
    assert.deepEqual(Object.keys(half.json().errors), ['profile_type']);
  });

  it('refuses paused profiles (404) and calls without the CSRF token (419)', async () => {
    const paused = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('is_public', '=', false)
      .executeTakeFirstOrThrow();
    const client = new TestClient(ctx.app);
    const hidden = await client.post(PATH, {
      email: 'a@b.co',
      source: 'app',
      profile_id: paused.id,
      profile_type: 'guest',
    });
    assert.equal(hidden.statusCode, 404);
    const noCsrf = await client.request('POST', PATH, {
      body: { email: 'a@b.co', source: 'app' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });

  it('takes 10 joins an hour from one IP address, then answers 429 with the wait', async () => {
    assert.equal(WAITLIST_IP_LIMIT.max, 10);
    const show = await sofiaShow();
    const client = new TestClient(ctx.app);
    // The dev proxy's X-Forwarded-For (trusted from loopback) stands in for other networks.
    const from = (ip: string, email: string) =>
      client.request('POST', PATH, {
        body: { email, source: 'app', profile_id: show.id, profile_type: 'show' },
        headers: { 'x-forwarded-for': ip },
      });
    const mailsToOwner = async () =>
      (
        await ctx.db
          .selectFrom('outbox_emails')
          .select('id')
          .where('to_email', '=', 'show@guestspot.test')
          .execute()
      ).length;
    const before = await mailsToOwner();
    for (let n = 1; n <= WAITLIST_IP_LIMIT.max; n += 1) {
      const response = await from('203.0.113.10', `fan${n}@example.com`);
      assert.equal(response.statusCode, 200, `join ${n}: ${response.body}`);
    }
    const refused = await from('203.0.113.10', 'one-too-many@example.com');
    assert.equal(refused.statusCode, 429);
    assert.match(
      refused.json().message,
      /^Too many waitlist requests from your network\. Please try again in \d+ seconds\.$/,
    );
    assert.ok(Number(refused.headers['retry-after']) > 3000);
    // Nothing stored, nobody emailed for the refused one.
    assert.equal(
      await ctx.db
        .selectFrom('waitlist_entries')
        .select('id')
        .where('email', '=', 'one-too-many@example.com')
        .executeTakeFirst(),
      undefined,
    );
    assert.equal(await mailsToOwner(), before + WAITLIST_IP_LIMIT.max);
    // Another address is not affected.
    assert.equal((await from('203.0.113.11', 'neighbour@example.com')).statusCode, 200);
  });
});
