import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys, useSessionStore } from '@guestspot/shared-api';
import { listBookings } from '@guestspot/shared-api/bookings';
import {
  BOOKINGS_EXPORT_FILE,
  exportBookings,
  getBookingCalendar,
  getBookingStats,
  seeBookings,
  type BookedBy,
} from '@guestspot/shared-api/booking-list';
import { listParamsOf, type BookingListState } from '../lib/list-state';

/** GET /bookings with the URL's filters; the previous page stays on screen while the next loads. */
export function useBookingList(state: BookingListState) {
  const params = listParamsOf(state);
  return useQuery({
    queryKey: queryKeys.bookings(params),
    queryFn: () => listBookings(params),
    placeholderData: keepPreviousData,
  });
}

/** GET /bookings/stats: the three cards. */
export function useBookingStats() {
  return useQuery({ queryKey: queryKeys.bookingStats, queryFn: getBookingStats });
}

/** GET /bookings/calendar-view for the days a month grid shows. */
export function useBookingCalendar(from: string, to: string, bookedBy: BookedBy | null) {
  return useQuery({
    queryKey: queryKeys.bookingCalendar(from, to, bookedBy),
    queryFn: () => getBookingCalendar({ from, to, booked_by: bookedBy ?? undefined }),
    placeholderData: keepPreviousData,
  });
}

/** Saves a Blob as a file through a temporary link (the browser's own download). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // after the click has handed the file to the browser
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** GET /bookings/export, saved as bookings.csv. */
export function useExportBookings() {
  return useMutation({
    mutationFn: exportBookings,
    onSuccess: (file) => saveFile(file, BOOKINGS_EXPORT_FILE),
  });
}

/**
 * Spec §7 see-bookings: once the list has loaded (its rows keep their New marks for this
 * visit), the viewer's bookings are marked seen and the sub-nav's badge takes the new figure.
 */
export function useSeeBookings(listLoaded: boolean) {
  const newCount = useSessionStore((session) => session.user?.new_bookings_count ?? 0);
  const sent = useRef(false);
  const { mutate } = useMutation({
    mutationFn: seeBookings,
    onSuccess: (count) => {
      const { user } = useSessionStore.getState();
      if (user) useSessionStore.setState({ user: { ...user, new_bookings_count: count } });
    },
  });
  useEffect(() => {
    if (!listLoaded || newCount === 0 || sent.current) return;
    sent.current = true;
    mutate();
  }, [listLoaded, newCount, mutate]);
}
