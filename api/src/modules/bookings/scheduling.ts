import { transactionRetried } from '../../db/retry';
import { ValidationError, type FieldErrors } from '../../http/errors';
import { chargeOf } from '../booking-money/ledger';
import {
  BOOKING_ACTION_RULES,
  CONFIRMED_DATE_PAST,
  hasAgreedDate,
  openProposals,
  pendingRefusal,
  type BookingParties,
  type SideActor,
} from './action-rules';
import { lockedBooking, markAccepted, refuse, type LockedBooking } from './actions';
import {
  BookingTimeConflictError,
  DEFAULT_INTERVIEW_MINUTES,
  holdGuestTime,
  overlapsConfirmedTime,
  parseProposedDate,
  recordActivity,
  refusingTakenTime,
  scheduleAt,
  type BookingDeps,
} from './lifecycle';

// Settling a booking's date (issue 30, decision 111): one side proposes 1-3 dates (propose-date,
// or reschedule once a date is agreed: the agreed one holds until a new one is confirmed), the
// other side confirms one (on a pending booking that is also the invitee's yes, and captures
// the hold); either side may set a date agreed elsewhere (change-date) or share a scheduling
// link (scheduled without a date). Who may call each is action-rules.ts's; every call re-checks
// the booking's state under its row lock and writes its timeline entry in the same transaction.
// The guest's time is taken by the exclusion constraint of guest_confirmed_times (409 when
// another booking has it).

export const NOT_A_PROPOSED_DATE = 'The confirmed date must be one of the proposed dates.';
export const CONFIRMED_DATE_INVALID = 'The confirmed date is not a valid date.';
export const PROPOSED_DATE_INVALID = 'The proposed date is not a valid date.';
export const PROPOSED_DATE_PAST = 'The proposed date must be in the future.';
export const PROPOSED_DATE_REPEATED = 'The proposed dates must be different.';
/** A reschedule to the agreed time, or a change-date to it. */
export const SAME_AS_AGREED_DATE = 'The interview is already at this time.';

const MINUTE = 60_000;

const clockOf = (deps: BookingDeps) => (deps.now ?? (() => new Date()))();

/** The interview's end: its start plus the booking's duration (30 minutes when none). */
const endOf = (booking: Pick<BookingParties, 'interview_duration'>, start: Date) =>
  new Date(start.getTime() + (booking.interview_duration ?? DEFAULT_INTERVIEW_MINUTES) * MINUTE);

const sameTime = (a: Date | null, b: Date) => a !== null && a.getTime() === b.getTime();

/** A confirmed_date as sent: a real time in the future, or a 422 on confirmed_date. */
function futureConfirmedDate(text: string, now: Date): Date {
  const startsAt = parseProposedDate(text);
  if (!startsAt) throw ValidationError.single('confirmed_date', CONFIRMED_DATE_INVALID);
  if (startsAt <= now) throw ValidationError.single('confirmed_date', CONFIRMED_DATE_PAST);
  return startsAt;
}

/** 409 unless the booking (as locked) may still be confirmed at `startsAt` by `actor`. */
function refuseConfirm(booking: LockedBooking, actor: SideActor, startsAt: Date, now: Date) {
  refuse(BOOKING_ACTION_RULES.confirm.refusal(booking, actor.side, now));
  const open = openProposals(booking).some((date) => sameTime(new Date(date), startsAt));
  if (!open) throw ValidationError.single('confirmed_date', NOT_A_PROPOSED_DATE);
}

/**
 * The side that did not make the open proposals confirms one of them: it must be one of them
 * (422), in the future (422) and free in the guest's calendar (409, before any money moves).
 * A pending booking is accepted at the same time (confirmPending); otherwise the time is taken
 * (a reschedule moves the agreed one) and the booking is scheduled in one transaction.
 */
export async function confirmProposedDate(
  deps: BookingDeps,
  booking: BookingParties,
  actor: SideActor,
  confirmedDate: string,
): Promise<void> {
  const now = clockOf(deps);
  refuse(BOOKING_ACTION_RULES.confirm.refusal(booking, actor.side, now));
  const startsAt = parseProposedDate(confirmedDate);
  if (!startsAt) throw ValidationError.single('confirmed_date', CONFIRMED_DATE_INVALID);
  if (!openProposals(booking).some((date) => sameTime(new Date(date), startsAt))) {
    throw ValidationError.single('confirmed_date', NOT_A_PROPOSED_DATE);
  }
  if (startsAt <= now) throw ValidationError.single('confirmed_date', CONFIRMED_DATE_PAST);
  const endsAt = endOf(booking, startsAt);
  const { db } = deps;
  if (await overlapsConfirmedTime(db, booking.guest_profile_id, startsAt, endsAt, booking.id)) {
    throw new BookingTimeConflictError();
  }
  if (booking.status === 'pending') {
    await confirmPending(deps, booking.id, actor, { startsAt, endsAt, now });
    return;
  }
  await refusingTakenTime(() =>
    db.transaction().execute(async (trx) => {
      const locked = await lockedBooking(trx, booking.id);
      refuseConfirm(locked, actor, startsAt, now);
      await holdGuestTime(trx, locked, startsAt, endsAt);
      // Proposer and confirmer are the two sides: the invitee agreed either way.
      const updated = hasAgreedDate(locked);
      await scheduleAt(trx, locked.id, { startsAt, endsAt, actor, byInvitee: true, updated, now });
    }),
  );
}

/** 409 unless the booking (as locked) is still the pending request `actor` may confirm. */
function refusePendingConfirm(booking: LockedBooking, actor: SideActor, startsAt: Date, now: Date) {
  refuse(pendingRefusal(booking, now));
  refuseConfirm(booking, actor, startsAt, now);
}

/**
 * The invitee picks a time of a pending booking: their yes and their date at once. The money
 * moves at the provider, and it must move only once the time is sure, but the provider is not
 * called inside a transaction (the LOCAL provider writes through the same pool, one connection
 * on PGlite; a real provider is a network call under a row lock). So: (1) the time is held for
 * the booking (the exclusion constraint: 409, nothing captured); (2) the hold is captured; (3)
 * one transaction accepts, settles the ledger, schedules and writes both timeline entries. (3)
 * decides again under the row lock: an accept, a rejection or another confirm that landed since
 * (1) answers 409 here ('The booking status is accepted.'), never a second acceptance; and it
 * takes the time again, so whatever happened to (1)'s hold meanwhile (an accept lets a pending
 * booking's hold go, another confirm moves it), the booking holds exactly the time it is
 * scheduled at. If the capture or (3) fails, the held time is let go and nothing is accepted;
 * the capture, if made, stands for the same request sent again (or an accept) to finish.
 */
async function confirmPending(
  { db, payments }: BookingDeps,
  bookingId: number,
  actor: SideActor,
  time: { startsAt: Date; endsAt: Date; now: Date },
): Promise<void> {
  const { startsAt, endsAt, now } = time;
  await refusingTakenTime(() =>
    transactionRetried(db, async (trx) => {
      const locked = await lockedBooking(trx, bookingId);
      refusePendingConfirm(locked, actor, startsAt, now);
      await holdGuestTime(trx, locked, startsAt, endsAt);
    }),
  );
  try {
    const held = await chargeOf(db, bookingId);
    if (held?.provider_reference) await payments.captureCharge(held.provider_reference);
    await refusingTakenTime(() =>
      transactionRetried(db, async (trx) => {
        const locked = await lockedBooking(trx, bookingId);
        refusePendingConfirm(locked, actor, startsAt, now);
        await holdGuestTime(trx, locked, startsAt, endsAt);
        await markAccepted(trx, locked, actor, now);
        await scheduleAt(trx, bookingId, {
          startsAt,
          endsAt,
          actor,
          byInvitee: true,
          updated: false,
          now,
        });
      }),
    );
  } catch (error) {
    // Only a hold that did not become the booking's agreed time (a concurrent confirm of the
    // same booking may have won with it).
    await db
      .deleteFrom('guest_confirmed_times')
      .where('booking_id', '=', bookingId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('bookings')
            .select('id')
            .where('id', '=', bookingId)
            .where('status', '!=', 'scheduled'),
        ),
      )
      .execute();
    throw error;
  }
}

/**
 * 1-3 valid times, in the future, each once (and, for a reschedule, not the agreed time): 422
 * on each `proposed_dates.{i}` otherwise.
 */
function proposedTimes(texts: readonly string[], now: Date, agreed: Date | null): Date[] {
  const errors: FieldErrors = {};
  const times: Date[] = [];
  texts.forEach((text, index) => {
    const fail = (message: string) => (errors[`proposed_dates.${index}`] ??= []).push(message);
    const date = parseProposedDate(text);
    if (!date) fail(PROPOSED_DATE_INVALID);
    else if (date <= now) fail(PROPOSED_DATE_PAST);
    else if (times.some((time) => sameTime(time, date))) fail(PROPOSED_DATE_REPEATED);
    else if (sameTime(agreed, date)) fail(SAME_AS_AGREED_DATE);
    else times.push(date);
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return times;
}

/**
 * Either side proposes 1-3 dates; the other side will confirm one. With `rescheduled`, the
 * booking is scheduled and keeps its agreed date (and the guest's time) until then. A proposal
 * overlapping another agreed time of the guest is a 409 naming it (`proposed_dates.{i}`).
 */
export async function proposeDates(
  deps: BookingDeps,
  booking: BookingParties,
  actor: SideActor,
  texts: readonly string[],
  { rescheduled }: { rescheduled: boolean },
): Promise<void> {
  const now = clockOf(deps);
  const rule = BOOKING_ACTION_RULES[rescheduled ? 'reschedule' : 'propose-date'];
  refuse(rule.refusal(booking, actor.side, now));
  const proposed = proposedTimes(texts, now, rescheduled ? booking.booking_date : null);
  const taken: string[] = [];
  for (const [index, start] of proposed.entries()) {
    const end = endOf(booking, start);
    if (await overlapsConfirmedTime(deps.db, booking.guest_profile_id, start, end, booking.id)) {
      taken.push(`proposed_dates.${index}`);
    }
  }
  if (taken.length > 0) throw new BookingTimeConflictError(taken);
  const dates = proposed.map((date) => date.toISOString());
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockedBooking(trx, booking.id);
    refuse(rule.refusal(locked, actor.side, now));
    await trx
      .updateTable('bookings')
      .set({ proposed_dates: JSON.stringify(dates), proposed_by: actor.side, updated_at: now })
      .where('id', '=', locked.id)
      .execute();
    await recordActivity(trx, locked.id, 'proposed_dates', actor, { dates, rescheduled });
  });
}

/**
 * Either side sets the interview's date directly (agreed in the chat or elsewhere): in the
 * future (422), free in the guest's calendar (409), not the agreed one (422). The booking stays
 * scheduled, now with this date; open proposals are dropped.
 */
export async function changeDate(
  deps: BookingDeps,
  booking: BookingParties,
  actor: SideActor,
  confirmedDate: string,
): Promise<void> {
  const now = clockOf(deps);
  const rule = BOOKING_ACTION_RULES['change-date'];
  refuse(rule.refusal(booking, actor.side, now));
  const startsAt = futureConfirmedDate(confirmedDate, now);
  if (hasAgreedDate(booking) && sameTime(booking.booking_date, startsAt)) {
    throw ValidationError.single('confirmed_date', SAME_AS_AGREED_DATE);
  }
  const endsAt = endOf(booking, startsAt);
  const { db } = deps;
  if (await overlapsConfirmedTime(db, booking.guest_profile_id, startsAt, endsAt, booking.id)) {
    throw new BookingTimeConflictError();
  }
  await refusingTakenTime(() =>
    db.transaction().execute(async (trx) => {
      const locked = await lockedBooking(trx, booking.id);
      refuse(rule.refusal(locked, actor.side, now));
      await holdGuestTime(trx, locked, startsAt, endsAt);
      await scheduleAt(trx, locked.id, {
        startsAt,
        endsAt,
        actor,
        byInvitee: actor.side !== locked.initiator,
        updated: hasAgreedDate(locked),
        now,
      });
    }),
  );
}

/**
 * Either side shares a link where the date is agreed elsewhere: the accepted booking becomes
 * scheduled without a date (open proposals are dropped); a date can be set later (change-date).
 */
export async function shareSchedulingLink(
  deps: BookingDeps,
  booking: BookingParties,
  actor: SideActor,
  url: string,
): Promise<void> {
  const now = clockOf(deps);
  const rule = BOOKING_ACTION_RULES['scheduling-link'];
  refuse(rule.refusal(booking, actor.side, now));
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockedBooking(trx, booking.id);
    refuse(rule.refusal(locked, actor.side, now));
    await trx
      .updateTable('bookings')
      .set({
        status: 'scheduled',
        scheduled_without_date: true,
        scheduling_link: url,
        proposed_by: null,
        updated_at: now,
      })
      .where('id', '=', locked.id)
      .execute();
    await recordActivity(trx, locked.id, 'scheduling-link', actor, { url });
  });
}
