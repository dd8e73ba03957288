import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BOOKING_ACTIONS,
  BookingSchema,
  type Booking,
  type BookingAction,
  type BookingDetail,
} from '../../contract';
import {
  cheapestInterview,
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  userIdOf,
  type TestContext,
} from '../../test/harness';
import { assertLedgerBalanced } from '../../test/ledger';

// GET /bookings/{id} (decision 109): the booking page's read, for either side and their team
// members, and its allowed_actions, which must be what the four action routes allow.

let ctx: TestContext;
let sofia: TestClient;
let priya: TestClient;
let agency: TestClient;
let basic: TestClient;
let stranger: TestClient;
let ids: Record<'sofia' | 'pro' | 'agency', number>;
let priyaGuest: number;
let morningShow: number;
let upsellId: number;
let keys = 0;
let day = 40;

const DAY = 24 * 60 * 60 * 1000;

/** A fresh UTC time on the hour, weeks ahead: proposals of different bookings never collide. */
function nextTime(): string {
  day += 1;
  const date = new Date(Date.now() + day * DAY);
  date.setUTCHours(15, 0, 0, 0);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

const isoOf = (utc: string) => `${utc.replace(' ', 'T')}.000Z`;

/** show@'s Morning Momentum books Priya (pro@'s guest profile) with two proposals. */
async function sofiaBooksPriya(overrides: Record<string, unknown> = {}) {
  const option = await cheapestInterview(ctx.db, priyaGuest, 2000);
  const questions = await ctx.db
    .selectFrom('booking_questions')
    .select('id')
    .where('guest_profile_id', '=', priyaGuest)
    .where('type', '=', 'booking')
    .orderBy('position')
    .execute();
  const proposed = [nextTime(), nextTime()];
  const response = await sofia.request('POST', `/api/v1/guests/${priyaGuest}/book`, {
    headers: { 'Idempotency-Key': `detail-${(keys += 1)}` },
    body: {
      show_profile_id: morningShow,
      proposed_dates: proposed,
      interview_duration: option.duration,
      questions: questions.map((question) => ({ question_id: question.id, answer: 'Yes.' })),
      upsells: [upsellId],
      store_credit_amount: 1000,
      payment_method: 'pm_card_visa',
      booking_options: [{ booking_option_id: option.booking_option_id, price_id: option.price_id }],
      source: 'web',
      ...overrides,
    },
  });
  assert.equal(response.statusCode, 201, response.body);
  return { id: response.json().data.id as number, proposed, duration: option.duration };
}

async function detailOf(client: TestClient, id: number): Promise<BookingDetail> {
  const response = await client.get(`/api/v1/bookings/${id}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

const allowedOf = async (client: TestClient, id: number) =>
  (await detailOf(client, id)).allowed_actions;

/**
 * Each action the page does not offer `client` is refused by its route (4xx), and changes
 * nothing: the page and the routes apply one set of rules.
 */
async function assertRoutesRefuseTheRest(client: TestClient, id: number): Promise<void> {
  const before = await detailOf(client, id);
  const future = before.proposals.find((proposal) => Date.parse(proposal.starts_at) > Date.now());
  const bodies: Record<BookingAction, unknown> = {
    accept: {},
    reject: {},
    cancel: {},
    confirm: { confirmed_date: future?.starts_at ?? '2020-01-01 10:00:00' },
    'propose-date': { proposed_dates: [nextTime()] },
    reschedule: { proposed_dates: [nextTime()] },
    'change-date': { confirmed_date: nextTime() },
    'scheduling-link': { url: 'https://cal.example.com/sofia' },
    'accept-pitch': { action: 'accept' },
    'update-pitch-fee': { action: 'accept-pay-full' },
    'charge-extra-payment': {},
    'video-pitch': { media_uuid: '00000000-0000-0000-0000-000000000000' },
    'audio-pitch': { media_uuid: '00000000-0000-0000-0000-000000000000' },
    // after the interview (decision 116)
    'completed-action/confirm': {},
    'completed-action/reschedule': {},
    'completed-action/cancel': {},
    'confirm-scheduled': {},
    'confirm-not-scheduled-yet': {},
    'undo-scheduled-outside': {},
    'confirm-happened': {},
    'no-show': {},
  };
  for (const action of BOOKING_ACTIONS) {
    if (before.allowed_actions.includes(action)) continue;
    const response = await client.request('PATCH', `/api/v1/bookings/${id}/${action}`, {
      body: bodies[action],
    });
    assert.ok(response.statusCode >= 400, `${action}: ${response.statusCode} ${response.body}`);
  }
  const afterwards = await detailOf(client, id);
  assert.equal(afterwards.status, before.status);
  assert.deepEqual(afterwards.timeline, before.timeline);
}

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  agency = await signedIn(ctx.app, 'agency@guestspot.test');
  stranger = await signedIn(ctx.app, 'guest@guestspot.test');
  ids = {
    sofia: await userIdOf(ctx.db, 'show@guestspot.test'),
    pro: await userIdOf(ctx.db, 'pro@guestspot.test'),
    agency: await userIdOf(ctx.db, 'agency@guestspot.test'),
  };
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(priya, priyaGuest);
  upsellId = (
    await ctx.db
      .insertInto('upsell_packages')
      .values({ guest_profile_id: priyaGuest, title: 'Newsletter mention', price: 2500 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // standard@ joins pro@'s team as a Basic member (stored as 'admin', account… §6).
  const team = await ctx.db
    .selectFrom('teams')
    .select('id')
    .where('owner_id', '=', ids.pro)
    .executeTakeFirstOrThrow();
  const basicId = await userIdOf(ctx.db, 'standard@guestspot.test');
  await ctx.db
    .insertInto('team_members')
    .values({ team_id: team.id, user_id: basicId, role: 'admin' })
    .execute();
  basic = await signedIn(ctx.app, 'standard@guestspot.test');
});
// The money balances after all of these tests (issue 28 §5).
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

describe('GET /bookings/{id}', () => {
  it('is 401 to visitors and 404 to a stranger, for no such booking and for no id', async () => {
    const { id } = await sofiaBooksPriya();
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${id}` });
    assert.equal(visitor.statusCode, 401);
    assert.equal((await stranger.get(`/api/v1/bookings/${id}`)).statusCode, 404);
    assert.equal((await sofia.get('/api/v1/bookings/2147483647')).statusCode, 404);
    assert.equal((await sofia.get('/api/v1/bookings/first')).statusCode, 404);
  });

  it('shows each side the booking as listed, its proposals, answers, upsells, timeline and payment', async () => {
    const { id, proposed, duration } = await sofiaBooksPriya();
    const row = await ctx.db
      .selectFrom('bookings')
      .select(['price', 'store_credit_amount', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const card = row.price - row.store_credit_amount;

    const shown = await detailOf(sofia, id);
    const listed: Booking = (await sofia.get('/api/v1/bookings?limit=100'))
      .json()
      .data.find((booking: Booking) => booking.id === id);
    // the booking as listed (BookingSchema); the list's own row fields (list_status…) are the list's
    for (const field of Object.keys(BookingSchema.properties) as (keyof Booking)[]) {
      assert.deepEqual(shown[field], listed[field], field);
    }
    assert.equal(shown.viewer_side, 'show');
    assert.equal(shown.counterpart.type, 'guest');
    assert.equal(shown.status, 'pending');
    assert.equal(shown.expires_at, row.expires_at?.toISOString());
    assert.equal(shown.booking_option?.slug, 'virtual-interview');
    assert.deepEqual(
      shown.proposals,
      proposed.map((time) => ({
        starts_at: isoOf(time),
        ends_at: new Date(Date.parse(isoOf(time)) + duration * 60_000).toISOString(),
        is_confirmed: false,
      })),
    );
    assert.ok(shown.answers.length > 0);
    assert.ok(
      shown.answers.every((answer) => answer.kind === 'booking' && answer.answer === 'Yes.'),
    );
    assert.deepEqual(
      shown.upsells.map(({ upsell_package_id, title, price }) => ({
        upsell_package_id,
        title,
        price,
      })),
      [{ upsell_package_id: upsellId, title: 'Newsletter mention', price: 2500 }],
    );
    assert.deepEqual(
      shown.timeline.map(({ type, actor_side, actor_user_id, impersonator_id }) => ({
        type,
        actor_side,
        actor_user_id,
        impersonator_id,
      })),
      ['order-started', 'proposed_dates'].map((type) => ({
        type,
        actor_side: 'show',
        actor_user_id: ids.sofia,
        impersonator_id: null,
      })),
    );
    assert.deepEqual(shown.payment, {
      status: 'authorized',
      card: { amount: card, status: 'pending' },
      credit: { amount: 1000, status: 'pending' },
      code: null,
      extra: null,
      refunds: [],
    });
    assert.deepEqual(shown.allowed_actions, ['cancel']);

    const invited = await detailOf(priya, id);
    assert.equal(invited.viewer_side, 'guest');
    assert.equal(invited.counterpart.type, 'show');
    assert.equal(invited.is_new, true);
    assert.deepEqual(invited.payment, shown.payment);
    assert.deepEqual(invited.allowed_actions, ['accept', 'reject', 'confirm']);
    await assertRoutesRefuseTheRest(sofia, id);
  });

  it('lets team members read the owner’s bookings: Basic members are offered nothing that moves money', async () => {
    const { id, proposed } = await sofiaBooksPriya();
    const asAgency = await detailOf(agency, id);
    assert.equal(asAgency.viewer_side, 'guest');
    assert.deepEqual(asAgency.allowed_actions, ['accept', 'reject', 'confirm']);
    assert.deepEqual(await allowedOf(basic, id), []);
    await assertRoutesRefuseTheRest(basic, id);

    // Accepted, no money moves on a confirm: the Basic member may pick the time (or propose
    // others, or share a scheduling link).
    const accepted = await priya.request('PATCH', `/api/v1/bookings/${id}/accept`, { body: {} });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.deepEqual(await allowedOf(basic, id), ['confirm', 'propose-date', 'scheduling-link']);
    await assertRoutesRefuseTheRest(basic, id);
    const confirmed = await basic.request('PATCH', `/api/v1/bookings/${id}/confirm`, {
      body: { confirmed_date: proposed[1] },
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const shown = await detailOf(basic, id);
    assert.equal(shown.status, 'scheduled');
    assert.equal(shown.is_confirmed, true);
    assert.equal(shown.proposed_by, null);
    assert.equal(shown.confirmed_date, isoOf(proposed[1]!));
    assert.deepEqual(
      shown.proposals.map((proposal) => proposal.is_confirmed),
      [false, true],
    );
    assert.deepEqual(shown.payment.card?.status, 'paid');
    // Either side may cancel, ask to reschedule or set another date; the Basic member too,
    // except the cancel.
    const scheduled = ['cancel', 'reschedule', 'change-date'];
    assert.deepEqual(await allowedOf(priya, id), scheduled);
    assert.deepEqual(await allowedOf(sofia, id), scheduled);
    assert.deepEqual(await allowedOf(basic, id), ['reschedule', 'change-date']);
    await assertRoutesRefuseTheRest(basic, id);
  });

  it('offers a paused invitee only reject (cancel is the initiator’s while pending)', async () => {
    const { id } = await sofiaBooksPriya();
    const pause = (status: 'paused' | 'active') =>
      ctx.db.updateTable('users').set({ status }).where('id', '=', ids.pro).execute();
    await pause('paused');
    try {
      assert.deepEqual(await allowedOf(priya, id), ['reject']);
      await assertRoutesRefuseTheRest(priya, id);
    } finally {
      await pause('active');
    }
  });

  it('names the impersonator on the timeline, and shows a refund and an ended booking', async () => {
    const { id } = await sofiaBooksPriya();
    const acting = await signedIn(ctx.app, 'agency@guestspot.test');
    const started = await acting.post(`/api/v1/auth/impersonate/${ids.pro}`);
    assert.equal(started.statusCode, 200, started.body);
    const accepted = await acting.request('PATCH', `/api/v1/bookings/${id}/accept`, { body: {} });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const timeline = (await detailOf(priya, id)).timeline;
    // After what happened, the step Priya still has to take: pick one of the proposed dates.
    assert.equal(timeline.at(-1)?.type, 'action-pick-dates');
    const entry = timeline.at(-2);
    assert.equal(entry?.type, 'accepted');
    assert.equal(entry?.actor_side, 'guest');
    assert.equal(entry?.actor_user_id, ids.pro);
    assert.equal(entry?.impersonator_id, ids.agency);

    const canceled = await sofia.request('PATCH', `/api/v1/bookings/${id}/cancel`, {
      body: { reason: 'The episode was dropped.' },
    });
    assert.equal(canceled.statusCode, 200, canceled.body);
    const shown = await detailOf(sofia, id);
    assert.equal(shown.status, 'canceled');
    assert.equal(shown.is_canceled, true);
    assert.equal(shown.cancel_kind, 'canceled');
    assert.equal(shown.canceled_by, 'show');
    assert.equal(shown.cancel_reason, 'The episode was dropped.');
    assert.equal(shown.payment.status, 'refunded');
    assert.equal(shown.payment.refunds.length, 1);
    // The card is refunded less the non-refundable 20% service fee (decision 116).
    const fee = await ctx.db
      .selectFrom('booking_payments')
      .select('amount')
      .where('booking_id', '=', id)
      .where('kind', '=', 'service_fee')
      .executeTakeFirstOrThrow();
    const card = shown.payment.card?.amount ?? 0;
    assert.equal(shown.payment.refunds[0]?.amount, card - fee.amount);
    assert.ok(shown.payment.refunds[0]?.paid_at);
    assert.equal(shown.timeline.at(-1)?.type, 'canceled');
    assert.deepEqual(shown.timeline.at(-1)?.properties, { reason: 'The episode was dropped.' });
    assert.deepEqual(shown.allowed_actions, []);
    assert.deepEqual(await allowedOf(priya, id), []);
    await assertRoutesRefuseTheRest(priya, id);
  });

  it('shows a rejection as canceled by the invitee, its credit returned', async () => {
    const { id } = await sofiaBooksPriya();
    const rejected = await priya.request('PATCH', `/api/v1/bookings/${id}/reject`, {
      body: { reason: 'Not a fit.' },
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
    const shown = await detailOf(sofia, id);
    assert.equal(shown.cancel_kind, 'rejected');
    assert.equal(shown.canceled_by, 'guest');
    assert.deepEqual(shown.payment.credit, { amount: 1000, status: 'void' });
    assert.equal(shown.payment.card?.status, 'void');
    assert.equal(shown.payment.status, 'void');
    assert.deepEqual(shown.allowed_actions, []);
  });
});
