import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { currentMonth, viewerTimezone } from '@guestspot/shared-ui/calendar-picker';
import { readListState, writeListState, type BookingListState } from '../lib/list-state';

/**
 * The list's filters, sort, view and page from the URL, and a setter that writes them back. Any
 * change but the page's goes back to page 1; typing in the search replaces the history entry.
 */
export function useBookingListState() {
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const zone = viewerTimezone(user?.timezone);
  const thisMonth = currentMonth(zone);
  const state = useMemo(() => readListState(params, thisMonth), [params, thisMonth]);

  const update = useCallback(
    (patch: Partial<BookingListState>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = { ...readListState(current, thisMonth), page: 1, ...patch };
          return writeListState(next, thisMonth);
        },
        { replace },
      );
    },
    [setParams, thisMonth],
  );

  return { state, update, zone, thisMonth };
}
