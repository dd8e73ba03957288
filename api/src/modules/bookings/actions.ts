import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { forbidden, HttpError, notFound, ValidationError } from '../../http/errors';
import type { AuthUser } from '../auth/require-user';
import { creditEntriesOf, grantsConsumedBy } from '../booking-money/credit';
import { managerRoleOf } from '../profiles/write';
import { parseProposedDate, type BookingDeps, type Side } from './create-service';
import {
  BookingTimeConflictError,
  confirmBookingTime,
  DEFAULT_INTERVIEW_MINUTES,
  overlapsConfirmedTime,
  recordActivity,
  type BookingActor,
} from './lifecycle';

// What happens to a booking after it is made (issue 17, decisions 099 and 103): the invitee
// accepts (the hold is captured) or rejects (released); either side cancels (released before
// acceptance, refunded after); the guest confirms one of the proposed times; an unanswered
// booking expires (released). Money moves at the provider first, then one transaction changes
// the booking, its ledger, the booker's store credit and its timeline.

export const ACTOR_PAUSED_MESSAGE =
  'Your account is paused. Resume your account to accept or confirm bookings.';
export const NOT_A_PROPOSED_DATE = 'The confirmed date must be one of the proposed dates.';
export const CONFIRMED_DATE_PAST = 'The confirmed date must be in the future.';
/** The booker's cancel once the interview's time has passed (until completion exists). */
export const INTERVIEW_PASSED_MESSAGE =
  'The interview time has passed, so this booking can no longer be canceled.';
/** A Basic team member on a call that moves money (decision 106). */
export const BASIC_MEMBER_MONEY_MESSAGE =
  'Only the account owner or an agency team member can do this.';

type Trx = Transaction<Database>;

const other = (side: Side): Side => (side === 'guest' ? 'show' : 'guest');

/** Statuses a booking can still be canceled from, and whether money was taken by then. */
const CANCELABLE_AFTER_ACCEPTANCE = ['accepted', 'scheduled', 'confirmed'] as const;

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

async function chargeOf(db: DB | Trx, bookingId: number) {
  return db
    .selectFrom('booking_payments')
    .select(['id', 'amount', 'provider', 'provider_reference'])
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'charge')
    .where('provider_reference', 'is not', null)
    .executeTakeFirst();
}

function refuseUnlessPending(
  booking: { status: string; expires_at: Date | null },
  now: Date,
): void {
  if (booking.status !== 'pending') {
    throw new HttpError(409, `The booking status is ${booking.status}.`);
  }
  if (booking.expires_at !== null && booking.expires_at <= now) {
    throw new HttpError(409, 'The booking status is expired.');
  }
}

async function statusOf(db: DB, bookingId: number) {
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
  refuseUnlessPending(await statusOf(db, bookingId), now);
  const held = await chargeOf(db, bookingId);
  if (held?.provider_reference) await payments.captureCharge(held.provider_reference);
  await db.transaction().execute(async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuseUnlessPending(booking, now);
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
    // What the booker paid is now taken; the guest's fee with it when the guest is the booker.
    const settled: ('charge' | 'store_credit' | 'service_fee')[] =
      booking.initiator === 'guest'
        ? ['charge', 'store_credit', 'service_fee']
        : ['charge', 'store_credit'];
    await trx
      .updateTable('booking_payments')
      .set({ status: 'paid', paid_at: now })
      .where('booking_id', '=', bookingId)
      .where('kind', 'in', settled)
      .where('status', '=', 'pending')
      .execute();
    await recordActivity(trx, bookingId, 'accepted', actor);
  });
}

/**
 * The store credit a booking used comes back to the booker as one grant per grant it consumed,
 * each with that grant's own expiry (issue 28): a fresh 90 days would let credit outlive its
 * term by booking and canceling. A part whose grant has expired meanwhile comes back expired.
 */
async function returnStoreCredit(
  trx: Trx,
  bookerId: number,
  bookingId: number,
  actor: BookingActor,
  reason: string,
  now: Date,
): Promise<void> {
  const use = await trx
    .selectFrom('store_credit_entries')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('amount', '<', 0)
    .executeTakeFirst();
  if (!use) return;
  const parts = grantsConsumedBy(await creditEntriesOf(trx, bookerId), use.id);
  if (parts.length === 0) return;
  await trx
    .insertInto('store_credit_entries')
    .values(
      parts.map((part) => ({
        user_id: bookerId,
        amount: part.amount,
        reason,
        booking_id: bookingId,
        expires_at: part.expires_at,
        restores_entry_id: part.grantId,
        impersonator_id: actor.impersonatorId ?? null,
        created_at: now,
      })),
    )
    .execute();
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
 * credit it used comes back (returnStoreCredit) and the timeline says so.
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
  await trx
    .updateTable('booking_payments')
    .set({ status: 'void', paid_at: null })
    .where('booking_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  if (booking.store_credit_amount > 0 && booking.booker_user_id !== null) {
    await returnStoreCredit(
      trx,
      booking.booker_user_id,
      id,
      actor,
      `Booking #${id} ${ending.kind}: credit returned`,
      now,
    );
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
  refuseUnlessPending(await statusOf(db, bookingId), now);
  const held = await chargeOf(db, bookingId);
  if (held?.provider_reference) await payments.releaseCharge(held.provider_reference);
  await db.transaction().execute(async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuseUnlessPending(booking, now);
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
  actor: BookingActor,
  reason: string | null,
): Promise<void> {
  const now = clock();
  const refuse = (booking: { status: string; initiator: Side; booking_date: Date | null }) => {
    if (!(CANCELABLE_AFTER_ACCEPTANCE as readonly string[]).includes(booking.status)) {
      throw new HttpError(409, `The booking status is ${booking.status}.`);
    }
    // Nothing completes a booking yet (issue 32): until then the booker cannot take back what
    // an interview that has happened earned the invitee.
    const passed = booking.booking_date !== null && booking.booking_date <= now;
    if (passed && actor.side === booking.initiator) {
      throw new HttpError(409, INTERVIEW_PASSED_MESSAGE);
    }
  };
  refuse(await statusOf(db, bookingId));
  const charge = await chargeOf(db, bookingId);
  if (charge?.provider_reference) await payments.refundCharge(charge.provider_reference);
  await db.transaction().execute(async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuse(booking);
    if (charge?.provider_reference) {
      await trx
        .insertInto('booking_payments')
        .values({
          booking_id: bookingId,
          side: booking.initiator,
          direction: 'incoming',
          kind: 'refund',
          amount: charge.amount,
          status: 'paid',
          paid_at: now,
          provider: charge.provider,
          provider_reference: charge.provider_reference,
          actor_user_id: actor.userId,
          impersonator_id: actor.impersonatorId ?? null,
          created_at: now,
        })
        .execute();
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

// Who may do what (booking-management §4 "Who can do what"): a user acts for a side when they
// own its profile or manage its owner's profiles in a team. A call that moves money (captures,
// releases, refunds) is for the owner and agency members; a Basic member gets 403 (decision 106).

export interface BookingParties {
  id: number;
  status: string;
  initiator: Side;
  guest_profile_id: number;
  proposed_dates: string[];
  interview_duration: number | null;
}

/**
 * The booking and the side `user` acts for among `allowed`: 404 when the user is on neither
 * side (the booking is not theirs to see), 403 when only on a side not allowed. With both sides
 * (a team managing both profiles), the first allowed one.
 */
export type AllowedSides = (booking: BookingParties) => readonly Side[];
export type SideActor = BookingActor & { side: Side };

export type MovesMoney = (booking: BookingParties) => boolean;

export async function actingSide(
  db: DB,
  user: AuthUser,
  bookingId: number,
  allowed: AllowedSides,
  { movesMoney, impersonatorId = null }: { movesMoney: MovesMoney; impersonatorId?: number | null },
): Promise<{ booking: BookingParties; actor: SideActor }> {
  const row = await db
    .selectFrom('bookings as b')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .select([
      'b.id',
      'b.status',
      'b.initiator',
      'b.guest_profile_id',
      'b.proposed_dates',
      'b.interview_duration',
      'g.user_id as guest_owner',
      's.user_id as show_owner',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const roles = {
    guest: await managerRoleOf(db, user, row.guest_owner),
    show: await managerRoleOf(db, user, row.show_owner),
  };
  if (roles.guest === null && roles.show === null) throw notFound();
  const booking: BookingParties = {
    id: row.id,
    status: row.status,
    initiator: row.initiator,
    guest_profile_id: row.guest_profile_id,
    proposed_dates: row.proposed_dates,
    interview_duration: row.interview_duration,
  };
  const side = allowed(booking).find((candidate) => roles[candidate] !== null);
  if (!side) throw forbidden();
  if (roles[side] === 'basic' && movesMoney(booking)) {
    throw new HttpError(403, BASIC_MEMBER_MONEY_MESSAGE);
  }
  return { booking, actor: { side, userId: user.id, impersonatorId } };
}

export const inviteeOf = (booking: BookingParties): readonly Side[] => [other(booking.initiator)];
export const eitherSide = (booking: BookingParties): readonly Side[] => [
  booking.initiator,
  other(booking.initiator),
];
export const guestSide = (): readonly Side[] => ['guest'];

export function refuseWhilePaused(user: AuthUser): void {
  if (user.status === 'paused') throw new HttpError(403, ACTOR_PAUSED_MESSAGE);
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
  actor: BookingActor,
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
  if (booking.status === 'pending') {
    // Only the invitee's choice accepts: a guest who pitched waits for the show's answer.
    if (booking.initiator === 'guest') throw new HttpError(409, 'The booking status is pending.');
    await acceptBooking(deps, booking.id, actor);
  }
  await confirmBookingTime(deps.db, { bookingId: booking.id, startsAt, endsAt, actor });
}
