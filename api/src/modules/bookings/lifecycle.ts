import type { Transaction } from 'kysely';
import type { Booking } from '../../contract';
import type { ProfileSide } from '../../booking-facts';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { HttpError, ValidationError, type FieldErrors } from '../../http/errors';
import type { PaymentProvider } from '../payments/provider';

// The booking's life as stored (decision 099): every state change writes a booking_activities
// row in the same transaction, and a confirmed time is a guest_confirmed_times row whose
// exclusion constraint makes double booking a database guarantee.

/** A booking's two sides: its guest profile's and its show profile's. */

export type BookingActorSide = ProfileSide | 'system';

/** What the booking services need: the database, the payment provider and the clock. */
export interface BookingDeps {
  db: DB;
  payments: PaymentProvider;
  now?: () => Date;
}

export { otherSide } from '../../booking-facts';

/** 'YYYY-MM-DD HH:mm:ss' in UTC (marketplace… §9); one path sends ISO, also read. */
export const PROPOSED_DATE =
  '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|\\+00:00)?$';

/** 'YYYY-MM-DD HH:mm:ss' (UTC) or ISO as an instant; null when it is no real time. */
export function parseProposedDate(text: string): Date | null {
  if (!new RegExp(PROPOSED_DATE).test(text)) return null;
  const iso = text.replace(' ', 'T').replace(/(Z|\+00:00)?$/, 'Z');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // 2025-02-30 rolls over in Date: refuse what does not read back as written.
  return date.toISOString().slice(0, 10) === text.slice(0, 10) ? date : null;
}

export interface BookingActor {
  side: BookingActorSide;
  /** the account acted for (the owner while someone impersonates it) */
  userId: number | null;
  /** who was really there while impersonating the account (decision 106); null otherwise */
  impersonatorId?: number | null;
}

/** Shown to the one who confirms a time that overlaps another confirmed time of the guest. */
export const TIME_TAKEN_MESSAGE = 'This time has just been booked. Please pick another time.';

/** An interview's length when the booking names none. */
export const DEFAULT_INTERVIEW_MINUTES = 30;

/**
 * 409: the guest already has a confirmed time overlapping this one (SQLSTATE 23P01, or found
 * before). `errors` names the fields holding the taken times (confirmed_date, proposed_dates.N)
 * so the browser can ask for those again and keep the rest.
 */
export class BookingTimeConflictError extends HttpError {
  readonly errors: FieldErrors;

  constructor(fields: readonly string[] = ['confirmed_date']) {
    super(409, TIME_TAKEN_MESSAGE);
    this.name = 'BookingTimeConflictError';
    this.errors = Object.fromEntries(fields.map((field) => [field, [TIME_TAKEN_MESSAGE]]));
  }
}

/** Whether [start, end) overlaps one of the guest's confirmed times, other than `exceptBooking`'s. */
export async function overlapsConfirmedTime(
  db: DB | Transaction<Database>,
  guestProfileId: number,
  start: Date,
  end: Date,
  exceptBooking?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('guest_confirmed_times')
    .select('booking_id')
    .where('guest_profile_id', '=', guestProfileId)
    .where('starts_at', '<', end)
    .where('ends_at', '>', start);
  if (exceptBooking !== undefined) query = query.where('booking_id', '!=', exceptBooking);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Statuses in which a time can still be confirmed (or a confirmed one moved). */
const CONFIRMABLE: readonly Booking['status'][] = ['pending', 'accepted', 'scheduled'];

/**
 * What the API derives instead of storing it (booking-management §3, decision 111): a booking
 * is confirmed when it is scheduled with an agreed date (not one agreed elsewhere), or completed.
 */
export function derivedFlags(
  status: Booking['status'],
  hasAgreedDate: boolean,
): {
  is_completed: boolean;
  is_canceled: boolean;
  is_confirmed: boolean;
  is_expired: boolean;
} {
  return {
    is_completed: status === 'completed',
    is_canceled: status === 'canceled',
    is_confirmed: (status === 'scheduled' && hasAgreedDate) || status === 'completed',
    is_expired: status === 'expired',
  };
}

function isExclusionViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23P01';
}

/**
 * Runs `work` and turns the exclusion constraint's refusal (SQLSTATE 23P01: the guest's time was
 * taken meanwhile) into BookingTimeConflictError naming `fields`.
 */
export async function refusingTakenTime<T>(
  work: () => Promise<T>,
  fields: readonly string[] = ['confirmed_date'],
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isExclusionViolation(error)) throw new BookingTimeConflictError(fields);
    throw error;
  }
}

/** One timeline entry; call it inside the transaction that changes the booking. */
export async function recordActivity(
  trx: Transaction<Database> | DB,
  bookingId: number,
  type: string,
  actor: BookingActor,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await trx
    .insertInto('booking_activities')
    .values({
      booking_id: bookingId,
      type,
      actor_side: actor.side,
      actor_user_id: actor.userId,
      impersonator_id: actor.impersonatorId ?? null,
      payload: JSON.stringify(payload),
    })
    .execute();
}

/**
 * Takes [startsAt, endsAt) of the guest for the booking, inside `trx`: the booking's own time,
 * if any, is let go first (a re-schedule moves it). The exclusion constraint refuses a time
 * overlapping another booking's (23P01, see refusingTakenTime).
 */
export async function holdGuestTime(
  trx: Transaction<Database>,
  booking: { id: number; guest_profile_id: number },
  startsAt: Date,
  endsAt: Date,
): Promise<void> {
  if (!(endsAt > startsAt)) {
    throw ValidationError.single('ends_at', 'The end time must be after the start.');
  }
  await trx.deleteFrom('guest_confirmed_times').where('booking_id', '=', booking.id).execute();
  await trx
    .insertInto('guest_confirmed_times')
    .values({
      booking_id: booking.id,
      guest_profile_id: booking.guest_profile_id,
      starts_at: startsAt,
      ends_at: endsAt,
    })
    .execute();
}

export interface AgreedTime {
  startsAt: Date;
  endsAt: Date;
  actor: BookingActor;
  /** whether the invitee took part in agreeing it (confirmed_by_invitee) */
  byInvitee: boolean;
  /** the booking had an agreed date before: the timeline says it was changed */
  updated: boolean;
  now: Date;
}

/**
 * The booking is scheduled at the time held for it (holdGuestTime), inside `trx`: its date, no
 * open proposals left (they stay as history), and a `confirmed` timeline entry (`updated` when
 * it moved an agreed date).
 */
export async function scheduleAt(
  trx: Transaction<Database>,
  bookingId: number,
  time: AgreedTime,
): Promise<void> {
  await trx
    .updateTable('bookings')
    .set({
      status: 'scheduled',
      booking_date: time.startsAt,
      confirmed_at: time.now,
      scheduled_without_date: false,
      confirmed_by_invitee: time.byInvitee,
      proposed_by: null,
      updated_at: time.now,
    })
    .where('id', '=', bookingId)
    .execute();
  await recordActivity(trx, bookingId, 'confirmed', time.actor, {
    date: time.startsAt.toISOString(),
    ends_at: time.endsAt.toISOString(),
    updated: time.updated,
  });
}

export interface ConfirmTimeInput {
  bookingId: number;
  startsAt: Date;
  endsAt: Date;
  /** who confirmed; the system when omitted */
  actor?: BookingActor;
}

/**
 * Confirms the booking's interview time: the guest's time is taken, the booking becomes
 * scheduled and its timeline says so, all in one transaction. A second confirmation of an
 * overlapping time for the same guest, even a concurrent one, fails with
 * BookingTimeConflictError; proposals never conflict. (The routes' confirm, which also moves
 * money, is bookings/scheduling.ts's.)
 */
export async function confirmBookingTime(
  db: DB,
  { bookingId, startsAt, endsAt, actor = { side: 'system', userId: null } }: ConfirmTimeInput,
): Promise<void> {
  await refusingTakenTime(() =>
    db.transaction().execute(async (trx) => {
      const booking = await trx
        .selectFrom('bookings')
        .select(['id', 'status', 'guest_profile_id', 'initiator', 'booking_date'])
        .where('id', '=', bookingId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!booking) throw new HttpError(404, 'Not found.');
      if (!CONFIRMABLE.includes(booking.status)) {
        throw new HttpError(409, `The booking status is ${booking.status}.`);
      }
      await holdGuestTime(trx, booking, startsAt, endsAt);
      await scheduleAt(trx, bookingId, {
        startsAt,
        endsAt,
        actor,
        // The invitee confirmed when the actor is the side that did not start the booking.
        byInvitee: actor.side !== 'system' && actor.side !== booking.initiator,
        updated: booking.status === 'scheduled' && booking.booking_date !== null,
        now: new Date(),
      });
    }),
  );
}
