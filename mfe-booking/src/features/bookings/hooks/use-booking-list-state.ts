import { startTransition, useCallback, useMemo, useOptimistic } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { currentMonth, viewerTimezone } from '@guestspot/shared-ui/calendar-picker';
import { readListState, writeListState, type BookingListState } from '../lib/list-state';

/**
 * The list's filters, sort, view and page from the URL, and a setter that writes them back. Any
 * change but the page's goes back to page 1; typing in the search replaces the history entry.
 * The shell applies a navigation in a transition (the page stays until the next is ready), so
 * the change is shown at once, optimistically, until the URL has it: a ticked box stays ticked.
 */
export function useBookingListState() {
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const zone = viewerTimezone(user?.timezone);
  const thisMonth = currentMonth(zone);
  const fromUrl = useMemo(() => readListState(params, thisMonth), [params, thisMonth]);
  const [state, show] = useOptimistic(
    fromUrl,
    (current: BookingListState, patch: Partial<BookingListState>) => ({
      ...current,
      page: 1,
      ...patch,
    }),
  );

  const update = useCallback(
    (patch: Partial<BookingListState>, { replace = false }: { replace?: boolean } = {}) => {
      startTransition(() => {
        show(patch);
        setParams(
          (current) => {
            const next = { ...readListState(current, thisMonth), page: 1, ...patch };
            return writeListState(next, thisMonth);
          },
          { replace },
        );
      });
    },
    [setParams, show, thisMonth],
  );

  return { state, update, zone, thisMonth };
}
