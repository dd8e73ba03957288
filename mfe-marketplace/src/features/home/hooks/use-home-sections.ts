import { useQuery } from '@tanstack/react-query';
import { getHomeSections, queryKeys, type ProfileListType } from '@guestspot/shared-api';

/** GET /home?type=: the first cards of every home slider in one call. */
export function useHomeSections(type: ProfileListType) {
  return useQuery({
    queryKey: queryKeys.home(type),
    queryFn: () => getHomeSections(type),
  });
}
