import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Transaction } from 'kysely';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import type { Database } from '../../db/schema';
import { signedIn, startTestApp, TestClient, userIdOf, type TestContext } from '../../test/harness';
import { assertLedgerBalanced } from '../../test/ledger';
import { creditBalance } from './credit';
import { checkLedger, type LedgerRule, type LedgerViolation } from './ledger-check';

// The standing money check (issue 28 §5): it holds on the seeded demo data, it catches each rule
// broken on purpose (so it cannot pass by checking nothing), and admins read it over HTTP.

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

class Rollback extends Error {
  constructor(readonly violations: LedgerViolation[]) {
    super('rollback');
  }
}

/** The check's answer after `plant` breaks something, in a transaction rolled back afterwards. */
async function checkWith(
  plant: (trx: Transaction<Database>) => Promise<void>,
): Promise<LedgerViolation[]> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await plant(trx);
      throw new Rollback(await checkLedger(trx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.violations;
    throw error;
  }
  throw new Error('unreachable');
}

const ofRule = (violations: LedgerViolation[], rule: LedgerRule) =>
  violations.filter((violation) => violation.rule === rule);

/** A seeded booking with a card payment, by status and who booked. */
async function seededBooking(status: string, initiator: 'guest' | 'show') {
  return ctx.db
    .selectFrom('bookings as b')
    .innerJoin('booking_payments as p', 'p.booking_id', 'b.id')
    .select(['b.id', 'b.price', 'b.booker_user_id', 'p.provider_reference'])
    .where('b.status', '=', status as 'pending')
    .where('b.initiator', '=', initiator)
    .where('p.kind', '=', 'charge')
    .orderBy('b.id')
    .executeTakeFirstOrThrow();
}

describe('checkLedger on the seeded demo data', () => {
  it('finds nothing wrong', async () => {
    assert.deepEqual(await checkLedger(ctx.db), []);
    await assertLedgerBalanced(ctx.db);
  });

  it('has money to check: guest-booked payments with their upsells and fee, credit used', async () => {
    // What the check would pass vacuously without (and what the seed got wrong before).
    const guestBooked = await ctx.db
      .selectFrom('bookings as b')
      .innerJoin('booking_upsells as u', 'u.booking_id', 'b.id')
      .innerJoin('booking_payments as p', 'p.booking_id', 'b.id')
      .select(['b.id', 'b.price', 'u.price as upsell', 'p.amount as charge'])
      .where('b.initiator', '=', 'guest')
      .where('p.kind', '=', 'charge')
      .execute();
    assert.ok(guestBooked.length > 0, 'a guest-booked priced booking with an upsell');
    for (const row of guestBooked) assert.equal(row.charge, row.price, `booking ${row.id}`);
    const kinds = await ctx.db.selectFrom('booking_payments').select('kind').distinct().execute();
    assert.deepEqual(kinds.map((row) => row.kind).sort(), ['charge', 'payout', 'service_fee']);
    const uses = await ctx.db
      .selectFrom('store_credit_entries')
      .select('id')
      .where('amount', '<', 0)
      .execute();
    assert.ok(uses.length > 0);
  });

  it('GET /balance answers the replay of the credit entries', async () => {
    for (const email of [DEMO_ACCOUNTS.show, DEMO_ACCOUNTS.pro]) {
      const client = await signedIn(ctx.app, email);
      const shown = (await client.get('/api/v1/balance')).json().data.raw.guestspot_cash;
      const entries = await ctx.db
        .selectFrom('store_credit_entries')
        .select(['amount', 'expires_at', 'created_at'])
        .where('user_id', '=', await userIdOf(ctx.db, email))
        .execute();
      assert.equal(shown, creditBalance(entries, new Date()).available, email);
    }
  });
});

describe('checkLedger catches each rule broken', () => {
  it('payment-state: the provider captured a booking that is still pending', async () => {
    const booking = await seededBooking('pending', 'show');
    const violations = await checkWith(async (trx) => {
      await trx
        .updateTable('local_charges')
        .set({ status: 'succeeded', captured_at: new Date() })
        .where('id', '=', booking.provider_reference)
        .execute();
    });
    const found = ofRule(violations, 'payment-state');
    assert.equal(found.length, 1, JSON.stringify(violations));
    assert.equal(found[0]?.booking_id, booking.id);
    assert.equal(found[0]?.user_id, booking.booker_user_id);
    assert.match(found[0]?.expected ?? '', /provider requires_capture/);
    assert.match(found[0]?.actual ?? '', /provider succeeded/);
  });

  it('payment-state: a booking marked paid without any charge', async () => {
    const free = await ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('price', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const violations = await checkWith(async (trx) => {
      await trx
        .updateTable('bookings')
        .set({ payment_status: 'paid' })
        .where('id', '=', free.id)
        .execute();
    });
    assert.deepEqual(
      ofRule(violations, 'payment-state').map((violation) => violation.booking_id),
      [free.id],
    );
  });

  it('card-plus-credit: the price leaves out what the card paid for (the upsell)', async () => {
    const booking = await seededBooking('completed', 'guest');
    const violations = await checkWith(async (trx) => {
      await trx
        .updateTable('bookings')
        .set({ price: booking.price - 1000 })
        .where('id', '=', booking.id)
        .execute();
    });
    assert.deepEqual(violations, [
      {
        rule: 'card-plus-credit',
        booking_id: booking.id,
        user_id: booking.booker_user_id,
        expected: `card ${booking.price} + credit 0 = price ${booking.price} (credit used 0)`,
        actual:
          `card ${booking.price} + credit 0 = price ${booking.price - 1000} ` +
          `(full_booking_fee ${booking.price}, credit used 0)`,
      },
    ]);
  });

  it('fee-plus-payout: a payout that is not the value less the fee', async () => {
    const booking = await seededBooking('pending', 'show');
    const violations = await checkWith(async (trx) => {
      await trx
        .updateTable('booking_payments')
        .set((eb) => ({ amount: eb('amount', '+', 100) }))
        .where('booking_id', '=', booking.id)
        .where('kind', '=', 'payout')
        .execute();
    });
    assert.deepEqual(
      violations.map((violation) => [violation.rule, violation.booking_id]),
      [['fee-plus-payout', booking.id]],
    );
    assert.match(violations[0]?.expected ?? '', /value \d+, booked by the show/);
  });

  it('pending-on-ended: an expired booking still owing its payout', async () => {
    const booking = await seededBooking('expired', 'show');
    const violations = await checkWith(async (trx) => {
      await trx
        .updateTable('booking_payments')
        .set({ status: 'pending' })
        .where('booking_id', '=', booking.id)
        .where('kind', '=', 'payout')
        .execute();
      await assert.rejects(assertLedgerBalanced(trx), /pending-on-ended \(booking \d+/);
    });
    assert.deepEqual(violations, [
      {
        rule: 'pending-on-ended',
        booking_id: booking.id,
        user_id: booking.booker_user_id,
        expected: 'expired: no pending ledger row',
        actual: 'expired: pending payout',
      },
    ]);
  });

  it('payout-state: the fee kept only when the booker canceled (decision 116, amended)', async () => {
    const booking = await seededBooking('completed', 'show');
    /** The booking as canceled after acceptance by `side`, its fee `fee`: the fee's problems. */
    const feeProblems = async (
      ending: { canceledBy?: 'guest' | 'show'; noShowRefunded?: boolean },
      fee: 'paid' | 'void',
    ) => {
      const violations = await checkWith(async (trx) => {
        await trx
          .updateTable('bookings')
          .set(
            ending.canceledBy
              ? {
                  status: 'canceled',
                  canceled_at: new Date(),
                  cancel_kind: 'canceled',
                  canceled_by: ending.canceledBy,
                }
              : {
                  no_show_reported_at: new Date(),
                  no_show_outcome: 'refunded',
                  no_show_resolved_at: new Date(),
                },
          )
          .where('id', '=', booking.id)
          .execute();
        await trx
          .updateTable('booking_payments')
          .set({ status: 'void', paid_at: null })
          .where('booking_id', '=', booking.id)
          .where('kind', 'in', ['payout', 'referral_share'])
          .execute();
        await trx
          .updateTable('booking_payments')
          .set({ status: fee, paid_at: fee === 'paid' ? new Date() : null })
          .where('booking_id', '=', booking.id)
          .where('kind', '=', 'service_fee')
          .execute();
      });
      return ofRule(violations, 'payout-state')
        .filter((violation) => violation.actual.startsWith('service_fee'))
        .map(({ booking_id, user_id, expected, actual }) => ({
          booking_id,
          user_id,
          expected,
          actual,
        }));
    };
    const refunded =
      'canceled by the invitee or the system after acceptance, or a no-show refunded: ' +
      'service_fee void (the booker refunded in full); payouts void';
    const kept = 'canceled by the booker after acceptance: service_fee paid (kept); payouts void';
    const { id, booker_user_id: user } = booking;
    // The show booked: its own cancel keeps the fee, the guest's (the invitee's) gives it back.
    assert.deepEqual(await feeProblems({ canceledBy: 'show' }, 'paid'), []);
    assert.deepEqual(await feeProblems({ canceledBy: 'show' }, 'void'), [
      { booking_id: id, user_id: user, expected: kept, actual: 'service_fee void' },
    ]);
    assert.deepEqual(await feeProblems({ canceledBy: 'guest' }, 'void'), []);
    assert.deepEqual(await feeProblems({ canceledBy: 'guest' }, 'paid'), [
      { booking_id: id, user_id: user, expected: refunded, actual: 'service_fee paid' },
    ]);
    assert.deepEqual(await feeProblems({ noShowRefunded: true }, 'void'), []);
    assert.deepEqual(await feeProblems({ noShowRefunded: true }, 'paid'), [
      { booking_id: id, user_id: user, expected: refunded, actual: 'service_fee paid' },
    ]);
  });

  it('credit-use-covered: credit used while its only grant had expired', async () => {
    const userId = await userIdOf(ctx.db, DEMO_ACCOUNTS.standard);
    const violations = await checkWith(async (trx) => {
      await trx
        .insertInto('store_credit_entries')
        .values([
          {
            user_id: userId,
            amount: 1000,
            reason: 'Old grant',
            created_at: daysAgo(120),
            expires_at: daysAgo(30),
          },
          { user_id: userId, amount: -1000, reason: 'Late use', created_at: daysAgo(10) },
          // granted after the use: it covers the balance, not the use
          {
            user_id: userId,
            amount: 2000,
            reason: 'New grant',
            created_at: daysAgo(5),
            expires_at: daysAgo(-85),
          },
        ])
        .execute();
    });
    assert.deepEqual(
      violations.map((violation) => [violation.rule, violation.user_id]),
      [['credit-use-covered', userId]],
    );
    assert.match(violations[0]?.actual ?? '', /^0 of live grants then: 1000 uncovered/);
  });

  it('credit-use-covered: an earlier use took the sooner-expiring grant, so a later use is covered', async () => {
    // A sum of the grants live at the second use less every use since they began would say
    // 500 − 800 < 400; the FIFO replay says the first use took the grant expiring on day 50.
    const userId = await userIdOf(ctx.db, DEMO_ACCOUNTS.standard);
    const violations = await checkWith(async (trx) => {
      const day = (n: number) => daysAgo(100 - n);
      await trx
        .insertInto('store_credit_entries')
        .values([
          { user_id: userId, amount: 1000, reason: 'A', created_at: day(0), expires_at: day(50) },
          { user_id: userId, amount: 500, reason: 'B', created_at: day(10), expires_at: day(100) },
          { user_id: userId, amount: -800, reason: 'Use 1', created_at: day(20) },
          { user_id: userId, amount: -400, reason: 'Use 2', created_at: day(60) },
        ])
        .execute();
    });
    assert.deepEqual(violations, []);
  });

  it('balance: credit spent that was never granted', async () => {
    const userId = await userIdOf(ctx.db, DEMO_ACCOUNTS.standard);
    const violations = await checkWith(async (trx) => {
      await trx
        .insertInto('store_credit_entries')
        .values({ user_id: userId, amount: -700, reason: 'Out of thin air' })
        .execute();
    });
    const found = ofRule(violations, 'balance');
    assert.deepEqual(found, [
      {
        rule: 'balance',
        booking_id: null,
        user_id: userId,
        expected: 'available balance >= 0',
        actual: '-700: 0 shown by GET /balance, 700 spent beyond the grants',
      },
    ]);
  });
});

describe('GET /admin/ledger-check', () => {
  const url = '/api/v1/admin/ledger-check';

  it('is for site admins only: 401 for a visitor, 403 for a user', async () => {
    assert.equal((await new TestClient(ctx.app).get(url)).statusCode, 401);
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    assert.equal((await pro.get(url)).statusCode, 403);
  });

  it('answers the report: ok, when it was checked and the violations', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const response = await admin.get(url);
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json();
    assert.deepEqual(Object.keys(data).sort(), ['checked_at', 'ok', 'violations']);
    assert.equal(data.ok, true);
    assert.deepEqual(data.violations, []);
    assert.ok(Math.abs(Date.parse(data.checked_at) - Date.now()) < 60_000);
  });

  it('lists what is wrong, each with its booking, user, rule, expected and actual', async () => {
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const booking = await seededBooking('expired', 'show');
    await ctx.db
      .updateTable('booking_payments')
      .set({ status: 'pending' })
      .where('booking_id', '=', booking.id)
      .where('kind', '=', 'payout')
      .execute();
    try {
      const { data } = (await admin.get(url)).json();
      assert.equal(data.ok, false);
      assert.deepEqual(data.violations, [
        {
          rule: 'pending-on-ended',
          booking_id: booking.id,
          user_id: booking.booker_user_id,
          expected: 'expired: no pending ledger row',
          actual: 'expired: pending payout',
        },
      ]);
    } finally {
      await ctx.db
        .updateTable('booking_payments')
        .set({ status: 'void' })
        .where('booking_id', '=', booking.id)
        .where('kind', '=', 'payout')
        .execute();
    }
  });
});
