import { openProposals, pendingRefusal, type BookingParties } from './action-rules';

// When the booking's state lets a pitch be answered, its fee changed or paid, or a recording be
// sent (booking-management… §4 "Pitch flow" and "Who can do what", decision 115). The rows of
// action-rules.ts's table that use them say who may.

export const NOT_A_PITCH = 'This booking is not a pitch.';
export const NO_EXTRA_FEE_DUE = 'There is no extra fee to pay.';
export const FEE_CHANGE_CLOSED =
  'The fee can only be changed while its payment, or the choice of dates, is pending.';
/** propose-date and scheduling-link while the initiator still owes the pitch's extra fee. */
export const EXTRA_FEE_FIRST = 'The extra fee must be paid before the dates are agreed.';

const statusRefusal = (booking: { status: string }) => `The booking status is ${booking.status}.`;

/** Whether the initiator owes a pitch's extra fee now. */
export const extraFeeDue = (booking: Pick<BookingParties, 'extra_payment_status'>) =>
  booking.extra_payment_status === 'pending';

/** accept-pitch: a pitch, pending and still within its time to answer. */
export function pitchAnswerRefusal(
  booking: Pick<BookingParties, 'is_pitch' | 'status' | 'expires_at'>,
  _side: unknown,
  now: Date,
) {
  if (booking.is_pitch !== true) return NOT_A_PITCH;
  return pendingRefusal(booking, now);
}

/** charge-extra-payment: an accepted pitch whose extra fee is due. */
export function extraPaymentRefusal(
  booking: Pick<BookingParties, 'status' | 'extra_payment_status'>,
) {
  if (booking.status !== 'accepted') return statusRefusal(booking);
  return extraFeeDue(booking) ? null : NO_EXTRA_FEE_DUE;
}

/**
 * update-pitch-fee (§4: "only while a fee payment, or a pick-dates step with no proposed dates, is
 * pending"): an accepted pitch whose fee is still due, or that was accepted without one and has
 * no proposals yet. A fee already paid is not changed here: lowering it would be a refund.
 */
export function feeChangeRefusal(
  booking: Pick<
    BookingParties,
    'is_pitch' | 'status' | 'extra_payment_status' | 'proposed_by' | 'proposed_dates'
  >,
) {
  if (booking.is_pitch !== true) return NOT_A_PITCH;
  if (booking.status !== 'accepted') return statusRefusal(booking);
  if (extraFeeDue(booking)) return null;
  const unpriced = (booking.extra_payment_status ?? 'none') === 'none';
  return unpriced && openProposals(booking).length === 0 ? null : FEE_CHANGE_CLOSED;
}

/** video-pitch / audio-pitch: a pitch, while it is live (pending and unexpired, or agreed). */
export function recordingRefusal(booking: BookingParties, _side: unknown, now: Date) {
  if (booking.is_pitch !== true) return NOT_A_PITCH;
  if (booking.status === 'pending') return pendingRefusal(booking, now);
  return booking.status === 'accepted' || booking.status === 'scheduled'
    ? null
    : statusRefusal(booking);
}
