import type { Booking, BookingStatus } from '@guestspot/shared-api';
import { LIST_STATUS_LABELS, type ListStatus } from '@guestspot/shared-api/booking-list';

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

/**
 * A stored status, or a list row's (the list derives 'confirmed' by the spec's priority: a
 * scheduled booking with an agreed date, decision 117; the labels are the server's).
 */
export type ShownStatus = BookingStatus | ListStatus;

export const statusLabels: Record<ShownStatus, string> = LIST_STATUS_LABELS;

/**
 * Spec §4 "Colours": pending orange; confirmed, accepted and scheduled green; completed pink;
 * expired and canceled red (a rejection is a cancellation by the invitee, decision 099).
 */
export const statusColours: Record<ShownStatus, 'orange' | 'green' | 'pink' | 'red'> = {
  pending: 'orange',
  accepted: 'green',
  scheduled: 'green',
  confirmed: 'green',
  completed: 'pink',
  canceled: 'red',
  expired: 'red',
};
