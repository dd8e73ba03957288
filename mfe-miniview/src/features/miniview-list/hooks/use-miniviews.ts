import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { listMiniviews } from '@guestspot/shared-api/miniviews';

/** The spec's page size of the MINIVIEW list. */
export const MINIVIEWS_PER_PAGE = 10;

export function useMiniviews({ page, title }: { page: number; title: string }) {
  return useQuery({
    queryKey: queryKeys.miniviews({ page, title }),
    queryFn: () =>
      listMiniviews({ page, limit: MINIVIEWS_PER_PAGE, filter: { title: title || undefined } }),
    placeholderData: keepPreviousData,
  });
}
