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
import { releasePayouts } from './completion-payouts';
import { NO_SHOW_AFTER_IT_HAPPENED, NO_SHOW_ALREADY } from './completion-rules';
import { NO_SHOW_SENT } from './no-show';

// Report No-Show (decision 116): the initiator of a completed booking the invitee confirmed;
// the report holds what is still owed; support refunds the booker in full (the service fee
// void, transfers reversed; amended 2026-11-28) or dismisses it (the payout goes out).

const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let sofia: TestClient;
let maya: TestClient;
let support: TestClient;
let mayaGuest: number;
let morningShow: number;
let hour = 0;

const clockNow = () => devClockNow(sofia);

const advance = (ms: number) => moveDevClock(sofia, { advance_ms: ms });

/** Sofia books Maya, Maya confirms, the time passes; completed by silence or by the show. */
async function completed(
  by: 'silence' | 'show',
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const at = new Date((await clockNow()).getTime() + 2 * DAY);
  at.setUTCHours(8 + (hour++ % 10), 0, 0, 0);
  const when = at.toISOString().slice(0, 19).replace('T', ' ');
  const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [when], overrides);
  const url = `/api/v1/bookings/${id}/confirm`;
  assert.equal(
    (await maya.request('PATCH', url, { body: { confirmed_date: when } })).statusCode,
    200,
  );
  await advance(3 * DAY);
  if (by === 'show') {
    const done = await sofia.request('PATCH', `/api/v1/bookings/${id}/completed-action/confirm`, {
      body: {},
    });
    assert.equal(done.statusCode, 200, done.body);
  } else {
    await advance(8 * DAY);
  }
  return id;
}

const report = (client: TestClient, id: number, details?: string) =>
  client.post(`/api/v1/bookings/${id}/no-show`, details ? { details } : {});
const resolve = (client: TestClient, id: number, outcome: string) =>
  client.post(`/api/v1/bookings/${id}/no-show/resolve`, { outcome });

async function money(id: number) {
  return ctx.db
    .selectFrom('booking_payments')
    .select(['id', 'kind', 'status', 'amount', 'provider_reference'])
    .where('booking_id', '=', id)
    .orderBy('id')
    .execute();
}

/** The store credit a booking used and gave back, in cents. */
async function creditMovesOf(id: number) {
  const entries = await ctx.db
    .selectFrom('store_credit_entries')
    .select('amount')
    .where('booking_id', '=', id)
    .execute();
  const sum = (wanted: (amount: number) => boolean) =>
    entries.filter((entry) => wanted(entry.amount)).reduce((total, e) => total + e.amount, 0);
  return { used: -sum((amount) => amount < 0), returned: sum((amount) => amount > 0) };
}

async function mayaPayouts(linked: boolean) {
  const userId = await userIdOf(ctx.db, 'guest@guestspot.test');
  if (!linked) {
    await ctx.db.deleteFrom('payout_accounts').where('user_id', '=', userId).execute();
    return;
  }
  await ctx.db
    .insertInto('payout_accounts')
    .values({
      user_id: userId,
      provider: 'local',
      account_id: 'acct_local_demo2',
      country_code: 'US',
      details_submitted: true,
      charges_enabled: true,
    })
    .execute();
}

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  support = await signedIn(ctx.app, 'admin@guestspot.test');
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(maya, mayaGuest);
});
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

describe('POST /bookings/{id}/no-show', () => {
  it('the initiator reports; the payout is held until support refunds the booker', async () => {
    await mayaPayouts(false);
    const id = await completed('silence');
    assert.equal((await report(maya, id)).statusCode, 403, 'the invitee does not report');
    const sent = await report(sofia, id, 'Nobody joined the call.');
    assert.equal(sent.statusCode, 200, sent.body);
    assert.deepEqual(sent.json(), { message: NO_SHOW_SENT });
    const twice = await report(sofia, id);
    assert.equal(twice.statusCode, 409);
    assert.equal(twice.json().message, NO_SHOW_ALREADY);

    // Held: set up payouts now, and the sweep still pays this booking nothing. (It may pay
    // others: the test clock's days can complete a demo booking of Maya's meanwhile.)
    await mayaPayouts(true);
    await releasePayouts({ db: ctx.db, payouts: ctx.app.payouts });
    const held = (await money(id)).find((row) => row.kind === 'payout')!;
    assert.equal(held.status, 'pending');
    const transfer = await ctx.db
      .selectFrom('local_transfers')
      .select('id')
      .where('idempotency_key', '=', `payout:${held.id}`)
      .executeTakeFirst();
    assert.equal(transfer, undefined, 'no transfer for the held payout');

    assert.equal((await resolve(sofia, id, 'refunded')).statusCode, 403, 'support only');
    const resolved = await resolve(support, id, 'refunded');
    assert.equal(resolved.statusCode, 200, resolved.body);
    const rows = await money(id);
    const charge = rows.find((row) => row.kind === 'charge')!;
    // The invitee did not show up: the fee kept at completion is given back too.
    const fee = rows.find((row) => row.kind === 'service_fee')!;
    assert.equal(fee.status, 'void', 'the service fee is not kept');
    assert.equal(rows.find((row) => row.kind === 'refund')?.amount, charge.amount);
    assert.equal(rows.find((row) => row.kind === 'payout')?.status, 'void');
    const local = await ctx.db
      .selectFrom('local_charges')
      .select(['status', 'refunded_amount'])
      .where('id', '=', charge.provider_reference!)
      .executeTakeFirstOrThrow();
    assert.deepEqual(local, { status: 'refunded', refunded_amount: charge.amount });
    const booking = await ctx.db
      .selectFrom('bookings')
      .select(['payment_status', 'no_show_outcome'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(booking, { payment_status: 'refunded', no_show_outcome: 'refunded' });
    assert.equal((await resolve(support, id, 'dismissed')).statusCode, 409);
  });

  it('a payout already transferred is reversed when the booker is refunded', async () => {
    const id = await completed('silence');
    const payout = (await money(id)).find((row) => row.kind === 'payout')!;
    assert.equal(payout.status, 'paid');
    assert.equal((await money(id)).find((row) => row.kind === 'service_fee')?.status, 'paid');
    assert.equal((await report(sofia, id)).statusCode, 200);
    assert.equal((await resolve(support, id, 'refunded')).statusCode, 200);
    const transfer = await ctx.db
      .selectFrom('local_transfers')
      .select('reversed_at')
      .where('id', '=', payout.provider_reference!)
      .executeTakeFirstOrThrow();
    assert.ok(transfer.reversed_at);
    const rows = await money(id);
    assert.equal(rows.find((row) => row.kind === 'payout')?.status, 'void');
    // The fee the completion kept is void: the booker has the whole charge back.
    assert.equal(rows.find((row) => row.kind === 'service_fee')?.status, 'void');
    const charge = rows.find((row) => row.kind === 'charge')!;
    assert.equal(rows.find((row) => row.kind === 'refund')?.amount, charge.amount);
  });

  it('a booking paid partly with store credit gets all of the credit back', async () => {
    const id = await completed('silence', { store_credit_amount: 400 });
    assert.equal((await report(sofia, id)).statusCode, 200);
    assert.equal((await resolve(support, id, 'refunded')).statusCode, 200);
    // Each grant used comes back whole, with its own expiry (the test clock has moved on).
    assert.deepEqual(await creditMovesOf(id), { used: 400, returned: 400 });
    const rows = await money(id);
    const charge = rows.find((row) => row.kind === 'charge')!;
    assert.equal(rows.find((row) => row.kind === 'refund')?.amount, charge.amount);
    assert.equal(rows.find((row) => row.kind === 'service_fee')?.status, 'void');
  });

  it('dismissed: the held payout goes out', async () => {
    await mayaPayouts(false);
    const id = await completed('silence');
    assert.equal((await report(sofia, id)).statusCode, 200);
    await mayaPayouts(true);
    assert.equal((await resolve(support, id, 'dismissed')).statusCode, 200);
    assert.equal((await money(id)).find((row) => row.kind === 'payout')?.status, 'paid');
  });

  it('not after saying it happened, nor before completion', async () => {
    const id = await completed('show');
    const refused = await report(sofia, id);
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().message, NO_SHOW_AFTER_IT_HAPPENED);
    const page = await sofia.get(`/api/v1/bookings/${id}`);
    assert.ok(!page.json().data.allowed_actions.includes('no-show'));
  });
});

describe('the test clock', () => {
  it('is absent without the development surfaces', async () => {
    const closed = await startTestApp({ config: { devSurfaces: false } });
    try {
      const client = await signedIn(closed.app, 'show@guestspot.test');
      assert.equal((await client.get('/api/v1/dev/clock')).statusCode, 404);
      assert.equal((await client.post('/api/v1/dev/clock', { advance_ms: 1 })).statusCode, 404);
    } finally {
      await closed.close();
    }
  });

  it('answers loopback callers only, and refuses a time that is no time', async () => {
    const remote = await sofia.request('GET', '/api/v1/dev/clock', {
      remoteAddress: '203.0.113.9',
    });
    assert.equal(remote.statusCode, 404);
    const bad = await sofia.post('/api/v1/dev/clock', { now: 'tomorrow' });
    assert.equal(bad.statusCode, 422);
  });
});
