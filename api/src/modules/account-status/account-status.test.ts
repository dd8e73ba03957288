import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Booking, User } from '../../contract';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { BOOKER_PAUSED_MESSAGE } from '../bookings/create/checks';

let ctx: TestContext;
const ids: Record<string, number> = {};
before(async () => {
  ctx = await startTestApp();
  for (const row of await ctx.db.selectFrom('users').select(['id', 'email']).execute()) {
    ids[row.email] = row.id;
  }
});
after(() => ctx.close());

const PAUSE = '/api/v1/users/me/account/pause';
const RESUME = '/api/v1/users/me/account/resume';
const DELETE = '/api/v1/users/me/account/delete';

/** A signed-in client that has just typed its password again. */
async function confirmed(email: string): Promise<TestClient> {
  const client = await signedIn(ctx.app, email);
  const response = await client.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
  assert.equal(response.statusCode, 200);
  return client;
}

async function profilesOf(email: string) {
  const userId = ids[email]!;
  const guest = await ctx.db
    .selectFrom('guest_profiles')
    .select(['id', 'slug', 'is_public'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const shows = await ctx.db
    .selectFrom('show_profiles')
    .select(['id', 'slug', 'is_public'])
    .where('user_id', '=', userId)
    .execute();
  return { guest, shows };
}

async function publicGuestIds(): Promise<number[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/guests?limit=100' });
  assert.equal(response.statusCode, 200);
  const body = response.json<{ data: { id: number }[]; meta: { pagination: { total: number } } }>();
  const all = [...body.data.map((guest) => guest.id)];
  for (let page = 2; all.length < body.meta.pagination.total; page += 1) {
    const next = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/guests?limit=100&page=${page}`,
    });
    all.push(...next.json<{ data: { id: number }[] }>().data.map((guest) => guest.id));
  }
  return all;
}

async function publicShowIds(): Promise<number[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/shows?limit=100' });
  return response.json<{ data: { id: number }[] }>().data.map((show) => show.id);
}

async function categoryGuestTotal(): Promise<number> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/categories?exclude=subcategories',
  });
  return response
    .json<{ data: { counts: { guests: number } }[] }>()
    .data.reduce((sum, category) => sum + category.counts.guests, 0);
}

async function subscriptionOf(email: string) {
  return ctx.db
    .selectFrom('subscriptions')
    .select(['ends_at', 'stripe_status'])
    .where('user_id', '=', ids[email]!)
    .where('stripe_status', '<>', 'canceled')
    .executeTakeFirst();
}

/**
 * What the booking create answers when the owner of `showId` books `guestId` with an empty
 * request: 404 while the guest is hidden, 403 while the booker is paused, else the form's 422
 * (the profiles are bookable; only the request is incomplete).
 */
async function bookingStatus(guestId: number, showId: number): Promise<number> {
  const owner = await ctx.db
    .selectFrom('show_profiles')
    .innerJoin('users', 'users.id', 'show_profiles.user_id')
    .select('users.email')
    .where('show_profiles.id', '=', showId)
    .executeTakeFirstOrThrow();
  const client = await signedIn(ctx.app, owner.email);
  const response = await client.request('POST', `/api/v1/guests/${guestId}/book`, {
    body: { show_profile_id: showId },
    headers: { 'Idempotency-Key': `pause-${guestId}-${showId}-${Date.now()}` },
  });
  if (response.statusCode === 403) {
    assert.equal(response.json<{ message: string }>().message, BOOKER_PAUSED_MESSAGE);
  }
  return response.statusCode;
}

describe('pause and resume (PATCH /users/me/account/pause|resume)', () => {
  it('needs a recent login confirmation: 428 Login not confirmed. and nothing changes', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    for (const url of [PAUSE, RESUME]) {
      const response = await pro.request('PATCH', url);
      assert.equal(response.statusCode, 428);
      assert.deepEqual(response.json(), { message: 'Login not confirmed.' });
    }
    const user = await ctx.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', ids[DEMO_ACCOUNTS.pro]!)
      .executeTakeFirstOrThrow();
    assert.equal(user.status, 'active');
  });

  it('refuses visitors (401), calls without the CSRF token (419) and agency members acting as the owner (403)', async () => {
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.request('PATCH', PAUSE)).statusCode, 401);

    const pro = await confirmed(DEMO_ACCOUNTS.pro);
    const noCsrf = await pro.request('PATCH', PAUSE, { csrf: false });
    assert.equal(noCsrf.statusCode, 419);

    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const started = await agency.post(`/api/v1/auth/impersonate/${ids[DEMO_ACCOUNTS.pro]}`);
    assert.equal(started.statusCode, 200);
    // Even after typing their own password again, an agency member may not change the status.
    await agency.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
    for (const [method, url] of [
      ['PATCH', PAUSE],
      ['PATCH', RESUME],
      ['DELETE', DELETE],
    ] as const) {
      const response = await agency.request(method, url);
      assert.equal(response.statusCode, 403, url);
      assert.deepEqual(response.json(), {
        message: 'Only the account owner can change the account status.',
      });
    }
    assert.ok(
      await ctx.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', ids[DEMO_ACCOUNTS.pro]!)
        .where('status', '=', 'active')
        .executeTakeFirst(),
    );
  });

  it('pausing hides the profiles, blocks booking and cancels Pro; resuming restores all of it', async () => {
    const { guest, shows } = await profilesOf(DEMO_ACCOUNTS.pro);
    assert.ok(guest?.is_public && shows.length > 0);
    const show = shows[0]!;
    const otherShow = await ctx.db
      .selectFrom('show_profiles')
      .select('id')
      .where('user_id', '<>', ids[DEMO_ACCOUNTS.pro]!)
      .where('is_public', '=', true)
      .executeTakeFirstOrThrow();
    const otherGuest = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('user_id', '<>', ids[DEMO_ACCOUNTS.pro]!)
      .where('is_public', '=', true)
      .executeTakeFirstOrThrow();
    const countBefore = await categoryGuestTotal();
    assert.ok((await publicGuestIds()).includes(guest.id));
    assert.ok((await publicShowIds()).includes(show.id));
    assert.equal(await bookingStatus(guest.id, otherShow.id), 422);
    assert.equal((await subscriptionOf(DEMO_ACCOUNTS.pro))?.ends_at, null);

    const pro = await confirmed(DEMO_ACCOUNTS.pro);
    const paused = await pro.request('PATCH', PAUSE);
    assert.equal(paused.statusCode, 200);
    assert.equal(paused.json<{ message: string }>().message, 'Account paused!');
    assert.equal(paused.json<{ data: User }>().data.status, 'paused');

    // Out of search, lists, counts and other people's view of the detail page.
    assert.equal((await profilesOf(DEMO_ACCOUNTS.pro)).guest?.is_public, false);
    assert.ok(!(await publicGuestIds()).includes(guest.id));
    assert.ok(!(await publicShowIds()).includes(show.id));
    const byName = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/guests?filter[guest_profiles.name]=Priya',
    });
    assert.equal(byName.json<{ data: unknown[] }>().data.length, 0);
    assert.ok((await categoryGuestTotal()) < countBefore);
    const visitorDetail = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/guests/${guest.id}`,
    });
    assert.equal(visitorDetail.statusCode, 404);
    const stranger = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    assert.equal((await stranger.get(`/api/v1/shows/${show.id}`)).statusCode, 404);
    // The owner still sees (and edits) their own profile.
    assert.equal((await pro.get(`/api/v1/guests/${guest.id}`)).statusCode, 200);
    // Nobody can book them (not found, as their pages answer), and they book nobody.
    assert.equal(await bookingStatus(guest.id, otherShow.id), 404);
    assert.equal(await bookingStatus(otherGuest.id, show.id), 403);
    // Pro is cancelled at the end of the period: ends_at set, still Pro until then.
    const cancelled = await subscriptionOf(DEMO_ACCOUNTS.pro);
    assert.ok(cancelled?.ends_at instanceof Date && cancelled.ends_at > new Date());
    assert.equal(paused.json<{ data: User }>().data.account_type, 'pro');

    // Pausing again changes nothing and is not an error.
    assert.equal((await pro.request('PATCH', PAUSE)).statusCode, 200);
    assert.deepEqual((await subscriptionOf(DEMO_ACCOUNTS.pro))?.ends_at, cancelled.ends_at);

    const resumed = await pro.request('PATCH', RESUME);
    assert.equal(resumed.statusCode, 200);
    assert.equal(resumed.json<{ message: string }>().message, 'Account resumed!');
    assert.equal(resumed.json<{ data: User }>().data.status, 'active');
    assert.ok((await publicGuestIds()).includes(guest.id));
    assert.ok((await publicShowIds()).includes(show.id));
    assert.equal(await categoryGuestTotal(), countBefore);
    assert.equal(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/guests/${guest.id}` })).statusCode,
      200,
    );
    assert.equal(await bookingStatus(guest.id, otherShow.id), 422);
    assert.equal((await subscriptionOf(DEMO_ACCOUNTS.pro))?.ends_at, null, 'Pro resumed');
  });

  it('resumes an account whose new address is unverified as pending, its profiles private until it is verified', async () => {
    // A marketplace guest no other test here uses.
    const { email } = await ctx.db
      .selectFrom('users')
      .innerJoin('guest_profiles', 'guest_profiles.user_id', 'users.id')
      .select('users.email')
      .where('users.email', 'not in', Object.values(DEMO_ACCOUNTS))
      .where('users.status', '=', 'active')
      .where('guest_profiles.is_public', '=', true)
      .orderBy('users.id')
      .executeTakeFirstOrThrow();
    const owner = await confirmed(email);
    assert.equal((await owner.request('PATCH', PAUSE)).statusCode, 200);
    // The address changed while paused and has not been verified yet.
    await ctx.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('id', '=', ids[email]!)
      .execute();
    const resumed = await owner.request('PATCH', RESUME);
    assert.equal(resumed.statusCode, 200);
    assert.equal(resumed.json<{ data: User }>().data.status, 'pending');
    const { guest } = await profilesOf(email);
    assert.ok(guest);
    assert.equal(guest.is_public, false, 'not listed before the address is verified');
    assert.ok(!(await publicGuestIds()).includes(guest.id));
  });

  it('does not resume a subscription the user had cancelled themselves', async () => {
    const pro = await confirmed(DEMO_ACCOUNTS.pro);
    assert.equal((await pro.request('DELETE', '/api/v1/users/me/subscription')).statusCode, 200);
    const ownCancel = (await subscriptionOf(DEMO_ACCOUNTS.pro))?.ends_at;
    assert.ok(ownCancel instanceof Date);
    assert.equal((await pro.request('PATCH', PAUSE)).statusCode, 200);
    assert.equal((await pro.request('PATCH', RESUME)).statusCode, 200);
    assert.deepEqual((await subscriptionOf(DEMO_ACCOUNTS.pro))?.ends_at, ownCancel);
  });

  it('a confirmation older than 15 minutes no longer counts', async () => {
    const guest = await confirmed(DEMO_ACCOUNTS.guest);
    await ctx.db
      .updateTable('sessions')
      .set({ login_confirmed_at: new Date(Date.now() - 16 * 60 * 1000) })
      .where('user_id', '=', ids[DEMO_ACCOUNTS.guest]!)
      .execute();
    assert.equal((await guest.request('PATCH', PAUSE)).statusCode, 428);
  });

  it('an account waiting for email verification cannot be paused (403, decision 066)', async () => {
    const pending = await confirmed(DEMO_ACCOUNTS.pending);
    const response = await pending.request('PATCH', PAUSE);
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { message: 'Verify your email address first.' });
  });
});

describe('delete (DELETE /users/me/account/delete)', () => {
  it('needs a recent login confirmation (428) and CSRF (419)', async () => {
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const response = await standard.request('DELETE', DELETE);
    assert.equal(response.statusCode, 428);
    assert.deepEqual(response.json(), { message: 'Login not confirmed.' });
    await standard.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
    assert.equal((await standard.request('DELETE', DELETE, { csrf: false })).statusCode, 419);
    assert.equal((await standard.get('/api/v1/users/me')).statusCode, 200, 'still there');
  });

  it('removes an account with no one else’s history: the row, its sessions, no sign-in again', async () => {
    const userId = ids[DEMO_ACCOUNTS.standard]!;
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const standard = await confirmed(DEMO_ACCOUNTS.standard);
    const response = await standard.request('DELETE', DELETE);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { message: 'Your account was deleted.' });
    assert.equal(standard.cookies.has('guestspot_session'), false, 'cookie cleared');

    assert.equal(
      await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst(),
      undefined,
    );
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    assert.deepEqual(sessions, []);
    assert.equal((await other.get('/api/v1/users/me')).statusCode, 401, 'other browsers too');
    const login = await new TestClient(ctx.app).post('/api/v1/auth/login', {
      email: DEMO_ACCOUNTS.standard,
      password: DEMO_PASSWORD,
      device: 'spa',
    });
    assert.equal(login.statusCode, 422);
    const placeholders = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('deleted_at', 'is not', null)
      .execute();
    assert.deepEqual(placeholders, []);
  });

  it('keeps the other party’s bookings: the profile stays, private, under a placeholder that cannot sign in', async () => {
    const mayaId = ids[DEMO_ACCOUNTS.guest]!;
    const { guest } = await profilesOf(DEMO_ACCOUNTS.guest);
    assert.ok(guest);
    const counterpart = await ctx.db
      .selectFrom('bookings as b')
      .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.email', 'b.id as booking_id'])
      .where('b.guest_profile_id', '=', guest.id)
      .where('u.id', '<>', mayaId)
      .executeTakeFirstOrThrow();

    const maya = await confirmed(DEMO_ACCOUNTS.guest);
    assert.equal((await maya.request('DELETE', DELETE)).statusCode, 200);

    assert.equal(
      await ctx.db.selectFrom('users').select('id').where('id', '=', mayaId).executeTakeFirst(),
      undefined,
    );
    const kept = await ctx.db
      .selectFrom('guest_profiles as g')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .select(['g.name', 'g.is_public', 'g.bio', 'u.email', 'u.deleted_at', 'u.password_hash'])
      .where('g.id', '=', guest.id)
      .executeTakeFirstOrThrow();
    assert.equal(kept.name, 'Maya Brooks');
    assert.equal(kept.is_public, false);
    assert.equal(kept.bio, null);
    assert.ok(kept.deleted_at instanceof Date);
    assert.match(kept.email, /@deleted\.invalid$/);

    // The show owner still has the booking, naming the guest.
    const owner = await signedIn(ctx.app, counterpart.email);
    const bookings = (await owner.get('/api/v1/bookings?limit=50')).json<{ data: Booking[] }>()
      .data;
    const booking = bookings.find((item) => item.id === counterpart.booking_id);
    assert.equal(booking?.guest_profile.name, 'Maya Brooks');
    // Nobody finds or books the profile any more; the placeholder is nobody to sign in as.
    assert.equal(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/guests/${guest.slug}` })).statusCode,
      404,
    );
    const login = await new TestClient(ctx.app).post('/api/v1/auth/login', {
      email: kept.email,
      password: DEMO_PASSWORD,
    });
    assert.equal(login.statusCode, 422);
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const found = await admin.get('/api/v1/admin/users?search=deleted.invalid');
    assert.deepEqual(found.json<{ data: unknown[] }>().data, []);
  });

  it('cancels a renewing Pro subscription with the provider before deleting', async () => {
    const provider = ctx.app.payments;
    const original = provider.cancelSubscription.bind(provider);
    let cancelledFor: string | null = null;
    provider.cancelSubscription = async (customer, record) => {
      cancelledFor = record.provider_id;
      return original(customer, record);
    };
    try {
      const live = await ctx.db
        .selectFrom('subscriptions')
        .select('provider_id')
        .where('user_id', '=', ids[DEMO_ACCOUNTS.pro]!)
        .where('stripe_status', '<>', 'canceled')
        .executeTakeFirstOrThrow();
      // The earlier test left it cancelled by the user: make it renew again.
      await ctx.db
        .updateTable('subscriptions')
        .set({ ends_at: null })
        .where('user_id', '=', ids[DEMO_ACCOUNTS.pro]!)
        .execute();
      const pro = await confirmed(DEMO_ACCOUNTS.pro);
      assert.equal((await pro.request('DELETE', DELETE)).statusCode, 200);
      assert.equal(cancelledFor, live.provider_id);
    } finally {
      provider.cancelSubscription = original;
    }
  });
});
