import { api } from '@guestspot/shared-api';
import type { BookingCalendar, BookingStats, DataEnvelope, SeeBookingsAnswer } from './types';

// The bookings list's tools (booking-management… §7 "Bookings", decision 117): the stats cards,
// the calendar view, the CSV export and see-bookings. The list itself is bookings.ts's
// listBookings; the filters' ids and limits are the server's own (booking-list-facts).

export type { BookingCalendar, BookingCalendarEntry, BookingListItem, BookingStats } from './types';
export {
  BOOKED_BY,
  BOOKING_SEARCH_DEBOUNCE_MS,
  BOOKING_SORTS,
  BOOKING_STATUS_FILTER_IDS,
  BOOKINGS_EXPORT_FILE,
  BOOKINGS_PAGE_SIZE,
  DEFAULT_BOOKING_SORT,
  LIST_STATUS_LABELS,
  MAX_AMOUNT_FILTER_CENTS,
} from '@guestspot/api/booking-list-facts';
export type {
  BookedBy,
  BookingSort,
  BookingStatusFilter,
  ListAction,
  ListStatus,
} from '@guestspot/api/booking-list-facts';

/** GET /bookings/stats: confirmed, pending, completed. */
export async function getBookingStats(): Promise<BookingStats> {
  return (await api.get('bookings/stats').json<DataEnvelope<BookingStats>>()).data;
}

/** GET /bookings/calendar-view: the days from..to (YYYY-MM-DD, the viewer's zone) with bookings. */
export function getBookingCalendar(query: {
  from: string;
  to: string;
  booked_by?: 'me' | 'others' | undefined;
}): Promise<BookingCalendar> {
  const searchParams: Record<string, string> = { from: query.from, to: query.to };
  if (query.booked_by) searchParams.booked_by = query.booked_by;
  return api.get('bookings/calendar-view', { searchParams }).json();
}

/** GET /bookings/export: the CSV the server streams, as a file to save. */
export function exportBookings(): Promise<Blob> {
  // No timeout: the file streams as the server reads it (ten thousand rows take a few seconds).
  return api.get('bookings/export', { headers: { accept: 'text/csv' }, timeout: false }).blob();
}

/** PATCH /bookings/see-bookings: the viewer's bookings are seen; the badge's new figure. */
export async function seeBookings(): Promise<number> {
  const answer = await api.patch('bookings/see-bookings').json<SeeBookingsAnswer>();
  return answer.data.new_bookings_count;
}
