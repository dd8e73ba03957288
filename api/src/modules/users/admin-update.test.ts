import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { User } from '../../contract';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { storeUpload } from '../uploads/service';
import { ADMIN_ONLY, ADMIN_TARGET_REFUSED } from './admin-routes';

let ctx: TestContext;
const ids: Record<string, number> = {};
before(async () => {
  ctx = await startTestApp();
  const rows = await ctx.db.selectFrom('users').select(['id', 'email']).execute();
  for (const row of rows) ids[row.email] = row.id;
});
after(() => ctx.close());

const idOf = (email: string) => {
  const id = ids[email];
  assert.ok(id, email);
  return id;
};
const put = (client: TestClient, id: number, body: Record<string, unknown>) =>
  client.request('PUT', `/api/v1/admin/users/${id}`, { body });
const userRow = (id: number) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('PUT /admin/users/{id} (the admin update)', () => {
  it('lets an admin change another user’s name, phone, timezone and notifications', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const id = idOf(DEMO_ACCOUNTS.show);

    const shown = await admin.get(`/api/v1/admin/users/${id}`);
    assert.equal(shown.statusCode, 200);
    assert.equal(shown.json<{ data: User }>().data.email, DEMO_ACCOUNTS.show);

    const response = await put(admin, id, {
      first_name: ' Sofia ',
      last_name: 'Ramos',
      phone: '(512) 555-0199',
      timezone: 'Europe/London',
      email_notifications: false,
      sms_notifications: true,
    });
    assert.equal(response.statusCode, 200);
    const user = response.json<{ data: User }>().data;
    assert.equal(user.id, id);
    assert.equal(user.first_name, 'Sofia');
    assert.equal(user.last_name, 'Ramos');
    assert.equal(user.phone, '(512) 555-0199');
    assert.equal(user.timezone, 'Europe/London');
    assert.equal(user.email_notifications, false);
    assert.equal(user.sms_notifications, true);
    assert.equal((await userRow(idOf(DEMO_ACCOUNTS.admin))).first_name, 'Alex', 'not the admin');
  });

  it('sets a new password without the current one and signs the user out everywhere', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const userBrowser = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const id = idOf(DEMO_ACCOUNTS.standard);

    const invalid = await put(admin, id, { password: 'short', password_confirmation: 'other' });
    assert.equal(invalid.statusCode, 422);
    assert.deepEqual(invalid.json().errors, {
      password: [
        'The password field must be at least 8 characters.',
        'The password field confirmation does not match.',
      ],
    });

    const ok = await put(admin, id, {
      password: 'Admin-set-pass-1',
      password_confirmation: 'Admin-set-pass-1',
    });
    assert.equal(ok.statusCode, 200);
    assert.equal((await userBrowser.get('/api/v1/users/me')).statusCode, 401);
    assert.equal((await admin.get('/api/v1/users/me')).statusCode, 200, 'the admin stays');
    await new TestClient(ctx.app).login(DEMO_ACCOUNTS.standard, 'Admin-set-pass-1');
    // Back to the demo password for the other tests.
    await put(admin, id, { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD });
  });

  it('a new email must be verified by its owner: pending, and a link sent to it', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const id = idOf(DEMO_ACCOUNTS.guest);
    const taken = await put(admin, id, { email: DEMO_ACCOUNTS.pro.toUpperCase() });
    assert.deepEqual(taken.json().errors, { email: ['The email has already been taken.'] });

    const response = await put(admin, id, { email: 'maya.new@example.test' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<{ data: User }>().data.status, 'pending');
    const outbox = await admin.get('/api/v1/dev/outbox?to=maya.new@example.test');
    assert.equal(outbox.json().data[0].subject, 'Verify your email address');
    await ctx.db
      .updateTable('users')
      .set({ email: DEMO_ACCOUNTS.guest, status: 'active', email_verified_at: new Date() })
      .where('id', '=', id)
      .execute();
  });

  it('answers 422 with the settings rules, refuses the title, and saves nothing', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const id = idOf(DEMO_ACCOUNTS.pro);
    const before = await userRow(id);
    const response = await put(admin, id, {
      first_name: '',
      last_name: 'x'.repeat(256),
      email: 'nope',
      phone: '123',
      timezone: 'America/Chicago',
      title: 'Set by an admin',
      sms_notifications: 'maybe',
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      first_name: ['The first name field is required.'],
      last_name: ['The last name field must not be greater than 255 characters.'],
      phone: ['The phone field must be 10 digits.'],
      timezone: ['The selected timezone is invalid.'],
      title: ['The title field is prohibited.'],
      sms_notifications: ['The sms notifications field must be true or false.'],
      email: ['The email field must be a valid email address.'],
    });
    const afterwards = await userRow(id);
    assert.deepEqual(
      [afterwards.first_name, afterwards.title, afterwards.phone],
      [before.first_name, before.title, before.phone],
    );

    // The team rule holds for the admin too: Priya's team has nobody else with emails on.
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
    try {
      const refused = await put(admin, id, { email_notifications: false });
      assert.deepEqual(refused.json().errors, {
        email_notifications: [
          'At least one team member needs to have the email notifications turned on',
        ],
      });
    } finally {
      await ctx.db
        .updateTable('team_members')
        .set({ email_notifications: true })
        .where('team_id', '=', team.id)
        .execute();
    }
  });

  it('sets the image from the admin’s upload (then the user’s) and removes it with null', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const id = idOf(DEMO_ACCOUNTS.show);
    const png = Buffer.from('\x89PNG\r\n\x1a\nimage');
    const stored = await storeUpload(ctx.app, {
      userId: idOf(DEMO_ACCOUNTS.admin),
      kind: 'image',
      mimeType: 'image/png',
      fileName: 'face.png',
      entity: 'user',
      content: png,
    });
    const someoneElses = await storeUpload(ctx.app, {
      userId: idOf(DEMO_ACCOUNTS.pro),
      kind: 'image',
      mimeType: 'image/png',
      fileName: 'other.png',
      entity: 'user',
      content: png,
    });

    const refused = await put(admin, id, { image_uuid: someoneElses.uuid });
    assert.deepEqual(refused.json().errors, { image_uuid: ['The selected image is invalid.'] });

    const response = await put(admin, id, { image_uuid: stored.uuid });
    assert.equal(response.statusCode, 200);
    const user = response.json<{ data: User }>().data;
    assert.equal(user.imageUuid, stored.uuid);
    assert.equal(user.imageUrl, `/api/v1/media/${stored.uuid}`);
    const owner = await ctx.db
      .selectFrom('uploads')
      .select('user_id')
      .where('uuid', '=', stored.uuid)
      .executeTakeFirstOrThrow();
    assert.equal(owner.user_id, id, 'the picture now belongs to the user');

    const removed = await put(admin, id, { image_uuid: null });
    assert.equal(removed.json<{ data: User }>().data.imageUuid, null);
  });

  it('works for an admin who is impersonating someone', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const started = await admin.post(`/api/v1/auth/impersonate/${idOf(DEMO_ACCOUNTS.guest)}`);
    assert.equal(started.statusCode, 200);
    const response = await put(admin, idOf(DEMO_ACCOUNTS.show), { last_name: 'Ramirez' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<{ data: User }>().data.last_name, 'Ramirez');
  });

  it('refuses visitors (401), non-admins (403), agency members impersonating (403)', async () => {
    const target = idOf(DEMO_ACCOUNTS.show);
    assert.equal((await put(new TestClient(ctx.app), target, { first_name: 'X' })).statusCode, 401);

    for (const who of [DEMO_ACCOUNTS.standard, DEMO_ACCOUNTS.pro]) {
      const client = await signedIn(ctx.app, who);
      const response = await put(client, target, { first_name: 'X' });
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { message: ADMIN_ONLY });
      assert.equal((await client.get(`/api/v1/admin/users/${target}`)).statusCode, 403);
    }

    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const started = await agency.post(`/api/v1/auth/impersonate/${idOf(DEMO_ACCOUNTS.pro)}`);
    assert.equal(started.statusCode, 200);
    const asAgency = await put(agency, target, { first_name: 'X' });
    assert.equal(asAgency.statusCode, 403);
    assert.equal((await userRow(target)).first_name, 'Sofia');
  });

  it('refuses an admin account as the target, even one’s own (403), and unknown ids (404)', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const own = await put(admin, idOf(DEMO_ACCOUNTS.admin), {
      password: 'Skip-current-1',
      password_confirmation: 'Skip-current-1',
    });
    assert.equal(own.statusCode, 403);
    assert.deepEqual(own.json(), { message: ADMIN_TARGET_REFUSED });

    await ctx.db
      .updateTable('users')
      .set({ is_admin: true })
      .where('id', '=', idOf(DEMO_ACCOUNTS.standard))
      .execute();
    try {
      const other = await put(admin, idOf(DEMO_ACCOUNTS.standard), { first_name: 'X' });
      assert.equal(other.statusCode, 403);
      assert.equal(
        (await admin.get(`/api/v1/admin/users/${idOf(DEMO_ACCOUNTS.standard)}`)).statusCode,
        403,
      );
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ is_admin: false })
        .where('id', '=', idOf(DEMO_ACCOUNTS.standard))
        .execute();
    }
    assert.equal((await put(admin, 999999, { first_name: 'X' })).statusCode, 404);
    assert.equal((await put(admin, Number.NaN, { first_name: 'X' })).statusCode, 404);
  });

  it('needs the CSRF header (419)', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const response = await admin.request('PUT', `/api/v1/admin/users/${idOf(DEMO_ACCOUNTS.show)}`, {
      body: { first_name: 'X' },
      csrf: false,
    });
    assert.equal(response.statusCode, 419);
  });
});
