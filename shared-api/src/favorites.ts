import { api } from '@guestspot/shared-api';
import type { FavoriteToggle, ProfileListType } from './types';

/** PUT /favorites/{guests|shows}/{id}: flips the favourite; the answer says the new state. */
export function toggleFavorite(type: ProfileListType, id: number): Promise<FavoriteToggle> {
  return api.put(`favorites/${type}/${id}`).json();
}
