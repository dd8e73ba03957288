import type { BookingAction, BookingDetail, BookingProposal } from '@guestspot/shared-api';

// What the page reads off the booking for this viewer. The server decides what the viewer may
// do (allowed_actions, decision 111); nothing here re-derives a rule.

/** The actions that open the calendar dialog, in the order the hash #show-calendar prefers. */
export const CALENDAR_ACTIONS = ['propose-date', 'reschedule', 'change-date'] as const;
export type CalendarAction = (typeof CALENDAR_ACTIONS)[number];

/** The actions that open a dialog of the page (confirm picks a date in place). */
export type DialogAction = Exclude<BookingAction, 'confirm'>;

export function isCalendarAction(action: BookingAction): action is CalendarAction {
  return (CALENDAR_ACTIONS as readonly string[]).includes(action);
}

/** The calendar dialog the viewer may open now, if any. */
export function calendarActionOf(booking: Pick<BookingDetail, 'allowed_actions'>) {
  return CALENDAR_ACTIONS.find((action) => booking.allowed_actions.includes(action)) ?? null;
}

/** Whether the viewer's side asked for the booking (else the viewer is its invitee). */
export function viewerIsInitiator(booking: Pick<BookingDetail, 'initiator' | 'viewer_side'>) {
  return booking.initiator === booking.viewer_side;
}

/**
 * What goes back when the viewer cancels a booking accepted and paid (decision 116, amended
 * 2026-11-28): whoever cancels bears the 20% service fee, so the booker's own cancel refunds
 * them less it and the invitee's refunds the booker in full. Lower-case, to end a sentence.
 */
export function refundOnCancel(
  booking: Pick<BookingDetail, 'initiator' | 'viewer_side' | 'counterpart'>,
): string {
  return viewerIsInitiator(booking)
    ? 'you are refunded what you paid, less the 20% service fee, which is not refundable'
    : `${booking.counterpart.name} is refunded in full`;
}

/** The proposed times still waiting for the other side's answer. */
export function openProposals(booking: Pick<BookingDetail, 'proposals'>): BookingProposal[] {
  return booking.proposals.filter((proposal) => !proposal.is_confirmed);
}

/** How each action reads on its button. */
export const actionLabels: Record<BookingAction, string> = {
  accept: 'Accept',
  reject: 'Reject',
  cancel: 'Cancel booking',
  confirm: 'Confirm date',
  'propose-date': 'Propose dates',
  reschedule: 'Re-Schedule Booking',
  'change-date': 'Change date',
  'scheduling-link': 'Send scheduling link',
  'accept-pitch': 'Answer pitch',
  'update-pitch-fee': 'Change fee',
  'charge-extra-payment': 'Pay the extra fee',
  'video-pitch': 'Send a video pitch',
  'audio-pitch': 'Send an audio pitch',
  // after the interview (decision 116)
  'completed-action/confirm': 'It Happened',
  'completed-action/reschedule': 'Reschedule',
  'completed-action/cancel': 'Cancel Booking',
  'confirm-scheduled': 'Yes, it is scheduled',
  'confirm-not-scheduled-yet': 'Not scheduled yet',
  'undo-scheduled-outside': 'Agree the date on Guestspot',
  'confirm-happened': 'It Happened',
  'no-show': 'Report No-Show',
};

/** The answers after the interview and Report No-Show (decision 116): one dialog asks first. */
export const AFTER_INTERVIEW_ACTIONS = [
  'completed-action/confirm',
  'completed-action/reschedule',
  'completed-action/cancel',
  'confirm-scheduled',
  'confirm-not-scheduled-yet',
  'undo-scheduled-outside',
  'confirm-happened',
  'no-show',
] as const;
export type AfterInterviewAction = (typeof AFTER_INTERVIEW_ACTIONS)[number];

export function isAfterInterviewAction(action: BookingAction): action is AfterInterviewAction {
  return (AFTER_INTERVIEW_ACTIONS as readonly string[]).includes(action);
}

/** The pitch's dialogs (decision 115): each loads when opened, not with the page. */
export const PITCH_ACTIONS = [
  'accept-pitch',
  'update-pitch-fee',
  'charge-extra-payment',
  'video-pitch',
  'audio-pitch',
] as const;
export type PitchAction = (typeof PITCH_ACTIONS)[number];

export function isPitchAction(action: BookingAction): action is PitchAction {
  return (PITCH_ACTIONS as readonly string[]).includes(action);
}
