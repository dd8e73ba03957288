import type { Transaction } from 'kysely';
import type { BookingPaymentSummary } from '../../contract';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { grantsConsumedBy } from './credit';
import type { BookingPrice } from './pricing';
import type { ProfileSide } from '../../booking-facts';
import { withholding } from './ledger-payouts';
import { creditEntriesOf } from './ledger-payments';

// Completion, payouts, kept fees and no-shows (decision 116) are ledger-payouts.ts's, the same home.
export * from './ledger-payouts';
// The payments page and the earnings (decision 119): ledger-payments.ts, the same home.
export * from './ledger-payments';

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

/**
 * One spender of a user's store credit at a time, for the rest of `trx`: the balance read after
 * it cannot be spent twice. FOR NO KEY UPDATE (decision 124) serialises two spenders yet lets
 * through the foreign keys that share-lock the user (another booking's timeline telling them,
 * user_events), which FOR UPDATE would hold up, closing a deadlock with them.
 */
export async function lockSpender(trx: Trx, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** The card charge at the provider (held, captured, refunded), or a pitch's `extra_fee`. */
export async function chargeOf(
  db: Executor,
  bookingId: number,
  kind: 'charge' | 'extra_fee' = 'charge',
) {
  return db
    .selectFrom('booking_payments')
    .select(['id', 'amount', 'provider', 'provider_reference'])
    .where('booking_id', '=', bookingId)
    .where('kind', '=', kind)
    .where('provider_reference', 'is not', null)
    .executeTakeFirst();
}

/** A booking's service fee, payout and referral share so far (what a pitch was split into). */
export async function splitSoFarOf(db: Executor, bookingId: number) {
  const rows = await db
    .selectFrom('booking_payments')
    .select(['kind', 'amount'])
    .where('booking_id', '=', bookingId)
    .where('kind', 'in', ['service_fee', 'payout', 'referral_share'])
    .where('status', '<>', 'void')
    .execute();
  const sum = (kind: LedgerKind) =>
    rows.reduce((total, row) => total + (row.kind === kind ? row.amount : 0), 0);
  return {
    serviceFee: sum('service_fee'),
    payout: sum('payout'),
    referralShare: sum('referral_share'),
  };
}

export interface ExtraPaymentMoney {
  bookingId: number;
  bookerUserId: number;
  initiator: ProfileSide;
  /** what the card paid (captured); a null id when the credit paid it all */
  card: { amount: number; id: string | null };
  creditApplied: number;
  split: Awaited<ReturnType<typeof splitSoFarOf>>;
  provider: 'local' | 'stripe';
  actor: LedgerActor;
  now: Date;
}

/**
 * A pitch's extra payment, captured (decision 115): the card part (`extra_fee`) and the credit
 * part paid; what it adds to the guest's service fee (paid now when the guest pays, as at
 * acceptance), the invitee's payout and the referral share, pending as the booking's own; the
 * booker's use of the credit. Zero rows are left out.
 */
export async function recordExtraPayment(trx: Trx, money: ExtraPaymentMoney): Promise<void> {
  const { bookingId, initiator, now, actor } = money;
  type State = { status: 'paid' | 'pending'; paid_at: Date | null };
  const paid: State = { status: 'paid', paid_at: now };
  const pending: State = { status: 'pending', paid_at: null };
  const row = (
    side: ProfileSide,
    kind: LedgerKind | 'extra_fee',
    amount: number,
    state = pending,
  ) => ({
    side,
    direction: kind === 'payout' ? ('incoming' as const) : ('outgoing' as const),
    kind,
    amount,
    provider_reference: kind === 'extra_fee' ? money.card.id : null,
    ...state,
  });
  const rows = [
    row(initiator, 'extra_fee', money.card.amount, paid),
    row(initiator, 'store_credit', money.creditApplied, paid),
    row('guest', 'service_fee', money.split.serviceFee, initiator === 'guest' ? paid : pending),
    row(initiator === 'guest' ? 'show' : 'guest', 'payout', money.split.payout),
    row(initiator, 'referral_share', money.split.referralShare),
  ].filter((entry) => entry.amount > 0);
  const by = { actor_user_id: actor.userId, impersonator_id: actor.impersonatorId ?? null };
  if (rows.length > 0) {
    await trx
      .insertInto('booking_payments')
      .values(
        rows.map((entry) => ({
          booking_id: bookingId,
          ...entry,
          provider: money.provider,
          ...by,
          created_at: now,
        })),
      )
      .execute();
  }
  if (money.creditApplied === 0) return;
  await trx
    .insertInto('store_credit_entries')
    .values({
      user_id: money.bookerUserId,
      amount: -money.creditApplied,
      booking_id: bookingId,
      reason: `Booking #${bookingId}: extra fee`,
      impersonator_id: by.impersonator_id,
      created_at: now,
    })
    .execute();
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

/**
 * A cancel after acceptance (or a no-show refunded): what went back to the booker's card, as a
 * paid row: the charge, less the non-refundable service fee when the booker's own cancel keeps
 * it (decision 116, refundOf).
 */
export async function recordRefund(
  trx: Trx,
  refund: {
    bookingId: number;
    /** the booker's side */
    side: ProfileSide;
    charge: { amount: number; provider: 'local' | 'stripe'; provider_reference: string };
    /** cents given back to the card (refundOf's `card`); the whole charge when omitted */
    amount?: number;
    actor: LedgerActor;
    now: Date;
  },
): Promise<void> {
  const amount = refund.amount ?? refund.charge.amount;
  if (amount <= 0) return;
  await trx
    .insertInto('booking_payments')
    .values({
      booking_id: refund.bookingId,
      side: refund.side,
      direction: 'incoming',
      kind: 'refund',
      amount,
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
  credit: {
    bookerId: number;
    bookingId: number;
    actor: LedgerActor;
    reason: string;
    now: Date;
    /** cents of it kept: the part of the service fee the card did not cover (decision 116) */
    keep?: number;
  },
): Promise<void> {
  // A pitch's extra payment may have used credit too (decision 115): every use comes back.
  const uses = await trx
    .selectFrom('store_credit_entries')
    .select('id')
    .where('booking_id', '=', credit.bookingId)
    .where('amount', '<', 0)
    .orderBy('id')
    .execute();
  if (uses.length === 0) return;
  const entries = await creditEntriesOf(trx, credit.bookerId);
  const parts = withholding(
    uses.flatMap((use) => grantsConsumedBy(entries, use.id)),
    credit.keep ?? 0,
  );
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
    .where('kind', 'in', ['charge', 'store_credit', 'refund', 'extra_fee'])
    .orderBy('id')
    .execute();
  const first = (kind: string) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row ? { amount: row.amount, status: row.status } : null;
  };
  return {
    status: booking.payment_status,
    card: first('charge'),
    extra: first('extra_fee'),
    credit: first('store_credit'),
    code: booking.code,
    refunds: rows
      .filter((row) => row.kind === 'refund')
      .map((row) => ({ amount: row.amount, paid_at: row.paid_at?.toISOString() ?? null })),
  };
}
