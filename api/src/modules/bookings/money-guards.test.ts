import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  cheapestInterview,
  interviewBooking,
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  userIdOf,
  type TestContext,
} from '../../test/harness';
import { INTERVIEW_PASSED_MESSAGE } from './action-rules';
import { CREDIT_CHANGED_MESSAGE } from './create/insert';
import { KEY_REUSED_WITH_OTHER_REQUEST, PRICE_CHANGED_MESSAGE } from './create/service';

// The booking's money guards of issue 28 §3 and §4: what the payment step showed is what is
// held, an Idempotency-Key stands for one request, returned credit keeps its expiry, and the
// booker cannot take back an interview that has happened.

let ctx: TestContext;
let sofia: TestClient;
let maya: TestClient;
let sofiaId: number;
let mayaGuest: number;
let morningShow: number;
let keys = 0;
let day = 40;

const DAY = 24 * 60 * 60 * 1000;

function nextTime(): string {
  day += 1;
  const date = new Date(Date.now() + day * DAY);
  date.setUTCHours(15, 0, 0, 0);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

const body = (overrides: Record<string, unknown> = {}) =>
  interviewBooking(ctx.db, mayaGuest, morningShow, [nextTime()], overrides);

function book(payload: unknown, idempotencyKey = `guards-${(keys += 1)}`) {
  return sofia.request('POST', `/api/v1/guests/${mayaGuest}/book`, {
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

async function quote(storeCredit: number) {
  const option = await cheapestInterview(ctx.db, mayaGuest, 100);
  const response = await sofia.post(`/api/v1/guests/${mayaGuest}/booking-quote`, {
    show_profile_id: morningShow,
    booking_option_id: option.booking_option_id,
    interview_duration: option.duration,
    store_credit_amount: storeCredit,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as { cardAmount: number; creditApplied: number; total: number };
}

/** Sofia's card holds made by this file (not the seeded ones). */
async function holdCount(): Promise<number> {
  const rows = await ctx.db
    .selectFrom('local_charges')
    .select('id')
    .where('user_id', '=', sofiaId)
    .where('idempotency_key', 'not like', 'seed:%')
    .execute();
  return rows.length;
}

async function credit(): Promise<number> {
  return (await sofia.get('/api/v1/balance')).json().data.raw.guestspot_cash;
}

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  sofiaId = await userIdOf(ctx.db, 'show@guestspot.test');
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(maya, mayaGuest);
});
after(() => ctx.close());

describe('what the payment step showed is what is held', () => {
  it('answers 409 when the credit asked for was spent meanwhile, holding nothing', async () => {
    const available = await credit();
    assert.ok(available > 0, 'show@ has demo store credit');
    const shown = await quote(available);
    // Another booking spends the credit first.
    const other = await book(
      await body({ store_credit_amount: shown.creditApplied, card_amount: shown.cardAmount }),
    );
    assert.equal(other.statusCode, 201, other.body);
    const holds = await holdCount();

    const stale = await book(
      await body({ store_credit_amount: shown.creditApplied, card_amount: shown.cardAmount }),
    );
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(stale.json().message, CREDIT_CHANGED_MESSAGE);
    assert.equal(await holdCount(), holds, 'no hold for the difference');

    // Cancel the first: the credit comes back for the next tests.
    const canceled = await sofia.request(
      'PATCH',
      `/api/v1/bookings/${other.json().data.id}/cancel`,
      {
        body: {},
      },
    );
    assert.equal(canceled.statusCode, 200, canceled.body);
  });

  it('answers 409 when the card amount is not the one quoted', async () => {
    const shown = await quote(0);
    const holds = await holdCount();
    const response = await book(await body({ card_amount: shown.cardAmount + 100 }));
    assert.equal(response.statusCode, 409, response.body);
    assert.equal(response.json().message, PRICE_CHANGED_MESSAGE);
    assert.equal(await holdCount(), holds);
    const right = await book(await body({ card_amount: shown.cardAmount }));
    assert.equal(right.statusCode, 201, right.body);
    await sofia.request('PATCH', `/api/v1/bookings/${right.json().data.id}/cancel`, { body: {} });
  });
});

describe('an Idempotency-Key stands for one request', () => {
  it('answers the booking for the same request and 422 on the header for another body', async () => {
    const payload = await body();
    const first = await book(payload, 'guards-same-key');
    assert.equal(first.statusCode, 201, first.body);
    // The same request, keys in another order: the same booking.
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const again = await book(reordered, 'guards-same-key');
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().data.id, first.json().data.id);

    const other = await book({ ...payload, wants_guaranteed_response: true }, 'guards-same-key');
    assert.equal(other.statusCode, 422, other.body);
    assert.deepEqual(other.json().errors, { 'Idempotency-Key': [KEY_REUSED_WITH_OTHER_REQUEST] });
    await sofia.request('PATCH', `/api/v1/bookings/${first.json().data.id}/cancel`, { body: {} });
  });
});

describe('store credit given back keeps its expiry', () => {
  it('a canceled booking returns each grant it used with that grant’s own expiry', async () => {
    const grants = await ctx.db
      .selectFrom('store_credit_entries')
      .select(['id', 'amount', 'expires_at'])
      .where('user_id', '=', sofiaId)
      .where('amount', '>', 0)
      .where('restores_entry_id', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('expires_at')
      .execute();
    assert.ok(grants.length >= 2, 'show@ has two live demo grants');
    const available = await credit();
    const shown = await quote(available);
    const booked = await book(
      await body({ store_credit_amount: shown.creditApplied, card_amount: shown.cardAmount }),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    const id = booked.json().data.id as number;
    const rejected = await maya.request('PATCH', `/api/v1/bookings/${id}/reject`, { body: {} });
    assert.equal(rejected.statusCode, 200, rejected.body);

    const returned = await ctx.db
      .selectFrom('store_credit_entries')
      .select(['amount', 'expires_at', 'restores_entry_id'])
      .where('booking_id', '=', id)
      .where('amount', '>', 0)
      .orderBy('expires_at')
      .execute();
    assert.equal(
      returned.reduce((sum, entry) => sum + entry.amount, 0),
      shown.creditApplied,
    );
    for (const entry of returned) {
      const grant = await ctx.db
        .selectFrom('store_credit_entries')
        .select('expires_at')
        .where('id', '=', entry.restores_entry_id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        entry.expires_at,
        grant.expires_at,
        'the grant’s own expiry, not 90 fresh days',
      );
    }
    assert.deepEqual(
      returned[0]?.expires_at,
      grants[0]?.expires_at,
      'the soonest grant is used first',
    );
    assert.equal(await credit(), available);
  });
});

describe('after the interview’s time', () => {
  it('neither side cancels: the completion questions apply instead (decision 116)', async () => {
    const booked = await book(await body());
    assert.equal(booked.statusCode, 201, booked.body);
    const id = booked.json().data.id as number;
    const row = await ctx.db
      .selectFrom('bookings')
      .select('proposed_dates')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const confirmed = await maya.request('PATCH', `/api/v1/bookings/${id}/confirm`, {
      body: { confirmed_date: row.proposed_dates[0] },
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    // The interview's time passes.
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await ctx.db
      .updateTable('guest_confirmed_times')
      .set({ starts_at: past, ends_at: new Date(past.getTime() + 30 * 60 * 1000) })
      .where('booking_id', '=', id)
      .execute();
    await ctx.db.updateTable('bookings').set({ booking_date: past }).where('id', '=', id).execute();

    const byBooker = await sofia.request('PATCH', `/api/v1/bookings/${id}/cancel`, {
      body: { reason: 'Changed my mind' },
    });
    assert.equal(byBooker.statusCode, 409, byBooker.body);
    assert.equal(byBooker.json().message, INTERVIEW_PASSED_MESSAGE);
    const status = await ctx.db
      .selectFrom('bookings')
      .select(['status', 'payment_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(status, { status: 'scheduled', payment_status: 'paid' });

    const byInvitee = await maya.request('PATCH', `/api/v1/bookings/${id}/cancel`, {
      body: { reason: 'I could not make it' },
    });
    assert.equal(byInvitee.statusCode, 409, byInvitee.body);
    assert.equal(byInvitee.json().message, INTERVIEW_PASSED_MESSAGE);
    // The show answers "did it happen?" instead: it did not, and the booking is canceled.
    const answered = await sofia.request(
      'PATCH',
      `/api/v1/bookings/${id}/completed-action/cancel`,
      { body: {} },
    );
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(answered.json().message, 'Booking marked for cancellation.');
  });
});
