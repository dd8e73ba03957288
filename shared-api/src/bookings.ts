import { api, handlesForbidden } from '@guestspot/shared-api';
import { toSearchParams, type ListParams } from '@guestspot/shared-api';
import type {
  Booking,
  BookingAction,
  BookingConfirmPayload,
  BookingDetail,
  BookingListItem,
  BookingNoShowPayload,
  BookingProposePayload,
  BookingReasonPayload,
  BookingSchedulingLinkPayload,
  BookingTimelineEntry,
  ExtraPaymentPayload,
  PitchAnswerPayload,
  PitchFeePayload,
  PitchRecordingPayload,
  DataEnvelope,
  Paginated,
} from './types';

// Bookings (booking-management… §7 "Bookings"): the list, one booking's page and its timeline,
// and the actions that answer and schedule it (PATCH /bookings/{id}/{action}, decision 111).
// Payloads and answers are the server's types (api/src/contract/bookings.ts, decision 109).

export type {
  Booking,
  BookingAction,
  BookingDetail,
  BookingListItem,
  BookingProposal,
  BookingTimelineEntry,
  TimelineEntryType,
} from './types';

/** GET /bookings: a page of the viewer's bookings (filters and sorts: booking-list.ts, decision 117). */
export function listBookings(params: ListParams = {}): Promise<Paginated<BookingListItem>> {
  return api.get('bookings', { searchParams: toSearchParams(params) }).json();
}

/** GET /bookings/{id}: the booking page's data (404 when it is not the viewer's). */
export async function getBooking(id: number): Promise<BookingDetail> {
  const answer = await api.get(`bookings/${id}`).json<DataEnvelope<BookingDetail>>();
  return answer.data;
}

/** GET /bookings/{id}/activities: the timeline worded for the viewer, newest first by default. */
export async function getBookingActivities(
  id: number,
  sort: 'asc' | 'desc' = 'desc',
): Promise<BookingTimelineEntry[]> {
  const answer = await api
    .get(`bookings/${id}/activities`, { searchParams: { sort } })
    .json<DataEnvelope<BookingTimelineEntry[]>>();
  return answer.data;
}

/** What each action sends (accept sends nothing). */
export interface BookingActionPayloads {
  accept: undefined;
  reject: BookingReasonPayload;
  cancel: BookingReasonPayload;
  confirm: BookingConfirmPayload;
  'propose-date': BookingProposePayload;
  reschedule: BookingProposePayload;
  'change-date': BookingConfirmPayload;
  'scheduling-link': BookingSchedulingLinkPayload;
  // a pitch's: sent by shared-api/pitches.ts (charge-extra-payment needs its key, the
  // recordings are POSTs), listed so that every action has its payload
  'accept-pitch': PitchAnswerPayload;
  'update-pitch-fee': PitchFeePayload;
  'charge-extra-payment': ExtraPaymentPayload;
  'video-pitch': PitchRecordingPayload;
  'audio-pitch': PitchRecordingPayload;
  // after the interview: sent by shared-api/booking-completion.ts (decision 116)
  'completed-action/confirm': undefined;
  'completed-action/reschedule': undefined;
  'completed-action/cancel': undefined;
  'confirm-scheduled': undefined;
  'confirm-not-scheduled-yet': undefined;
  'undo-scheduled-outside': undefined;
  'confirm-happened': undefined;
  'no-show': BookingNoShowPayload;
}

/**
 * PATCH /bookings/{id}/{action}: answers the booking as the list shows it; refusals are 403
 * (not this side's to do, or a Basic member moving money: the page shows the message), 409 (the
 * booking's state, or a time taken meanwhile) and 422.
 */
export async function actOnBooking<A extends BookingAction>(
  id: number,
  action: A,
  ...[payload]: BookingActionPayloads[A] extends undefined ? [] : [BookingActionPayloads[A]]
): Promise<Booking> {
  const answer = await api
    .patch(`bookings/${id}/${action}`, {
      ...handlesForbidden,
      ...(payload === undefined ? {} : { json: payload }),
    })
    .json<DataEnvelope<Booking>>();
  return answer.data;
}
