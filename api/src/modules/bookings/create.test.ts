import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_BOOKING_CODES } from '../../db/seed/store-credit';
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
import { PRO_ONLY_MESSAGE } from '../auth/require-user';
import { OPTION_NOT_OFFERED, UPSELL_INVALID } from '../booking-money/quote';
import { CARD_DECLINED } from '../payments/cards';
import { acceptBooking, rejectBooking } from './actions';
import { BOOKER_PAUSED_MESSAGE, OWN_PROFILE_MESSAGE, PROPOSAL_UNAVAILABLE } from './create/checks';
import { PRICE_CHANGED_MESSAGE } from './create/service';
import { confirmBookingTime, TIME_TAKEN_MESSAGE } from './lifecycle';

let ctx: TestContext;
let sofia: TestClient;
let sofiaId: number;
let maya: number;
let morningShow: number;
let sofiaShow: number;
let founderFiles: number;
let priyaGuest: number;
let option: { booking_option_id: number; price_id: number; amount: number; duration: number };
let questionId: number;
let upsell: { id: number; price: number };
let keys = 0;

const key = () => `test-key-${(keys += 1)}`;

/** A UTC time `days` from now at `hour`:00, as the booking flow sends it. */
function utc(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function guestBooking(overrides: Record<string, unknown> = {}) {
  return {
    show_profile_id: morningShow,
    proposed_dates: [utc(20, 15), utc(21, 15), utc(22, 16)],
    interview_duration: option.duration,
    code: null,
    store_credit_amount: 0,
    questions: [{ question_id: questionId, answer: 'Habits that stick.' }],
    upsells: [upsell.id],
    payment_method: 'pm_card_visa',
    booking_options: [
      {
        booking_option_id: option.booking_option_id,
        price_id: option.price_id,
        amount: option.amount,
      },
    ],
    miniview: null,
    pitch: null,
    source: 'web',
    is_pitch: false,
    wants_guaranteed_response: false,
    ...overrides,
  };
}

function book(client: TestClient, url: string, body: unknown, idempotencyKey = key()) {
  return client.request('POST', url, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

const deps = () => ({ db: ctx.db, payments: ctx.app.payments });

/** The charges this file's bookings made (not the demo bookings' seeded ones). */
async function chargesOf(userId: number) {
  return ctx.db
    .selectFrom('local_charges')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', 'not like', 'seed:%')
    .execute();
}

async function creditOf(client: TestClient): Promise<number> {
  return (await client.get('/api/v1/balance')).json().data.raw.guestspot_cash;
}

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  sofiaId = await userIdOf(ctx.db, 'show@guestspot.test');
  maya = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  await openAvailability(await signedIn(ctx.app, 'guest@guestspot.test'), maya);
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  sofiaShow = await profileIdOf(ctx.db, 'show_profiles', 'The Sofia Ramirez Show');
  founderFiles = await profileIdOf(ctx.db, 'show_profiles', 'The Founder Files');
  option = await cheapestInterview(ctx.db, maya);
  questionId = (
    await ctx.db
      .selectFrom('booking_questions')
      .select('id')
      .where('guest_profile_id', '=', maya)
      .where('type', '=', 'booking')
      .orderBy('position')
      .executeTakeFirstOrThrow()
  ).id;
  upsell = await ctx.db
    .selectFrom('upsell_packages')
    .select(['id', 'price'])
    .where('guest_profile_id', '=', maya)
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
// The money balances after all of these tests (issue 28 §5).
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

describe('POST /guests/{guest}/book', () => {
  let bookingId: number;
  const firstKey = 'sofia-books-maya-1';

  it('books the guest at the server price, holding the card and using part of the credit', async () => {
    const total = option.amount + upsell.price;
    const response = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ store_credit_amount: 2000 }),
      firstKey,
    );
    assert.equal(response.statusCode, 201, response.body);
    const { data } = response.json();
    bookingId = data.id;
    assert.equal(data.status, 'pending');
    assert.equal(data.initiator, 'show');
    assert.equal(data.price, total);
    assert.equal(data.guest_profile.id, maya);
    assert.equal(data.show_profile.id, morningShow);
    assert.equal(data.counterpart.type, 'guest');

    const row = await ctx.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    assert.equal(row.payment_status, 'authorized');
    assert.equal(row.store_credit_amount, 2000);
    assert.equal(row.booker_user_id, sofiaId);
    assert.equal(row.idempotency_key, firstKey);
    assert.equal(row.proposed_dates.length, 3);
    assert.ok(row.expires_at && row.expires_at > new Date());

    const charges = await chargesOf(sofiaId);
    assert.equal(charges.length, 1);
    assert.equal(charges[0]?.amount, total - 2000);
    assert.equal(charges[0]?.status, 'requires_capture');

    const ledger = await ctx.db
      .selectFrom('booking_payments')
      .select(['kind', 'side', 'direction', 'amount', 'status', 'provider_reference'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute();
    const fee = Math.round(total * 0.2);
    assert.deepEqual(
      ledger.map((entry) => [entry.kind, entry.side, entry.direction, entry.amount, entry.status]),
      [
        ['charge', 'show', 'outgoing', total - 2000, 'pending'],
        ['store_credit', 'show', 'outgoing', 2000, 'pending'],
        ['service_fee', 'guest', 'outgoing', fee, 'pending'],
        ['payout', 'guest', 'incoming', total - fee, 'pending'],
      ],
    );
    assert.equal(ledger[0]?.provider_reference, charges[0]?.id);

    const activities = await ctx.db
      .selectFrom('booking_activities')
      .select(['type', 'actor_side'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      activities.map((activity) => activity.type),
      ['order-started', 'proposed_dates'],
    );
    const answers = await ctx.db
      .selectFrom('booking_question_answers')
      .select('answer')
      .where('booking_id', '=', bookingId)
      .execute();
    assert.deepEqual(answers, [{ answer: 'Habits that stick.' }]);
    const upsells = await ctx.db
      .selectFrom('booking_upsells')
      .select(['upsell_package_id', 'price'])
      .where('booking_id', '=', bookingId)
      .execute();
    assert.deepEqual(upsells, [{ upsell_package_id: upsell.id, price: upsell.price }]);
    assert.equal(await creditOf(sofia), 4000);
  });

  it('answers the same booking, 200, for a retry with the same Idempotency-Key, charging once', async () => {
    const response = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ store_credit_amount: 2000 }),
      firstKey,
    );
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().data.id, bookingId);
    assert.equal((await chargesOf(sofiaId)).length, 1);
    assert.equal(await creditOf(sofia), 4000);
  });

  it("keeps answers to the guest's own miniview questions, and refuses questions she never asked", async () => {
    const first = 'How often do you record?';
    const second = 'Video or audio only?';
    await ctx.db
      .updateTable('guest_profiles')
      .set({ questions: JSON.stringify([first, second]) })
      .where('id', '=', maya)
      .execute();
    const refused = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({
        proposed_dates: [utc(23, 15)],
        miniview: {
          answers: [
            { question: first, answer: 'Yes' },
            { question: 'Who are you?', answer: 'No' },
            { question: first, answer: 'Twice' },
          ],
        },
      }),
    );
    assert.equal(refused.statusCode, 422, refused.body);
    assert.deepEqual(Object.keys(refused.json().errors), [
      'miniview.answers.1.question',
      'miniview.answers.2.question',
    ]);

    const response = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({
        proposed_dates: [utc(23, 15)],
        miniview: {
          answers: [
            { question: second, answer: '  Twice a week.  ' },
            { question: first, answer: '' },
          ],
        },
      }),
    );
    assert.equal(response.statusCode, 201, response.body);
    const id = response.json().data.id as number;
    const answers = await ctx.db
      .selectFrom('booking_question_answers')
      .select(['kind', 'position', 'question', 'answer'])
      .where('booking_id', '=', id)
      .orderBy('kind')
      .orderBy('position')
      .execute();
    assert.deepEqual(answers, [
      {
        kind: 'booking',
        position: 0,
        question: answers[0]?.question,
        answer: 'Habits that stick.',
      },
      { kind: 'miniview', position: 0, question: second, answer: 'Twice a week.' },
      { kind: 'miniview', position: 1, question: first, answer: null },
    ]);
    const activity = await ctx.db
      .selectFrom('booking_activities')
      .select('payload')
      .where('booking_id', '=', id)
      .where('type', '=', 'miniview-answers')
      .executeTakeFirstOrThrow();
    assert.deepEqual(activity.payload, { count: 2 });
  });

  it('applies a booking code and caps the credit so the card pays at least 50 cents', async () => {
    const total = option.amount + upsell.price;
    const discounted = total - Math.round(total * 0.1);
    const response = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({
        code: DEMO_BOOKING_CODES.maya.toLowerCase(),
        // what the quote applies: the credit there is, at most the price
        store_credit_amount: Math.min(4000, discounted),
      }),
    );
    assert.equal(response.statusCode, 201, response.body);
    const row = await ctx.db
      .selectFrom('bookings')
      .select(['price', 'code', 'store_credit_amount'])
      .where('id', '=', response.json().data.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.price, discounted);
    assert.equal(row.code, DEMO_BOOKING_CODES.maya);
    assert.equal(row.store_credit_amount, Math.min(4000, discounted - 50));
    // Give the credit back for the tests below.
    await rejectBooking(
      deps(),
      response.json().data.id,
      { side: 'show', userId: sofiaId },
      {
        kind: 'canceled',
      },
    );
    assert.equal(await creditOf(sofia), 4000);
  });

  it("answers the provider's message for a declined card and books nothing", async () => {
    const declinedKey = 'declined-1';
    const response = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ payment_method: 'pm_card_chargeDeclined', store_credit_amount: 1000 }),
      declinedKey,
    );
    assert.equal(response.statusCode, 402, response.body);
    assert.equal(response.json().message, CARD_DECLINED);
    const written = await ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('idempotency_key', '=', declinedKey)
      .execute();
    assert.deepEqual(written, []);
    assert.equal(await creditOf(sofia), 4000);
  });

  it('refuses a card amount that is not the server price (409), and holds and writes nothing', async () => {
    const quoted = await sofia.request('POST', `/api/v1/guests/${maya}/booking-quote`, {
      body: {
        show_profile_id: morningShow,
        booking_option_id: option.booking_option_id,
        interview_duration: option.duration,
        upsells: [upsell.id],
        store_credit_amount: 0,
      },
    });
    assert.equal(quoted.statusCode, 200, quoted.body);
    const { cardAmount } = quoted.json().data;
    const charges = (await chargesOf(sofiaId)).length;
    const staleKey = key();
    const response = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      // an option `amount` is no longer read: only card_amount is compared (decision 109)
      guestBooking({
        card_amount: cardAmount - 100,
        booking_options: [
          {
            booking_option_id: option.booking_option_id,
            price_id: option.price_id,
            amount: option.amount,
          },
        ],
      }),
      staleKey,
    );
    assert.equal(response.statusCode, 409, response.body);
    assert.equal(response.json().message, PRICE_CHANGED_MESSAGE);
    assert.equal((await chargesOf(sofiaId)).length, charges, 'nothing held');
    const written = await ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('idempotency_key', '=', staleKey)
      .execute();
    assert.deepEqual(written, []);

    // A stale option amount beside the quoted card amount is no longer a 422.
    const stale = { ...option, amount: option.amount - 100, duration: undefined };
    const ignored = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ card_amount: cardAmount, booking_options: [stale] }),
    );
    assert.equal(ignored.statusCode, 201, ignored.body);
    await sofia.request('PATCH', `/api/v1/bookings/${ignored.json().data.id}/cancel`, { body: {} });
  });

  it('refuses an option the guest does not sell at that duration, and field errors are 422', async () => {
    const unsold = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ interview_duration: 180 }),
    );
    assert.equal(unsold.statusCode, 422, unsold.body);
    assert.deepEqual(unsold.json().errors['booking_options.0.booking_option_id'], [
      OPTION_NOT_OFFERED,
    ]);
    const bad = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ proposed_dates: ['nope', utc(-2, 10)], upsells: [999999] }),
    );
    assert.equal(bad.statusCode, 422, bad.body);
    const { errors } = bad.json();
    assert.ok(errors['proposed_dates.0']);
    assert.deepEqual(errors['proposed_dates.1'], ['The proposed date must be in the future.']);
    assert.deepEqual(errors['upsells.0'], [UPSELL_INVALID]);
    const missingKey = await sofia.request('POST', `/api/v1/guests/${maya}/book`, {
      body: guestBooking(),
    });
    assert.equal(missingKey.statusCode, 422);
    assert.ok(missingKey.json().errors['Idempotency-Key']);
  });

  it('is 401 signed out and 403 with a show the user may not manage', async () => {
    const anonymous = await book(
      new TestClient(ctx.app),
      `/api/v1/guests/${maya}/book`,
      guestBooking(),
    );
    assert.equal(anonymous.statusCode, 401);
    const stranger = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ show_profile_id: founderFiles }),
    );
    assert.equal(stranger.statusCode, 403, stranger.body);
  });

  it("refuses booking one's own profile (422)", async () => {
    const priya = await signedIn(ctx.app, 'pro@guestspot.test');
    const response = await book(
      priya,
      `/api/v1/guests/${priyaGuest}/book`,
      guestBooking({ show_profile_id: founderFiles, questions: [], upsells: [] }),
    );
    assert.equal(response.statusCode, 422, response.body);
    assert.equal(response.json().message, OWN_PROFILE_MESSAGE);
  });

  it('answers a paused or hidden guest as her page does (404), and refuses a paused booker', async () => {
    const pause = (email: string, status: 'paused' | 'active') =>
      ctx.db.updateTable('users').set({ status }).where('email', '=', email).execute();
    await pause('guest@guestspot.test', 'paused');
    const guestPaused = await book(sofia, `/api/v1/guests/${maya}/book`, guestBooking());
    await pause('guest@guestspot.test', 'active');
    assert.equal(guestPaused.statusCode, 404, guestPaused.body);

    const hide = (isPublic: boolean) =>
      ctx.db
        .updateTable('guest_profiles')
        .set({ is_public: isPublic })
        .where('id', '=', maya)
        .execute();
    await hide(false);
    const hidden = await book(sofia, `/api/v1/guests/${maya}/book`, guestBooking());
    const page = await sofia.get(`/api/v1/guests/${maya}`);
    await hide(true);
    assert.equal(page.statusCode, 404);
    assert.equal(hidden.statusCode, 404, hidden.body);

    await pause('show@guestspot.test', 'paused');
    const bookerPaused = await book(sofia, `/api/v1/guests/${maya}/book`, guestBooking());
    await pause('show@guestspot.test', 'active');
    assert.equal(bookerPaused.statusCode, 403, bookerPaused.body);
    assert.equal(bookerPaused.json().message, BOOKER_PAUSED_MESSAGE);
  });

  it("refuses a proposal that is not one of the guest's free times (422 on that proposal)", async () => {
    const owner = await signedIn(ctx.app, 'guest@guestspot.test');
    // Off the quarter-hour grid the dates step offers.
    const offGrid = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ proposed_dates: [utc(33, 10), utc(33, 11).replace(':00:00', ':07:00')] }),
    );
    assert.equal(offGrid.statusCode, 422, offGrid.body);
    assert.deepEqual(offGrid.json().errors, { 'proposed_dates.1': [PROPOSAL_UNAVAILABLE] });

    // A day the guest has closed since the booker loaded the month.
    const day = new Date(`${utc(34, 10).replace(' ', 'T')}Z`).getUTCDay();
    const url = `/api/v1/guests/${maya}/availability`;
    const settings = (await owner.get(url)).json().data;
    const closed = await owner.request('PUT', url, {
      body: {
        ...settings,
        rules: settings.rules.filter((rule: { wday: number }) => rule.wday !== day),
      },
    });
    assert.equal(closed.statusCode, 200, closed.body);
    option = await cheapestInterview(ctx.db, maya);
    try {
      const response = await book(
        sofia,
        `/api/v1/guests/${maya}/book`,
        guestBooking({ proposed_dates: [utc(34, 10)] }),
      );
      assert.equal(response.statusCode, 422, response.body);
      assert.deepEqual(response.json().errors, { 'proposed_dates.0': [PROPOSAL_UNAVAILABLE] });
    } finally {
      await openAvailability(owner, maya);
      option = await cheapestInterview(ctx.db, maya);
    }
  });

  it("answers 409 when a proposed time overlaps one of the guest's confirmed times", async () => {
    const taken = utc(30, 14);
    const start = new Date(`${taken.replace(' ', 'T')}Z`);
    await confirmBookingTime(ctx.db, {
      bookingId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 60 * 60 * 1000),
    });
    const overlapping = new Date(start.getTime() + 15 * 60 * 1000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    const response = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ proposed_dates: [utc(31, 10), overlapping] }),
    );
    assert.equal(response.statusCode, 409, response.body);
    // Only the taken proposal is named: the booker keeps the other one.
    assert.deepEqual(response.json(), {
      message: TIME_TAKEN_MESSAGE,
      errors: { 'proposed_dates.1': [TIME_TAKEN_MESSAGE] },
    });
    await ctx.db.deleteFrom('guest_confirmed_times').where('booking_id', '=', bookingId).execute();
    await ctx.db
      .updateTable('bookings')
      .set({ status: 'pending' })
      .where('id', '=', bookingId)
      .execute();
  });
});

describe('POST /shows/{show}/book', () => {
  it('refuses an audio pitch from a standard account with the PRO message', async () => {
    const guest = await signedIn(ctx.app, 'guest@guestspot.test');
    const response = await book(guest, `/api/v1/shows/${sofiaShow}/book`, {
      guest_profile_id: maya,
      is_pitch: true,
      pitch: { type: 'audio', media_uuid: '00000000-0000-0000-0000-000000000000' },
      source: 'web',
    });
    assert.equal(response.statusCode, 426, response.body);
    assert.equal(response.json().message, PRO_ONLY_MESSAGE);
  });
});

describe('acceptBooking and rejectBooking', () => {
  async function heldBooking(): Promise<{ id: number; chargeId: string }> {
    const response = await book(
      sofia,
      `/api/v1/guests/${maya}/book`,
      guestBooking({ store_credit_amount: 1000, proposed_dates: [utc(40, 15)] }),
    );
    assert.equal(response.statusCode, 201, response.body);
    const id = response.json().data.id as number;
    const charge = await ctx.db
      .selectFrom('booking_payments')
      .select('provider_reference')
      .where('booking_id', '=', id)
      .where('kind', '=', 'charge')
      .executeTakeFirstOrThrow();
    return { id, chargeId: charge.provider_reference ?? '' };
  }

  const chargeStatus = async (id: string) =>
    (
      await ctx.db
        .selectFrom('local_charges')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('accepting captures the hold and marks what the booker paid as paid', async () => {
    const { id, chargeId } = await heldBooking();
    const mayaId = await userIdOf(ctx.db, 'guest@guestspot.test');
    await acceptBooking(deps(), id, { side: 'guest', userId: mayaId });
    assert.equal(await chargeStatus(chargeId), 'succeeded');
    const row = await ctx.db
      .selectFrom('bookings')
      .select(['status', 'payment_status', 'accepted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'accepted');
    assert.equal(row.payment_status, 'paid');
    assert.ok(row.accepted_at);
    const charge = await ctx.db
      .selectFrom('booking_payments')
      .select('status')
      .where('booking_id', '=', id)
      .where('kind', '=', 'charge')
      .executeTakeFirstOrThrow();
    assert.equal(charge.status, 'paid');
    await assert.rejects(acceptBooking(deps(), id, { side: 'guest', userId: mayaId }), {
      statusCode: 409,
    });
  });

  it('rejecting releases the hold, voids the ledger and gives the credit back', async () => {
    const creditBefore = await creditOf(sofia);
    const { id, chargeId } = await heldBooking();
    assert.equal(await creditOf(sofia), creditBefore - 1000);
    const mayaId = await userIdOf(ctx.db, 'guest@guestspot.test');
    await rejectBooking(
      deps(),
      id,
      { side: 'guest', userId: mayaId },
      {
        kind: 'rejected',
        reason: 'Not a fit this season.',
      },
    );
    assert.equal(await chargeStatus(chargeId), 'canceled');
    const row = await ctx.db
      .selectFrom('bookings')
      .select(['status', 'cancel_kind', 'canceled_by', 'payment_status', 'cancel_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, {
      status: 'canceled',
      cancel_kind: 'rejected',
      canceled_by: 'guest',
      payment_status: 'void',
      cancel_reason: 'Not a fit this season.',
    });
    const statuses = await ctx.db
      .selectFrom('booking_payments')
      .select('status')
      .distinct()
      .where('booking_id', '=', id)
      .execute();
    assert.deepEqual(statuses, [{ status: 'void' }]);
    assert.equal(await creditOf(sofia), creditBefore);
    const last = await ctx.db
      .selectFrom('booking_activities')
      .select('type')
      .where('booking_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(last.type, 'rejected');
  });
});
