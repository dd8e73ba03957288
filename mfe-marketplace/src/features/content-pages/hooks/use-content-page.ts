import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { getContentPage } from '@guestspot/shared-api/pages';

/** GET /pages/{slug}: content rarely changes, so it stays fresh for the visit. */
export function useContentPage(slug: string) {
  return useQuery({
    queryKey: queryKeys.contentPage(slug),
    queryFn: () => getContentPage(slug),
    staleTime: 10 * 60_000,
  });
}
