import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { GuestProfile, SetupIntent, ShowProfile, User } from '../../contract';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/seed';
import { startTestApp, TestClient, type TestContext, userIdOf } from '../../test/harness';
import { ACCEPT_TERMS_FIRST, VERIFY_EMAIL_FIRST } from './account-setup-guard';
import { createSession, SESSION_COOKIE } from './sessions';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

// Decision 066: what a pending (email not verified) and a terms-pending account may do.

/** The writes anyone may make whatever state their account is in. */
const OPEN_TO_ALL = [
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/email/resend',
  'POST /api/v1/auth/password/email',
  'POST /api/v1/auth/password/reset',
  'POST /api/v1/auth/validate-token',
  'POST /api/v1/auth/complete-account',
  'POST /api/v1/auth/confirm-login',
  'DELETE /api/v1/auth/impersonate',
  'POST /api/v1/user/terms/approve',
  'POST /api/v1/join-waitlist',
  'POST /api/v1/mailing-list',
  'PUT /api/v1/increment-views/1',
  'POST /api/v1/team-invitations/1/decline',
  'POST /api/v1/miniviews/upload-file',
  'POST /api/v1/miniviews/public/1/answers',
  // The resumable recording upload (decision 086): an answer is open to all like the multipart
  // one; a user's own recording is refused to an unfinished account by the route itself.
  'POST /api/v1/recordings/uploads',
  'PATCH /api/v1/recordings/uploads/1',
  'DELETE /api/v1/recordings/uploads/1',
];

/** The registration wizard's calls (mfe-account /register/*), made before the email is verified. */
const REGISTRATION_WIZARD = [
  'GET /api/v1/user/payment/intent',
  'POST /api/v1/billing/local/setup-intents/1/confirm',
  'POST /api/v1/user/payment/methods',
  'POST /api/v1/users/me/subscription',
  'POST /api/v1/guests',
  'PUT /api/v1/guests/1',
  'PUT /api/v1/guests/1/links',
  'PUT /api/v1/guests/1/availability',
  'POST /api/v1/shows',
  'PUT /api/v1/shows/1',
  'POST /api/v1/uploads',
];

/** Reads that act (a paid provider, a provider-side object): guarded like writes. */
const GUARDED_READS = ['GET /api/v1/user/payment/intent', 'GET /api/v1/email-addresses/1'];

const READS = new Set(['GET', 'HEAD']);
/** Answers that never end (Server-Sent Events): their own suite checks who may open them. */
const STREAMS = new Set(['GET /api/v1/events']);

/** Every route of the app as 'METHOD /path', parameters filled with 1 (from printRoutes). */
function everyRoute(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    if (!match[3]) continue;
    const path = stack.join('').replace(/:[A-Za-z]+(\|:[A-Za-z]+)*/g, '1');
    for (const method of match[3].split(', ')) routes.push(`${method} ${path}`);
  }
  return routes;
}

const userId = (email: string) => userIdOf(ctx.db, email);

/** A browser signed in as the user (a session row of its own, without the password round). */
async function sessionOf(id: number): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  const token = await createSession(ctx.db, {
    userId: id,
    remember: false,
    device: 'spa',
    ip: null,
    userAgent: null,
  });
  client.cookies.set(SESSION_COOKIE, token);
  return client;
}

let registered = 0;
/** Registers through POST /auth/register like the wizard's step 1: pending, terms accepted. */
async function register(): Promise<{ client: TestClient; user: User }> {
  registered += 1;
  const client = new TestClient(ctx.app);
  const response = await client.post('/api/v1/auth/register', {
    first_name: 'Wren',
    last_name: 'Ashby',
    email: `guard-${registered}@example.test`,
    phone: '(512) 555-0142',
    password: 'Secret-pass-1',
    password_confirmation: 'Secret-pass-1',
    terms: true,
    device: 'spa',
  });
  assert.equal(response.statusCode, 201, response.body);
  const user = response.json<{ data: User }>().data;
  assert.equal(user.status, 'pending');
  assert.ok(user.terms_accepted_at);
  return { client, user };
}

/** The first guest or show profile of the account. */
async function profileOf(kind: 'guest' | 'show', email: string): Promise<number> {
  const owner = await userId(email);
  const row =
    kind === 'guest'
      ? await ctx.db
          .selectFrom('guest_profiles')
          .select('id')
          .where('user_id', '=', owner)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      : await ctx.db
          .selectFrom('show_profiles')
          .select('id')
          .where('user_id', '=', owner)
          .orderBy('id')
          .executeTakeFirstOrThrow();
  return row.id;
}

function assertRefused(response: LightMyRequestResponse, message: string, what: string) {
  assert.equal(response.statusCode, 403, `${what}: ${response.body}`);
  assert.deepEqual(response.json(), { message }, what);
}

/** The calls the issue saw succeed: each one acts on someone else or lists the user. */
async function actingCalls(client: TestClient, me: number) {
  const guest = await profileOf('guest', DEMO_ACCOUNTS.guest);
  const show = await profileOf('show', DEMO_ACCOUNTS.show);
  return {
    inquiry: await client.post('/api/v1/talent/inquire-profile', {
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
      phone: '(555) 123-4567',
      message: 'Would you join our show next month?',
      profile_id: guest,
      profile_type: 'guest',
    }),
    'availability request': await client.post(`/api/v1/shows/${show}/show-availability-request`, {
      profileId: show,
      profileType: 'show',
    }),
    'smartlist entry': await client.post(`/api/v1/users/${me}/smartlist`, {
      type: 'guest',
      name: 'Grace Hopper',
    }),
    favourite: await client.request('PUT', `/api/v1/favorites/guests/${guest}`),
  };
}

describe('a user whose email is not verified (status pending)', () => {
  it('is refused inquiries, availability requests, smartlist entries, favourites and a guest profile', async () => {
    const id = await userId(DEMO_ACCOUNTS.pending);
    const client = await sessionOf(id);
    for (const [what, response] of Object.entries(await actingCalls(client, id))) {
      assertRefused(response, VERIFY_EMAIL_FIRST, what);
    }
    // The wizard may create profiles while the email is unverified, but only for an account
    // that accepted the terms (step 1 does); the seeded pending@ has not.
    assertRefused(
      await client.post('/api/v1/guests', { name: 'Peter Lang' }),
      ACCEPT_TERMS_FIRST,
      'guest profile',
    );
    const profiles = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    assert.deepEqual(profiles, []);
  });

  it('may read itself, confirm its password, resend the verification email and log out', async () => {
    const client = await sessionOf(await userId(DEMO_ACCOUNTS.pending));
    const me = await client.get('/api/v1/users/me');
    assert.equal(me.statusCode, 200);
    assert.equal(me.json<{ data: User }>().data.status, 'pending');
    const confirm = await client.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
    assert.equal(confirm.statusCode, 200, confirm.body);
    const resend = await client.post('/api/v1/auth/email/resend');
    assert.equal(resend.statusCode, 202, resend.body);
    const logout = await client.post('/api/v1/auth/logout');
    assert.equal(logout.statusCode, 204);
    assert.equal((await client.get('/api/v1/users/me')).statusCode, 401);
  });

  it('makes the wizard’s calls; what it creates stays private until the email is verified', async () => {
    const { client, user } = await register();
    const visitor = new TestClient(ctx.app);

    // Step 2, Go Pro: a card with the local provider, then the subscription.
    const intentResponse = await client.get('/api/v1/user/payment/intent?usage=off_session');
    assert.equal(intentResponse.statusCode, 200, intentResponse.body);
    const intent = intentResponse.json<{ intent: SetupIntent }>().intent;
    const confirmed = await client.post(
      `/api/v1/billing/local/setup-intents/${intent.id}/confirm`,
      {
        client_secret: intent.client_secret,
        card: {
          number: '4242 4242 4242 4242',
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 1,
          cvc: '123',
          postal_code: '78701',
        },
      },
    );
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const paymentMethod = confirmed.json<{ setup_intent: { payment_method: string } }>()
      .setup_intent.payment_method;
    const subscribed = await client.post('/api/v1/users/me/subscription', {
      plan: 'monthly',
      payment_method: paymentMethod,
    });
    assert.equal(subscribed.statusCode, 200, subscribed.body);

    // Steps 4 to 7: the guest profile, its links and availability, and a show.
    const created = await client.post('/api/v1/guests', { name: 'Wren Ashby' });
    assert.equal(created.statusCode, 201, created.body);
    const guest = created.json<{ data: GuestProfile }>().data;
    const edited = await client.request('PUT', `/api/v1/guests/${guest.id}`, {
      body: { title: 'Glaciologist' },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const links = await client.request('PUT', `/api/v1/guests/${guest.id}/links`, {
      body: { social_media: { instagram: 'https://instagram.com/wren' } },
    });
    assert.equal(links.statusCode, 200, links.body);
    const availability = (await client.get(`/api/v1/guests/${guest.id}/availability`)).json<{
      data: Record<string, unknown>;
    }>().data;
    const savedAvailability = await client.request(
      'PUT',
      `/api/v1/guests/${guest.id}/availability`,
      { body: { ...availability, max_interviews_per_day: 3 } },
    );
    assert.equal(savedAvailability.statusCode, 200, savedAvailability.body);
    const showCreated = await client.post('/api/v1/shows', { name: 'Wren on Ice' });
    assert.equal(showCreated.statusCode, 201, showCreated.body);
    const show = showCreated.json<{ data: ShowProfile }>().data;
    const showEdited = await client.request('PUT', `/api/v1/shows/${show.id}`, {
      body: { description: 'Ice, weekly.' },
    });
    assert.equal(showEdited.statusCode, 200, showEdited.body);

    // Private while pending: not listed, no public page; the owner still sees them.
    const listedGuests = async () =>
      (await visitor.get('/api/v1/guests?filter[guest_profiles.name]=Wren Ashby'))
        .json<{ data: GuestProfile[] }>()
        .data.map((item) => item.id);
    assert.deepEqual(await listedGuests(), []);
    assert.equal((await visitor.get(`/api/v1/guests/${guest.id}`)).statusCode, 404);
    assert.equal((await visitor.get(`/api/v1/shows/${show.id}`)).statusCode, 404);
    assert.equal((await client.get(`/api/v1/guests/${guest.id}`)).statusCode, 200);

    // Still nothing that acts on other people.
    for (const [what, response] of Object.entries(await actingCalls(client, user.id))) {
      assertRefused(response, VERIFY_EMAIL_FIRST, what);
    }

    // Verifying (the link from the email) lists both profiles, and the account acts.
    const mail = await ctx.db
      .selectFrom('outbox_emails')
      .select('text_body')
      .where('to_email', '=', user.email)
      .where('subject', '=', 'Verify your email address')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = mail.text_body.split(/\s+/).find((word) => word.includes('/verify-email?url='));
    assert.ok(link);
    const verifyPath = new URL(link).searchParams.get('url');
    assert.ok(verifyPath);
    const verified = await visitor.get(verifyPath);
    assert.equal(verified.statusCode, 200, verified.body);
    assert.deepEqual(await listedGuests(), [guest.id]);
    assert.equal((await visitor.get(`/api/v1/guests/${guest.id}`)).statusCode, 200);
    assert.equal((await visitor.get(`/api/v1/shows/${show.id}`)).statusCode, 200);
    const favourite = await client.request('PUT', `/api/v1/favorites/guests/${guest.id}`);
    assert.notEqual(favourite.statusCode, 403, favourite.body);
  });

  it('edits only its own profiles, not those of a team it belongs to', async () => {
    // Jordan manages Priya's profiles as an agency member; with an unverified (changed) email
    // address the account may finish its own registration, nothing more.
    const agency = await userId(DEMO_ACCOUNTS.agency);
    const priya = {
      guest: await profileOf('guest', DEMO_ACCOUNTS.pro),
      show: await profileOf('show', DEMO_ACCOUNTS.pro),
    };
    const client = await sessionOf(agency);
    const before = await client.request('PUT', `/api/v1/shows/${priya.show}`, { body: {} });
    assert.equal(before.statusCode, 200, `while verified: ${before.body}`);

    await ctx.db.updateTable('users').set({ status: 'pending' }).where('id', '=', agency).execute();
    try {
      for (const path of [
        `/api/v1/shows/${priya.show}`,
        `/api/v1/guests/${priya.guest}`,
        `/api/v1/guests/${priya.guest}/links`,
        `/api/v1/guests/${priya.guest}/availability`,
      ]) {
        const response = await client.request('PUT', path, { body: {} });
        assert.equal(response.statusCode, 403, `${path}: ${response.body}`);
      }
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ status: 'active' })
        .where('id', '=', agency)
        .execute();
    }
  });
});

describe('a user who has not accepted the Terms of Service', () => {
  it('reads, but is refused every write but the acceptance; after accepting, writes work', async () => {
    const id = await userId(DEMO_ACCOUNTS.terms);
    const client = await sessionOf(id);
    assert.equal((await client.get('/api/v1/users/me')).statusCode, 200);
    assert.equal((await client.get('/api/v1/bookings')).statusCode, 200);

    for (const [what, response] of Object.entries(await actingCalls(client, id))) {
      assertRefused(response, ACCEPT_TERMS_FIRST, what);
    }
    assertRefused(
      await client.post('/api/v1/guests', { name: 'Tara Quinn' }),
      ACCEPT_TERMS_FIRST,
      'guest profile',
    );
    assertRefused(
      await client.request('PUT', `/api/v1/users/${id}`, { body: { title: 'Editor' } }),
      ACCEPT_TERMS_FIRST,
      'own account fields',
    );
    const confirm = await client.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
    assert.equal(confirm.statusCode, 200, confirm.body);

    const accepted = await client.post('/api/v1/user/terms/approve');
    assert.equal(accepted.statusCode, 200, accepted.body);
    const created = await client.post('/api/v1/guests', { name: 'Tara Quinn' });
    assert.equal(created.statusCode, 201, created.body);
    const guest = created.json<{ data: GuestProfile }>().data;
    assert.equal(
      (await new TestClient(ctx.app).get(`/api/v1/guests/${guest.id}`)).statusCode,
      200,
      'an active account’s profile is public at once',
    );
    const calls = await actingCalls(client, id);
    for (const [what, response] of Object.entries(calls)) {
      assert.ok(response.statusCode < 300, `${what}: ${response.statusCode} ${response.body}`);
    }
  });
});

describe('every route', () => {
  it('is closed to unfinished accounts unless the decision’s table opens it', async () => {
    const routes = everyRoute(ctx.app);
    assert.ok(routes.includes('POST /api/v1/talent/inquire-profile'), 'the walk sees the routes');
    for (const route of [...OPEN_TO_ALL, ...REGISTRATION_WIZARD, ...GUARDED_READS]) {
      assert.ok(routes.includes(route), `${route} exists`);
    }

    const { user: pendingUser } = await register();
    const termsUser = await userId(DEMO_ACCOUNTS.terms);
    await ctx.db
      .updateTable('users')
      .set({ terms_accepted_at: null })
      .where('id', '=', termsUser)
      .execute();

    const wrong: string[] = [];
    for (const route of routes) {
      const [method = '', url = ''] = route.split(' ');
      if (method === 'HEAD' || !url.startsWith('/api/v1/') || STREAMS.has(route)) continue;
      const guarded = !READS.has(method) || GUARDED_READS.includes(route);
      for (const [who, id, open, message] of [
        ['pending', pendingUser.id, [...OPEN_TO_ALL, ...REGISTRATION_WIZARD], VERIFY_EMAIL_FIRST],
        ['terms', termsUser, OPEN_TO_ALL, ACCEPT_TERMS_FIRST],
      ] as const) {
        const client = await sessionOf(id);
        const response = await client.request(method as 'GET', url, {
          ...(READS.has(method) ? {} : { body: {} }),
        });
        const refused =
          response.statusCode === 403 &&
          (response.json<{ message?: string }>().message ?? '') === message;
        const shouldRefuse = guarded && !(open as readonly string[]).includes(route);
        if (refused !== shouldRefuse) {
          wrong.push(`${who} ${route}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
        // Whatever the call did, the next one meets the same account state.
        await ctx.db
          .updateTable('users')
          .set(
            id === termsUser
              ? { terms_accepted_at: null, status: 'active' }
              : { status: 'pending', terms_accepted_at: new Date() },
          )
          .where('id', '=', id)
          .execute();
      }
    }
    assert.deepEqual(wrong, []);
  });
});
