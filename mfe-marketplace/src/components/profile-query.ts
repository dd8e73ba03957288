import { queryOptions } from '@tanstack/react-query';
import {
  queryClient,
  queryKeys,
  type GuestProfileDetail,
  type ProfileListType,
  type ShowProfileDetail,
} from '@guestspot/shared-api';
import { getGuestDetail } from '@guestspot/shared-api/guests';
import { getShowDetail } from '@guestspot/shared-api/shows';

type ProfileDetail =
  | { type: 'guests'; profile: GuestProfileDetail }
  | { type: 'shows'; profile: ShowProfileDetail };

/** One public profile by id or slug: the detail with its links and booking options. */
export function profileQuery(type: ProfileListType, idOrSlug: string) {
  return queryOptions({
    queryKey: queryKeys.profile(type, idOrSlug),
    queryFn: async (): Promise<ProfileDetail> =>
      type === 'guests'
        ? { type, profile: await getGuestDetail(idOrSlug) }
        : { type, profile: await getShowDetail(idOrSlug) },
  });
}

/** A route handle's `prefetch` for a profile page: the profile loads with the page's code. */
export function prefetchProfile(type: ProfileListType, idOrSlug: string | undefined): void {
  if (idOrSlug) void queryClient.prefetchQuery(profileQuery(type, idOrSlug));
}
