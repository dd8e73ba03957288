import { api } from '@guestspot/shared-api';
import type { ConnectCandidate, Paginated, ProfileListType } from './types';

// Connect recommendations (spec §2.8, §7 "Connect"): candidates of the other side to swipe.

/** Spec §9: a page of connect candidates holds 10. */
export const CONNECT_PAGE_LIMIT = 10;

export interface ConnectCandidateParams {
  page?: number;
  limit?: number;
  /** interests to match instead of those of the user's own profiles */
  tags?: (number | string)[];
  categories?: number[];
  /** profile ids the client already holds (skipped ones come back only in a later session) */
  exclude?: number[];
}

/** GET /{guests|shows}/connect-candidates (Pro; 426 otherwise). */
export function listConnectCandidates(
  type: ProfileListType,
  { page = 1, limit = CONNECT_PAGE_LIMIT, tags, categories, exclude }: ConnectCandidateParams = {},
): Promise<Paginated<ConnectCandidate>> {
  const searchParams = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (tags?.length) searchParams.set('tags', tags.join(','));
  if (categories?.length) searchParams.set('categories', categories.join(','));
  if (exclude?.length) searchParams.set('exclude', exclude.join(','));
  return api.get(`${type}/connect-candidates`, { searchParams }).json();
}

/** POST /{guests|shows}/reject-connect-candidate: 'nope', never offered again. */
export async function rejectConnectCandidate(type: ProfileListType, id: number): Promise<void> {
  const json = type === 'guests' ? { guest_profile_id: id } : { show_profile_id: id };
  await api.post(`${type}/reject-connect-candidate`, { json });
}
