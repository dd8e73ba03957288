import { useQuery } from '@tanstack/react-query';
import { queryKeys, type ProfileListType } from '@guestspot/shared-api';
import { listReviews } from '@guestspot/shared-api/reviews';

export function useReviews(type: ProfileListType, id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.reviews(type, id, page),
    queryFn: () => listReviews(type, id, page),
    placeholderData: (previous) => previous,
  });
}
