import type { BookingAction, BookingStatus } from '../../contract';
import type { DB } from '../../db/database';
import { forbidden, HttpError, notFound } from '../../http/errors';
import type { AuthUser } from '../auth/require-user';
import { managerRoleOf, type ProfileManagerRole } from '../profiles/write';
import { otherSide, type BookingActor } from './lifecycle';
import type { ProfileSide } from '../../booking-facts';
import {
  EXTRA_FEE_FIRST,
  extraFeeDue,
  extraPaymentRefusal,
  feeChangeRefusal,
  pitchAnswerRefusal,
  recordingRefusal,
} from './pitch-rules';
import { COMPLETION_ACTION_RULES, interviewOver, type CompletionFields } from './completion-rules';

// Who may do what with a booking (booking-management… §4 "Who can do what", decisions 103, 106
// and 111), in one table that the action routes apply and the booking page reads (`allowed_actions`).
// A user acts for a side when they own its profile or manage its owner's profiles in a team. A
// call that moves money (captures, releases, refunds) is for the owner and agency members; a
// Basic member gets 403. Whether the booking's state allows the call is a refusal (409) the
// services check again under the booking's row lock.

export const ACTOR_PAUSED_MESSAGE =
  'Your account is paused. Resume your account to accept or confirm bookings.';
/** A cancel once the interview's time has passed: the completion questions apply (decision 116). */
export const INTERVIEW_PASSED_MESSAGE =
  'The interview time has passed, so this booking can no longer be canceled.';
/** A Basic team member on a call that moves money (decision 106). */
export const BASIC_MEMBER_MONEY_MESSAGE =
  'Only the account owner or an agency team member can do this.';
/** /confirm (and /change-date) of a time already past. */
export const CONFIRMED_DATE_PAST = 'The confirmed date must be in the future.';
/** /confirm when no proposals are open (none made, or one already confirmed). */
export const NO_OPEN_PROPOSALS = 'There are no proposed dates to confirm.';
/** /reschedule of a booking scheduled without a date (change-date sets one). */
export const NO_DATE_TO_RESCHEDULE = 'The booking has no interview date to reschedule.';
/** /reschedule once the interview's time has passed. */
export const INTERVIEW_TIME_PASSED = 'The interview time has passed.';

/** What the rules read of a booking (with the completion fields, decision 116). */
export interface BookingParties extends CompletionFields {
  id: number;
  status: BookingStatus;
  initiator: ProfileSide;
  guest_profile_id: number;
  proposed_dates: string[];
  /** the side whose proposals are open (the other confirms one); null when none are */
  proposed_by: ProfileSide | null;
  interview_duration: number | null;
  expires_at: Date | null;
  booking_date: Date | null;
  scheduled_without_date: boolean;
  /** a pitch (its answer and extra fee, decision 115); read by the pitch rules */
  is_pitch?: boolean;
  /** a pitch's extra fee: 'pending' while the initiator owes it */
  extra_payment_status?: 'none' | 'pending' | 'paid' | 'refunded' | 'void';
}

/** What the booking page and its timeline read besides the rules (bookingForViewer). */
export interface ViewedBooking extends BookingParties {
  show_profile_id: number;
  is_pitch: boolean;
  guest_name: string;
  show_name: string;
  accepted_at: Date | null;
  payment_status: 'none' | 'authorized' | 'paid' | 'refunded' | 'void';
  created_at: Date;
  extra_payment_status: 'none' | 'pending' | 'paid' | 'refunded' | 'void';
  /** cents the initiator owes or paid on top of the pitch */
  extra_fee: number;
}

/** How the user stands to each side's profile owner (profiles/write.ts managerRoleOf). */
export type SideRoles = Record<ProfileSide, ProfileManagerRole | null>;

export type AllowedSides = (booking: BookingParties) => readonly ProfileSide[];
export type MovesMoney = (booking: BookingParties) => boolean;
export type SideActor = BookingActor & { side: ProfileSide };

export const inviteeOf = (booking: BookingParties): readonly ProfileSide[] => [
  otherSide(booking.initiator),
];
export const eitherSide = (booking: BookingParties): readonly ProfileSide[] => [
  booking.initiator,
  otherSide(booking.initiator),
];

/** The proposals still waiting for the other side's pick (none once one is confirmed). */
export const openProposals = (booking: Pick<BookingParties, 'proposed_by' | 'proposed_dates'>) =>
  booking.proposed_by === null ? [] : booking.proposed_dates;

/** Whether the interview's date is agreed on the platform (scheduled, not elsewhere). */
export const hasAgreedDate = (
  booking: Pick<BookingParties, 'status' | 'booking_date' | 'scheduled_without_date'>,
) =>
  booking.status === 'scheduled' &&
  booking.booking_date !== null &&
  !booking.scheduled_without_date;

/**
 * Who confirms: the side that did not make the open proposals (decision 111). With none open,
 * the side that would confirm the initiator's: the invitee (the state refuses it then).
 */
export const confirmerOf = (booking: BookingParties): readonly ProfileSide[] => [
  otherSide(booking.proposed_by ?? booking.initiator),
];

/** Statuses a booking can be canceled from once accepted (money was taken by then). */
const CANCELABLE_AFTER_ACCEPTANCE: readonly BookingStatus[] = ['accepted', 'scheduled'];

const statusRefusal = (booking: { status: string }) => `The booking status is ${booking.status}.`;

/** 409 unless the booking is pending and still within its time to answer. */
export function pendingRefusal(
  booking: { status: string; expires_at: Date | null },
  now: Date,
): string | null {
  if (booking.status !== 'pending') return statusRefusal(booking);
  if (booking.expires_at !== null && booking.expires_at <= now) {
    return 'The booking status is expired.';
  }
  return null;
}

/**
 * A cancel of an accepted or scheduled booking (refunded less the service fee); completed,
 * canceled and expired bookings stay so. Once the interview counts as over (interviewOver),
 * neither side cancels: the completion questions apply instead (decision 116).
 */
export function acceptedCancelRefusal(
  booking: Parameters<typeof interviewOver>[0] & Pick<BookingParties, 'status' | 'initiator'>,
  _side: ProfileSide,
  now: Date,
): string | null {
  if (!CANCELABLE_AFTER_ACCEPTANCE.includes(booking.status)) return statusRefusal(booking);
  return interviewOver(booking, now) ? INTERVIEW_PASSED_MESSAGE : null;
}

/** A cancel: a pending booking is released (its initiator withdraws), an accepted one refunded. */
export function cancelRefusal(
  booking: BookingParties,
  side: ProfileSide,
  now: Date,
): string | null {
  return booking.status === 'pending'
    ? pendingRefusal(booking, now)
    : acceptedCancelRefusal(booking, side, now);
}

/**
 * A confirm: there are open proposals, and the booking is pending (the invitee's pick is also
 * their yes), accepted, or scheduled (a reschedule: the new time replaces the agreed one).
 */
export function confirmRefusal(booking: BookingParties, _side: ProfileSide, now: Date) {
  if (booking.status === 'pending') {
    const refusal = pendingRefusal(booking, now);
    if (refusal) return refusal;
    return booking.proposed_by === booking.initiator && booking.proposed_dates.length > 0
      ? null
      : NO_OPEN_PROPOSALS;
  }
  if (booking.status !== 'accepted' && booking.status !== 'scheduled') {
    return statusRefusal(booking);
  }
  return openProposals(booking).length > 0 ? null : NO_OPEN_PROPOSALS;
}

/** /propose-date: accepted, no date agreed yet (accepted bookings have none), no fee owed. */
function proposeRefusal(booking: BookingParties) {
  if (booking.status !== 'accepted') return statusRefusal(booking);
  return extraFeeDue(booking) ? EXTRA_FEE_FIRST : null;
}

/** /reschedule: scheduled with an agreed date still to come. */
function rescheduleRefusal(booking: BookingParties, _side: ProfileSide, now: Date) {
  if (booking.status !== 'scheduled') return statusRefusal(booking);
  if (!hasAgreedDate(booking)) return NO_DATE_TO_RESCHEDULE;
  return booking.booking_date !== null && booking.booking_date <= now
    ? INTERVIEW_TIME_PASSED
    : null;
}

/** /change-date: scheduled, with a date or without one (agreed elsewhere). */
const changeDateRefusal = (booking: BookingParties) =>
  booking.status === 'scheduled' ? null : statusRefusal(booking);

export interface BookingActionRule {
  /** the sides that may call it */
  allowed: AllowedSides;
  /** whether a paused account may (nobody is left waiting on a paused user) */
  whilePaused: boolean;
  /** a Basic team member may not when it moves money */
  movesMoney: MovesMoney;
  /** why the booking's state refuses it for `side` now (409), or null */
  refusal: (booking: BookingParties, side: ProfileSide, now: Date) => string | null;
  /**
   * Whether some body can still succeed (the page offers the call only then); e.g. a confirm
   * needs an open proposal still ahead, or every date it is sent is a 422.
   */
  offered?: (booking: BookingParties, now: Date) => boolean;
}

/** Accept and reject: a pending booking still within its time to answer. */
const answerRefusal = (booking: BookingParties, _side: ProfileSide, now: Date) =>
  pendingRefusal(booking, now);

/** Captures, releases and refunds move money whatever the booking's state. */
const always: MovesMoney = () => true;
const never: MovesMoney = () => false;

/** Scheduling calls: either side, never a paused account, no money moves. */
const scheduling = (refusal: BookingActionRule['refusal']): BookingActionRule => ({
  allowed: eitherSide,
  whilePaused: false,
  movesMoney: never,
  refusal,
});

/** A pitch's money calls (decision 115): never a paused account, never a Basic member. */
const pitchMoney = (allowed: AllowedSides, refusal: BookingActionRule['refusal']) => ({
  allowed,
  whilePaused: false,
  movesMoney: always,
  refusal,
});

/** The table of decision 111 (and 103, 106): who may call each PATCH /bookings/{id}/{action}. */
export const BOOKING_ACTION_RULES: Record<BookingAction, BookingActionRule> = {
  // The invitee says yes: the hold is captured.
  // (A pitch is answered with accept-pitch instead, which says what it costs.)
  accept: {
    allowed: inviteeOf,
    whilePaused: false,
    movesMoney: always,
    refusal: answerRefusal,
    offered: (booking) => booking.is_pitch !== true,
  },
  // The invitee says no (before accepting): the hold is released, the credit comes back.
  reject: { allowed: inviteeOf, whilePaused: true, movesMoney: always, refusal: answerRefusal },
  // The initiator withdraws a pending request (released); either side calls off an accepted or
  // scheduled booking (refunded).
  cancel: {
    allowed: (booking) =>
      booking.status === 'pending' ? [booking.initiator] : eitherSide(booking),
    whilePaused: true,
    movesMoney: always,
    refusal: cancelRefusal,
  },
  // The side that did not make the open proposals picks one; on a pending booking that also
  // accepts it (captures).
  confirm: {
    allowed: confirmerOf,
    whilePaused: false,
    movesMoney: (booking) => booking.status === 'pending',
    refusal: confirmRefusal,
    offered: (booking, now) => openProposals(booking).some((date) => new Date(date) > now),
  },
  // Either side proposes 1-3 dates while none is agreed; the other side confirms one.
  'propose-date': scheduling(proposeRefusal),
  // Either side proposes new dates; the agreed one holds until the other side confirms one.
  reschedule: scheduling(rescheduleRefusal),
  // Either side sets the date agreed elsewhere (in the chat, by phone) directly.
  'change-date': scheduling(changeDateRefusal),
  // Either side agrees the date elsewhere: scheduled without a date.
  'scheduling-link': scheduling(proposeRefusal),
  // The invitee answers a pitch: accepted (captured) with no extra fee, its full fee or a
  // special price, or rejected (released) (decision 115).
  'accept-pitch': pitchMoney(inviteeOf, pitchAnswerRefusal),
  // The invitee changes the fee while it is unpaid, or before any dates (it prices money).
  'update-pitch-fee': pitchMoney(inviteeOf, feeChangeRefusal),
  // The initiator pays the difference (captured at once).
  'charge-extra-payment': pitchMoney((booking) => [booking.initiator], extraPaymentRefusal),
  // Either side sends a recording while the booking is live (PRO only: the route answers 426).
  'video-pitch': scheduling(recordingRefusal),
  'audio-pitch': scheduling(recordingRefusal),
  // After the interview: the show's answers, the scheduled-outside question, Report No-Show.
  ...COMPLETION_ACTION_RULES,
};

/**
 * The booking and how `user` stands to its two sides: 404 when the booking does not exist or
 * the user is on neither side (it is not theirs to see).
 */
export async function bookingForViewer(
  db: DB,
  user: AuthUser,
  bookingId: number,
): Promise<{ booking: ViewedBooking; roles: SideRoles }> {
  const row = await db
    .selectFrom('bookings as b')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .select([
      'b.id',
      'b.status',
      'b.initiator',
      'b.guest_profile_id',
      'b.show_profile_id',
      'b.proposed_dates',
      'b.proposed_by',
      'b.interview_duration',
      'b.expires_at',
      'b.booking_date',
      'b.scheduled_without_date',
      'b.is_pitch',
      'b.accepted_at',
      'b.payment_status',
      'b.created_at',
      'b.extra_payment_status',
      'b.extra_fee',
      'b.confirmed_by_invitee',
      'b.scheduled_confirmed_at',
      'b.completed_at',
      'b.completed_by',
      'b.no_show_reported_at',
      'g.name as guest_name',
      's.name as show_name',
      'g.user_id as guest_owner',
      's.user_id as show_owner',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const roles: SideRoles = {
    guest: await managerRoleOf(db, user, row.guest_owner),
    show: await managerRoleOf(db, user, row.show_owner),
  };
  if (roles.guest === null && roles.show === null) throw notFound();
  const { guest_owner: _guest, show_owner: _show, ...booking } = row;
  return { booking, roles };
}

/**
 * The side `roles` let the user act for among `allowed` (with both, the first), or the refusal:
 * 403 for the other side only, 403 with its message for a Basic member when it moves money.
 */
export function sideFor(
  booking: BookingParties,
  roles: SideRoles,
  { allowed, movesMoney }: Pick<BookingActionRule, 'allowed' | 'movesMoney'>,
): ProfileSide | HttpError {
  const side = allowed(booking).find((candidate) => roles[candidate] !== null);
  if (!side) return forbidden();
  if (roles[side] === 'basic' && movesMoney(booking)) {
    return new HttpError(403, BASIC_MEMBER_MONEY_MESSAGE);
  }
  return side;
}

/**
 * The booking and the side `user` acts for by `rule`: 404 when the user is on neither side,
 * 403 when only on a side not allowed (or a Basic member on a call that moves money).
 */
export async function actingSide(
  db: DB,
  user: AuthUser,
  bookingId: number,
  rule: Pick<BookingActionRule, 'allowed' | 'movesMoney'>,
  impersonatorId: number | null = null,
): Promise<{ booking: BookingParties; actor: SideActor }> {
  const { booking, roles } = await bookingForViewer(db, user, bookingId);
  const side = sideFor(booking, roles, rule);
  if (side instanceof HttpError) throw side;
  return { booking, actor: { side, userId: user.id, impersonatorId } };
}

export function refuseWhilePaused(user: AuthUser): void {
  if (user.status === 'paused') throw new HttpError(403, ACTOR_PAUSED_MESSAGE);
}

/**
 * What `user` may do with the booking now: each call whose route would let them act for a side
 * (sideFor), their account not paused where that matters, and the booking's state not refusing.
 * `among` narrows the calls asked about (the bookings list offers confirm and reject).
 */
export function allowedActions<A extends BookingAction = BookingAction>(
  booking: BookingParties,
  roles: SideRoles,
  user: AuthUser,
  now: Date,
  among: readonly A[] = Object.keys(BOOKING_ACTION_RULES) as A[],
): A[] {
  return among.filter((action) => {
    const rule = BOOKING_ACTION_RULES[action];
    if (!rule.whilePaused && user.status === 'paused') return false;
    const side = sideFor(booking, roles, rule);
    if (side instanceof HttpError || rule.refusal(booking, side, now) !== null) return false;
    return rule.offered?.(booking, now) ?? true;
  });
}

/** The side the viewer reads the booking as: the initiator's when they stand on it. */
export function viewerSideOf(booking: BookingParties, roles: SideRoles): ProfileSide {
  return eitherSide(booking).find((side) => roles[side] !== null) ?? 'guest';
}
