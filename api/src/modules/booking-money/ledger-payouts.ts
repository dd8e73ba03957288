import type { Transaction } from 'kysely';
import type { ProfileSide } from '../../booking-facts';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';

// The ledger's second half (decision 116; ledger.ts re-exports it, and ledger-home.test.ts
// counts both files as the one home of booking_payments): what happens to a booking's money
// when it ends well or badly after acceptance. The booker's own cancel after acceptance keeps
// the non-refundable service fee; a cancel by the other side (or the system) and a no-show
// refunded give the booker everything back and void the fee (the 2026-11-28 amendment);
// completion keeps the fee, names who each payout and referral share is paid to, and the
// release marks a row paid once its transfer exists; a no-show refunded voids the payouts.
// Every write runs inside the booking's own transaction.

type Executor = DB | Transaction<Database>;
type Trx = Transaction<Database>;

/** What the booker gets back of what they paid (decision 116). */
export interface Refund {
  /** cents back to the card */
  card: number;
  /** cents of the store credit used that are kept (the fee the card did not cover) */
  creditKept: number;
  /** the service fee kept, cents (0: the fee is void) */
  feeKept: number;
}

/**
 * Whether the service fee is kept when a booking accepted ends without taking place (decision
 * 116, amended 2026-11-28): the party who breaks the deal bears it. Only the booker's own side
 * canceling keeps it; a cancel by the invitee's side or by the system gives it back (and a
 * no-show refunded is the invitee's failure: no-show.ts never keeps it).
 */
export function keepsServiceFee(
  booking: { initiator: ProfileSide },
  endedBy: ProfileSide | 'system',
): boolean {
  return endedBy === booking.initiator;
}

/**
 * The terms' "20% non-refundable service fee", when it is kept: the fee is kept from the card
 * first, then from the store credit the booking used; the rest goes back. When it is not kept
 * (`keepFee` false), everything goes back.
 */
export function refundOf(
  paid: { card: number; credit: number; fee: number },
  { keepFee }: { keepFee: boolean },
): Refund {
  if (!keepFee) return { card: paid.card, creditKept: 0, feeKept: 0 };
  const fromCard = Math.min(paid.card, paid.fee);
  const fromCredit = Math.min(paid.credit, paid.fee - fromCard);
  return { card: paid.card - fromCard, creditKept: fromCredit, feeKept: fromCard + fromCredit };
}

/** What the booker paid for the booking and its service fee, as the ledger holds them now. */
export async function paidForBooking(
  db: Executor,
  bookingId: number,
): Promise<{ card: number; credit: number; fee: number }> {
  const rows = await db
    .selectFrom('booking_payments')
    .select(['kind', 'amount'])
    .where('booking_id', '=', bookingId)
    .where('kind', 'in', ['charge', 'store_credit', 'service_fee'])
    .where('status', '<>', 'void')
    .execute();
  const sum = (kind: string) =>
    rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.amount, 0);
  return { card: sum('charge'), credit: sum('store_credit'), fee: sum('service_fee') };
}

/**
 * The platform keeps the service fee (the booker's own cancel after acceptance, a completion):
 * a fee still pending (a show that booked a guest: it comes out of the guest's payout) is
 * taken now.
 */
export async function keepServiceFee(trx: Trx, bookingId: number, now: Date): Promise<void> {
  await trx
    .updateTable('booking_payments')
    .set({ status: 'paid', paid_at: now })
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'service_fee')
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The booker is refunded in full (a cancel by the invitee's side, a no-show refunded): the
 * service fee is void, one already kept (paid at acceptance or completion) too.
 */
export async function voidServiceFee(trx: Trx, bookingId: number): Promise<void> {
  await trx
    .updateTable('booking_payments')
    .set({ status: 'void', paid_at: null })
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'service_fee')
    .where('status', '<>', 'void')
    .execute();
}

/**
 * Completion (decision 116): the fee is kept; the invitee's payouts are owed to `payeeUserId`
 * and the referral shares to `referrerUserId` (void when the booker has no referrer any more).
 * They stay pending until their transfer is made (releasePayout).
 */
export async function settleOnCompletion(
  trx: Trx,
  completion: {
    bookingId: number;
    payeeUserId: number;
    referrerUserId: number | null;
    now: Date;
  },
): Promise<void> {
  const { bookingId, now } = completion;
  await keepServiceFee(trx, bookingId, now);
  const pending = trx
    .updateTable('booking_payments')
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'pending');
  await pending
    .set({ payee_user_id: completion.payeeUserId })
    .where('kind', '=', 'payout')
    .execute();
  await (
    completion.referrerUserId === null
      ? pending.set({ status: 'void', paid_at: null }).where('kind', '=', 'referral_share')
      : pending
          .set({ payee_user_id: completion.referrerUserId })
          .where('kind', '=', 'referral_share')
  ).execute();
}

/** A payout or referral share owed by a completed booking, waiting for its transfer. */
export interface OwedPayout {
  id: number;
  booking_id: number;
  kind: 'payout' | 'referral_share';
  amount: number;
  payee_user_id: number;
}

/**
 * The payouts and referral shares owed and not yet transferred, oldest first: of one booking,
 * or of one payee, or (for the sweep) of payees who have linked a payout account. A no-show
 * reported and not yet resolved holds them (no-show.ts).
 */
export async function owedPayouts(
  db: Executor,
  filter: { bookingId?: number; payeeUserId?: number; limit?: number },
): Promise<OwedPayout[]> {
  let query = db
    .selectFrom('booking_payments as p')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .select(['p.id', 'p.booking_id', 'p.kind', 'p.amount', 'p.payee_user_id'])
    .where('p.status', '=', 'pending')
    .where('p.kind', 'in', ['payout', 'referral_share'])
    .where('p.payee_user_id', 'is not', null)
    .where('b.status', '=', 'completed')
    .where((eb) =>
      eb.or([eb('b.no_show_reported_at', 'is', null), eb('b.no_show_resolved_at', 'is not', null)]),
    );
  if (filter.bookingId !== undefined) query = query.where('p.booking_id', '=', filter.bookingId);
  if (filter.payeeUserId !== undefined) {
    query = query.where('p.payee_user_id', '=', filter.payeeUserId);
  }
  if (filter.bookingId === undefined && filter.payeeUserId === undefined) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('payout_accounts as a')
          .select('a.user_id')
          .whereRef('a.user_id', '=', 'p.payee_user_id')
          .where('a.details_submitted', '=', true),
      ),
    );
  }
  const rows = await query
    .orderBy('p.id')
    .limit(filter.limit ?? 100)
    .execute();
  return rows.map((row) => ({
    ...row,
    kind: row.kind as OwedPayout['kind'],
    payee_user_id: row.payee_user_id as number,
  }));
}

/**
 * The transfer for `rowId` exists at the provider: the row is paid, naming it. False when it
 * was already (another process released it first: the same transfer, by its idempotency key).
 */
export async function markPayoutReleased(
  trx: Trx,
  rowId: number,
  transfer: { provider: 'local' | 'stripe'; reference: string; now: Date },
): Promise<boolean> {
  const updated = await trx
    .updateTable('booking_payments')
    .set({
      status: 'paid',
      paid_at: transfer.now,
      provider: transfer.provider,
      provider_reference: transfer.reference,
    })
    .where('id', '=', rowId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A booking's payouts and referral shares, with their transfers (a no-show's refund). */
export async function payoutsOf(db: Executor, bookingId: number) {
  return db
    .selectFrom('booking_payments')
    .select(['id', 'kind', 'amount', 'status', 'provider', 'provider_reference', 'paid_at'])
    .where('booking_id', '=', bookingId)
    .where('kind', 'in', ['payout', 'referral_share'])
    .orderBy('id')
    .execute();
}

/**
 * The invitee's payout as the booking page shows it to the invitee's side: the sum of its payout
 * rows (the booking's and an extra payment's), 'paid' once every live row is transferred,
 * 'held' while a reported no-show waits for support, 'pending' until then, 'void' when none is
 * owed any more; paid_at the last transfer. Null when the booking pays no one.
 */
export async function payoutSummaryOf(
  db: Executor,
  booking: { id: number; no_show_reported_at: Date | null; no_show_outcome: string | null },
): Promise<{
  amount: number;
  status: 'pending' | 'held' | 'paid' | 'void';
  paid_at: string | null;
} | null> {
  const rows = (await payoutsOf(db, booking.id)).filter((row) => row.kind === 'payout');
  if (rows.length === 0) return null;
  const live = rows.filter((row) => row.status !== 'void');
  if (live.length === 0)
    return {
      amount: rows.reduce((sum, row) => sum + row.amount, 0),
      status: 'void',
      paid_at: null,
    };
  const amount = live.reduce((sum, row) => sum + row.amount, 0);
  if (live.every((row) => row.status === 'paid')) {
    const times = live.map((row) => row.paid_at?.getTime() ?? 0);
    return { amount, status: 'paid', paid_at: new Date(Math.max(...times)).toISOString() };
  }
  const held = booking.no_show_reported_at !== null && booking.no_show_outcome === null;
  return { amount, status: held ? 'held' : 'pending', paid_at: null };
}

/**
 * A no-show refunded (decision 116): the booking's payouts and referral shares are void, those
 * already transferred too (their transfers were reversed first; the reference stays).
 */
export async function voidPayouts(trx: Trx, bookingId: number): Promise<void> {
  await trx
    .updateTable('booking_payments')
    .set({ status: 'void', paid_at: null })
    .where('booking_id', '=', bookingId)
    .where('kind', 'in', ['payout', 'referral_share'])
    .where('status', '<>', 'void')
    .execute();
}

/** The credit returned, less `keep` cents taken from the parts that expire first. */
export function withholding<Part extends { amount: number; expires_at: Date }>(
  parts: readonly Part[],
  keep: number,
): Part[] {
  let left = keep;
  const soonestFirst = [...parts].sort((a, b) => a.expires_at.getTime() - b.expires_at.getTime());
  const reduced = new Map<Part, number>();
  for (const part of soonestFirst) {
    const taken = Math.min(part.amount, left);
    left -= taken;
    reduced.set(part, part.amount - taken);
  }
  return parts
    .map((part) => ({ ...part, amount: reduced.get(part) ?? part.amount }))
    .filter((part) => part.amount > 0);
}
