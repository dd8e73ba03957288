import { Type, type Static } from 'typebox';
import { Int, Nullable, Str, StringEnum } from './builders';
import { DataSchema, PaginatedSchema } from './common';
import { BookingSchema } from './bookings';
import {
  BOOKED_BY,
  BOOKING_SORTS,
  LIST_ACTIONS,
  LIST_STATUSES,
  MAX_CALENDAR_DAYS,
} from '../booking-list-facts';

// The bookings list's tools (booking-management… §2, §3 "Booking stats", §7; decision 117): the
// list's rows, the stats cards, the calendar view and see-bookings. GET /bookings/export answers
// text/csv (no schema: a stream).

/** `YYYY-MM` (filter[month]). */
export const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
/** `YYYY-MM-DD` (calendar-view's from and to). */
export const DAY_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

export const ListStatusSchema = StringEnum(LIST_STATUSES);
export const ListActionSchema = StringEnum(LIST_ACTIONS);
export const BookedBySchema = StringEnum(BOOKED_BY);
export const BookingSortSchema = StringEnum(BOOKING_SORTS);

/** A row of GET /bookings: the booking as listed, with what the row shows and offers. */
export const BookingListItemSchema = Type.Object({
  ...BookingSchema.properties,
  /** the row's status by the spec's priority (§4), with its colour */
  list_status: ListStatusSchema,
  /** whether the viewer's side asked for it */
  booked_by: BookedBySchema,
  /** minutes; null when not set */
  interview_duration: Nullable(Int()),
  /** the list-level actions the viewer may take now (the routes' own rules) */
  list_actions: Type.Array(ListActionSchema),
});
export type BookingListItem = Static<typeof BookingListItemSchema>;

/** GET /bookings */
export const BookingListPageSchema = PaginatedSchema(BookingListItemSchema);

/** GET /bookings/stats (§3 "Booking stats": confirmed, pending, completed). */
export const BookingStatsSchema = Type.Object({
  /** scheduled with an agreed date (the rows that read 'Confirmed') */
  confirmed: Int(),
  /** waiting for the invitee's answer */
  pending: Int(),
  /** completed (the card titled 'Canceled Bookings' shows it, as the spec does) */
  completed: Int(),
});
export type BookingStats = Static<typeof BookingStatsSchema>;
export const BookingStatsAnswerSchema = DataSchema(BookingStatsSchema);

/** GET /bookings/calendar-view?from&to[&booked_by] */
export const BookingCalendarQuerySchema = Type.Object({
  from: Str({
    pattern: { regex: DAY_PATTERN, message: 'The from field must be a date (YYYY-MM-DD).' },
  }),
  to: Str({
    pattern: { regex: DAY_PATTERN, message: 'The to field must be a date (YYYY-MM-DD).' },
  }),
  booked_by: Type.Optional(BookedBySchema),
});
export type BookingCalendarQuery = Static<typeof BookingCalendarQuerySchema>;

/** One booking on the calendar, on the day of its interview in the viewer's time zone. */
export const BookingCalendarEntrySchema = Type.Object({
  id: Int(),
  list_status: ListStatusSchema,
  /** the interview's start, UTC */
  booking_date: Type.String(),
  /** minutes; null when not set */
  interview_duration: Nullable(Int()),
  is_pitch: Type.Boolean(),
  /** cents */
  price: Int(),
  booked_by: BookedBySchema,
  counterpart: BookingSchema.properties.counterpart,
});
export type BookingCalendarEntry = Static<typeof BookingCalendarEntrySchema>;

/** `data`: the days of the range (YYYY-MM-DD in `timezone`) that have bookings, each in time order. */
export const BookingCalendarAnswerSchema = Type.Object({
  data: Type.Record(Type.String(), Type.Array(BookingCalendarEntrySchema)),
  /** the viewer's time zone the days are read in */
  timezone: Type.String(),
});
export type BookingCalendar = Static<typeof BookingCalendarAnswerSchema>;

/** PATCH /bookings/see-bookings: the new-bookings badge once the viewer's bookings are seen. */
export const SeeBookingsAnswerSchema = DataSchema(Type.Object({ new_bookings_count: Int() }));
export type SeeBookingsAnswer = Static<typeof SeeBookingsAnswerSchema>;

/** The longest calendar range, for the 422's words. */
export const CALENDAR_RANGE_MESSAGE = `The calendar shows at most ${MAX_CALENDAR_DAYS} days.`;
