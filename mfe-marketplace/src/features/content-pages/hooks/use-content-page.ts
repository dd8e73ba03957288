import { useQuery } from '@tanstack/react-query';
import { getContentPage, queryKeys } from '@guestspot/shared-api';

/** GET /pages/{slug}: content rarely changes, so it stays fresh for the visit. */
export function useContentPage(slug: string) {
  return useQuery({
    queryKey: queryKeys.contentPage(slug),
    queryFn: () => getContentPage(slug),
    staleTime: 10 * 60_000,
  });
}
