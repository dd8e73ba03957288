import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import {
  chargeOf,
  recordRefund,
  returnStoreCredit,
  settleBookerPayments,
  voidPendingPayments,
} from '../booking-money/ledger';
import {
  acceptedCancelRefusal,
  confirmRefusal,
  CONFIRMED_DATE_PAST,
  pendingRefusal,
  type BookingParties,
} from './action-rules';
import {
  BookingTimeConflictError,
  confirmBookingTime,
  DEFAULT_INTERVIEW_MINUTES,
  overlapsConfirmedTime,
  parseProposedDate,
  recordActivity,
  type BookingActor,
  type BookingDeps,
} from './lifecycle';
import type { ProfileSide } from '../../booking-facts';

// What happens to a booking after it is made (issue 17, decisions 099 and 103): the invitee
// accepts (the hold is captured) or rejects (released); either side cancels (released before
// acceptance, refunded after); the guest confirms one of the proposed times; an unanswered
// booking expires (released). Money moves at the provider first, then one transaction
// changes the booking, its ledger and the booker's store credit (booking-money/ledger.ts) and
// its timeline. Who may call each is action-rules.ts's.

export const NOT_A_PROPOSED_DATE = 'The confirmed date must be one of the proposed dates.';

type Trx = Transaction<Database>;

async function lockedBooking(trx: Trx, id: number) {
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
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

type LockedBooking = Awaited<ReturnType<typeof lockedBooking>>;

/** 409 with the refusal's message, when there is one. */
function refuse(refusal: string | null): void {
  if (refusal !== null) throw new HttpError(409, refusal);
}

async function statusOf(db: BookingDeps['db'], bookingId: number) {
  const row = await db
    .selectFrom('bookings')
    .select(['status', 'expires_at', 'initiator', 'booking_date'])
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
  await db.transaction().execute(async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuse(pendingRefusal(booking, now));
    await trx
      .updateTable('bookings')
      .set({
        status: 'accepted',
        accepted_at: now,
        payment_status: booking.payment_status === 'authorized' ? 'paid' : booking.payment_status,
        updated_at: now,
      })
      .where('id', '=', bookingId)
      .execute();
    await settleBookerPayments(trx, bookingId, booking.initiator, now);
    await recordActivity(trx, bookingId, 'accepted', actor);
  });
}

interface Ending {
  /** the timeline entry and, for canceled, the cancel_kind */
  kind: 'rejected' | 'canceled' | 'expired';
  reason: string | null;
  payment_status: 'none' | 'void' | 'refunded';
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
  await db.transaction().execute(async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuse(pendingRefusal(booking, now));
    const paymentStatus = booking.payment_status === 'none' ? 'none' : 'void';
    await endBooking(trx, booking, actor, { kind, reason, payment_status: paymentStatus }, now);
  });
}

/**
 * Cancels a booking its invitee had accepted: the captured card payment is refunded in full
 * (a `refund` row, paid, on the booker's side of the ledger), the payouts not yet paid are
 * voided and the store credit comes back. Completed, canceled and expired bookings stay so.
 */
export async function cancelAcceptedBooking(
  { db, payments, now: clock = () => new Date() }: BookingDeps,
  bookingId: number,
  actor: BookingActor & { side: ProfileSide },
  reason: string | null,
): Promise<void> {
  const now = clock();
  const refuseAccepted = (booking: Parameters<typeof acceptedCancelRefusal>[0]) =>
    refuse(acceptedCancelRefusal(booking, actor.side, now));
  refuseAccepted(await statusOf(db, bookingId));
  const charge = await chargeOf(db, bookingId);
  if (charge?.provider_reference) await payments.refundCharge(charge.provider_reference);
  await db.transaction().execute(async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuseAccepted(booking);
    if (charge?.provider_reference) {
      const refunded = { ...charge, provider_reference: charge.provider_reference };
      await recordRefund(trx, { bookingId, side: booking.initiator, charge: refunded, actor, now });
    }
    const paymentStatus = charge?.provider_reference ? 'refunded' : 'none';
    await endBooking(
      trx,
      booking,
      actor,
      { kind: 'canceled', reason, payment_status: paymentStatus },
      now,
    );
  });
}

/**
 * The guest confirms one of the booking's proposed times. A pending booking the guest was
 * invited to is accepted first (its hold captured): choosing a time is the guest's yes. A time
 * already confirmed for another of the guest's bookings is refused before any capture, and the
 * exclusion constraint refuses one confirmed meanwhile.
 */
export async function confirmProposedDate(
  deps: BookingDeps,
  booking: BookingParties,
  actor: BookingActor & { side: ProfileSide },
  confirmedDate: string,
): Promise<void> {
  const now = (deps.now ?? (() => new Date()))();
  const startsAt = parseProposedDate(confirmedDate);
  if (!startsAt) {
    throw ValidationError.single('confirmed_date', 'The confirmed date is not a valid date.');
  }
  if (!booking.proposed_dates.some((date) => new Date(date).getTime() === startsAt.getTime())) {
    throw ValidationError.single('confirmed_date', NOT_A_PROPOSED_DATE);
  }
  if (startsAt <= now) throw ValidationError.single('confirmed_date', CONFIRMED_DATE_PAST);
  const minutes = booking.interview_duration ?? DEFAULT_INTERVIEW_MINUTES;
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  if (
    await overlapsConfirmedTime(deps.db, booking.guest_profile_id, startsAt, endsAt, booking.id)
  ) {
    throw new BookingTimeConflictError();
  }
  refuse(confirmRefusal(booking, actor.side, now));
  if (booking.status === 'pending') await acceptBooking(deps, booking.id, actor);
  await confirmBookingTime(deps.db, { bookingId: booking.id, startsAt, endsAt, actor });
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
  return db.transaction().execute(async (trx) => {
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
