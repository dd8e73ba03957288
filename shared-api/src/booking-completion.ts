import { api } from '@guestspot/shared-api';
import type { BookingActionMessage, BookingNoShowPayload } from './types';

// After the interview (booking-management… §2 "Completed-action page", "Notification flows",
// §7; decision 116): the show's answers to "did it happen?", the scheduled-outside question's,
// and Report No-Show. Each answers the message to show.

/** The answers, as the routes name them (the rules table's actions). */
export const COMPLETED_ACTIONS = {
  confirm: 'completed-action/confirm',
  reschedule: 'completed-action/reschedule',
  cancel: 'completed-action/cancel',
} as const;

export type CompletionAnswer =
  | (typeof COMPLETED_ACTIONS)[keyof typeof COMPLETED_ACTIONS]
  | 'confirm-scheduled'
  | 'confirm-not-scheduled-yet'
  | 'undo-scheduled-outside'
  | 'confirm-happened';

/**
 * PATCH /bookings/{id}/completed-action/{confirm,reschedule,cancel}, or POST
 * /bookings/{id}/{confirm-scheduled,…}: the message to show.
 */
export async function answerAfterInterview(
  bookingId: number,
  action: CompletionAnswer,
): Promise<string> {
  const url = `bookings/${bookingId}/${action}`;
  const request = action.startsWith('completed-action/')
    ? api.patch(url, { json: {} })
    : api.post(url, { json: {} });
  return (await request.json<BookingActionMessage>()).message;
}

/** POST /bookings/{id}/no-show {details?}: 'The no-show report was sent!'. */
export async function reportNoShow(bookingId: number, details?: string): Promise<string> {
  const json: BookingNoShowPayload = details?.trim() ? { details: details.trim() } : {};
  const answer = await api.post(`bookings/${bookingId}/no-show`, { json });
  return (await answer.json<BookingActionMessage>()).message;
}
