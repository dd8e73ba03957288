import { Link } from 'react-router-dom';
import type { BookedBy, BookingCalendarEntry } from '@guestspot/shared-api/booking-list';
import { Alert, Skeleton, SkeletonGroup } from '@guestspot/shared-ui';
import {
  formatDay,
  formatMonth,
  formatSlotTime,
  monthGrid,
  toUtcDateTime,
} from '@guestspot/shared-ui/calendar-picker';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { bookingPath, orderNumber } from '../../../lib/booking-format';
import { useBookingCalendar } from '../hooks/use-booking-list';
import './bookings-calendar.css';

/** Spec §8: the alert when the calendar cannot be loaded (the spec's words). */
export const CALENDAR_FAILED = 'There was an error while trying to fetch calendar bookings';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function Entry({ entry, zone }: { entry: BookingCalendarEntry; zone: string }) {
  return (
    <li className="gs-booking-calendar__entry">
      <Link to={bookingPath(entry.id)} className="gs-booking-calendar__link">
        <span className="gs-booking-calendar__time">
          {formatSlotTime(toUtcDateTime(entry.booking_date), zone)}
        </span>{' '}
        <span className="gs-booking-calendar__name">{entry.counterpart.name}</span>
        <span className="visually-hidden"> (booking {orderNumber(entry.id)})</span>
      </Link>
      <BookingStatusBadge status={entry.list_status} className="gs-booking-calendar__status" />
    </li>
  );
}

/**
 * The calendar view (spec §2, §7 calendar-view): the month's days in the viewer's zone, each
 * with its bookings in time order and their status colours. Seven columns from a tablet up; on a
 * phone, only the days that have bookings, one under the other. Its own chunk: the list does
 * not download it.
 */
export function BookingsCalendar({
  month,
  bookedBy,
  zone,
}: {
  month: string;
  bookedBy: BookedBy | null;
  zone: string;
}) {
  const days = monthGrid(month);
  const dates = days.filter((day): day is string => day !== null);
  const calendar = useBookingCalendar(dates[0]!, dates[dates.length - 1]!, bookedBy);

  if (calendar.isPending) {
    return (
      <SkeletonGroup label="Loading the calendar">
        <Skeleton variant="block" height={320} />
      </SkeletonGroup>
    );
  }
  if (calendar.isError) {
    return <Alert tone="danger">{CALENDAR_FAILED}</Alert>;
  }
  const byDay = calendar.data.data;
  const empty = dates.every((day) => !byDay[day]?.length);
  return (
    <section className="gs-booking-calendar" aria-label={`Calendar, ${formatMonth(month)}`}>
      <div className="gs-booking-calendar__weekdays" aria-hidden="true">
        {WEEKDAYS.map((weekday) => (
          <span key={weekday}>{weekday}</span>
        ))}
      </div>
      <ol className="gs-booking-calendar__days">
        {days.map((day, index) =>
          day === null ? (
            <li key={`pad-${index}`} className="gs-booking-calendar__pad" aria-hidden="true" />
          ) : (
            <li
              key={day}
              className="gs-booking-calendar__day"
              data-empty={byDay[day]?.length ? undefined : ''}
            >
              <h2 className="gs-booking-calendar__date">
                <span aria-hidden="true">{Number(day.slice(8))}</span>
                <span className="visually-hidden">{formatDay(day)}</span>
              </h2>
              {byDay[day]?.length ? (
                <ul className="gs-booking-calendar__entries">
                  {byDay[day].map((entry) => (
                    <Entry key={entry.id} entry={entry} zone={zone} />
                  ))}
                </ul>
              ) : null}
            </li>
          ),
        )}
      </ol>
      {empty ? <p className="gs-booking-calendar__empty">No bookings found.</p> : null}
    </section>
  );
}
