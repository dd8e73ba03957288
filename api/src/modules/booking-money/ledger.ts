import type { Transaction } from 'kysely';
import type { Balance, BookingPaymentSummary } from '../../contract';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import {
  creditBalance,
  daysUntil,
  grantsConsumedBy,
  STORE_CREDIT_DAYS,
  type CreditBalance,
} from './credit';
import type { BookingPrice } from './pricing';
import type { ProfileSide } from '../../booking-facts';

// A booking's money as stored (decisions 099, 101, 103, 106 and 109): the one module that writes
// and reads `booking_payments` (the booking's ledger) and `store_credit_entries` (the credit
// ledger). The create records what the booker pays and who is paid, acceptance settles the
// booker's rows, an ending voids what is still pending and gives the credit back, a cancel after
// acceptance records the refund. Nothing else in api/src writes those tables (ledger.test.ts
// checks), so every rule about them is here to read. Money moves at the provider first; these
// functions run inside the transaction that changes the booking.

type Executor = DB | Transaction<Database>;
type Trx = Transaction<Database>;

type LedgerKind = 'charge' | 'store_credit' | 'service_fee' | 'payout' | 'referral_share';

/** Who wrote a row: the account acted for, and who impersonated it (decision 106). */
export interface LedgerActor {
  userId: number | null;
  impersonatorId?: number | null;
}

export interface NewBookingMoney {
  bookingId: number;
  /** the booker's account, whose store credit is used */
  bookerUserId: number;
  bookedSide: ProfileSide;
  price: BookingPrice;
  /** the card hold; null when nothing is asked of a card */
  charge: { id: string } | null;
  provider: 'local' | 'stripe';
  impersonatorId: number | null;
  now: Date;
}

/**
 * The create's ledger (decision 099): what the booker pays by card and by credit, the guest's
 * service fee, the invitee's payout and the referrer's share, all pending until acceptance (zero
 * rows left out), and the booker's use of store credit.
 */
export async function recordBookingMoney(trx: Trx, booking: NewBookingMoney): Promise<void> {
  const { bookingId: id, price, bookedSide, now } = booking;
  const bookerSide: ProfileSide = bookedSide === 'guest' ? 'show' : 'guest';
  const row = (
    side: ProfileSide,
    direction: 'incoming' | 'outgoing',
    kind: LedgerKind,
    amount: number,
  ) => ({ side, direction, kind, amount, provider_reference: null as string | null });
  const rows = [
    {
      ...row(bookerSide, 'outgoing', 'charge', price.cardAmount),
      provider_reference: booking.charge?.id ?? null,
    },
    row(bookerSide, 'outgoing', 'store_credit', price.creditApplied),
    row('guest', 'outgoing', 'service_fee', price.split.serviceFee),
    row(bookedSide, 'incoming', 'payout', price.split.payee),
    // Paid out of the platform's fee to whoever referred the booker.
    row(bookerSide, 'outgoing', 'referral_share', price.split.referralShare),
  ].filter((entry) => entry.amount > 0);
  if (rows.length > 0) {
    await trx
      .insertInto('booking_payments')
      .values(
        rows.map((entry) => ({
          booking_id: id,
          ...entry,
          status: 'pending' as const,
          provider: booking.provider,
          actor_user_id: booking.bookerUserId,
          impersonator_id: booking.impersonatorId,
          created_at: now,
        })),
      )
      .execute();
  }
  if (price.creditApplied > 0) {
    await trx
      .insertInto('store_credit_entries')
      .values({
        user_id: booking.bookerUserId,
        amount: -price.creditApplied,
        reason: `Booking #${id}`,
        booking_id: id,
        impersonator_id: booking.impersonatorId,
        created_at: now,
      })
      .execute();
  }
}

/** The booking's card charge at the provider (held, captured or refunded); undefined: none. */
export async function chargeOf(db: Executor, bookingId: number) {
  return db
    .selectFrom('booking_payments')
    .select(['id', 'amount', 'provider', 'provider_reference'])
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'charge')
    .where('provider_reference', 'is not', null)
    .executeTakeFirst();
}

/**
 * Acceptance: what the booker paid is taken, and the guest's service fee with it when the
 * guest is the booker.
 */
export async function settleBookerPayments(
  trx: Trx,
  bookingId: number,
  initiator: ProfileSide,
  now: Date,
): Promise<void> {
  const settled: LedgerKind[] =
    initiator === 'guest' ? ['charge', 'store_credit', 'service_fee'] : ['charge', 'store_credit'];
  await trx
    .updateTable('booking_payments')
    .set({ status: 'paid', paid_at: now })
    .where('booking_id', '=', bookingId)
    .where('kind', 'in', settled)
    .where('status', '=', 'pending')
    .execute();
}

/** An ending (reject, cancel, expiry): every ledger row not yet paid is void. */
export async function voidPendingPayments(trx: Trx, bookingId: number): Promise<void> {
  await trx
    .updateTable('booking_payments')
    .set({ status: 'void', paid_at: null })
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'pending')
    .execute();
}

/** A cancel after acceptance: the captured charge, refunded in full, as a paid row. */
export async function recordRefund(
  trx: Trx,
  refund: {
    bookingId: number;
    /** the booker's side */
    side: ProfileSide;
    charge: { amount: number; provider: 'local' | 'stripe'; provider_reference: string };
    actor: LedgerActor;
    now: Date;
  },
): Promise<void> {
  await trx
    .insertInto('booking_payments')
    .values({
      booking_id: refund.bookingId,
      side: refund.side,
      direction: 'incoming',
      kind: 'refund',
      amount: refund.charge.amount,
      status: 'paid',
      paid_at: refund.now,
      provider: refund.charge.provider,
      provider_reference: refund.charge.provider_reference,
      actor_user_id: refund.actor.userId,
      impersonator_id: refund.actor.impersonatorId ?? null,
      created_at: refund.now,
    })
    .execute();
}

/**
 * The store credit a booking used comes back to the booker as one grant per grant it consumed,
 * each with that grant's own expiry (issue 28): a fresh 90 days would let credit outlive its
 * term by booking and canceling. A part whose grant has expired meanwhile comes back expired.
 */
export async function returnStoreCredit(
  trx: Trx,
  credit: { bookerId: number; bookingId: number; actor: LedgerActor; reason: string; now: Date },
): Promise<void> {
  const use = await trx
    .selectFrom('store_credit_entries')
    .select('id')
    .where('booking_id', '=', credit.bookingId)
    .where('amount', '<', 0)
    .executeTakeFirst();
  if (!use) return;
  const parts = grantsConsumedBy(await creditEntriesOf(trx, credit.bookerId), use.id);
  if (parts.length === 0) return;
  await trx
    .insertInto('store_credit_entries')
    .values(
      parts.map((part) => ({
        user_id: credit.bookerId,
        amount: part.amount,
        reason: credit.reason,
        booking_id: credit.bookingId,
        expires_at: part.expires_at,
        restores_entry_id: part.grantId,
        impersonator_id: credit.actor.impersonatorId ?? null,
        created_at: credit.now,
      })),
    )
    .execute();
}

/** A user's credit entries in replay order (time, then id). */
async function creditEntriesOf(db: Executor, userId: number) {
  return db
    .selectFrom('store_credit_entries')
    .select(['id', 'amount', 'expires_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The user's store credit usable at `now` (decision 101's FIFO replay, credit.ts). */
export async function creditBalanceOf(
  db: Executor,
  userId: number,
  now: Date,
): Promise<CreditBalance> {
  return creditBalance(await creditEntriesOf(db, userId), now);
}

/**
 * GET /balance, in cents: earnings are not ledgered yet, so the balance is the store credit;
 * guestspot_cash is that credit (and raw.guestspot_cash, kept for the spec's shape),
 * guestspot_cash_expiration the days until its soonest part expires.
 */
export async function balanceOf(db: DB, userId: number, now: Date): Promise<Balance> {
  const credit = await creditBalanceOf(db, userId, now);
  return {
    total_balance: credit.available,
    available_balance: credit.available,
    guestspot_cash: credit.available,
    guestspot_cash_expiration: credit.nextExpiry
      ? daysUntil(credit.nextExpiry, now)
      : STORE_CREDIT_DAYS,
    raw: { guestspot_cash: credit.available },
  };
}

/**
 * How the booker paid, for the booking page: the card charge, the store credit used, the code
 * and the refunds. The platform's split (service fee, payout, referral share) is not in it.
 */
export async function paymentSummaryOf(
  db: DB,
  booking: { id: number; code: string | null; payment_status: BookingPaymentSummary['status'] },
): Promise<BookingPaymentSummary> {
  const rows = await db
    .selectFrom('booking_payments')
    .select(['kind', 'amount', 'status', 'paid_at'])
    .where('booking_id', '=', booking.id)
    .where('kind', 'in', ['charge', 'store_credit', 'refund'])
    .orderBy('id')
    .execute();
  const first = (kind: string) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row ? { amount: row.amount, status: row.status } : null;
  };
  return {
    status: booking.payment_status,
    card: first('charge'),
    credit: first('store_credit'),
    code: booking.code,
    refunds: rows
      .filter((row) => row.kind === 'refund')
      .map((row) => ({ amount: row.amount, paid_at: row.paid_at?.toISOString() ?? null })),
  };
}
