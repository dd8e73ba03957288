import { useState } from 'react';
import { DateTime } from 'luxon';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useCurrentUser } from '@guestspot/shared-api';
import { getAvailabilitySlots } from '@guestspot/shared-api/booking-flow';
import {
  Button,
  ErrorState,
  IconChevronLeft,
  IconChevronRight,
  Spinner,
  cx,
} from '@guestspot/shared-ui';
import { MAX_PROPOSED_DATES } from '@guestspot/shared-api/booking-facts';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { useBookingFlowStore } from '../hooks/use-booking-flow-store';
import {
  DATES_REQUIRED,
  currentMonth,
  formatPick,
  isFutureSlot,
  monthGrid,
  shiftMonth,
  togglePick,
  utcToDateTime,
  viewerTimezone,
} from '../lib/dates';
import { BookingStep } from './booking-step';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Proposed dates (guest side): a month of the guest's free slots in the viewer's timezone, 1 to
 * 3 picks (a fourth drops the oldest), never a past month or time. Picks are kept in UTC.
 */
export function DatesStep() {
  const flow = useBookingFlow('dates');
  const user = useCurrentUser();
  const zone = viewerTimezone(user?.timezone);
  const firstMonth = currentMonth(zone);
  const [month, setMonth] = useState(() =>
    flow.values.dates[0]
      ? utcToDateTime(flow.values.dates[0]).setZone(zone).toFormat('yyyy-MM')
      : firstMonth,
  );
  const [day, setDay] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Slots long enough for the chosen interview (decision 100).
  const duration = flow.values.duration ?? undefined;
  const slots = useQuery({
    queryKey: queryKeys.availabilitySlots(flow.profileId, month, zone, duration),
    queryFn: () => getAvailabilitySlots(flow.profileId, { month, timezone: zone, duration }),
  });
  const now = DateTime.utc();
  const freeByDay = new Map(
    Object.entries(slots.data ?? {}).map(([date, list]) => [
      date,
      list.filter((slot) => isFutureSlot(slot, now)),
    ]),
  );
  const daySlots = day ? (freeByDay.get(day) ?? []) : [];
  const picks = flow.values.dates;
  const serverFields = flow.values.errors.dates?.fields ?? {};
  const shownError = error ?? Object.values(serverFields)[0];
  const monthLabel = DateTime.fromFormat(month, 'yyyy-MM').toFormat('LLLL yyyy');

  const pick = (utc: string) => {
    setError(null);
    // A new pick answers the server's "pick another time": its message goes.
    useBookingFlowStore.getState().clearStepErrors('dates');
    flow.update({ dates: togglePick(picks, utc) });
  };

  return (
    <BookingStep
      flow={flow}
      step="dates"
      validate={() => {
        if (picks.length > 0) return true;
        setError(DATES_REQUIRED);
        return false;
      }}
    >
      <p className="gs-booking-flow__hint">
        Choose up to {MAX_PROPOSED_DATES} times that suit you. Times are shown in {zone}.
      </p>
      <div className="gs-booking-flow__month">
        <Button
          variant="ghost"
          aria-label="Previous month"
          disabled={month <= firstMonth}
          onClick={() => {
            setDay(null);
            setMonth(shiftMonth(month, -1));
          }}
        >
          <IconChevronLeft />
        </Button>
        <h2 className="gs-booking-flow__month-label" aria-live="polite">
          {monthLabel}
        </h2>
        <Button
          variant="ghost"
          aria-label="Next month"
          onClick={() => {
            setDay(null);
            setMonth(shiftMonth(month, 1));
          }}
        >
          <IconChevronRight />
        </Button>
      </div>
      {slots.isError ? (
        <ErrorState onRetry={() => void slots.refetch()} />
      ) : slots.isPending ? (
        <Spinner label="Loading available times" />
      ) : (
        <div className="gs-booking-flow__grid" role="group" aria-label={`Days of ${monthLabel}`}>
          {WEEKDAYS.map((weekday) => (
            <span key={weekday} className="gs-booking-flow__weekday" aria-hidden="true">
              {weekday}
            </span>
          ))}
          {monthGrid(month).map((date, index) => {
            if (!date) return <span key={`pad-${index}`} aria-hidden="true" />;
            const free = (freeByDay.get(date)?.length ?? 0) > 0;
            const label = DateTime.fromISO(date).toFormat('cccc, LLLL d');
            return (
              <button
                key={date}
                type="button"
                className={cx('gs-booking-flow__day', day === date && 'is-selected')}
                disabled={!free}
                aria-pressed={day === date}
                aria-label={free ? label : `${label}, no times available`}
                onClick={() => setDay(date)}
              >
                {Number(date.slice(8))}
              </button>
            );
          })}
        </div>
      )}
      {day ? (
        <fieldset className="gs-booking-flow__slots">
          <legend className="gs-booking-flow__legend">
            Times on {DateTime.fromISO(day).toFormat('cccc, LLLL d')}
          </legend>
          {daySlots.map((slot) => (
            <button
              key={slot.utc}
              type="button"
              className={cx('gs-booking-flow__slot', picks.includes(slot.utc) && 'is-selected')}
              aria-pressed={picks.includes(slot.utc)}
              onClick={() => pick(slot.utc)}
            >
              {utcToDateTime(slot.utc).setZone(zone).toFormat('h:mm a')}
            </button>
          ))}
        </fieldset>
      ) : null}
      <h2 className="gs-booking-flow__subtitle">
        Your proposed times ({picks.length} of {MAX_PROPOSED_DATES})
      </h2>
      {picks.length > 0 ? (
        <ul className="gs-booking-flow__picks" aria-label="Proposed times">
          {picks.map((utc) => (
            <li key={utc}>
              <span>{formatPick(utc, zone)}</span>
              <Button variant="ghost" size="sm" onClick={() => pick(utc)}>
                Remove<span className="visually-hidden"> {formatPick(utc, zone)}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {shownError ? (
        <p className="gs-booking-flow__error" role="alert">
          {shownError}
        </p>
      ) : null}
    </BookingStep>
  );
}
