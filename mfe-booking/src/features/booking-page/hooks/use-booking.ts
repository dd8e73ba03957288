import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type BookingConfirmPayload,
  type BookingReasonPayload,
  type BookingSchedulingLinkPayload,
} from '@guestspot/shared-api';
import { actOnBooking, getBooking, getBookingActivities } from '@guestspot/shared-api/bookings';

/** Spec §9: the activity feed asks again every 10 seconds. */
export const ACTIVITY_POLL_MS = 10_000;

export type ActivitySort = 'asc' | 'desc';

/** GET /bookings/{id}: the page's booking as the viewer reads it. */
export function useBooking(id: number) {
  return useQuery({ queryKey: queryKeys.booking(id), queryFn: () => getBooking(id) });
}

/** GET /bookings/{id}/activities?sort=: the timeline, polled while the page is open. */
export function useBookingActivities(id: number, sort: ActivitySort) {
  return useQuery({
    queryKey: queryKeys.bookingActivities(id, sort),
    queryFn: () => getBookingActivities(id, sort),
    refetchInterval: ACTIVITY_POLL_MS,
  });
}

/** The actions this page sends itself (the calendar dialog sends propose-date and the others). */
export type BookingActRequest =
  | { action: 'accept' }
  | { action: 'reject' | 'cancel'; payload: BookingReasonPayload }
  | { action: 'confirm'; payload: BookingConfirmPayload }
  | { action: 'scheduling-link'; payload: BookingSchedulingLinkPayload };

function send(id: number, request: BookingActRequest) {
  switch (request.action) {
    case 'accept':
      return actOnBooking(id, 'accept');
    case 'reject':
      return actOnBooking(id, 'reject', request.payload);
    case 'cancel':
      return actOnBooking(id, 'cancel', request.payload);
    case 'confirm':
      return actOnBooking(id, 'confirm', request.payload);
    case 'scheduling-link':
      return actOnBooking(id, 'scheduling-link', request.payload);
  }
}

/**
 * PATCH /bookings/{id}/{action}. Settled either way, the booking, its timeline and every list
 * are read again (they sit under allBookings): a refusal (409) means the booking moved meanwhile.
 */
export function useActOnBooking(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.booking(id),
    mutationFn: (request: BookingActRequest) => send(id, request),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.allBookings }),
  });
}

/** Whether an action on the booking is being sent: its other actions wait meanwhile. */
export function useActingOnBooking(id: number): boolean {
  return useIsMutating({ mutationKey: queryKeys.booking(id) }) > 0;
}
