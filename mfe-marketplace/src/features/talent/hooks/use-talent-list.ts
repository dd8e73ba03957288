import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { listGuests } from '@guestspot/shared-api/guests';

/** Spec §9: guest lists hold 15 a page. */
export const TALENT_PER_PAGE = 15;

/** The curated talent list: GET /guests?filter[talent]=1, paged. */
export function useTalentList(page: number) {
  return useQuery({
    queryKey: queryKeys.guests({ talent: true, page }),
    queryFn: () => listGuests({ page, limit: TALENT_PER_PAGE, filter: { talent: 1 } }),
    placeholderData: keepPreviousData,
  });
}
