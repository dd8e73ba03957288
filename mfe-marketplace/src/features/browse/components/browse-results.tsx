import { useCallback, useRef } from 'react';
import {
  Alert,
  Button,
  EmptyState,
  ErrorState,
  SkeletonCard,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import type { BrowseFilters } from '../../../lib/browse-filters';
import { PRIORITY_CARDS, ProfileCard } from '../../../components/profile-card';
import { useProfilePages } from '../../../hooks/use-profile-pages';
import { useOnVisible } from '../hooks/use-on-visible';

/** Placeholder cards while the first page loads. */
export const BROWSE_SKELETONS = 6;

export function BrowseResults({
  filters,
  onClearFilters,
}: {
  filters: BrowseFilters;
  onClearFilters: () => void;
}) {
  const noun = filters.showing === 'guests' ? 'guest' : 'show';
  const list = useProfilePages(filters);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const pageCount = list.data?.pages.length ?? 0;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useOnVisible(sentinel, loadMore, {
    enabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    key: pageCount,
  });

  if (list.isPending) {
    return (
      <div className="gs-browse__grid" aria-busy="true">
        <VisuallyHidden role="status">Loading {noun}s</VisuallyHidden>
        {Array.from({ length: BROWSE_SKELETONS }, (_, index) => (
          <SkeletonCard key={index} label="" data-testid="skeleton-card" />
        ))}
      </div>
    );
  }
  if (list.isError && !list.data) {
    return (
      <ErrorState
        title={`The ${noun}s could not be loaded.`}
        message="Check your connection and try again."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }

  const profiles = list.data.pages.flatMap((page) => page.data);
  const pagination = list.data.pages[0]?.meta.pagination;
  const total = pagination?.total ?? 0;
  // The API serves a list's first 1,000 matches and counts a filtered one no further
  // (decision 127): "1,000+ guests", and the end of the window says how to see others.
  const capped = pagination?.total_capped === true;
  const windowEnd = !hasNextPage && (capped || profiles.length < total);
  if (total === 0 || profiles.length === 0) {
    return (
      <>
        <p className="gs-browse__count" role="status">
          0 {noun}s
        </p>
        <EmptyState
          title="No results"
          message={`No ${noun}s match these filters.`}
          action={
            <Button variant="secondary" onClick={onClearFilters}>
              Clear filters
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      <p className="gs-browse__count" role="status">
        {total.toLocaleString('en-US')}
        {capped ? '+' : ''} {total === 1 && !capped ? noun : `${noun}s`}
      </p>
      <ul className="gs-browse__grid" aria-label={`${noun === 'guest' ? 'Guests' : 'Shows'}`}>
        {profiles.map((profile, index) => (
          <li key={profile.id}>
            <ProfileCard
              profile={profile}
              priceContext={filters}
              priority={index < PRIORITY_CARDS}
            />
          </li>
        ))}
      </ul>
      <div className="gs-browse__more">
        {hasNextPage ? (
          <>
            <div ref={sentinel} aria-hidden="true" />
            {isFetchNextPageError ? (
              <Alert tone="danger">More {noun}s could not be loaded.</Alert>
            ) : null}
            <Button variant="secondary" loading={isFetchingNextPage} onClick={loadMore}>
              {isFetchNextPageError ? 'Retry' : 'Load more'}
            </Button>
          </>
        ) : windowEnd ? (
          <p className="gs-browse__end">
            These are the first {profiles.length.toLocaleString('en-US')} {noun}s. Narrow the
            filters or search by name to see others.
          </p>
        ) : (
          <p className="gs-browse__end">No more results</p>
        )}
      </div>
    </>
  );
}
