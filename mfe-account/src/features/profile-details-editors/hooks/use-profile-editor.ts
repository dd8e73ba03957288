import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type GuestProfile, type ShowProfile } from '@guestspot/shared-api';
import { getGuest } from '@guestspot/shared-api/guests';
import { getShow } from '@guestspot/shared-api/shows';

/** The guest profile as the /details editors show it; a save's answer replaces it. */
export function useGuestProfile(profileId: number) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.profileEditor('guest', profileId);
  const query = useQuery({ queryKey, queryFn: () => getGuest(profileId) });
  const keep = (saved: GuestProfile) => {
    queryClient.setQueryData(queryKey, saved);
    // The public profile page reads its own entry (by id or slug).
    for (const idOrSlug of [profileId, saved.slug]) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile('guest', idOrSlug) });
    }
  };
  return { query, keep };
}

/** The show as the /details editors show it; a save's answer replaces it. */
export function useShowProfile(profileId: number) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.profileEditor('show', profileId);
  const query = useQuery({ queryKey, queryFn: () => getShow(profileId) });
  const keep = (saved: ShowProfile) => {
    queryClient.setQueryData(queryKey, saved);
    for (const idOrSlug of [profileId, saved.slug]) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile('show', idOrSlug) });
    }
  };
  return { query, keep };
}
