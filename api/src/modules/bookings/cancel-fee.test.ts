import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { bookInterview, devClockNow, moveDevClock } from '../../test/bookings';
import { assertLedgerBalanced } from '../../test/ledger';

// Who bears the 20% service fee when an accepted booking ends without taking place (decision
// 116, amended 2026-11-28): the party who breaks the deal. The booker's own cancel keeps it
// (from the card first, then the store credit); a cancel by the invitee gives the booker back
// everything they paid and voids the fee. The same for the show's "it did not take place"
// (completed-action/cancel), whichever side the show is on.

const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let sofia: TestClient;
let maya: TestClient;
let mayaGuest: number;
let morningShow: number;
let sofiaShow: number;
let hour = 0;
let keys = 0;

const clockNow = () => devClockNow(sofia);

/** A fresh time `days` after the app's now, as the booking flow sends it. */
async function slot(days: number): Promise<string> {
  const at = new Date((await clockNow()).getTime() + days * DAY);
  at.setUTCHours(8 + (hour++ % 12), 0, 0, 0);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

const advance = (ms: number) => moveDevClock(sofia, { advance_ms: ms });

const patch = (client: TestClient, id: number, action: string, body: unknown = {}) =>
  client.request('PATCH', `/api/v1/bookings/${id}/${action}`, { body });

async function ok(response: Promise<{ statusCode: number; body: string }>) {
  const answered = await response;
  assert.equal(answered.statusCode, 200, answered.body);
}

/** Sofia's Morning Momentum asks for Maya, paying `credit` cents of it with store credit. */
async function showBooksMaya(when: string, credit = 0): Promise<number> {
  return bookInterview(ctx.db, sofia, mayaGuest, morningShow, [when], {
    store_credit_amount: credit,
  });
}

/** Maya asks The Sofia Ramirez Show for an interview at `when` (she pays value + fee). */
async function mayaBooksShow(when: string): Promise<number> {
  const price = await ctx.db
    .selectFrom('show_option_prices')
    .select(['id', 'booking_option_id', 'interview_duration'])
    .where('show_profile_id', '=', sofiaShow)
    .where('price', '>', 0)
    .orderBy('price')
    .executeTakeFirstOrThrow();
  const response = await maya.request('POST', `/api/v1/shows/${sofiaShow}/book`, {
    headers: { 'Idempotency-Key': `cancel-fee-${process.pid}-${(keys += 1)}` },
    body: {
      guest_profile_id: mayaGuest,
      interview_duration: price.interview_duration,
      booking_options: [{ booking_option_id: price.booking_option_id, price_id: price.id }],
      proposed_dates: [when],
      payment_method: 'pm_card_visa',
      source: 'web',
    },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data.id as number;
}

/** The booking's ledger by kind, the LOCAL charge's refund and the credit moves. */
async function moneyOf(id: number) {
  const rows = await ctx.db
    .selectFrom('booking_payments')
    .select(['kind', 'status', 'amount', 'provider_reference'])
    .where('booking_id', '=', id)
    .orderBy('id')
    .execute();
  const one = (kind: string) => rows.find((row) => row.kind === kind);
  const charge = one('charge');
  const local = charge?.provider_reference
    ? await ctx.db
        .selectFrom('local_charges')
        .select(['status', 'refunded_amount'])
        .where('id', '=', charge.provider_reference)
        .executeTakeFirstOrThrow()
    : null;
  const credit = await ctx.db
    .selectFrom('store_credit_entries')
    .select('amount')
    .where('booking_id', '=', id)
    .execute();
  const sum = (wanted: (amount: number) => boolean) =>
    credit.filter((entry) => wanted(entry.amount)).reduce((total, e) => total + e.amount, 0);
  const booking = await ctx.db
    .selectFrom('bookings')
    .select(['status', 'canceled_by', 'payment_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    booking,
    card: charge?.amount ?? 0,
    fee: one('service_fee'),
    payout: one('payout'),
    refunded: rows.filter((row) => row.kind === 'refund').reduce((t, row) => t + row.amount, 0),
    local,
    creditUsed: -sum((amount) => amount < 0),
    creditReturned: sum((amount) => amount > 0),
  };
}

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  sofiaShow = await profileIdOf(ctx.db, 'show_profiles', 'The Sofia Ramirez Show');
  await openAvailability(maya, mayaGuest);
  // Enough store credit for two bookings paid mostly with it (granted as support would).
  await ctx.db
    .insertInto('store_credit_entries')
    .values({
      user_id: await userIdOf(ctx.db, 'show@guestspot.test'),
      amount: 100_000,
      reason: 'Test credit',
      expires_at: new Date(Date.now() + 90 * DAY),
    })
    .execute();
});
// The money balances after all of these (the payout-state rule reads who canceled).
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

/** The store credit Sofia asks to use so that the card pays less than the fee. */
async function mostlyCredit(): Promise<number> {
  const option = await ctx.db
    .selectFrom('guest_option_prices as op')
    .innerJoin('booking_options as bo', 'bo.id', 'op.booking_option_id')
    .select('op.price')
    .where('op.guest_profile_id', '=', mayaGuest)
    .where('bo.slug', '=', 'virtual-interview')
    .where('op.price', '>=', 100)
    .orderBy('op.price')
    .executeTakeFirstOrThrow();
  // the card pays $1, the credit the rest
  return option.price - 100;
}

describe('PATCH /bookings/{id}/cancel after acceptance, paid mostly with store credit', () => {
  it('by the invitee: the card and all of the store credit come back, the fee void', async () => {
    const id = await showBooksMaya(await slot(20), await mostlyCredit());
    await ok(patch(maya, id, 'accept'));
    const before = await moneyOf(id);
    assert.ok(before.fee && before.card < before.fee.amount, 'the card pays less than the fee');

    await ok(patch(maya, id, 'cancel', { reason: 'I have to travel.' }));
    const money = await moneyOf(id);
    assert.deepEqual(money.booking, {
      status: 'canceled',
      canceled_by: 'guest',
      payment_status: 'refunded',
    });
    assert.equal(money.fee?.status, 'void');
    assert.equal(money.payout?.status, 'void');
    assert.equal(money.refunded, money.card);
    assert.deepEqual(money.local, { status: 'refunded', refunded_amount: money.card });
    assert.ok(money.creditUsed > 0);
    assert.equal(money.creditReturned, money.creditUsed);
  });

  it('by the booker: the fee is kept from the card, then from the store credit', async () => {
    const id = await showBooksMaya(await slot(21), await mostlyCredit());
    await ok(patch(maya, id, 'accept'));

    await ok(patch(sofia, id, 'cancel', { reason: 'Our season was cut short.' }));
    const money = await moneyOf(id);
    const fee = money.fee!;
    assert.equal(fee.status, 'paid', 'kept');
    // The whole card went to the fee: nothing back to it, and the rest of the fee from credit.
    assert.deepEqual(money.booking, {
      status: 'canceled',
      canceled_by: 'show',
      payment_status: 'paid',
    });
    assert.equal(money.refunded, 0);
    assert.deepEqual(money.local, { status: 'succeeded', refunded_amount: null });
    assert.equal(money.creditReturned, money.creditUsed - (fee.amount - money.card));
  });
});

describe('PATCH /bookings/{id}/completed-action/cancel (the interview did not take place)', () => {
  it('the show is the booker: refunded less the fee, which is kept', async () => {
    const when = await slot(2);
    const id = await showBooksMaya(when);
    await ok(patch(maya, id, 'confirm', { confirmed_date: when }));
    await advance(3 * DAY);

    await ok(patch(sofia, id, 'completed-action/cancel'));
    const money = await moneyOf(id);
    const fee = money.fee!;
    assert.deepEqual(money.booking, {
      status: 'canceled',
      canceled_by: 'show',
      payment_status: 'refunded',
    });
    assert.equal(fee.status, 'paid', 'kept');
    assert.equal(money.refunded, money.card - fee.amount);
    assert.deepEqual(money.local, {
      status: 'refunded',
      refunded_amount: money.card - fee.amount,
    });
    assert.equal(money.payout?.status, 'void');
  });

  it('the show is the invitee: the guest who booked is refunded in full, the fee void', async () => {
    const when = await slot(2);
    const id = await mayaBooksShow(when);
    // The show picks the guest's proposal: accepted and scheduled.
    await ok(patch(sofia, id, 'confirm', { confirmed_date: when }));
    await advance(3 * DAY);

    await ok(patch(sofia, id, 'completed-action/cancel'));
    const money = await moneyOf(id);
    assert.deepEqual(money.booking, {
      status: 'canceled',
      canceled_by: 'show',
      payment_status: 'refunded',
    });
    // The guest paid the value and the fee on top: all of it comes back.
    assert.ok(money.fee && money.fee.amount > 0);
    assert.equal(money.fee.status, 'void');
    assert.equal(money.refunded, money.card);
    assert.deepEqual(money.local, { status: 'refunded', refunded_amount: money.card });
    assert.equal(money.payout?.status, 'void');
  });
});
