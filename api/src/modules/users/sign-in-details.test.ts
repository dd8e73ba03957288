import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { User } from '../../contract';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { verifyPassword } from '../auth/password';
import { hashToken } from '../auth/sessions';
import { EMAIL_CHANGED_SUBJECT, EMAIL_OWNER_ONLY, PASSWORD_OWNER_ONLY } from './sign-in-details';

// Decision 063: who may change an account's email address and password through PUT /users/{id}.

let ctx: TestContext;
const ids: Record<string, number> = {};
before(async () => {
  ctx = await startTestApp();
  const rows = await ctx.db.selectFrom('users').select(['id', 'email']).execute();
  for (const row of rows) ids[row.email] = row.id;
});
after(() => ctx.close());

const put = (client: TestClient, id: number, body: Record<string, unknown>) =>
  client.request('PUT', `/api/v1/users/${id}`, { body });
const confirmLogin = (client: TestClient, password = DEMO_PASSWORD) =>
  client.post('/api/v1/auth/confirm-login', { password });

async function row(id: number) {
  return ctx.db
    .selectFrom('users')
    .select(['email', 'status', 'password_hash', 'email_verified_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function mailsTo(address: string) {
  return ctx.db
    .selectFrom('outbox_emails')
    .select(['subject', 'text_body'])
    .where(sql<string>`lower(to_email)`, '=', address.toLowerCase())
    .orderBy('id')
    .execute();
}

async function impersonating(actor: string, target: string): Promise<TestClient> {
  const client = await signedIn(ctx.app, actor);
  const started = await client.post(`/api/v1/auth/impersonate/${ids[target]}`);
  assert.equal(started.statusCode, 200, started.body);
  return client;
}

describe('PUT /users/{id}: an agency member impersonating the owner', () => {
  it('cannot move the owner’s account to another address, even after confirming', async () => {
    const agency = await impersonating(DEMO_ACCOUNTS.agency, DEMO_ACCOUNTS.pro);
    const ownerId = ids[DEMO_ACCOUNTS.pro]!;
    const before = await row(ownerId);

    const refused = await put(agency, ownerId, { email: 'mallory@example.test' });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), { message: EMAIL_OWNER_ONLY });

    // A login confirmation proves who the agency member is, not that they own the account.
    assert.equal((await confirmLogin(agency)).statusCode, 200);
    const again = await put(agency, ownerId, {
      first_name: 'Mallory',
      email: 'mallory@example.test',
    });
    assert.equal(again.statusCode, 403);
    assert.deepEqual(again.json(), { message: EMAIL_OWNER_ONLY });

    const after = await row(ownerId);
    assert.equal(after.email, before.email);
    assert.equal(after.status, before.status);
    assert.deepEqual(await mailsTo('mallory@example.test'), []);
    assert.deepEqual(await mailsTo(DEMO_ACCOUNTS.pro), []);
    const me = (await agency.get('/api/v1/users/me')).json<{ data: User }>().data;
    assert.equal(me.first_name, 'Priya', 'nothing of the refused update was saved');
  });

  it('cannot set the owner’s password, with or without a current password', async () => {
    const agency = await impersonating(DEMO_ACCOUNTS.agency, DEMO_ACCOUNTS.pro);
    const ownerId = ids[DEMO_ACCOUNTS.pro]!;
    for (const body of [
      { password: 'Taken-over-1', password_confirmation: 'Taken-over-1' },
      {
        current_password: DEMO_PASSWORD,
        password: 'Taken-over-1',
        password_confirmation: 'Taken-over-1',
      },
    ]) {
      const refused = await put(agency, ownerId, body);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), { message: PASSWORD_OWNER_ONLY });
    }
    assert.ok(await verifyPassword(DEMO_PASSWORD, (await row(ownerId)).password_hash));
  });

  it('still edits the other rows, and may send the owner’s own address back unchanged', async () => {
    const agency = await impersonating(DEMO_ACCOUNTS.agency, DEMO_ACCOUNTS.pro);
    const ownerId = ids[DEMO_ACCOUNTS.pro]!;
    const response = await put(agency, ownerId, {
      email: ` ${DEMO_ACCOUNTS.pro} `,
      phone: '(512) 555-0199',
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json<{ data: User }>().data.phone, '(512) 555-0199');
    assert.equal((await row(ownerId)).status, 'active');
  });
});

describe('PUT /users/{id}: the owner changing their email address', () => {
  it('needs a recent login confirmation (428), after the address itself is valid', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const id = ids[DEMO_ACCOUNTS.standard]!;

    // Field errors come first, without asking for the password.
    const taken = await put(owner, id, { email: DEMO_ACCOUNTS.guest });
    assert.equal(taken.statusCode, 422);
    assert.deepEqual(taken.json<{ errors: unknown }>().errors, {
      email: ['The email has already been taken.'],
    });

    const unconfirmed = await put(owner, id, { email: 'sam.new@example.test', last_name: 'New' });
    assert.equal(unconfirmed.statusCode, 428);
    assert.deepEqual(unconfirmed.json(), { message: 'Login not confirmed.' });
    const kept = await row(id);
    assert.equal(kept.email, DEMO_ACCOUNTS.standard);
    assert.equal(kept.status, 'active');
    assert.deepEqual(await mailsTo('sam.new@example.test'), []);

    // A confirmation older than 15 minutes does not count.
    await confirmLogin(owner);
    await ctx.db
      .updateTable('sessions')
      .set({ login_confirmed_at: sql<Date>`now() - interval '16 minutes'` })
      .where('id', '=', hashToken(owner.cookies.get('guestspot_session') ?? ''))
      .execute();
    assert.equal((await put(owner, id, { email: 'sam.new@example.test' })).statusCode, 428);
    assert.equal((await row(id)).email, DEMO_ACCOUNTS.standard);
  });

  it('with a fresh confirmation: saved, verified again, and the old address is told', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const id = ids[DEMO_ACCOUNTS.standard]!;
    assert.equal((await confirmLogin(owner)).statusCode, 200);

    const response = await put(owner, id, { email: 'sam.new@example.test' });
    assert.equal(response.statusCode, 200, response.body);
    const user = response.json<{ data: User }>().data;
    assert.equal(user.email, 'sam.new@example.test');
    assert.equal(user.status, 'pending', 'the new address must be verified');
    assert.equal((await row(id)).email_verified_at, null);

    const [notice, ...more] = await mailsTo(DEMO_ACCOUNTS.standard);
    assert.equal(more.length, 0);
    assert.equal(notice?.subject, EMAIL_CHANGED_SUBJECT);
    assert.match(
      notice.text_body,
      /changed from standard@guestspot\.test to sam\.new@example\.test/,
    );
    assert.match(notice.text_body, /If you did not, .*reply to this email right away/);
    const toNew = await mailsTo('sam.new@example.test');
    assert.deepEqual(
      toNew.map((mail) => mail.subject),
      ['Verify your email address'],
    );
  });

  it('a password change still needs the current password, not a confirmation', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const id = ids[DEMO_ACCOUNTS.show]!;
    const missing = await put(owner, id, {
      password: 'Changed-pass-9',
      password_confirmation: 'Changed-pass-9',
    });
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json<{ errors: unknown }>().errors, {
      current_password: ['The current password field is required.'],
    });
    const ok = await put(owner, id, {
      current_password: DEMO_PASSWORD,
      password: 'Changed-pass-9',
      password_confirmation: 'Changed-pass-9',
    });
    assert.equal(ok.statusCode, 200);
  });
});

describe('PUT /users/{id}: a site admin impersonating (support)', () => {
  it('changes the email after confirming with the admin’s own password; the old address is told', async () => {
    const admin = await impersonating(DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.guest);
    const id = ids[DEMO_ACCOUNTS.guest]!;
    const unconfirmed = await put(admin, id, { email: 'maya.support@example.test' });
    assert.equal(unconfirmed.statusCode, 428);
    assert.equal((await row(id)).email, DEMO_ACCOUNTS.guest);

    assert.equal((await confirmLogin(admin)).statusCode, 200);
    const response = await put(admin, id, { email: 'maya.support@example.test' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json<{ data: User }>().data.status, 'pending');
    const notices = await mailsTo(DEMO_ACCOUNTS.guest);
    assert.deepEqual(
      notices.map((mail) => mail.subject),
      [EMAIL_CHANGED_SUBJECT],
    );
  });

  it('is not refused a password change, which still needs the user’s current password', async () => {
    const admin = await impersonating(DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.show);
    const response = await put(admin, ids[DEMO_ACCOUNTS.show]!, {
      password: 'Support-set-1',
      password_confirmation: 'Support-set-1',
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json<{ errors: unknown }>().errors, {
      current_password: ['The current password field is required.'],
    });
  });
});

describe('PUT /admin/users/{id}', () => {
  it('tells the old address too when an admin changes a user’s email', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const id = ids[DEMO_ACCOUNTS.terms]!;
    const response = await admin.request('PUT', `/api/v1/admin/users/${id}`, {
      body: { email: 'terms.moved@example.test' },
    });
    assert.equal(response.statusCode, 200, response.body);
    const [notice] = await mailsTo(DEMO_ACCOUNTS.terms);
    assert.equal(notice?.subject, EMAIL_CHANGED_SUBJECT);
    assert.match(notice.text_body, /to terms\.moved@example\.test/);
  });
});
