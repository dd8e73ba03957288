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
};
