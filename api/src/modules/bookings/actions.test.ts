import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
import { bookInterview } from '../../test/bookings';
import { assertLedgerBalanced } from '../../test/ledger';
import { ACTOR_PAUSED_MESSAGE, CONFIRMED_DATE_PAST } from './action-rules';
import { expireOverdueBookings } from './actions';
import { GUARANTEED_RESPONSE_HOURS } from './create/insert';
import { TIME_TAKEN_MESSAGE } from './lifecycle';
import { NOT_A_PROPOSED_DATE } from './scheduling';

// PATCH /bookings/{id}/accept, /reject, /cancel, /confirm and the expiry sweep (decision 103):
// who may answer a booking, and where its money goes (LOCAL provider's local_charges).

let ctx: TestContext;
let sofia: TestClient;
let maya: TestClient;
let priya: TestClient;
let agency: TestClient;
let standard: TestClient;
let mayaGuest: number;
let priyaGuest: number;
let morningShow: number;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A UTC time `days` from now at `hour`:`minute`, as the booking flow sends it. */
function utc(days: number, hour: number, minute = 0): string {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hour, minute, 0, 0);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** show@'s Morning Momentum books `guestId` for the given proposals; the new booking's id. */
async function book(
  guestId: number,
  proposed: string[],
  overrides: Record<string, unknown> = {},
): Promise<number> {
  return bookInterview(ctx.db, sofia, guestId, morningShow, proposed, overrides);
}

const patch = (client: TestClient, url: string, body: unknown = {}) =>
  client.request('PATCH', url, { body });

async function bookingRow(id: number) {
  return ctx.db
    .selectFrom('bookings')
    .select([
      'status',
      'payment_status',
      'accepted_at',
      'cancel_kind',
      'canceled_by',
      'cancel_reason',
      'booking_date',
      'expires_at',
      'guaranteed_response_by',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function chargeStatus(bookingId: number): Promise<string> {
  const row = await ctx.db
    .selectFrom('booking_payments as p')
    .innerJoin('local_charges as c', 'c.id', 'p.provider_reference')
    .select('c.status')
    .where('p.booking_id', '=', bookingId)
    .where('p.kind', '=', 'charge')
    .executeTakeFirstOrThrow();
  return row.status;
}

/** What the LOCAL provider gave back of the booking's card charge. */
async function refundedAtProvider(bookingId: number): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('booking_payments as p')
    .innerJoin('local_charges as c', 'c.id', 'p.provider_reference')
    .select('c.refunded_amount')
    .where('p.booking_id', '=', bookingId)
    .where('p.kind', '=', 'charge')
    .executeTakeFirstOrThrow();
  return row.refunded_amount;
}

async function ledger(bookingId: number) {
  return ctx.db
    .selectFrom('booking_payments')
    .select(['kind', 'status', 'amount'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

async function lastActivity(bookingId: number) {
  return ctx.db
    .selectFrom('booking_activities')
    .select(['type', 'actor_side', 'payload'])
    .where('booking_id', '=', bookingId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function creditOf(client: TestClient): Promise<number> {
  return (await client.get('/api/v1/balance')).json().data.raw.guestspot_cash;
}

async function confirmedTimes(bookingId: number) {
  return ctx.db
    .selectFrom('guest_confirmed_times')
    .select(['starts_at', 'ends_at'])
    .where('booking_id', '=', bookingId)
    .execute();
}

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  agency = await signedIn(ctx.app, 'agency@guestspot.test');
  standard = await signedIn(ctx.app, 'standard@guestspot.test');
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  await openAvailability(maya, mayaGuest);
  await openAvailability(priya, priyaGuest);
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
});
// The money balances after all of these tests (issue 28 §5).
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

describe('PATCH /bookings/{id}/accept', () => {
  it('the invitee accepts: the hold is captured and the booking answers accepted', async () => {
    const id = await book(mayaGuest, [utc(40, 14)]);
    assert.equal(await chargeStatus(id), 'requires_capture');
    const response = await patch(maya, `/api/v1/bookings/${id}/accept`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().data.status, 'accepted');
    assert.equal(await chargeStatus(id), 'succeeded');
    const row = await bookingRow(id);
    assert.equal(row.payment_status, 'paid');
    assert.ok(row.accepted_at);
    assert.equal((await lastActivity(id)).type, 'accepted');

    const again = await patch(maya, `/api/v1/bookings/${id}/accept`);
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(again.json().message, 'The booking status is accepted.');
  });

  it('refuses the booker (403), anyone else (404) and a paused invitee (403)', async () => {
    const id = await book(mayaGuest, [utc(41, 14)]);
    const booker = await patch(sofia, `/api/v1/bookings/${id}/accept`);
    assert.equal(booker.statusCode, 403, booker.body);
    const stranger = await patch(standard, `/api/v1/bookings/${id}/accept`);
    assert.equal(stranger.statusCode, 404, stranger.body);
    const missing = await patch(maya, `/api/v1/bookings/999999/accept`);
    assert.equal(missing.statusCode, 404, missing.body);

    const mayaId = await userIdOf(ctx.db, 'guest@guestspot.test');
    await ctx.db.updateTable('users').set({ status: 'paused' }).where('id', '=', mayaId).execute();
    try {
      const paused = await patch(maya, `/api/v1/bookings/${id}/accept`);
      assert.equal(paused.statusCode, 403, paused.body);
      assert.equal(paused.json().message, ACTOR_PAUSED_MESSAGE);
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ status: 'active' })
        .where('id', '=', mayaId)
        .execute();
    }
    assert.equal(await chargeStatus(id), 'requires_capture');
    assert.equal((await bookingRow(id)).status, 'pending');
  });

  it("a team member who manages the invitee's profiles accepts for them", async () => {
    const id = await book(priyaGuest, [utc(42, 15)]);
    const response = await patch(agency, `/api/v1/bookings/${id}/accept`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(await chargeStatus(id), 'succeeded');
    const activity = await lastActivity(id);
    assert.equal(activity.type, 'accepted');
    assert.equal(activity.actor_side, 'guest');
    // Priya herself sees it accepted too.
    const list = await priya.get('/api/v1/bookings?limit=100');
    const mine = list.json().data.find((booking: { id: number }) => booking.id === id);
    assert.equal(mine.status, 'accepted');
  });
});

describe('PATCH /bookings/{id}/reject', () => {
  it('the invitee rejects with a reason: released, canceled as rejected, credit back', async () => {
    const creditBefore = await creditOf(sofia);
    const id = await book(mayaGuest, [utc(43, 14)], { store_credit_amount: 500 });
    assert.equal(await creditOf(sofia), creditBefore - 500);

    const booker = await patch(sofia, `/api/v1/bookings/${id}/reject`, { reason: 'x' });
    assert.equal(booker.statusCode, 403, booker.body);

    const response = await patch(maya, `/api/v1/bookings/${id}/reject`, {
      reason: '  Not a fit this season.  ',
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().data.status, 'canceled');
    assert.equal(await chargeStatus(id), 'canceled');
    const row = await bookingRow(id);
    assert.equal(row.cancel_kind, 'rejected');
    assert.equal(row.canceled_by, 'guest');
    assert.equal(row.cancel_reason, 'Not a fit this season.');
    assert.equal(row.payment_status, 'void');
    assert.ok((await ledger(id)).every((entry) => entry.status === 'void'));
    assert.equal(await creditOf(sofia), creditBefore);
    assert.deepEqual((await lastActivity(id)).payload, { reason: 'Not a fit this season.' });
  });

  it('a reason is optional, and over 1000 characters is a 422 on reason', async () => {
    const id = await book(mayaGuest, [utc(44, 14)]);
    const long = await patch(maya, `/api/v1/bookings/${id}/reject`, { reason: 'x'.repeat(1001) });
    assert.equal(long.statusCode, 422, long.body);
    assert.ok(long.json().errors.reason);
    const response = await maya.request('PATCH', `/api/v1/bookings/${id}/reject`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((await bookingRow(id)).cancel_reason, null);
  });
});

describe('PATCH /bookings/{id}/cancel', () => {
  it('the booker withdraws a pending booking: the hold is released', async () => {
    const id = await book(mayaGuest, [utc(45, 14)]);
    const response = await patch(sofia, `/api/v1/bookings/${id}/cancel`, {
      reason: 'Our schedule changed.',
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(await chargeStatus(id), 'canceled');
    const row = await bookingRow(id);
    assert.deepEqual(
      [row.cancel_kind, row.canceled_by, row.payment_status],
      ['canceled', 'show', 'void'],
    );
  });

  it('a scheduled booking canceled by the guest (the invitee) is refunded in full, its time freed and credit back', async () => {
    const creditBefore = await creditOf(sofia);
    const when = utc(46, 16);
    const id = await book(mayaGuest, [when], { store_credit_amount: 300 });
    const confirm = await patch(maya, `/api/v1/bookings/${id}/confirm`, { confirmed_date: when });
    assert.equal(confirm.statusCode, 200, confirm.body);
    assert.equal((await confirmedTimes(id)).length, 1);

    const response = await patch(maya, `/api/v1/bookings/${id}/cancel`, { reason: 'I am ill.' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(await chargeStatus(id), 'refunded');
    const row = await bookingRow(id);
    assert.equal(row.status, 'canceled');
    assert.equal(row.payment_status, 'refunded');
    assert.deepEqual(await confirmedTimes(id), []);
    const entries = await ledger(id);
    const charge = entries.find((entry) => entry.kind === 'charge');
    assert.equal(charge?.status, 'paid');
    // The invitee broke the deal: the booker bears no fee (decision 116, amended 2026-11-28).
    assert.equal(entries.find((entry) => entry.kind === 'service_fee')?.status, 'void');
    assert.deepEqual(
      entries.find((entry) => entry.kind === 'refund'),
      { kind: 'refund', status: 'paid', amount: charge?.amount },
    );
    assert.equal(await refundedAtProvider(id), charge?.amount);
    assert.equal(entries.find((entry) => entry.kind === 'payout')?.status, 'void');
    assert.equal(await creditOf(sofia), creditBefore);

    // The time is free again: another booking may take it.
    const next = await book(mayaGuest, [when]);
    const retaken = await patch(maya, `/api/v1/bookings/${next}/confirm`, { confirmed_date: when });
    assert.equal(retaken.statusCode, 200, retaken.body);
    await patch(maya, `/api/v1/bookings/${next}/cancel`, {});

    const twice = await patch(maya, `/api/v1/bookings/${id}/cancel`, {});
    assert.equal(twice.statusCode, 409, twice.body);
    assert.equal(twice.json().message, 'The booking status is canceled.');
  });

  it('the booker cancels an accepted booking: refunded less the service fee, which is kept', async () => {
    const creditBefore = await creditOf(sofia);
    const id = await book(mayaGuest, [utc(46, 10)], { store_credit_amount: 300 });
    assert.equal((await patch(maya, `/api/v1/bookings/${id}/accept`)).statusCode, 200);

    const response = await patch(sofia, `/api/v1/bookings/${id}/cancel`, {
      reason: 'Our season was cut short.',
    });
    assert.equal(response.statusCode, 200, response.body);
    const row = await bookingRow(id);
    assert.deepEqual(
      [row.status, row.canceled_by, row.payment_status],
      ['canceled', 'show', 'refunded'],
    );
    const entries = await ledger(id);
    const charge = entries.find((entry) => entry.kind === 'charge');
    const fee = entries.find((entry) => entry.kind === 'service_fee');
    // The 20% service fee is not refundable on the booker's own cancel (decision 116): kept,
    // and the card gets the rest.
    assert.equal(fee?.status, 'paid');
    const back = (charge?.amount ?? 0) - (fee?.amount ?? 0);
    assert.ok(back > 0);
    assert.deepEqual(
      entries.find((entry) => entry.kind === 'refund'),
      {
        kind: 'refund',
        status: 'paid',
        amount: back,
      },
    );
    assert.equal(await refundedAtProvider(id), back);
    assert.equal(entries.find((entry) => entry.kind === 'payout')?.status, 'void');
    // The card covered the fee, so the store credit comes back whole.
    assert.equal(await creditOf(sofia), creditBefore);
  });

  it('a completed booking cannot be canceled', async () => {
    const id = await book(mayaGuest, [utc(47, 14)]);
    assert.equal((await patch(maya, `/api/v1/bookings/${id}/accept`)).statusCode, 200);
    // Completed as a completion will leave it (issue 32): accepted, then everything paid out.
    await ctx.db
      .updateTable('booking_payments')
      .set({ status: 'paid', paid_at: new Date() })
      .where('booking_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    await ctx.db
      .updateTable('bookings')
      .set({ status: 'completed' })
      .where('id', '=', id)
      .execute();
    const response = await patch(sofia, `/api/v1/bookings/${id}/cancel`, {});
    assert.equal(response.statusCode, 409, response.body);
    assert.equal(response.json().message, 'The booking status is completed.');
  });
});

describe('PATCH /bookings/{id}/confirm', () => {
  it('the guest picks a proposed time: accepted (captured) and scheduled at that time', async () => {
    const picked = utc(48, 15, 30);
    const id = await book(mayaGuest, [utc(48, 13), picked, utc(49, 13)]);
    const response = await patch(maya, `/api/v1/bookings/${id}/confirm`, {
      confirmed_date: picked,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().data.status, 'scheduled');
    assert.equal(response.json().data.booking_date, `${picked.replace(' ', 'T')}.000Z`);
    assert.equal(await chargeStatus(id), 'succeeded');
    const [time] = await confirmedTimes(id);
    assert.ok(time);
    const option = await cheapestInterview(ctx.db, mayaGuest, 100);
    assert.equal(time.ends_at.getTime() - time.starts_at.getTime(), option.duration * 60_000);
    const types = (
      await ctx.db
        .selectFrom('booking_activities')
        .select('type')
        .where('booking_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((row) => row.type);
    assert.deepEqual(types.slice(-2), ['accepted', 'confirmed']);
    await patch(maya, `/api/v1/bookings/${id}/cancel`, {});
  });

  it('refuses a time that was not proposed, a past one, a bad one and the show side', async () => {
    const id = await book(mayaGuest, [utc(50, 14)]);
    const other = await patch(maya, `/api/v1/bookings/${id}/confirm`, {
      confirmed_date: utc(50, 15),
    });
    assert.equal(other.statusCode, 422, other.body);
    assert.deepEqual(other.json().errors, { confirmed_date: [NOT_A_PROPOSED_DATE] });
    const bad = await patch(maya, `/api/v1/bookings/${id}/confirm`, {
      confirmed_date: '2026-02-30 10:00:00',
    });
    assert.equal(bad.statusCode, 422, bad.body);
    assert.ok(bad.json().errors.confirmed_date);
    const missing = await patch(maya, `/api/v1/bookings/${id}/confirm`, {});
    assert.equal(missing.statusCode, 422, missing.body);
    assert.ok(missing.json().errors.confirmed_date);
    const show = await patch(sofia, `/api/v1/bookings/${id}/confirm`, {
      confirmed_date: utc(50, 14),
    });
    assert.equal(show.statusCode, 403, show.body);

    // A proposal whose time has passed meanwhile.
    const past = new Date(Date.now() - HOUR);
    past.setUTCSeconds(0, 0);
    const pastText = past.toISOString().slice(0, 19).replace('T', ' ');
    await ctx.db
      .updateTable('bookings')
      .set({ proposed_dates: JSON.stringify([past.toISOString()]) })
      .where('id', '=', id)
      .execute();
    const late = await patch(maya, `/api/v1/bookings/${id}/confirm`, { confirmed_date: pastText });
    assert.equal(late.statusCode, 422, late.body);
    assert.deepEqual(late.json().errors, { confirmed_date: [CONFIRMED_DATE_PAST] });
    assert.equal(await chargeStatus(id), 'requires_capture');
    await patch(sofia, `/api/v1/bookings/${id}/cancel`, {});
  });

  it('a time confirmed for another booking is a 409 on confirmed_date and captures nothing', async () => {
    const when = utc(51, 14);
    const first = await book(mayaGuest, [when]);
    const second = await book(mayaGuest, [utc(51, 14, 15), utc(52, 10)]);
    assert.equal(
      (await patch(maya, `/api/v1/bookings/${first}/confirm`, { confirmed_date: when })).statusCode,
      200,
    );
    const clash = await patch(maya, `/api/v1/bookings/${second}/confirm`, {
      confirmed_date: utc(51, 14, 15),
    });
    assert.equal(clash.statusCode, 409, clash.body);
    assert.deepEqual(clash.json(), {
      message: TIME_TAKEN_MESSAGE,
      errors: { confirmed_date: [TIME_TAKEN_MESSAGE] },
    });
    assert.equal(await chargeStatus(second), 'requires_capture');
    assert.equal((await bookingRow(second)).status, 'pending');
    // The other proposal is free.
    const other = await patch(maya, `/api/v1/bookings/${second}/confirm`, {
      confirmed_date: utc(52, 10),
    });
    assert.equal(other.statusCode, 200, other.body);
    await patch(maya, `/api/v1/bookings/${first}/cancel`, {});
    await patch(maya, `/api/v1/bookings/${second}/cancel`, {});
  });
});

describe('expiry', () => {
  it('an unanswered booking expires after 7 days: released, credit back, timeline says so', async () => {
    const creditBefore = await creditOf(sofia);
    const id = await book(mayaGuest, [utc(53, 14)], { store_credit_amount: 200 });
    const { created_at: created, expires_at: expires } = await bookingRow(id);
    assert.equal(expires?.getTime(), created.getTime() + 7 * DAY);
    const deps = (at: Date) => ({ db: ctx.db, payments: ctx.app.payments, now: () => at });

    await expireOverdueBookings(deps(new Date(created.getTime() + 7 * DAY - 1000)));
    assert.equal((await bookingRow(id)).status, 'pending');

    const swept = await expireOverdueBookings(deps(new Date(created.getTime() + 7 * DAY + 1000)));
    assert.ok(swept >= 1);
    const row = await bookingRow(id);
    assert.equal(row.status, 'expired');
    assert.equal(row.payment_status, 'void');
    assert.equal(row.cancel_kind, null);
    assert.equal(await chargeStatus(id), 'canceled');
    assert.equal(await creditOf(sofia), creditBefore);
    const activity = await lastActivity(id);
    assert.deepEqual([activity.type, activity.actor_side], ['expired', 'system']);

    const late = await patch(maya, `/api/v1/bookings/${id}/accept`);
    assert.equal(late.statusCode, 409, late.body);
    assert.equal(late.json().message, 'The booking status is expired.');
    // A second sweep finds nothing more to do for it.
    await expireOverdueBookings(deps(new Date(created.getTime() + 8 * DAY)));
    assert.equal((await lastActivity(id)).type, 'expired');
  });

  it('a guaranteed response expires after 48 hours, and cannot be accepted once due', async () => {
    const id = await book(mayaGuest, [utc(54, 14)], { wants_guaranteed_response: true });
    const row = await bookingRow(id);
    const due = row.created_at.getTime() + GUARANTEED_RESPONSE_HOURS * HOUR;
    assert.equal(row.guaranteed_response_by?.getTime(), due);
    assert.equal(row.expires_at?.getTime(), due);
    await expireOverdueBookings({
      db: ctx.db,
      payments: ctx.app.payments,
      now: () => new Date(due + 1000),
    });
    assert.equal((await bookingRow(id)).status, 'expired');
    assert.equal(await chargeStatus(id), 'canceled');
  });
});
