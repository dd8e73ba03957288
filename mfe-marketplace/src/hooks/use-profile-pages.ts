import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys, type MarketplaceProfile, type Paginated } from '@guestspot/shared-api';
import { listGuests } from '@guestspot/shared-api/guests';
import { listShows } from '@guestspot/shared-api/shows';
import { toApiParams, type BrowseFilters } from '../lib/browse-filters';

/**
 * The guests or shows matching these filters, 15 a page, page after page (Browse's infinite list,
 * the home page's paged All slider). Both read the same cache entry for the same filters.
 */
export function useProfilePages(filters: BrowseFilters) {
  const { showing } = filters;
  const key = { pages: 'infinite', ...toApiParams(filters) };
  return useInfiniteQuery({
    queryKey: showing === 'guests' ? queryKeys.guests(key) : queryKeys.shows(key),
    queryFn: ({ pageParam }): Promise<Paginated<MarketplaceProfile>> =>
      showing === 'guests'
        ? listGuests(toApiParams(filters, pageParam))
        : listShows(toApiParams(filters, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const { current_page: current, total_pages: total } = last.meta.pagination;
      return current < total ? current + 1 : undefined;
    },
  });
}
