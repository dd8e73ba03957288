import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { BookingDetail, ExtraPaymentQuote } from '../../contract';
import { assertLedgerBalanced } from '../../test/ledger';
import {
  errorsOf,
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import {
  bookingPage,
  bookInterview,
  devClockNow,
  impersonating,
  isoOf,
  joinTeam,
  moveDevClock,
  timeSlots,
} from '../../test/bookings';
import { OWNER_PAYS_MESSAGE } from '../booking-money/who-pays';
import { drainOutbox } from '../notify/outbox';
import { emailsAfter, lastEmailId } from '../notify/testing';
import { BASIC_MEMBER_MONEY_MESSAGE } from './action-rules';
import { SAME_FEE, SPECIAL_PRICE_TOO_LOW } from './pitch-answers';
import { EXTRA_FEE_FIRST, FEE_CHANGE_CLOSED, NOT_A_PITCH, NO_EXTRA_FEE_DUE } from './pitch-rules';

// A pitch answered and paid (issue 32, decision 115): each answer, the extra payment (a decline
// then a retry, the key, the credit's floor), the fee changes, every role, the recordings (PRO
// only) and the money check after the suite.

let ctx: TestContext;
let priya: TestClient; // pro@: Priya (guest) and Founder Files (show), PRO
let sofia: TestClient; // show@: Morning Momentum (show), standard
let maya: TestClient; // guest@: Maya (guest), a stranger to Priya's pitches
let priyaGuest: number;
let morningShow: number;
let pitchOption: number;
let keys = 0;
const slot = timeSlots(60);
const key = () => `pitch-${process.pid}-${(keys += 1)}`;

before(async () => {
  ctx = await startTestApp();
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  pitchOption = (
    await ctx.db
      .selectFrom('booking_options')
      .select('id')
      .where('slug', '=', 'pitch')
      .executeTakeFirstOrThrow()
  ).id;
  // Morning Momentum takes pitches at $20, and sells interviews from $150.
  await ctx.db
    .updateTable('show_profiles')
    .set({ pitch_enabled: true, pitch_price: 2000 })
    .where('id', '=', morningShow)
    .execute();
  await ctx.db
    .updateTable('guest_profiles')
    .set({ pitch_enabled: true, pitch_price: 0 })
    .where('id', '=', priyaGuest)
    .execute();
  await openAvailability(priya, priyaGuest);
});

after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

/** pro@'s Priya pitches Morning Momentum (show@), the card held for the pitch's price. */
async function priyaPitches(): Promise<number> {
  const questions = await ctx.db
    .selectFrom('booking_questions')
    .select('id')
    .where('show_profile_id', '=', morningShow)
    .where('type', '=', 'pitch')
    .execute();
  const response = await priya.request('POST', `/api/v1/shows/${morningShow}/book`, {
    headers: { 'Idempotency-Key': key() },
    body: {
      guest_profile_id: priyaGuest,
      is_pitch: true,
      pitch: { type: 'text', text: 'Growth stories your listeners can use tomorrow.' },
      questions: questions.map((q) => ({ question_id: q.id, answer: 'An answer.' })),
      booking_options: [{ booking_option_id: pitchOption }],
      payment_method: 'pm_card_visa',
      source: 'web',
    },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data.id as number;
}

const patch = (client: TestClient, id: number, action: string, body: unknown = {}) =>
  client.request('PATCH', `/api/v1/bookings/${id}/${action}`, { body });

const pay = (client: TestClient, id: number, body: unknown, idempotencyKey = key()) =>
  client.request('PATCH', `/api/v1/bookings/${id}/charge-extra-payment`, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

async function quoteOf(client: TestClient, id: number, credit = 0) {
  const response = await client.get(
    `/api/v1/bookings/${id}/extra-payment-quote?guestspot_cash=${credit}`,
  );
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as ExtraPaymentQuote;
}

async function ledgerOf(id: number) {
  return ctx.db
    .selectFrom('booking_payments')
    .select(['kind', 'amount', 'status', 'provider_reference'])
    .where('booking_id', '=', id)
    .orderBy('id')
    .execute();
}

const page = (client: TestClient, id: number): Promise<BookingDetail> => bookingPage(client, id);

describe('answering a pitch', () => {
  it('offers the answer to the invitee only, instead of accept', async () => {
    const id = await priyaPitches();
    const invitee = await page(sofia, id);
    assert.ok(invitee.allowed_actions.includes('accept-pitch'));
    assert.ok(!invitee.allowed_actions.includes('accept'));
    assert.ok(invitee.allowed_actions.includes('reject'));
    assert.ok(!(await page(priya, id)).allowed_actions.includes('accept-pitch'));
    assert.equal(invitee.pitch_fee, (await page(sofia, id)).full_booking_fee);
  });

  it('accept: captured, accepted, no extra fee; the dates step follows', async () => {
    const id = await priyaPitches();
    const response = await patch(sofia, id, 'accept-pitch', { action: 'accept' });
    assert.equal(response.statusCode, 200, response.body);
    const detail = await page(priya, id);
    assert.equal(detail.status, 'accepted');
    assert.deepEqual(detail.extra_payment, { status: 'none', amount: 0 });
    assert.equal(detail.pitch_fee_options?.fee_type, 'none');
    assert.equal(detail.payment.card?.status, 'paid');
    assert.ok(detail.allowed_actions.includes('propose-date'));
    assert.ok(!detail.allowed_actions.includes('charge-extra-payment'));
    const entry = detail.timeline.find((item) => item.type === 'accepted');
    assert.equal(entry?.description, 'Morning Momentum accepted your pitch with no extra fee');
  });

  it('accept-special-price takes the absolute value, at least $5', async () => {
    const id = await priyaPitches();
    for (const price of [499, -499, null]) {
      const refused = await patch(sofia, id, 'accept-pitch', {
        action: 'accept-special-price',
        price,
      });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual(errorsOf(refused).price, [SPECIAL_PRICE_TOO_LOW]);
    }
    // Nothing moved: still pending, the hold still held.
    assert.equal((await page(sofia, id)).payment.card?.status, 'pending');
    const response = await patch(sofia, id, 'accept-pitch', {
      action: 'accept-special-price',
      price: -6000,
    });
    assert.equal(response.statusCode, 200, response.body);
    const detail = await page(priya, id);
    // $60 + the guest's 20% service fee, less the $20 + $4 the pitch cost.
    assert.deepEqual(detail.extra_payment, { status: 'pending', amount: 7200 - 2400 });
    assert.equal(detail.pitch_fee, 2400);
    assert.ok(detail.allowed_actions.includes('charge-extra-payment'));
    assert.ok(!detail.allowed_actions.includes('propose-date'));
    const step = detail.timeline.find((item) => item.type === 'action-extra-payment');
    assert.equal(step?.description, 'Pay the extra $48.00 to go on to the interview dates');
    const refused = await patch(priya, id, 'propose-date', { proposed_dates: [slot()] });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().message, EXTRA_FEE_FIRST);
  });

  it('accept-pay-full asks the invitee profile’s full booking fee', async () => {
    const id = await priyaPitches();
    const show = await ctx.db
      .selectFrom('show_profiles')
      .select('lowest_price')
      .where('id', '=', morningShow)
      .executeTakeFirstOrThrow();
    const response = await patch(sofia, id, 'accept-pitch', { action: 'accept-pay-full' });
    assert.equal(response.statusCode, 200, response.body);
    const full = show.lowest_price ?? 0;
    const detail = await page(sofia, id);
    assert.deepEqual(detail.pitch_fee_options, { fee_type: 'full', original_booking_fee: full });
    assert.equal(detail.extra_payment.amount, full + Math.round(full * 0.2) - 2400);
  });

  it('reject: released and canceled as rejected', async () => {
    const id = await priyaPitches();
    const response = await patch(sofia, id, 'accept-pitch', { action: 'reject', reason: 'No fit' });
    assert.equal(response.statusCode, 200, response.body);
    const detail = await page(priya, id);
    assert.equal(detail.status, 'canceled');
    assert.equal(detail.cancel_kind, 'rejected');
    assert.equal(detail.cancel_reason, 'No fit');
    assert.equal(detail.payment.card?.status, 'void');
  });

  it('refuses a booking that is no pitch (409) and strangers (404)', async () => {
    const id = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [slot()]);
    const refused = await patch(priya, id, 'accept-pitch', { action: 'accept' });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().message, NOT_A_PITCH);
    assert.ok(!(await page(priya, id)).allowed_actions.includes('accept-pitch'));
    const pitch = await priyaPitches();
    assert.equal((await patch(maya, pitch, 'accept-pitch', { action: 'accept' })).statusCode, 404);
    assert.equal((await patch(priya, pitch, 'accept-pitch', { action: 'accept' })).statusCode, 403);
  });
});

describe('changing the fee', () => {
  it('while the payment is due: another special price, then the full fee; same kind refused', async () => {
    const id = await priyaPitches();
    await patch(sofia, id, 'accept-pitch', { action: 'accept-special-price', price: 6000 });
    const long = await patch(sofia, id, 'update-pitch-fee', {
      action: 'accept-special-price',
      price: 7000,
      reason: 'x'.repeat(301),
    });
    assert.equal(long.statusCode, 422);
    const changed = await patch(sofia, id, 'update-pitch-fee', {
      action: 'accept-special-price',
      price: 7000,
      reason: 'A longer episode',
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal((await page(priya, id)).extra_payment.amount, 8400 - 2400);
    const entry = (await page(priya, id)).timeline.find(
      (item) => item.type === 'pitch-fee-changed',
    );
    assert.equal(entry?.properties.reason, 'A longer episode');
    const back = await patch(sofia, id, 'update-pitch-fee', { action: 'accept' });
    assert.equal(back.statusCode, 200, back.body);
    assert.deepEqual((await page(priya, id)).extra_payment, { status: 'none', amount: 0 });
    const same = await patch(sofia, id, 'update-pitch-fee', { action: 'accept' });
    assert.equal(same.statusCode, 422);
    assert.deepEqual(errorsOf(same).action, [SAME_FEE]);
  });

  it('after acceptance without a fee, only until dates are proposed', async () => {
    const id = await priyaPitches();
    await patch(sofia, id, 'accept-pitch', { action: 'accept' });
    assert.ok((await page(sofia, id)).allowed_actions.includes('update-pitch-fee'));
    assert.equal(
      (await patch(priya, id, 'propose-date', { proposed_dates: [slot()] })).statusCode,
      200,
    );
    assert.ok(!(await page(sofia, id)).allowed_actions.includes('update-pitch-fee'));
    const refused = await patch(sofia, id, 'update-pitch-fee', {
      action: 'accept-special-price',
      price: 9000,
    });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().message, FEE_CHANGE_CLOSED);
    // Only the invitee changes it.
    assert.equal(
      (await patch(priya, id, 'update-pitch-fee', { action: 'accept' })).statusCode,
      403,
    );
  });
});

describe('paying the extra fee', () => {
  it('a decline answers the provider’s message; a new card and key then pay it, once', async () => {
    const id = await priyaPitches();
    await patch(sofia, id, 'accept-pitch', { action: 'accept-special-price', price: 6000 });
    const quote = await quoteOf(priya, id);
    assert.deepEqual(quote, {
      total: 4800,
      credit_applied: 0,
      card_amount: 4800,
      requires_card: true,
      available_credit: quote.available_credit,
    });
    const missing = await pay(priya, id, {}, '');
    assert.equal(missing.statusCode, 422);
    const declined = await pay(priya, id, { payment_method: 'pm_card_chargeDeclined' });
    assert.equal(declined.statusCode, 402);
    assert.equal(declined.json().message, 'Your card was declined.');
    assert.equal((await page(priya, id)).extra_payment.status, 'pending');

    const body = { payment_method: 'pm_card_visa', card_amount: 4800 };
    const paidKey = key();
    const paid = await pay(priya, id, body, paidKey);
    assert.equal(paid.statusCode, 200, paid.body);
    const detail = await page(priya, id);
    assert.deepEqual(detail.extra_payment, { status: 'paid', amount: 4800 });
    assert.equal(detail.full_booking_fee - detail.pitch_fee, 4800);
    assert.deepEqual(detail.payment.extra, { amount: 4800, status: 'paid' });
    assert.ok(detail.allowed_actions.includes('propose-date'));

    // The same request again answers the same; another body with the key is refused.
    assert.equal((await pay(priya, id, body, paidKey)).statusCode, 200);
    const other = await pay(priya, id, { payment_method: 'pm_card_mastercard' }, paidKey);
    assert.equal(other.statusCode, 422);
    const again = await pay(priya, id, body);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, NO_EXTRA_FEE_DUE);
    const extras = (await ledgerOf(id)).filter((row) => row.kind === 'extra_fee');
    assert.equal(extras.length, 1);
  });

  it('store credit first, keeping the card at 50 cents or more; a stale card amount is 409', async () => {
    const id = await priyaPitches();
    await patch(sofia, id, 'accept-pitch', { action: 'accept-special-price', price: 6000 });
    const floor = await quoteOf(priya, id, 4800 - 30);
    assert.deepEqual([floor.credit_applied, floor.card_amount], [4750, 50]);
    const stale = await pay(priya, id, {
      guestspot_cash: 4770,
      payment_method: 'pm_card_visa',
      card_amount: 30,
    });
    assert.equal(stale.statusCode, 409);
    const paid = await pay(priya, id, {
      guestspot_cash: 4770,
      payment_method: 'pm_card_visa',
      card_amount: 50,
    });
    assert.equal(paid.statusCode, 200, paid.body);
    const credit = (await ledgerOf(id)).filter((row) => row.kind === 'store_credit');
    assert.ok(credit.some((row) => row.amount === 4750 && row.status === 'paid'));
  });

  it('refuses the invitee, a Basic member, an agency member paying for the owner', async () => {
    const id = await priyaPitches();
    await patch(sofia, id, 'accept-pitch', { action: 'accept-special-price', price: 6000 });
    assert.equal((await pay(sofia, id, { payment_method: 'pm_card_visa' })).statusCode, 403);
    assert.equal((await pay(maya, id, { payment_method: 'pm_card_visa' })).statusCode, 404);
    const agency = await impersonating(
      ctx.app,
      ctx.db,
      'agency@guestspot.test',
      'pro@guestspot.test',
    );
    const refused = await pay(agency, id, { payment_method: 'pm_card_visa' });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, OWNER_PAYS_MESSAGE);
    const asThemselves = await signedIn(ctx.app, 'agency@guestspot.test');
    const member = await pay(asThemselves, id, { payment_method: 'pm_card_visa' });
    assert.equal(member.statusCode, 403);
    assert.equal(member.json().message, OWNER_PAYS_MESSAGE);
  });

  it('a cancel after payment refunds the pitch and the extra', async () => {
    const id = await priyaPitches();
    await patch(sofia, id, 'accept-pitch', { action: 'accept-special-price', price: 6000 });
    assert.equal((await pay(priya, id, { payment_method: 'pm_card_visa' })).statusCode, 200);
    assert.equal((await patch(sofia, id, 'cancel', { reason: 'Schedule change' })).statusCode, 200);
    const detail = await page(priya, id);
    assert.equal(detail.extra_payment.status, 'refunded');
    const refunds = (await ledgerOf(id)).filter((row) => row.kind === 'refund');
    assert.ok(refunds.some((row) => row.amount === 4800));
  });
});

describe('who may answer (money moves)', () => {
  it('a Basic member of the invitee’s team is refused; an agency member answers', async () => {
    await joinTeam(ctx.db, 'pro@guestspot.test', 'standard@guestspot.test', 'admin');
    const basic = await signedIn(ctx.app, 'standard@guestspot.test');
    // show@'s Morning Momentum pitches pro@'s Priya for free: pro@'s team answers.
    const response = await sofia.request('POST', `/api/v1/guests/${priyaGuest}/book`, {
      headers: { 'Idempotency-Key': key() },
      body: {
        show_profile_id: morningShow,
        is_pitch: true,
        pitch: { type: 'text', text: 'A free pitch.' },
        booking_options: [{ booking_option_id: pitchOption }],
        source: 'web',
      },
    });
    assert.equal(response.statusCode, 201, response.body);
    const id = response.json().data.id as number;
    const refused = await patch(basic, id, 'accept-pitch', { action: 'accept' });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, BASIC_MEMBER_MONEY_MESSAGE);
    assert.ok(!(await page(basic, id)).allowed_actions.includes('accept-pitch'));
    const agency = await signedIn(ctx.app, 'agency@guestspot.test');
    const answered = await patch(agency, id, 'accept-pitch', {
      action: 'accept-special-price',
      price: 5000,
    });
    assert.equal(answered.statusCode, 200, answered.body);
    // The show pays the $50 asked; the guest is paid it less the 20% service fee.
    assert.deepEqual((await page(sofia, id)).extra_payment, { status: 'pending', amount: 5000 });
    const paid = await pay(sofia, id, { payment_method: 'pm_card_visa', card_amount: 5000 });
    assert.equal(paid.statusCode, 200, paid.body);
    const payout = (await ledgerOf(id)).find((row) => row.kind === 'payout');
    assert.equal(payout?.amount, 4000);
    const entry = (await page(priya, id)).timeline.find((item) => item.type === 'extra-payment');
    assert.equal(entry?.description, 'Morning Momentum paid the extra $50.00');
  });
});

describe('recordings from the booking page', () => {
  async function uploadOf(email: string, kind: 'video' | 'audio'): Promise<string> {
    const uuid = randomUUID();
    await ctx.db
      .insertInto('uploads')
      .values({
        uuid,
        user_id: await userIdOf(ctx.db, email),
        kind,
        mime_type: kind === 'video' ? 'video/webm' : 'audio/webm',
        file_name: `pitch.webm`,
        size: 10,
        content: Buffer.from('0123456789'),
      })
      .execute();
    return uuid;
  }

  it('are PRO only (426), of the sender’s own recording of that kind', async () => {
    const id = await priyaPitches();
    const post = (client: TestClient, kind: string, body: unknown) =>
      client.request('POST', `/api/v1/bookings/${id}/${kind}-pitch`, { body });
    const sofiaVideo = await uploadOf('show@guestspot.test', 'video');
    const standard = await post(sofia, 'video', { media_uuid: sofiaVideo });
    assert.equal(standard.statusCode, 426);
    assert.equal(standard.json().message, 'Only PRO users have access to this feature.');
    assert.equal((await post(priya, 'video', { media_uuid: sofiaVideo })).statusCode, 422);
    assert.equal((await post(priya, 'video', { media_uuid: 'not-a-uuid' })).statusCode, 422);
    const audio = await uploadOf('pro@guestspot.test', 'audio');
    assert.equal((await post(priya, 'video', { media_uuid: audio })).statusCode, 422);
    const from = await lastEmailId(ctx.db);
    const sent = await post(priya, 'audio', { media_uuid: audio, message: 'Listen to this' });
    assert.equal(sent.statusCode, 200, sent.body);
    const entry = (await page(sofia, id)).timeline.find((item) => item.type === 'audio_pitch');
    assert.equal(entry?.description, 'Audio pitch from Priya Patel');
    assert.equal(entry?.properties.message, 'Listen to this');
    await drainOutbox(ctx.app);
    const emails = await emailsAfter(ctx.db, from);
    assert.ok(emails.some((email) => email.subject === 'Priya Patel sent you an audio pitch'));
    const notices = await ctx.db
      .selectFrom('notifications')
      .select('type')
      .where('booking_id', '=', id)
      .where('type', '=', 'pitch_recording')
      .execute();
    assert.ok(notices.length > 0);
  });
});

describe('a no-show refunded after a paid pitch', () => {
  it('gives back the pitch and its extra payment in full, the fee void (decision 116)', async () => {
    const id = await priyaPitches();
    await patch(sofia, id, 'accept-pitch', { action: 'accept-special-price', price: 6000 });
    const paid = await pay(priya, id, { payment_method: 'pm_card_visa', card_amount: 4800 });
    assert.equal(paid.statusCode, 200, paid.body);
    const when = slot();
    assert.equal(
      (await patch(priya, id, 'propose-date', { proposed_dates: [when] })).statusCode,
      200,
    );
    const confirmed = await patch(sofia, id, 'confirm', { confirmed_date: when });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    // The interview's time passes (the test clock); the show says it happened.
    const now = (await devClockNow(sofia)).getTime();
    const after = new Date(isoOf(when)).getTime() + 2 * 60 * 60 * 1000;
    await moveDevClock(sofia, { advance_ms: after - now });
    const done = await patch(sofia, id, 'completed-action/confirm');
    assert.equal(done.statusCode, 200, done.body);

    // Priya says the show never turned up; support refunds her.
    assert.equal((await priya.post(`/api/v1/bookings/${id}/no-show`, {})).statusCode, 200);
    const support = await signedIn(ctx.app, 'admin@guestspot.test');
    const resolved = await support.post(`/api/v1/bookings/${id}/no-show/resolve`, {
      outcome: 'refunded',
    });
    assert.equal(resolved.statusCode, 200, resolved.body);

    const rows = await ledgerOf(id);
    const charge = rows.find((row) => row.kind === 'charge');
    const extra = rows.find((row) => row.kind === 'extra_fee');
    const refundOf = (reference: string | null | undefined) =>
      rows
        .filter((row) => row.kind === 'refund' && row.provider_reference === reference)
        .reduce((total, row) => total + row.amount, 0);
    assert.equal(refundOf(charge?.provider_reference), charge?.amount, 'the pitch in full');
    assert.equal(refundOf(extra?.provider_reference), 4800, 'the extra payment in full');
    assert.equal(rows.find((row) => row.kind === 'service_fee')?.status, 'void');
    assert.deepEqual((await page(priya, id)).extra_payment, { status: 'refunded', amount: 4800 });
  });
});
