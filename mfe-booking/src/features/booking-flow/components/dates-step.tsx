import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useCurrentUser } from '@guestspot/shared-api';
import { getAvailabilitySlots } from '@guestspot/shared-api/booking-flow';
import {
  CalendarPicker,
  DATES_REQUIRED,
  currentMonth,
  monthOf,
  viewerTimezone,
} from '@guestspot/shared-ui/calendar-picker';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { useBookingFlowStore } from '../hooks/use-booking-flow-store';
import { BookingStep } from './booking-step';

/**
 * Proposed dates (guest side): a month of the guest's free slots in the viewer's timezone, 1 to
 * 3 picks (a fourth drops the oldest), never a past month or time. Picks are kept in UTC.
 */
export function DatesStep() {
  const flow = useBookingFlow('dates');
  const user = useCurrentUser();
  const zone = viewerTimezone(user?.timezone);
  const [month, setMonth] = useState(() =>
    flow.values.dates[0] ? monthOf(flow.values.dates[0], zone) : currentMonth(zone),
  );
  const [error, setError] = useState<string | null>(null);
  // Slots long enough for the chosen interview (decision 100).
  const duration = flow.values.duration ?? undefined;
  const slots = useQuery({
    queryKey: queryKeys.availabilitySlots(flow.profileId, month, zone, duration),
    queryFn: () => getAvailabilitySlots(flow.profileId, { month, timezone: zone, duration }),
  });
  const picks = flow.values.dates;
  const serverFields = flow.values.errors.dates?.fields ?? {};
  const shownError = error ?? Object.values(serverFields)[0];

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
      <CalendarPicker
        month={month}
        onMonthChange={setMonth}
        slotsByDay={slots.data}
        loading={slots.isPending}
        error={slots.isError}
        onRetry={() => void slots.refetch()}
        picks={picks}
        onPicksChange={(dates) => {
          setError(null);
          // A new pick answers the server's "pick another time": its message goes.
          useBookingFlowStore.getState().clearStepErrors('dates');
          flow.update({ dates });
        }}
        zone={zone}
      />
      {shownError ? (
        <p className="gs-booking-flow__error" role="alert">
          {shownError}
        </p>
      ) : null}
    </BookingStep>
  );
}
