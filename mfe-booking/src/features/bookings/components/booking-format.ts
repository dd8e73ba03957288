import type { BookingStatus } from '@guestspot/shared-api';

/** The order number reads #000 followed by the id. */
export function orderNumber(id: number): string {
  return `#000${id}`;
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
