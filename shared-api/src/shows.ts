import { api } from './client';
import { toSearchParams, type ListParams } from './list-params';
import type { DataEnvelope, Paginated, ShowProfile } from './types';

export function listShows(params: ListParams = {}): Promise<Paginated<ShowProfile>> {
  return api.get('shows', { searchParams: toSearchParams(params) }).json();
}

export async function getShow(idOrSlug: number | string): Promise<ShowProfile> {
  const body = await api.get(`shows/${idOrSlug}`).json<DataEnvelope<ShowProfile>>();
  return body.data;
}
