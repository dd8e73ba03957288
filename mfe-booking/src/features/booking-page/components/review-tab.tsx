import { useId, useState } from 'react';
import type { BookingDetail, BookingReview, BookingReviews } from '@guestspot/shared-api';
import { Button, ErrorState, formatDate, Spinner, toast } from '@guestspot/shared-ui';
import { ReviewForm, StarRatingDisplay } from '@guestspot/shared-ui/review-form';
import { useBookingPage } from '../hooks/use-booking-page';
import { useBookingReviews, useSaveReview } from '../hooks/use-booking-reviews';
import './review-tab.css';

/** Spec §2 "Review card": the text until the booking is completed. */
export const REVIEWS_NOT_YET = 'Reviews will be available after the interview takes place.';

/**
 * The Review view (/bookings/{id}/review, decision 114): until the booking is completed, the
 * spec's sentence; then the viewer's side's review of the other side (the form opens by itself
 * while it is not written; once written it shows, with Edit) and the other side's review of them.
 */
export function BookingReviewView() {
  const { booking } = useBookingPage();
  const reviews = useBookingReviews(booking.id);
  if (reviews.isPending) {
    return (
      <div className="gs-booking-reviews__loading">
        <Spinner label="Loading reviews" />
      </div>
    );
  }
  if (reviews.isError) {
    return (
      <ErrorState
        titleAs="h2"
        title="Reviews could not be loaded"
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isFetching}
      />
    );
  }
  if (!reviews.data.is_open) return <p className="gs-booking-reviews__closed">{REVIEWS_NOT_YET}</p>;
  return <BookingReviewCards booking={booking} reviews={reviews.data} />;
}

export function BookingReviewCards({
  booking,
  reviews,
}: {
  booking: BookingDetail;
  reviews: BookingReviews;
}) {
  const mineId = useId();
  const theirsId = useId();
  const { counterpart } = booking;
  const mine = reviews.reviews.find((review) => review.reviewer_side === reviews.viewer_side);
  const theirs = reviews.reviews.find((review) => review.reviewer_side !== reviews.viewer_side);
  // Spec: the form opens by itself while the viewer's side has not reviewed the other side.
  const [editing, setEditing] = useState(!mine && reviews.can_review);
  const save = useSaveReview(booking.id, { type: counterpart.type, id: counterpart.id });

  return (
    <div className="gs-booking-reviews">
      <section aria-labelledby={mineId} className="gs-booking-reviews__card">
        <h2 id={mineId} className="gs-booking-page__subtitle">
          Your review of {counterpart.name}
        </h2>
        {editing ? (
          <ReviewForm
            subject={counterpart.name}
            initial={mine ? { number: mine.number, comment: mine.comment } : null}
            onCancel={mine ? () => setEditing(false) : undefined}
            onSubmit={async (values) => {
              await save.mutateAsync({ ...values, reviewId: mine?.id ?? null });
              toast.success(mine ? 'Your review was updated.' : 'Thank you for your review.');
              setEditing(false);
            }}
          />
        ) : mine ? (
          <>
            <ReviewBody review={mine} />
            {reviews.can_review ? (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Edit review
              </Button>
            ) : null}
          </>
        ) : (
          <p className="gs-booking-answers__empty">You have not reviewed {counterpart.name}.</p>
        )}
      </section>
      <section aria-labelledby={theirsId} className="gs-booking-reviews__card">
        <h2 id={theirsId} className="gs-booking-page__subtitle">
          {counterpart.name}&rsquo;s review of you
        </h2>
        {theirs ? (
          <ReviewBody review={theirs} />
        ) : (
          <p className="gs-booking-answers__empty">{counterpart.name} has not reviewed you yet.</p>
        )}
      </section>
    </div>
  );
}

function ReviewBody({ review }: { review: BookingReview }) {
  return (
    <figure className="gs-booking-reviews__review">
      <StarRatingDisplay value={review.number} />
      <blockquote className="gs-booking-reviews__comment">{review.comment}</blockquote>
      <figcaption className="gs-booking-reviews__meta">
        {review.name}, <time dateTime={review.updated_at}>{formatDate(review.updated_at)}</time>
      </figcaption>
    </figure>
  );
}
