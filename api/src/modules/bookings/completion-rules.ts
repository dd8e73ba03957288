import type { ProfileSide } from '../../booking-facts';
import type { BookingStatus } from '../../contract';
import type { BookingActionRule, BookingParties } from './action-rules';

// Who may answer the questions after the interview, and when (decision 116): rows of the rules
// table (action-rules.ts spreads them in; only types are imported from it, so the two modules
// can load in either order). The show is asked whether the interview happened; the initiator
// may report a no-show of a completed booking the invitee had confirmed.

/** It Happened / Reschedule / Cancel before the interview's time. */
export const INTERVIEW_NOT_YET = 'The interview has not taken place yet.';
/** The scheduled-outside answers of a booking that is not scheduled outside (any more). */
export const NOT_SCHEDULED_OUTSIDE = 'The booking is not scheduled outside Guestspot.';
/** It Happened of a booking scheduled outside before the show said it is scheduled. */
export const NOT_CONFIRMED_SCHEDULED = 'Confirm first that the interview is scheduled.';
/** confirm-scheduled / not-yet once the show has said it is scheduled. */
export const ALREADY_CONFIRMED_SCHEDULED = 'You have already confirmed that it is scheduled.';
/** Report No-Show: the invitee never confirmed the date. */
export const NO_SHOW_NOT_CONFIRMED = 'The interview date was not confirmed by the other side.';
/** Report No-Show by a side that said the interview happened. */
export const NO_SHOW_AFTER_IT_HAPPENED = 'You confirmed that the interview took place.';
export const NO_SHOW_ALREADY = 'A no-show was already reported for this booking.';
export const NO_SHOW_TOO_LATE = 'A no-show can be reported within 30 days of the interview.';

/** The terms' refund guarantee: a no-show is reported within 30 days of the completion. */
export const NO_SHOW_DAYS = 30;
/**
 * Days of silence after a question before it counts as a yes (the terms: "no response counts as
 * confirmation"): "did it happen?" completes the booking, "is it scheduled?" is taken as
 * scheduled. Also the days from the yes to one scheduled outside to "did it happen?".
 */
export const COMPLETION_SILENCE_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rules read besides BookingParties' core (bookingForViewer and lockedBooking select it). */
export interface CompletionFields {
  confirmed_by_invitee?: boolean;
  scheduled_confirmed_at?: Date | null;
  completed_at?: Date | null;
  completed_by?: 'guest' | 'show' | 'system' | null;
  no_show_reported_at?: Date | null;
}

type Parties = BookingParties;

const statusRefusal = (booking: { status: BookingStatus }) =>
  `The booking status is ${booking.status}.`;

const showSide = (): readonly ProfileSide[] => ['show'];
const bothSides = (): readonly ProfileSide[] => ['guest', 'show'];
const initiatorSide = (booking: BookingParties): readonly ProfileSide[] => [booking.initiator];
const always = () => true;
const never = () => false;

/**
 * "Did it happen?": a scheduled booking whose agreed date has come, or one scheduled outside
 * the product that the show has said is scheduled.
 */
export function completionRefusal(
  booking: Pick<
    BookingParties,
    'status' | 'booking_date' | 'scheduled_without_date' | 'scheduled_confirmed_at'
  >,
  _side: ProfileSide,
  now: Date,
) {
  if (booking.status !== 'scheduled') return statusRefusal(booking);
  // outside the product: once the show has said it is scheduled (its date is not known here)
  if (booking.scheduled_without_date)
    return booking.scheduled_confirmed_at ? null : NOT_CONFIRMED_SCHEDULED;
  return booking.booking_date !== null && booking.booking_date <= now ? null : INTERVIEW_NOT_YET;
}

/**
 * Whether the interview counts as past, so that "did it happen?" is due and a cancel no longer
 * refunds (decision 116): the agreed start has come, or, scheduled outside the product (no date
 * known), seven days have passed since the show's yes (given, or taken from its silence) — when
 * the sweep asks the question (completion-sweep.ts). The services' locked re-check reads the
 * same columns.
 */
export function interviewOver(
  booking: Pick<
    BookingParties,
    'booking_date' | 'scheduled_without_date' | 'scheduled_confirmed_at'
  >,
  now: Date,
): boolean {
  if (booking.booking_date !== null && booking.booking_date <= now) return true;
  const yes = booking.scheduled_without_date ? booking.scheduled_confirmed_at : null;
  return yes != null && yes.getTime() <= now.getTime() - COMPLETION_SILENCE_DAYS * DAY_MS;
}

/** Reschedule asks for a new date: only a booking with an agreed date that has passed. */
function rescheduleAfterRefusal(booking: Parties, side: ProfileSide, now: Date) {
  const refusal = completionRefusal(booking, side, now);
  if (refusal) return refusal;
  return booking.scheduled_without_date ? NOT_SCHEDULED_OUTSIDE : null;
}

/** The scheduled-outside question's Yes / No: asked until the show says yes. */
function scheduledQuestionRefusal(booking: Parties) {
  if (booking.status !== 'scheduled') return statusRefusal(booking);
  if (!booking.scheduled_without_date) return NOT_SCHEDULED_OUTSIDE;
  return booking.scheduled_confirmed_at ? ALREADY_CONFIRMED_SCHEDULED : null;
}

function undoOutsideRefusal(booking: Parties) {
  if (booking.status !== 'scheduled') return statusRefusal(booking);
  return booking.scheduled_without_date ? null : NOT_SCHEDULED_OUTSIDE;
}

/** Report No-Show (§4): completed, the date confirmed by the invitee, within the guarantee. */
export function noShowRefusal(booking: Parties, side: ProfileSide, now: Date) {
  if (booking.status !== 'completed') return statusRefusal(booking);
  if (!booking.confirmed_by_invitee) return NO_SHOW_NOT_CONFIRMED;
  if (booking.completed_by === side) return NO_SHOW_AFTER_IT_HAPPENED;
  if (booking.no_show_reported_at) return NO_SHOW_ALREADY;
  const since = booking.completed_at ?? booking.booking_date;
  return since !== null && now.getTime() - since.getTime() > NO_SHOW_DAYS * DAY_MS
    ? NO_SHOW_TOO_LATE
    : null;
}

/** The completion fields are selected with BookingParties (bookingForViewer, lockedBooking). */
const reads = (refusal: BookingActionRule['refusal']) => refusal;

const completes: BookingActionRule = {
  allowed: showSide,
  // nobody is left waiting on a paused show: its yes pays the other side
  whilePaused: true,
  movesMoney: always,
  refusal: reads(completionRefusal),
};

/** The rows of decision 116, spread into BOOKING_ACTION_RULES. */
export const COMPLETION_ACTION_RULES = {
  // It Happened: completed, the payout released.
  'completed-action/confirm': completes,
  // It did not happen, a new date is needed: back to accepted, dates proposed again.
  'completed-action/reschedule': {
    allowed: showSide,
    whilePaused: false,
    movesMoney: never,
    refusal: reads(rescheduleAfterRefusal),
  },
  // It did not happen and will not: canceled, the booker refunded less the service fee.
  'completed-action/cancel': { ...completes, refusal: reads(completionRefusal) },
  'confirm-scheduled': {
    allowed: showSide,
    whilePaused: true,
    movesMoney: never,
    refusal: reads(scheduledQuestionRefusal),
  },
  'confirm-not-scheduled-yet': {
    allowed: showSide,
    whilePaused: true,
    movesMoney: never,
    refusal: reads(scheduledQuestionRefusal),
  },
  // Either side: the date will be agreed on Guestspot after all.
  'undo-scheduled-outside': {
    allowed: bothSides,
    whilePaused: false,
    movesMoney: never,
    refusal: reads(undoOutsideRefusal),
  },
  'confirm-happened': completes,
  // The initiator: the invitee's payout is held until support decides.
  'no-show': {
    allowed: initiatorSide,
    whilePaused: true,
    movesMoney: always,
    refusal: reads(noShowRefusal),
  },
} satisfies Record<string, BookingActionRule>;
