import { useQuery } from '@tanstack/react-query';
import {
  getGuestDetail,
  getShowDetail,
  queryKeys,
  type GuestProfileDetail,
  type ProfileListType,
  type ShowProfileDetail,
} from '@guestspot/shared-api';

export type ProfileDetail =
  | { type: 'guests'; profile: GuestProfileDetail }
  | { type: 'shows'; profile: ShowProfileDetail };

/** One public profile by id or slug: the detail with its links and booking options. */
export function useProfile(type: ProfileListType, idOrSlug: string) {
  return useQuery({
    queryKey: queryKeys.profile(type, idOrSlug),
    queryFn: async (): Promise<ProfileDetail> =>
      type === 'guests'
        ? { type, profile: await getGuestDetail(idOrSlug) }
        : { type, profile: await getShowDetail(idOrSlug) },
  });
}
