import type { Transaction } from 'kysely';
import { transactionRetried } from '../../db/retry';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import {
  chargeOf,
  recordRefund,
  returnStoreCredit,
  settleBookerPayments,
  voidPendingPayments,
  keepServiceFee,
  keepsServiceFee,
  paidForBooking,
  refundOf,
  voidServiceFee,
} from '../booking-money/ledger';
import { acceptedCancelRefusal, pendingRefusal, type BookingParties } from './action-rules';
import { recordActivity, type BookingActor, type BookingDeps } from './lifecycle';
import { endExtraPayment, refundExtraCharge } from './pitch-endings';
import type { ProfileSide } from '../../booking-facts';

// What happens to a booking's money after it is made (issue 17, decisions 099, 103 and 111):
// the invitee accepts (the hold is captured) or rejects (released); the initiator withdraws a
// pending request and either side cancels an accepted one (refunded); an unanswered booking
// expires (released). Settling the date is scheduling.ts's. Money moves at the provider first,
// then one transaction changes the booking, its ledger and the booker's store credit
// (booking-money/ledger.ts) and its timeline, tried again when PostgreSQL gives it up for a
// deadlock (transactionRetried, decision 124). Each provider call answers the same when repeated,
// so if that transaction still fails, the same request sent again finishes it. Who may call
// each is action-rules.ts's.

type Trx = Transaction<Database>;

/** Why a cancel after acceptance is refused now (409), or null. */
export type CancelRefusal = (
  booking: Pick<
    BookingParties,
    'status' | 'initiator' | 'booking_date' | 'scheduled_without_date' | 'scheduled_confirmed_at'
  >,
  side: ProfileSide,
  now: Date,
) => string | null;

/**
 * The booking, locked for the rest of `trx`: what the services re-check and change. FOR NO KEY
 * UPDATE (decision 124): two actions on one booking take turns, while a write that only refers
 * to it (a timeline entry, a review, a notification: a foreign key's KEY SHARE) is not held up.
 */
export async function lockedBooking(trx: Trx, id: number) {
  const row = await trx
    .selectFrom('bookings')
    .select([
      'id',
      'status',
      'expires_at',
      'payment_status',
      'store_credit_amount',
      'booker_user_id',
      'initiator',
      'booking_date',
      'guest_profile_id',
      'proposed_dates',
      'proposed_by',
      'interview_duration',
      'scheduled_without_date',
      // the completion rules' (decision 116)
      'confirmed_by_invitee',
      'scheduled_confirmed_at',
      'completed_at',
      'completed_by',
      'no_show_reported_at',
    ])
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export type LockedBooking = Awaited<ReturnType<typeof lockedBooking>>;

/** 409 with the refusal's message, when there is one. */
export function refuse(refusal: string | null): void {
  if (refusal !== null) throw new HttpError(409, refusal);
}

export async function statusOf(db: BookingDeps['db'], bookingId: number) {
  const row = await db
    .selectFrom('bookings')
    .select([
      'status',
      'expires_at',
      'initiator',
      'booking_date',
      'scheduled_without_date',
      'scheduled_confirmed_at',
    ])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * The invitee accepts a pending booking: the hold is captured first (a capture that fails
 * accepts nothing), then the status, the ledger's booker payments and the timeline change.
 */
export async function acceptBooking(
  { db, payments, now: clock = () => new Date() }: BookingDeps,
  bookingId: number,
  actor: BookingActor,
): Promise<void> {
  const now = clock();
  refuse(pendingRefusal(await statusOf(db, bookingId), now));
  const held = await chargeOf(db, bookingId);
  if (held?.provider_reference) await payments.captureCharge(held.provider_reference);
  await transactionRetried(db, async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuse(pendingRefusal(booking, now));
    // A pending booking has no agreed time: a hold left by an interrupted confirm is let go. (A
    // confirm still under way answers 409 once this commits, and takes its time again in the
    // transaction that schedules: scheduling.ts confirmPending.)
    await trx.deleteFrom('guest_confirmed_times').where('booking_id', '=', bookingId).execute();
    await markAccepted(trx, booking, actor, now);
  });
}

/**
 * Inside `trx`, once the hold is captured: the booking is accepted (it may be scheduled in the
 * same transaction), the booker's ledger rows are paid and the timeline says so. Once: `booking`
 * is as locked in `trx`, and must still be pending (409 otherwise).
 */
export async function markAccepted(
  trx: Trx,
  booking: LockedBooking,
  actor: BookingActor,
  now: Date,
): Promise<void> {
  refuse(pendingRefusal(booking, now));
  await trx
    .updateTable('bookings')
    .set({
      status: 'accepted',
      accepted_at: now,
      payment_status: booking.payment_status === 'authorized' ? 'paid' : booking.payment_status,
      updated_at: now,
    })
    .where('id', '=', booking.id)
    .execute();
  await settleBookerPayments(trx, booking.id, booking.initiator, now);
  await recordActivity(trx, booking.id, 'accepted', actor);
}

interface Ending {
  /** the timeline entry and, for canceled, the cancel_kind */
  kind: 'rejected' | 'canceled' | 'expired';
  reason: string | null;
  payment_status: 'none' | 'void' | 'refunded' | 'paid';
  /** store credit kept for the service fee (a cancel after acceptance, decision 116) */
  creditKept?: number;
}

/**
 * The booking ends inside `trx`: its confirmed time is freed, it becomes canceled (with its
 * cancel fields, decision 099) or expired, every ledger row not yet paid is voided, the store
 * credit it used comes back and the timeline says so.
 */
async function endBooking(
  trx: Trx,
  booking: LockedBooking,
  actor: BookingActor,
  ending: Ending,
  now: Date,
): Promise<void> {
  const { id } = booking;
  await trx.deleteFrom('guest_confirmed_times').where('booking_id', '=', id).execute();
  await trx
    .updateTable('bookings')
    .set(
      ending.kind === 'expired'
        ? { status: 'expired', payment_status: ending.payment_status, updated_at: now }
        : {
            status: 'canceled',
            canceled_at: now,
            cancel_kind: ending.kind,
            canceled_by: actor.side,
            canceled_by_user_id: actor.userId,
            cancel_reason: ending.reason,
            payment_status: ending.payment_status,
            updated_at: now,
          },
    )
    .where('id', '=', id)
    .execute();
  await voidPendingPayments(trx, id);
  if (booking.store_credit_amount > 0 && booking.booker_user_id !== null) {
    await returnStoreCredit(trx, {
      bookerId: booking.booker_user_id,
      bookingId: id,
      actor,
      reason: `Booking #${id} ${ending.kind}: credit returned`,
      now,
      keep: ending.creditKept ?? 0,
    });
  }
  await recordActivity(trx, id, ending.kind, actor, ending.reason ? { reason: ending.reason } : {});
}

export interface RejectOptions {
  /** 'rejected' by the invitee, or 'canceled' by either side before acceptance */
  kind: 'rejected' | 'canceled';
  reason?: string | null;
}

/**
 * Rejects or cancels a pending booking: the hold is released, then the booking ends
 * (`endBooking`) with its whole ledger void.
 */
export async function rejectBooking(
  { db, payments, now: clock = () => new Date() }: BookingDeps,
  bookingId: number,
  actor: BookingActor,
  { kind, reason = null }: RejectOptions,
): Promise<void> {
  const now = clock();
  refuse(pendingRefusal(await statusOf(db, bookingId), now));
  const held = await chargeOf(db, bookingId);
  if (held?.provider_reference) await payments.releaseCharge(held.provider_reference);
  await transactionRetried(db, async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuse(pendingRefusal(booking, now));
    const paymentStatus = booking.payment_status === 'none' ? 'none' : 'void';
    await endBooking(trx, booking, actor, { kind, reason, payment_status: paymentStatus }, now);
  });
}

/**
 * Cancels a booking its invitee had accepted (decision 116, amended 2026-11-28). The booker's
 * own cancel: the captured card payment is refunded less the non-refundable service fee (a
 * `refund` row, paid, on the booker's side of the ledger; the fee row paid: kept) and the store
 * credit comes back less what the card did not cover of the fee. The invitee's cancel: the
 * booker gets everything back (card and credit) and the fee is void. Either way the payouts
 * not yet paid are voided. Completed, canceled and expired bookings stay so. `refusal` replaces
 * the cancel's own: the show's answer after the interview (completed-action/cancel, the show
 * being the booker or the invitee) is refused by the completion rules instead.
 */
export async function cancelAcceptedBooking(
  { db, payments, now: clock = () => new Date() }: BookingDeps,
  bookingId: number,
  actor: BookingActor & { side: ProfileSide },
  reason: string | null,
  refusal: CancelRefusal = acceptedCancelRefusal,
): Promise<void> {
  const now = clock();
  const refuseAccepted = (booking: Parameters<CancelRefusal>[0]) =>
    refuse(refusal(booking, actor.side, now));
  const current = await statusOf(db, bookingId);
  refuseAccepted(current);
  // The party who breaks the deal bears the fee: the initiator never changes.
  const keepFee = keepsServiceFee(current, actor.side);
  const charge = await chargeOf(db, bookingId);
  const refund = refundOf(await paidForBooking(db, bookingId), { keepFee });
  if (charge?.provider_reference && refund.card > 0) {
    await payments.refundCharge(charge.provider_reference, refund.card);
  }
  // A pitch's extra payment, when one was made, goes back with it (decision 115).
  const extra = await refundExtraCharge(db, payments, bookingId, { keepFee });
  await transactionRetried(db, async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuseAccepted(booking);
    if (charge?.provider_reference) {
      const refunded = { ...charge, provider_reference: charge.provider_reference };
      const side = booking.initiator;
      await recordRefund(trx, {
        bookingId,
        side,
        charge: refunded,
        amount: refund.card,
        actor,
        now,
      });
    }
    await endExtraPayment(trx, { bookingId, side: booking.initiator, refund: extra, actor, now });
    if (keepFee) await keepServiceFee(trx, bookingId, now);
    else await voidServiceFee(trx, bookingId);
    const refundedCard = refund.card > 0 ? 'refunded' : 'paid';
    const paymentStatus = charge?.provider_reference ? refundedCard : 'none';
    await endBooking(
      trx,
      booking,
      actor,
      { kind: 'canceled', reason, payment_status: paymentStatus, creditKept: refund.creditKept },
      now,
    );
  });
}

/**
 * Expires one pending booking whose time to answer has passed: the hold is released and the
 * booking ends as expired. False when it was answered (or is not due) after all.
 */
async function expireBooking(
  { db, payments }: BookingDeps,
  bookingId: number,
  now: Date,
): Promise<boolean> {
  const held = await chargeOf(db, bookingId);
  const due = (booking: { status: string; expires_at: Date | null }) =>
    booking.status === 'pending' && booking.expires_at !== null && booking.expires_at <= now;
  if (!due(await statusOf(db, bookingId))) return false;
  if (held?.provider_reference) await payments.releaseCharge(held.provider_reference);
  return transactionRetried(db, async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    if (!due(booking)) return false;
    const paymentStatus = booking.payment_status === 'none' ? 'none' : 'void';
    await endBooking(
      trx,
      booking,
      { side: 'system', userId: null },
      { kind: 'expired', reason: null, payment_status: paymentStatus },
      now,
    );
    return true;
  });
}

/**
 * Every pending booking past its `expires_at` (7 days, or a guaranteed response's 48 hours)
 * expires, oldest first, at most `limit` a call. Safe to run in several processes at once: each
 * booking is re-checked under its row lock and a second release answers the same.
 */
export async function expireOverdueBookings(deps: BookingDeps, limit = 100): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  const due = await deps.db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  let expired = 0;
  for (const { id } of due) if (await expireBooking(deps, id, now)) expired += 1;
  return expired;
}

/** Runs `expireOverdueBookings` every `intervalMs` (never two at once) until stopped. */
export function startExpirySweep(
  deps: BookingDeps,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop: () => void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireOverdueBookings(deps)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
