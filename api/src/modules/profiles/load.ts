import type { MarketplaceProfile, ProfileListType } from '../../contract';
import type { DB } from '../../db/database';
import { loadGuestProfiles } from '../guests/queries';
import { loadShowProfiles } from '../shows/queries';
import { GUEST_KIND, SHOW_KIND, type ProfileKind } from './queries';

/** `guests` / `shows` (URLs, /home?type=) to the tables behind them. */
export function kindOf(type: ProfileListType): ProfileKind {
  return type === 'guests' ? GUEST_KIND : SHOW_KIND;
}

/** Guest or show card payloads for these ids, in the same order. */
export function loadMarketplaceProfiles(
  db: DB,
  type: ProfileListType,
  ids: number[],
  viewerId: number | null,
): Promise<MarketplaceProfile[]> {
  return type === 'guests'
    ? loadGuestProfiles(db, ids, viewerId)
    : loadShowProfiles(db, ids, viewerId);
}
