import { useQuery } from '@tanstack/react-query';
import { queryKeys, type ProfileListType } from '@guestspot/shared-api';
import { getHomeSections } from '@guestspot/shared-api/marketplace';

/** GET /home?type=: the first cards of every home slider in one call. */
export function useHomeSections(type: ProfileListType) {
  return useQuery({
    queryKey: queryKeys.home(type),
    queryFn: () => getHomeSections(type),
  });
}
