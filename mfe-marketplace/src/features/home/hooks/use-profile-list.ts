import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  listGuests,
  listShows,
  queryKeys,
  type GuestProfile,
  type Paginated,
  type ShowProfile,
} from '@guestspot/shared-api';

export type Showing = 'guests' | 'shows';

/** One page of guests or shows, filtered by name (15 per page, the API's default). */
export function useProfileList({
  showing,
  search,
  page,
}: {
  showing: Showing;
  search: string;
  page: number;
}) {
  return useQuery<Paginated<GuestProfile | ShowProfile>>({
    queryKey:
      showing === 'guests' ? queryKeys.guests({ search, page }) : queryKeys.shows({ search, page }),
    queryFn: () =>
      showing === 'guests'
        ? listGuests({ page, filter: { 'guest_profiles.name': search || undefined } })
        : listShows({ page, filter: { 'show_profiles.name': search || undefined } }),
    placeholderData: keepPreviousData,
  });
}
