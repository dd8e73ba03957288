import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { User } from '../../contract';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

async function put(client: TestClient, id: number, body: Record<string, unknown>) {
  return client.request('PUT', `/api/v1/users/${id}`, { body });
}

async function meOf(client: TestClient): Promise<User> {
  return (await client.get('/api/v1/users/me')).json().data;
}

describe('PUT /users/{id}', () => {
  it('changes only the fields sent and answers {data: User}', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const before = await meOf(client);
    const response = await put(client, before.id, {
      first_name: ' Samantha ',
      phone: '(737) 555-0123',
      title: 'Host',
      timezone: 'US/Eastern',
      sms_notifications: true,
    });
    assert.equal(response.statusCode, 200);
    const user: User = response.json().data;
    assert.equal(user.first_name, 'Samantha');
    assert.equal(user.last_name, before.last_name);
    assert.equal(user.phone, '(737) 555-0123');
    assert.equal(user.title, 'Host');
    assert.equal(user.timezone, 'US/Eastern');
    assert.equal(user.sms_notifications, true);
    assert.equal(user.email, before.email);
    assert.equal(user.status, 'active');

    const cleared = await put(client, before.id, { title: null, timezone: 'Asia/Kolkata' });
    assert.equal(cleared.json().data.title, null);
    assert.equal(cleared.json().data.timezone, 'Asia/Kolkata');
  });

  it('answers 422 with Laravel’s messages for each bad field', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const { id } = await meOf(client);
    const response = await put(client, id, {
      first_name: '',
      last_name: 'x'.repeat(256),
      email: 'not-an-email',
      phone: '12345',
      title: 't'.repeat(256),
      timezone: 'Nowhere/Special',
      sms_notifications: 'maybe',
      email_notifications: null,
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      first_name: ['The first name field is required.'],
      last_name: ['The last name field must not be greater than 255 characters.'],
      phone: ['The phone field must be 10 digits.'],
      timezone: ['The selected timezone is invalid.'],
      title: ['The title field must not be greater than 255 characters.'],
      sms_notifications: ['The sms notifications field must be true or false.'],
      email_notifications: ['The email notifications field must be true or false.'],
      email: ['The email field must be a valid email address.'],
    });
    assert.equal((await meOf(client)).first_name, 'Samantha', 'nothing was saved');
  });

  it('takes a timezone only from the options, or the zone the account already has', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const { id } = await meOf(client);
    // A valid IANA zone, but not one of the Settings options.
    const refused = await put(client, id, { timezone: 'America/Chicago' });
    assert.equal(refused.statusCode, 422);
    assert.deepEqual(refused.json().errors, { timezone: ['The selected timezone is invalid.'] });
    const missing = await put(client, id, { timezone: '' });
    assert.deepEqual(missing.json().errors, { timezone: ['The timezone field is required.'] });

    // Registration stores the browser's own zone: saving it back unchanged is fine.
    await ctx.db
      .updateTable('users')
      .set({ timezone: 'America/Chicago' })
      .where('id', '=', id)
      .execute();
    const kept = await put(client, id, { timezone: 'America/Chicago' });
    assert.equal(kept.statusCode, 200);
    const moved = await put(client, id, { timezone: 'US/Central' });
    assert.equal(moved.json().data.timezone, 'US/Central');
    assert.equal((await put(client, id, { timezone: 'America/Chicago' })).statusCode, 422);
  });

  it('refuses another user’s id with 403, a visitor with 401, a missing CSRF header with 419', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const other = await meOf(await signedIn(ctx.app, DEMO_ACCOUNTS.show));
    const forbidden = await put(client, other.id, { first_name: 'Mallory' });
    assert.equal(forbidden.statusCode, 403);
    assert.equal((await meOf(await signedIn(ctx.app, DEMO_ACCOUNTS.show))).first_name, 'Sofia');

    const visitor = new TestClient(ctx.app);
    assert.equal((await put(visitor, other.id, { first_name: 'X' })).statusCode, 401);

    const me = await meOf(client);
    const noCsrf = await client.request('PUT', `/api/v1/users/${me.id}`, {
      body: { first_name: 'X' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });

  it('a new email needs verifying again: pending, and a link sent to the new address', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const { id } = await meOf(client);
    const taken = await put(client, id, { email: 'PRO@guestspot.test' });
    assert.equal(taken.statusCode, 422);
    assert.deepEqual(taken.json().errors, { email: ['The email has already been taken.'] });

    // Only the case changed: the same mailbox, no confirmation needed, still verified.
    const sameAddress = await put(client, id, { email: 'Admin@GuestSpot.test' });
    assert.equal(sameAddress.json().data.status, 'active', 'only the case changed');

    // A new address needs a recent login confirmation first (decision 063).
    const unconfirmed = await put(client, id, { email: 'new-admin@example.test' });
    assert.equal(unconfirmed.statusCode, 428);
    const confirmed = await client.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
    assert.equal(confirmed.statusCode, 200);

    const response = await put(client, id, { email: 'new-admin@example.test' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().data.email, 'new-admin@example.test');
    assert.equal(response.json().data.status, 'pending');
    const outbox = await client.get('/api/v1/dev/outbox?to=new-admin@example.test');
    const [mail] = outbox.json().data;
    assert.equal(mail.subject, 'Verify your email address');
    const path = new URL(
      mail.text.split(/\s+/).find((word: string) => word.includes('/verify-email?url=')),
    ).searchParams.get('url');
    assert.equal((await client.get(path ?? '')).statusCode, 200);
    assert.equal((await meOf(client)).status, 'active');
  });

  it('changes the password with the current one, ending the other sessions only', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const otherBrowser = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const { id } = await meOf(client);

    const wrong = await put(client, id, {
      current_password: 'not-it',
      password: 'Changed-pass-1',
      password_confirmation: 'Changed-pass-1',
    });
    assert.equal(wrong.statusCode, 422);
    assert.deepEqual(wrong.json().errors, {
      current_password: ['The provided password is incorrect.'],
    });

    const invalid = await put(client, id, { password: 'short', password_confirmation: 'x' });
    assert.deepEqual(invalid.json().errors, {
      current_password: ['The current password field is required.'],
      password: [
        'The password field must be at least 8 characters.',
        'The password field confirmation does not match.',
      ],
    });

    const ok = await put(client, id, {
      current_password: DEMO_PASSWORD,
      password: 'Changed-pass-1',
      password_confirmation: 'Changed-pass-1',
    });
    assert.equal(ok.statusCode, 200);
    assert.equal((await client.get('/api/v1/users/me')).statusCode, 200, 'this browser stays');
    assert.equal((await otherBrowser.get('/api/v1/users/me')).statusCode, 401);
    await new TestClient(ctx.app).login(DEMO_ACCOUNTS.agency, 'Changed-pass-1');
  });

  it('keeps one team member’s email notifications on', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const { id } = await meOf(owner);
    const team = await ctx.db
      .selectFrom('teams')
      .select('id')
      .where('owner_id', '=', id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('team_members')
      .set({ email_notifications: false })
      .where('team_id', '=', team.id)
      .execute();
    const refused = await put(owner, id, { email_notifications: false });
    assert.equal(refused.statusCode, 422);
    assert.deepEqual(refused.json().errors, {
      email_notifications: [
        'At least one team member needs to have the email notifications turned on',
      ],
    });

    await ctx.db
      .updateTable('team_members')
      .set({ email_notifications: true })
      .where('team_id', '=', team.id)
      .execute();
    const allowed = await put(owner, id, { email_notifications: false });
    assert.equal(allowed.statusCode, 200);
    assert.equal(allowed.json().data.email_notifications, false);
  });
});
