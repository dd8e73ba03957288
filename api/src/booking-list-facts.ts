// The bookings list's facts (booking-management… §2 "Bookings list page", §4, §9; decision 117),
// one copy for the server's checks and the browser's controls. shared-api re-exports this file,
// so keep it free of imports and of anything server-only.

/** Spec §9: the list shows 10 bookings a page. */
export const BOOKINGS_PAGE_SIZE = 10;

/** Spec §9: the amount slider goes up to 1000 dollars, sent in cents. */
export const MAX_AMOUNT_FILTER_CENTS = 100_000;

/** Spec §9: the search box asks the server 500 ms after the last key. */
export const BOOKING_SEARCH_DEBOUNCE_MS = 500;

/** The longest a calendar-view range may be (a month grid is at most six weeks). */
export const MAX_CALENDAR_DAYS = 42;

/**
 * Spec §2 "Filters": the status filter's ids, each the stored status it selects (a rejection is
 * canceled, decision 099; the spec's confirmed is scheduled with a date, decision 111).
 */
export const BOOKING_STATUS_FILTERS = {
  is_completed: 'completed',
  is_scheduled: 'scheduled',
  is_accepted: 'accepted',
  is_pending: 'pending',
  is_canceled: 'canceled',
  is_expired: 'expired',
} as const;
export type BookingStatusFilter = keyof typeof BOOKING_STATUS_FILTERS;
export const BOOKING_STATUS_FILTER_IDS = Object.keys(
  BOOKING_STATUS_FILTERS,
) as readonly BookingStatusFilter[];

/** The shell's badge and see-bookings (spec §7): the statuses a new booking is counted in. */
export const NEW_BOOKING_STATUSES = ['pending', 'accepted', 'scheduled'] as const;

/**
 * How a row and a calendar entry show a booking (spec §4 "derived by priority: completed, then
 * canceled, then confirmed, then expired, otherwise pending"). An accepted booking, and one
 * scheduled without a date, keep their own names: the spec paints them green, so they show
 * (decision 117).
 */
export const LIST_STATUSES = [
  'completed',
  'canceled',
  'confirmed',
  'expired',
  'accepted',
  'scheduled',
  'pending',
] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export const LIST_STATUS_LABELS: Record<ListStatus, string> = {
  completed: 'Completed',
  canceled: 'Canceled',
  confirmed: 'Confirmed',
  expired: 'Expired',
  accepted: 'Accepted',
  scheduled: 'Scheduled',
  pending: 'Pending',
};

/** What the row status is derived from (the stored status and whether a date is agreed). */
export interface ListStatusFields {
  status: 'pending' | 'accepted' | 'scheduled' | 'completed' | 'canceled' | 'expired';
  booking_date: Date | string | null;
  scheduled_without_date: boolean;
}

/** The row's status by the spec's priority. */
export function listStatusOf(booking: ListStatusFields): ListStatus {
  if (booking.status === 'scheduled') {
    return booking.booking_date !== null && !booking.scheduled_without_date
      ? 'confirmed'
      : 'scheduled';
  }
  return booking.status;
}

/** Spec §7 filter[bookedBy]: the viewer's side asked for it (me) or the other side did (others). */
export const BOOKED_BY = ['me', 'others'] as const;
export type BookedBy = (typeof BOOKED_BY)[number];

/** Spec §9 sorts: default -booking_date (the interview's date, newest first). */
export const BOOKING_SORTS = [
  '-booking_date',
  'booking_date',
  '-created_at',
  'created_at',
  '-price',
  'price',
] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];
export const DEFAULT_BOOKING_SORT: BookingSort = '-booking_date';

/** The list-level actions (spec §5: confirm a date; reject with an optional reason). */
export const LIST_ACTIONS = ['confirm', 'reject'] as const;
export type ListAction = (typeof LIST_ACTIONS)[number];

/** The CSV's file name (spec §2: "downloads bookings.csv"). */
export const BOOKINGS_EXPORT_FILE = 'bookings.csv';
