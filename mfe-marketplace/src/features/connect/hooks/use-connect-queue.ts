import { useCallback, useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  type ConnectCandidate,
  type Paginated,
  type ProfileListType,
} from '@guestspot/shared-api';
import { CONNECT_PAGE_LIMIT, listConnectCandidates } from '@guestspot/shared-api/connect';

/** Spec §9: the next page is fetched when 3 candidates remain (the current one included). */
export const LOOK_AHEAD = 3;

/**
 * The candidates of one connect session and the one on screen. A page after the first leaves
 * out every candidate already loaded (decision 051): rejected and wishlisted ones are gone on the
 * server anyway, and skipped ones must not come back in the same session.
 */
export function useConnectQueue(type: ProfileListType) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => queryKeys.connectCandidates(type), [type]);
  const [index, setIndex] = useState(0);

  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }: { pageParam: number[] }) =>
      listConnectCandidates(type, { page: 1, limit: CONNECT_PAGE_LIMIT, exclude: pageParam }),
    initialPageParam: [] as number[],
    getNextPageParam: (last: Paginated<ConnectCandidate>, pages, lastParam) =>
      last.meta.pagination.total > last.data.length
        ? [...lastParam, ...last.data.map((candidate) => candidate.id)]
        : undefined,
    // One session = one modal opening (removed on close): never refetched behind the user's back.
    staleTime: Infinity,
  });

  // Each opening starts afresh (the hook mounts with the modal).
  useEffect(() => () => queryClient.removeQueries({ queryKey }), [queryClient, queryKey]);

  const candidates = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.data)
      .filter((candidate) => !seen.has(candidate.id) && seen.add(candidate.id));
  }, [query.data]);

  const remaining = candidates.length - index;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (
      query.isSuccess &&
      remaining <= LOOK_AHEAD &&
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError
    ) {
      void fetchNextPage();
    }
  }, [
    query.isSuccess,
    remaining,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  ]);

  const advance = useCallback(() => setIndex((current) => current + 1), []);
  const error = query.isError && remaining <= 0;

  return {
    current: candidates[index] ?? null,
    /** candidates loaded and not yet passed, the one on screen included */
    remaining,
    advance,
    /** the first page is loading, or the user reached the end of what is loaded */
    loading: !error && (query.isPending || (remaining <= 0 && (isFetchingNextPage || hasNextPage))),
    error,
    retry: () => void (query.data ? fetchNextPage() : query.refetch()),
    retrying: query.isFetching,
    exhausted: query.isSuccess && remaining <= 0 && !hasNextPage,
  };
}
