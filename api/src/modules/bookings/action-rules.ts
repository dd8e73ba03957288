import type { BookingAction, BookingStatus } from '../../contract';
import type { DB } from '../../db/database';
import { forbidden, HttpError, notFound } from '../../http/errors';
import type { AuthUser } from '../auth/require-user';
import { managerRoleOf, type ProfileManagerRole } from '../profiles/write';
import { otherSide, type BookingActor } from './lifecycle';
import type { ProfileSide } from '../../booking-facts';

// Who may do what with a booking (booking-management… §4 "Who can do what", decisions 103 and
// 106), in one table that the action routes apply and the booking page reads (`allowed_actions`).
// A user acts for a side when they own its profile or manage its owner's profiles in a team. A
// call that moves money (captures, releases, refunds) is for the owner and agency members; a
// Basic member gets 403. Whether the booking's state allows the call is a refusal (409) the
// services check again under the booking's row lock.

export const ACTOR_PAUSED_MESSAGE =
  'Your account is paused. Resume your account to accept or confirm bookings.';
/** The booker's cancel once the interview's time has passed (until completion exists). */
export const INTERVIEW_PASSED_MESSAGE =
  'The interview time has passed, so this booking can no longer be canceled.';
/** A Basic team member on a call that moves money (decision 106). */
export const BASIC_MEMBER_MONEY_MESSAGE =
  'Only the account owner or an agency team member can do this.';
/** /confirm with no proposed time left in the future. */
export const CONFIRMED_DATE_PAST = 'The confirmed date must be in the future.';

/** What the rules read of a booking. */
export interface BookingParties {
  id: number;
  status: BookingStatus;
  initiator: ProfileSide;
  guest_profile_id: number;
  proposed_dates: string[];
  interview_duration: number | null;
  expires_at: Date | null;
  booking_date: Date | null;
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
export const guestSide = (): readonly ProfileSide[] => ['guest'];

/** Statuses a booking can be canceled from once accepted (money was taken by then). */
const CANCELABLE_AFTER_ACCEPTANCE: readonly BookingStatus[] = [
  'accepted',
  'scheduled',
  'confirmed',
];
/** Statuses in which a time can be confirmed (or a confirmed one moved). */
const CONFIRMABLE: readonly BookingStatus[] = ['accepted', 'scheduled', 'confirmed'];

/** 409 unless the booking is pending and still within its time to answer. */
export function pendingRefusal(
  booking: { status: string; expires_at: Date | null },
  now: Date,
): string | null {
  if (booking.status !== 'pending') return `The booking status is ${booking.status}.`;
  if (booking.expires_at !== null && booking.expires_at <= now) {
    return 'The booking status is expired.';
  }
  return null;
}

/**
 * A cancel of an accepted, scheduled or confirmed booking (refunded); completed, canceled and
 * expired bookings stay so. Nothing completes a booking yet (issue 32): until then the booker
 * cannot take back what an interview that has happened earned the invitee.
 */
export function acceptedCancelRefusal(
  booking: Pick<BookingParties, 'status' | 'initiator' | 'booking_date'>,
  side: ProfileSide,
  now: Date,
): string | null {
  if (!CANCELABLE_AFTER_ACCEPTANCE.includes(booking.status)) {
    return `The booking status is ${booking.status}.`;
  }
  const passed = booking.booking_date !== null && booking.booking_date <= now;
  return passed && side === booking.initiator ? INTERVIEW_PASSED_MESSAGE : null;
}

/** A cancel: a pending booking is released, an accepted one refunded. */
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
 * A confirm: a pending booking the guest was invited to (confirming is the guest's yes), or an
 * accepted, scheduled or confirmed one; a guest who pitched waits for the show's answer. There
 * must be a proposed time still to come.
 */
export function confirmRefusal(
  booking: BookingParties,
  _side: ProfileSide,
  now: Date,
): string | null {
  if (booking.status === 'pending') {
    if (booking.initiator === 'guest') return 'The booking status is pending.';
    const refusal = pendingRefusal(booking, now);
    if (refusal) return refusal;
  } else if (!CONFIRMABLE.includes(booking.status)) {
    return `The booking status is ${booking.status}.`;
  }
  const ahead = booking.proposed_dates.some((date) => new Date(date) > now);
  return ahead ? null : CONFIRMED_DATE_PAST;
}

export interface BookingActionRule {
  /** the sides that may call it */
  allowed: AllowedSides;
  /** whether a paused account may (nobody is left waiting on a paused user) */
  whilePaused: boolean;
  /** a Basic team member may not when it moves money */
  movesMoney: MovesMoney;
  /** why the booking's state refuses it for `side` now (409), or null */
  refusal: (booking: BookingParties, side: ProfileSide, now: Date) => string | null;
}

/** Accept and reject: a pending booking still within its time to answer. */
const answerRefusal = (booking: BookingParties, _side: ProfileSide, now: Date) =>
  pendingRefusal(booking, now);

/** Captures, releases and refunds move money whatever the booking's state. */
const always: MovesMoney = () => true;

export const BOOKING_ACTION_RULES: Record<BookingAction, BookingActionRule> = {
  // The invitee says yes: the hold is captured.
  accept: { allowed: inviteeOf, whilePaused: false, movesMoney: always, refusal: answerRefusal },
  // The invitee says no (before accepting): the hold is released, the credit comes back.
  reject: { allowed: inviteeOf, whilePaused: true, movesMoney: always, refusal: answerRefusal },
  // Either side calls it off: released while pending, refunded once accepted.
  cancel: { allowed: eitherSide, whilePaused: true, movesMoney: always, refusal: cancelRefusal },
  // The guest picks one of the proposed times; on a pending booking that accepts (captures) it.
  confirm: {
    allowed: guestSide,
    whilePaused: false,
    movesMoney: (booking) => booking.status === 'pending',
    refusal: confirmRefusal,
  },
};

/**
 * The booking and how `user` stands to its two sides: 404 when the booking does not exist or
 * the user is on neither side (it is not theirs to see).
 */
export async function bookingForViewer(
  db: DB,
  user: AuthUser,
  bookingId: number,
): Promise<{ booking: BookingParties; roles: SideRoles }> {
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
      'b.expires_at',
      'b.booking_date',
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
 */
export function allowedActions(
  booking: BookingParties,
  roles: SideRoles,
  user: AuthUser,
  now: Date,
): BookingAction[] {
  return (Object.keys(BOOKING_ACTION_RULES) as BookingAction[]).filter((action) => {
    const rule = BOOKING_ACTION_RULES[action];
    if (!rule.whilePaused && user.status === 'paused') return false;
    const side = sideFor(booking, roles, rule);
    return !(side instanceof HttpError) && rule.refusal(booking, side, now) === null;
  });
}

/** The side the viewer reads the booking as: the initiator's when they stand on it. */
export function viewerSideOf(booking: BookingParties, roles: SideRoles): ProfileSide {
  return eitherSide(booking).find((side) => roles[side] !== null) ?? 'guest';
}
