import { useState } from 'react';
import type { ProfileListType } from '@guestspot/shared-api';
import { EmptyState, ErrorState, formatDate, Pagination, Skeleton } from '@guestspot/shared-ui';
import { useReviews } from '../hooks/use-reviews';
import { RatingStars } from './rating-stars';

/** The profile's reviews, newest first, paged (GET /{type}/{id}/reviews). */
export function ReviewsList({ type, profileId }: { type: ProfileListType; profileId: number }) {
  const [page, setPage] = useState(1);
  const reviews = useReviews(type, profileId, page);

  if (reviews.isPending) {
    return (
      <div role="status" aria-label="Loading reviews">
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </div>
    );
  }
  if (reviews.isError) {
    return (
      <ErrorState
        titleAs="h3"
        title="Reviews could not be loaded"
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isFetching}
      />
    );
  }
  const { data, meta } = reviews.data;
  if (data.length === 0) return <EmptyState title="No reviews yet" titleAs="h3" size="sm" />;
  return (
    <>
      <ul className="gs-reviews" aria-label="Reviews">
        {data.map((review) => (
          <li key={review.id} className="gs-reviews__item">
            <div className="gs-reviews__head">
              <strong>{review.reviewer_name}</strong>
              <RatingStars rating={review.rating} />
              <time dateTime={review.created_at} className="gs-reviews__date">
                {formatDate(review.created_at)}
              </time>
            </div>
            {review.body ? <p className="gs-reviews__body">{review.body}</p> : null}
          </li>
        ))}
      </ul>
      <Pagination
        currentPage={page}
        totalPages={meta.pagination.total_pages}
        onPageChange={setPage}
        aria-label="Reviews pages"
      />
    </>
  );
}
