import { api } from './client';
import { toSearchParams, type ListParams } from './list-params';
import type { Booking, Paginated } from './types';

export function listBookings(params: ListParams = {}): Promise<Paginated<Booking>> {
  return api.get('bookings', { searchParams: toSearchParams(params) }).json();
}
