import { api } from './client';
import { toSearchParams, type ListParams } from './list-params';
import type { DataEnvelope, GuestProfile, Paginated } from './types';

export function listGuests(params: ListParams = {}): Promise<Paginated<GuestProfile>> {
  return api.get('guests', { searchParams: toSearchParams(params) }).json();
}

export async function getGuest(idOrSlug: number | string): Promise<GuestProfile> {
  const body = await api.get(`guests/${idOrSlug}`).json<DataEnvelope<GuestProfile>>();
  return body.data;
}
