import { api } from '@guestspot/shared-api';
import type { Paginated, ProfileListType, Review } from './types';

/** GET /{guests|shows}/{id|slug}/reviews: newest first. */
export function listReviews(
  type: ProfileListType,
  idOrSlug: number | string,
  page = 1,
): Promise<Paginated<Review>> {
  return api.get(`${type}/${idOrSlug}/reviews`, { searchParams: { page } }).json();
}
