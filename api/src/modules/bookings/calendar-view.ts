import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { listStatusOf, MAX_CALENDAR_DAYS } from '../../booking-list-facts';
import {
  CALENDAR_RANGE_MESSAGE,
  type BookingCalendar,
  type BookingCalendarEntry,
  type BookingCalendarQuery,
} from '../../contract';
import type { DB } from '../../db/database';
import { ValidationError } from '../../http/errors';
import type { AuthUser } from '../auth/require-user';
import { zoneOf } from './list-query';
import { bookedByIs, inScope, listedSide, rolesOn, viewerScope } from './list-scope';
import { bookingsWithProfiles, toBooking, BOOKING_COLUMNS } from './queries';

// GET /bookings/calendar-view?from&to[&booked_by] (booking-management… §7): the viewer's bookings
// whose interview falls on the days from..to (inclusive) of the viewer's own time zone, keyed by
// that day. A booking without a date (a request still pending) has no day on a calendar.

/** The instants [from, to) of the days from..to in `zone`; 422 for a range that is not one. */
export function calendarRange(query: Pick<BookingCalendarQuery, 'from' | 'to'>, zone: string) {
  const from = DateTime.fromISO(query.from, { zone }).startOf('day');
  const last = DateTime.fromISO(query.to, { zone }).startOf('day');
  if (!from.isValid) throw ValidationError.single('from', 'The from field must be a valid date.');
  if (!last.isValid) throw ValidationError.single('to', 'The to field must be a valid date.');
  if (last < from) {
    throw ValidationError.single('to', 'The to field must be a date after or equal to from.');
  }
  // Calendar days, not 24-hour spans: a daylight-saving day is 23 or 25 hours long.
  if (last.diff(from, 'days').days + 1 > MAX_CALENDAR_DAYS) {
    throw ValidationError.single('to', CALENDAR_RANGE_MESSAGE);
  }
  return { from: from.toJSDate(), to: last.plus({ days: 1 }).toJSDate() };
}

export async function calendarOf(
  db: DB,
  viewer: AuthUser,
  query: BookingCalendarQuery,
): Promise<BookingCalendar> {
  const zone = zoneOf(viewer);
  const { from, to } = calendarRange(query, zone);
  const scope = await viewerScope(db, viewer);
  let bookings = bookingsWithProfiles(db)
    .where(inScope(scope))
    .where(sql<boolean>`b.booking_date >= ${from} and b.booking_date < ${to}`);
  if (query.booked_by) bookings = bookings.where(bookedByIs(scope, query.booked_by));
  const rows = await bookings
    .select([
      ...BOOKING_COLUMNS,
      'b.guest_profile_id',
      'b.show_profile_id',
      'b.interview_duration',
      'b.scheduled_without_date',
    ])
    .orderBy('b.booking_date')
    .orderBy('b.id')
    .execute();

  const days: Record<string, BookingCalendarEntry[]> = {};
  for (const row of rows) {
    if (row.booking_date === null) continue;
    const { side, bookedBy } = listedSide(rolesOn(scope, row), row.initiator);
    const day = DateTime.fromJSDate(row.booking_date, { zone }).toISODate() ?? '';
    (days[day] ??= []).push({
      id: row.id,
      list_status: listStatusOf(row),
      booking_date: row.booking_date.toISOString(),
      interview_duration: row.interview_duration,
      is_pitch: row.is_pitch,
      price: row.price,
      booked_by: bookedBy,
      counterpart: toBooking(row, side).counterpart,
    });
  }
  return { data: days, timezone: zone };
}
