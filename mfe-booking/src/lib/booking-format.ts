import type { Booking, BookingStatus } from '@guestspot/shared-api';

// How a booking reads and where it leads, for every page of this remote that shows one (the
// list, the dashboard card, the booking page).

/** The order number reads #000 followed by the id. */
export function orderNumber(id: number): string {
  return `#000${id}`;
}

/** The booking's own page (spec §2: "A booking row links to /bookings/{id}"). */
export function bookingPath(id: number): string {
  return `/bookings/${id}`;
}

/** The other side's public profile: /guests/{id} for the show's owner, /shows/{id} for the guest's. */
export function counterpartPath({ counterpart }: Pick<Booking, 'counterpart'>): string {
  return counterpart.type === 'guest' ? `/guests/${counterpart.id}` : `/shows/${counterpart.id}`;
}

export const statusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  scheduled: 'Scheduled',
  completed: 'Completed',
  // A rejection is a cancellation by the invitee (decision 099).
  canceled: 'Canceled',
  expired: 'Expired',
};

/**
 * Spec §4 "Colours": pending orange; accepted and scheduled green (the spec's confirmed is a
 * scheduled booking with a date, decision 111); completed pink; expired and canceled red.
 */
export const statusColours: Record<BookingStatus, 'orange' | 'green' | 'pink' | 'red'> = {
  pending: 'orange',
  accepted: 'green',
  scheduled: 'green',
  completed: 'pink',
  canceled: 'red',
  expired: 'red',
};
