import { useQuery } from '@tanstack/react-query';
import { listReviews, queryKeys, type ProfileListType } from '@guestspot/shared-api';

export function useReviews(type: ProfileListType, id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.reviews(type, id, page),
    queryFn: () => listReviews(type, id, page),
    placeholderData: (previous) => previous,
  });
}
