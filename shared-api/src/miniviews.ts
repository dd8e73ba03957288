import { api } from './client';
import { toSearchParams, type ListParams } from './list-params';
import type { Miniview, Paginated } from './types';

export function listMiniviews(params: ListParams = {}): Promise<Paginated<Miniview>> {
  return api.get('miniviews', { searchParams: toSearchParams(params) }).json();
}
