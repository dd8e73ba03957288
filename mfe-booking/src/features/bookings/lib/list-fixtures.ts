import type { BookingListItem } from '@guestspot/shared-api/booking-list';
import { makeBooking } from '@guestspot/shared-api/stories';

/** A row of GET /bookings as the list reads it (tests and stories). */
export function makeListItem(overrides: Partial<BookingListItem> = {}): BookingListItem {
  const base = makeBooking(overrides);
  return {
    ...base,
    list_status: base.status === 'scheduled' && base.booking_date ? 'confirmed' : base.status,
    booked_by: 'others',
    interview_duration: 30,
    list_actions: [],
    ...overrides,
  };
}
