import type { Booking, BookingStatus } from '@guestspot/shared-api';

/** The order number reads #000 followed by the id. */
export function orderNumber(id: number): string {
  return `#000${id}`;
}

/**
 * Where a booking's name leads: the other side's public profile. The spec's row links to
 * /bookings/{id}, a page no remote publishes until booking management lands, and a link must go
 * somewhere (decision 108); switch to it then.
 */
export function counterpartPath({ counterpart }: Pick<Booking, 'counterpart'>): string {
  return counterpart.type === 'guest' ? `/guests/${counterpart.id}` : `/shows/${counterpart.id}`;
}

export const statusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  // A rejection is a cancellation by the invitee (decision 099).
  canceled: 'Canceled',
  expired: 'Expired',
};

export const statusTones: Record<
  BookingStatus,
  'info' | 'success' | 'warning' | 'danger' | 'neutral'
> = {
  pending: 'warning',
  accepted: 'info',
  scheduled: 'info',
  confirmed: 'success',
  completed: 'success',
  canceled: 'danger',
  expired: 'neutral',
};
