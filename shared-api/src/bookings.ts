import { api } from '@guestspot/shared-api';
import { toSearchParams, type ListParams } from '@guestspot/shared-api';
import type { Booking, Paginated } from './types';

export function listBookings(params: ListParams = {}): Promise<Paginated<Booking>> {
  return api.get('bookings', { searchParams: toSearchParams(params) }).json();
}
