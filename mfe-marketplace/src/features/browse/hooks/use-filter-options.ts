import { useQuery } from '@tanstack/react-query';
import { queryKeys, type ProfileListType } from '@guestspot/shared-api';
import { getPriceStats, listTags } from '@guestspot/shared-api/marketplace';

/** GET /tags/{guests|shows}: the tags a list can be filtered by. */
export function useTags(type: ProfileListType) {
  return useQuery({
    queryKey: queryKeys.tags(type),
    queryFn: () => listTags(type),
    staleTime: 5 * 60_000,
  });
}

/** GET /{guests|shows}/price-stats: the lowest and highest card price, for the custom range. */
export function usePriceStats(type: ProfileListType) {
  return useQuery({
    queryKey: queryKeys.priceStats(type),
    queryFn: () => getPriceStats(type),
    staleTime: 5 * 60_000,
  });
}
