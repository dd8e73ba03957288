import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, type ProfileListType } from '@guestspot/shared-api';

/** The cached queries whose data carries profiles with is_favourited: lists, home, profiles. */
const PROFILE_ROOTS: string[] = [
  queryKeys.guests({})[0],
  queryKeys.shows({})[0],
  queryKeys.home('')[0],
  queryKeys.profile('', '')[0],
];

const isProfileQuery = (queryKey: readonly unknown[]) =>
  PROFILE_ROOTS.includes(String(queryKey[0]));

/** Guests say type 'guest'; shows carry prices instead. */
function isProfileOf(record: Record<string, unknown>, type: ProfileListType, id: number) {
  if (record.id !== id || !('is_favourited' in record)) return false;
  return type === 'guests' ? record.type === 'guest' : 'prices' in record;
}

/** A copy of `value` with this profile's is_favourited set; the same object when it has none. */
function withFavourite(
  value: unknown,
  type: ProfileListType,
  id: number,
  favourited: boolean,
): unknown {
  if (Array.isArray(value)) {
    const next = value.map((item) => withFavourite(item, type, id, favourited));
    return next.some((item, index) => item !== value[index]) ? next : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (isProfileOf(record, type, id)) {
    return record.is_favourited === favourited ? record : { ...record, is_favourited: favourited };
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    next[key] = withFavourite(item, type, id, favourited);
    if (next[key] !== item) changed = true;
  }
  return changed ? next : value;
}

/**
 * After a favourite toggle: every cached list, home slider and profile that shows this profile
 * gets the server's is_favorited, so going back to a page never shows the old heart.
 */
export function setFavouriteInCache(
  queryClient: QueryClient,
  type: ProfileListType,
  id: number,
  favourited: boolean,
): void {
  queryClient.setQueriesData({ predicate: (query) => isProfileQuery(query.queryKey) }, (data) =>
    withFavourite(data, type, id, favourited),
  );
}

/** After favourites changed elsewhere (the wishlist): pages that show hearts load them again. */
export function invalidateFavourites(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isProfileQuery(query.queryKey) });
}
