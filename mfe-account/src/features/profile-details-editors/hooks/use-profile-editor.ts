import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type GuestProfile,
  type GuestProfileDetail,
  type ShowProfile,
} from '@guestspot/shared-api';
import { getGuestDetail } from '@guestspot/shared-api/guests';
import { getShow } from '@guestspot/shared-api/shows';

/**
 * The guest profile as the /details editors show it: GET /guests/{id}'s detail, whose experience,
 * topics and questions the PUT does not answer. A save's answer is merged into it (a section
 * that sent a list passes it along), and every other copy of the profile is invalidated.
 */
export function useGuestProfile(profileId: number) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.profileEditor('guest', profileId);
  const query = useQuery({ queryKey, queryFn: () => getGuestDetail(profileId, []) });
  const keep = (saved: GuestProfile & Partial<GuestProfileDetail>) => {
    queryClient.setQueryData<GuestProfileDetail>(queryKey, (cached) =>
      cached ? { ...cached, ...saved } : cached,
    );
    // The public profile page reads its own entry (by id or slug), the booking flow its own.
    for (const idOrSlug of [profileId, saved.slug]) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile('guest', idOrSlug) });
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.bookingProfile('guest', profileId) });
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
