import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { PublicTeamInvitation, TeamInvitation, TeamMember, User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';

let ctx: TestContext;
const ids: Record<string, number> = {};
let teamId: number;
before(async () => {
  ctx = await startTestApp();
  for (const row of await ctx.db.selectFrom('users').select(['id', 'email']).execute()) {
    ids[row.email] = row.id;
  }
  teamId = (
    await ctx.db
      .selectFrom('teams')
      .select('id')
      .where('owner_id', '=', ids[DEMO_ACCOUNTS.pro]!)
      .executeTakeFirstOrThrow()
  ).id;
});
after(() => ctx.close());

type Outbox = { data: { to: string; subject: string; text: string }[] };
async function lastEmailTo(email: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}`,
  });
  const message = response.json<Outbox>().data[0];
  assert.ok(message, `an email to ${email}`);
  return message;
}

function linkIn(text: string, path: RegExp): URL {
  const line = text.split('\n').find((item) => path.test(item));
  assert.ok(line, `a link matching ${path} in:\n${text}`);
  return new URL(line.trim());
}

async function invite(client: TestClient, email: string, role?: string) {
  return client.post('/api/v1/users/me/team/members', { email, ...(role ? { role } : {}) });
}

describe('inviting (POST /users/me/team/members)', () => {
  it('invites an existing user as Basic by default and emails the invitation link', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await invite(pro, DEMO_ACCOUNTS.guest);
    assert.equal(response.statusCode, 200);
    const invitation = response.json<{ data: TeamInvitation }>().data;
    assert.equal(invitation.email, DEMO_ACCOUNTS.guest);
    assert.equal(invitation.role, 'admin');

    const email = await lastEmailTo(DEMO_ACCOUNTS.guest);
    assert.equal(email.subject, 'Priya Patel invited you to their Guestspot team');
    assert.match(email.text, /as a Basic member/);
    const link = linkIn(email.text, /\/team-invitations\//);
    assert.equal(link.pathname, `/team-invitations/${invitation.id}`);
    assert.ok(link.searchParams.get('token'));
    assert.doesNotMatch(email.text, /complete-account/);

    const list = (await pro.get('/api/v1/users/me/team/invitations')).json<{
      data: TeamInvitation[];
    }>().data;
    assert.deepEqual(
      list.map((item) => item.email).sort(),
      ['assistant@guestspot.test', DEMO_ACCOUNTS.guest].sort(),
    );
  });

  it('creates an account for an unknown email and sends both links', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await invite(pro, 'brand.new@example.test', 'agency');
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<{ data: TeamInvitation }>().data.role, 'agency');
    const email = await lastEmailTo('brand.new@example.test');
    assert.match(email.text, /as an Agency member/);
    linkIn(email.text, /\/complete-account\//);
    linkIn(email.text, /\/team-invitations\//);
    const user = await ctx.db
      .selectFrom('users')
      .select('status')
      .where('email', '=', 'brand.new@example.test')
      .executeTakeFirst();
    assert.equal(user?.status, 'pending');
  });

  it('validates email and role; refuses oneself and an existing member', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const empty = await invite(pro, '');
    assert.equal(empty.statusCode, 422);
    assert.deepEqual(empty.json<{ errors: object }>().errors, {
      email: ['The email field is required.'],
    });
    const bad = await pro.post('/api/v1/users/me/team/members', {
      email: 'not-an-email',
      role: 'owner',
    });
    assert.deepEqual(Object.keys(bad.json<{ errors: object }>().errors).sort(), ['email', 'role']);
    const long = await invite(pro, `${'a'.repeat(250)}@x.test`);
    assert.equal(long.statusCode, 422);
    const self = await invite(pro, DEMO_ACCOUNTS.pro);
    assert.equal(self.statusCode, 422);
    const member = await invite(pro, DEMO_ACCOUNTS.agency);
    assert.deepEqual(member.json<{ errors: object }>().errors, {
      email: ['This person is already a team member.'],
    });
  });

  it('is for Pro owners only; members and visitors are refused; needs CSRF', async () => {
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    assert.equal((await invite(standard, 'x@example.test')).statusCode, 403);
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const refused = await invite(agency, 'x@example.test');
    assert.equal(refused.statusCode, 403);
    assert.equal((await invite(new TestClient(ctx.app), 'x@example.test')).statusCode, 401);
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const noCsrf = await pro.request('POST', '/api/v1/users/me/team/members', {
      body: { email: 'x@example.test' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });

  it('refuses an agency member acting as the owner through impersonation', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    assert.equal(
      (await agency.post(`/api/v1/auth/impersonate/${ids[DEMO_ACCOUNTS.pro]}`)).statusCode,
      200,
    );
    const response = await invite(agency, 'x@example.test');
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { message: 'Only the account owner manages the team.' });
    // Spec §6: acting as the owner, an agency member sees the team members but changes nothing.
    const members = await agency.get('/api/v1/users/me/team/members');
    assert.equal(members.statusCode, 200);
    assert.ok(
      members
        .json<{ data: TeamMember[] }>()
        .data.some((member) => member.email === DEMO_ACCOUNTS.agency),
    );
    assert.equal((await agency.get('/api/v1/users/me/team/invitations')).statusCode, 200);
    const removal = await agency.request(
      'DELETE',
      `/api/v1/users/me/team/members/${ids[DEMO_ACCOUNTS.agency]}`,
    );
    assert.equal(removal.statusCode, 403);
  });
});

describe('members (GET/PATCH/DELETE /users/me/team/members)', () => {
  beforeEach(async () => {
    await ctx.db
      .updateTable('team_members')
      .set({ email_notifications: true, sms_notifications: false })
      .where('team_id', '=', teamId)
      .execute();
    await ctx.db
      .updateTable('users')
      .set({ email_notifications: true })
      .where('id', '=', ids[DEMO_ACCOUNTS.pro]!)
      .execute();
  });

  it('lists members with the pivot as 0/1', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const members = (await pro.get('/api/v1/users/me/team/members')).json<{ data: TeamMember[] }>()
      .data;
    const agency = members.find((member) => member.email === DEMO_ACCOUNTS.agency);
    assert.deepEqual(agency, {
      id: ids[DEMO_ACCOUNTS.agency],
      email: DEMO_ACCOUNTS.agency,
      first_name: 'Jordan',
      last_name: 'Blake',
      pivot: { role: 'agency', email_notifications: 1, sms_notifications: 0 },
    });
  });

  it('toggles notifications, keeping at least one team member on email', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const url = `/api/v1/users/me/team/members/${ids[DEMO_ACCOUNTS.agency]}`;
    const sms = await pro.request('PATCH', url, { body: { sms_notifications: 1 } });
    assert.equal(sms.statusCode, 200);
    assert.equal(sms.json<{ data: TeamMember }>().data.pivot.sms_notifications, 1);

    // The owner still gets email: the member may turn it off.
    const off = await pro.request('PATCH', url, { body: { email_notifications: 0 } });
    assert.equal(off.statusCode, 200);
    assert.equal(off.json<{ data: TeamMember }>().data.pivot.email_notifications, 0);

    await pro.request('PATCH', url, { body: { email_notifications: 1 } });
    await ctx.db
      .updateTable('users')
      .set({ email_notifications: false })
      .where('id', '=', ids[DEMO_ACCOUNTS.pro]!)
      .execute();
    const last = await pro.request('PATCH', url, { body: { email_notifications: 0 } });
    assert.equal(last.statusCode, 422);
    assert.deepEqual(last.json<{ errors: object }>().errors, {
      email_notifications: [
        'At least one team member needs to have the email notifications turned on',
      ],
    });

    const invalid = await pro.request('PATCH', url, { body: { sms_notifications: 'maybe' } });
    assert.equal(invalid.statusCode, 422);
    const nothing = await pro.request('PATCH', url, { body: {} });
    assert.equal(nothing.statusCode, 422);
    const stranger = await pro.request(
      'PATCH',
      `/api/v1/users/me/team/members/${ids[DEMO_ACCOUNTS.show]}`,
      {
        body: { sms_notifications: 1 },
      },
    );
    assert.equal(stranger.statusCode, 404);
  });

  it('refuses members and non-owners', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const response = await agency.request(
      'DELETE',
      `/api/v1/users/me/team/members/${ids[DEMO_ACCOUNTS.agency]}`,
    );
    assert.equal(response.statusCode, 403);
    const patch = await agency.request(
      'PATCH',
      `/api/v1/users/me/team/members/${ids[DEMO_ACCOUNTS.agency]}`,
      {
        body: { sms_notifications: 1 },
      },
    );
    assert.equal(patch.statusCode, 403);
    const invitations = await agency.request('DELETE', '/api/v1/users/me/team/invitations/1');
    assert.equal(invitations.statusCode, 403);
  });
});

describe('accepting (GET /team-invitations/{id}, POST .../accept, .../decline)', () => {
  async function freshInvitation(email: string, role = 'agency') {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await invite(pro, email, role);
    assert.equal(response.statusCode, 200);
    const link = linkIn((await lastEmailTo(email)).text, /\/team-invitations\//);
    return {
      id: response.json<{ data: TeamInvitation }>().data.id,
      token: link.searchParams.get('token') ?? '',
    };
  }

  it('shows the invitation to anyone holding the link; 422 for a wrong token; 404 unknown', async () => {
    const { id, token } = await freshInvitation(DEMO_ACCOUNTS.show);
    const visitor = new TestClient(ctx.app);
    const response = await visitor.get(
      `/api/v1/team-invitations/${id}?token=${encodeURIComponent(token)}`,
    );
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json<{ data: PublicTeamInvitation }>().data, {
      id,
      team_owner_name: 'Priya Patel',
      role: 'agency',
      email: DEMO_ACCOUNTS.show,
      status: 'pending',
    });
    assert.equal((await visitor.get(`/api/v1/team-invitations/${id}?token=wrong`)).statusCode, 422);
    assert.equal((await visitor.get(`/api/v1/team-invitations/${id}`)).statusCode, 422);
    assert.equal((await visitor.get('/api/v1/team-invitations/999999?token=x')).statusCode, 404);
  });

  it('the invitee accepts: becomes a member, the invitation is gone', async () => {
    const { id, token } = await freshInvitation(DEMO_ACCOUNTS.show);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const wrong = await other.post(`/api/v1/team-invitations/${id}/accept`, { token });
    assert.equal(wrong.statusCode, 403);
    assert.deepEqual(wrong.json(), {
      message: 'This invitation was sent to another email address.',
    });

    const visitor = new TestClient(ctx.app);
    assert.equal(
      (await visitor.post(`/api/v1/team-invitations/${id}/accept`, { token })).statusCode,
      401,
    );

    const show = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    assert.equal(
      (await show.post(`/api/v1/team-invitations/${id}/accept`, { token: 'bad' })).statusCode,
      422,
    );
    const missing = await show.post(`/api/v1/team-invitations/${id}/accept`, {});
    assert.deepEqual(missing.json<{ errors: object }>().errors, {
      token: ['The token field is required.'],
    });
    const accepted = await show.post(`/api/v1/team-invitations/${id}/accept`, { token });
    assert.equal(accepted.statusCode, 200);
    const user = accepted.json<{ data: User }>().data;
    assert.deepEqual(
      user.teams.map((team) => [team.owner_name, team.role]),
      [['Priya Patel', 'agency']],
    );
    assert.equal((await show.get(`/api/v1/team-invitations/${id}?token=${token}`)).statusCode, 404);

    // The owner can now remove them.
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const removed = await pro.request(
      'DELETE',
      `/api/v1/users/me/team/members/${ids[DEMO_ACCOUNTS.show]}`,
    );
    assert.equal(removed.statusCode, 204);
    assert.equal(
      (await pro.request('DELETE', `/api/v1/users/me/team/members/${ids[DEMO_ACCOUNTS.show]}`))
        .statusCode,
      404,
    );
  });

  it('declines with the token; the owner can cancel an invitation', async () => {
    const { id, token } = await freshInvitation('decliner@example.test');
    const visitor = new TestClient(ctx.app);
    assert.equal(
      (await visitor.post(`/api/v1/team-invitations/${id}/decline`, { token: 'bad' })).statusCode,
      422,
    );
    assert.equal(
      (await visitor.post(`/api/v1/team-invitations/${id}/decline`, { token })).statusCode,
      204,
    );
    assert.equal(
      (await visitor.get(`/api/v1/team-invitations/${id}?token=${token}`)).statusCode,
      404,
    );

    const second = await freshInvitation('cancelled@example.test');
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    assert.equal(
      (await pro.request('DELETE', `/api/v1/users/me/team/invitations/${second.id}`)).statusCode,
      204,
    );
    assert.equal(
      (await pro.request('DELETE', `/api/v1/users/me/team/invitations/${second.id}`)).statusCode,
      404,
    );
  });
});

describe("the input's answers (the same through route schemas, decision 069)", () => {
  it('inviting: each field that fails, in order', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const bad = await pro.post('/api/v1/users/me/team/members', {
      email: 'not-an-email',
      role: 'owner',
    });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json(), {
      message: 'The email field must be a valid email address.',
      errors: {
        email: ['The email field must be a valid email address.'],
        role: ['The selected role is invalid.'],
      },
    });
    const long = await invite(pro, `${'a'.repeat(250)}@x.test`);
    assert.deepEqual(long.json(), {
      message: 'The email field must not be greater than 255 characters.',
      errors: { email: ['The email field must not be greater than 255 characters.'] },
    });
    // Only a Pro owner gets as far as the form.
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const refused = await standard.post('/api/v1/users/me/team/members', { email: 'x' });
    assert.equal(refused.statusCode, 403);
  });

  it('changing a member: the team, then the member, then the body', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const url = `/api/v1/users/me/team/members/${ids[DEMO_ACCOUNTS.agency]}`;
    const maybe = await pro.request('PATCH', url, { body: { sms_notifications: 'maybe' } });
    assert.equal(maybe.statusCode, 422);
    assert.deepEqual(maybe.json(), {
      message: 'The sms notifications field must be true or false.',
      errors: { sms_notifications: ['The sms notifications field must be true or false.'] },
    });
    const nothing = await pro.request('PATCH', url, { body: { email_notifications: '' } });
    assert.deepEqual(nothing.json(), {
      message: 'The email notifications or sms notifications field is required.',
      errors: {
        email_notifications: ['The email notifications or sms notifications field is required.'],
      },
    });
    // Not a member, or no id at all: 404 before the body is read.
    for (const id of [ids[DEMO_ACCOUNTS.show], 'abc', '0', '99999999999']) {
      const response = await pro.request('PATCH', `/api/v1/users/me/team/members/${id}`, {
        body: { sms_notifications: 'maybe' },
      });
      assert.equal(response.statusCode, 404, `member ${id}`);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    }
    // An owner without a team is refused before the id is looked at.
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    for (const [method, path] of [
      ['PATCH', '/api/v1/users/me/team/members/abc'],
      ['DELETE', '/api/v1/users/me/team/members/abc'],
      ['DELETE', '/api/v1/users/me/team/invitations/abc'],
    ] as const) {
      const response = await standard.request(method, path, { body: { sms_notifications: 1 } });
      assert.equal(response.statusCode, 403, `${method} ${path}`);
      assert.deepEqual(response.json(), { message: 'Only the account owner manages the team.' });
    }
    for (const path of [
      '/api/v1/users/me/team/members/abc',
      '/api/v1/users/me/team/invitations/x',
    ]) {
      const response = await pro.request('DELETE', path);
      assert.equal(response.statusCode, 404, path);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    }
  });

  it('invitation links: the token is read before the id on accept and decline', async () => {
    const show = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const tooLong = await show.post('/api/v1/team-invitations/1/accept', {
      token: 't'.repeat(201),
    });
    assert.equal(tooLong.statusCode, 422);
    assert.deepEqual(tooLong.json(), {
      message: 'The token field must not be greater than 200 characters.',
      errors: { token: ['The token field must not be greater than 200 characters.'] },
    });
    const required = {
      message: 'The token field is required.',
      errors: { token: ['The token field is required.'] },
    };
    const accept = await show.post('/api/v1/team-invitations/abc/accept', {});
    assert.equal(accept.statusCode, 422);
    assert.deepEqual(accept.json(), required);
    const visitor = new TestClient(ctx.app);
    const decline = await visitor.post('/api/v1/team-invitations/abc/decline', { token: 5 });
    assert.equal(decline.statusCode, 422);
    assert.deepEqual(decline.json(), {
      message: 'The token field must be a string.',
      errors: { token: ['The token field must be a string.'] },
    });
    for (const path of ['abc/accept', 'abc/decline', '0/decline']) {
      const client = path.endsWith('accept') ? show : visitor;
      const response = await client.post(`/api/v1/team-invitations/${path}`, { token: 'x' });
      assert.equal(response.statusCode, 404, path);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    }
    assert.equal(
      (await visitor.post('/api/v1/team-invitations/abc/accept', {})).statusCode,
      401,
      'a visitor is asked to sign in first',
    );
  });

  it("showing an invitation: the id (404), the invitation (404), then the token's 422", async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const invited = await invite(pro, 'shown@example.test');
    const id = invited.json<{ data: TeamInvitation }>().data.id;
    const visitor = new TestClient(ctx.app);
    for (const query of ['token[]=x', 'token=a&token=b', 'token[a]=b', 'token=']) {
      const response = await visitor.get(`/api/v1/team-invitations/${id}?${query}`);
      assert.equal(response.statusCode, 422, query);
      assert.deepEqual(response.json(), {
        message: 'This invitation link is invalid or has expired.',
        errors: { token: ['This invitation link is invalid or has expired.'] },
      });
    }
    const malformed = await visitor.get('/api/v1/team-invitations/abc?token[]=x');
    assert.equal(malformed.statusCode, 404);
    assert.deepEqual(malformed.json(), { message: 'Not found.' });
    const unknown = await visitor.get('/api/v1/team-invitations/99999?token[]=x');
    assert.equal(unknown.statusCode, 404);
  });
});

describe('GET /admin/users', () => {
  it('finds users by id, email or name for admins only', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const byEmail = await admin.get('/api/v1/admin/users?search=guest%40guestspot');
    assert.deepEqual(
      byEmail.json<{ data: { email: string }[] }>().data.map((user) => user.email),
      [DEMO_ACCOUNTS.guest],
    );
    const byName = await admin.get('/api/v1/admin/users?search=maya%20brooks');
    assert.ok(
      byName
        .json<{ data: { email: string }[] }>()
        .data.some((user) => user.email === DEMO_ACCOUNTS.guest),
    );
    const byId = await admin.get(`/api/v1/admin/users?search=${ids[DEMO_ACCOUNTS.pro]}`);
    assert.ok(
      byId
        .json<{ data: { id: number }[] }>()
        .data.some((user) => user.id === ids[DEMO_ACCOUNTS.pro]),
    );
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    assert.equal((await standard.get('/api/v1/admin/users?search=a')).statusCode, 403);
    assert.equal((await new TestClient(ctx.app).get('/api/v1/admin/users')).statusCode, 401);
  });
});
