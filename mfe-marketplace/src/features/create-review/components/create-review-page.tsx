import { useId } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, queryKeys, type ProfileListType } from '@guestspot/shared-api';
import { getBookingReviews, saveReview } from '@guestspot/shared-api/reviews';
import { Avatar, ErrorState, PageLoading, toast } from '@guestspot/shared-ui';
import { ReviewForm } from '@guestspot/shared-ui/review-form';
import { profilePending, useProfile } from '../../../components/use-profile';
import './create-review-page.css';

/** Spec §2 "Review card": until the booking is completed. */
export const REVIEWS_NOT_YET = 'Reviews will be available after the interview takes place.';
export const NO_BOOKING = 'Open this page from your booking: reviews follow a completed booking.';
export const NOT_YOURS_TO_REVIEW = 'You can only review the other side of your booking.';

/** `?booking=12`: the booking the review follows (the completion email links here with it). */
function bookingIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * /guests/:guestId/create-review?booking={id} and /shows/:showId/create-review?booking={id}
 * (spec §2.1 "write review", login required; decision 114): the signed-in side of a completed
 * booking reviews the profile of the path, or edits its review. Saved, it goes to the booking's
 * Review tab.
 */
export function CreateReviewPage({ type }: { type: ProfileListType }) {
  const params = useParams();
  const idOrSlug = (type === 'guests' ? params.guestId : params.showId) ?? '';
  const [search] = useSearchParams();
  const bookingId = bookingIdOf(search.get('booking'));
  const profile = useProfile(type, idOrSlug);
  const pending = profilePending(profile, {
    loading: 'Loading the profile',
    error: 'The profile could not be loaded',
    className: 'gs-create-review',
  });
  if (pending) return pending;
  if (!profile.data) return null;
  const { profile: reviewed } = profile.data;
  return (
    <CreateReview
      type={type}
      profile={{ id: reviewed.id, name: reviewed.name, imageUrl: reviewed.imageUrl }}
      bookingId={bookingId}
    />
  );
}

function CreateReview({
  type,
  profile,
  bookingId,
}: {
  type: ProfileListType;
  profile: { id: number; name: string; imageUrl: string | null };
  bookingId: number | null;
}) {
  const titleId = useId();
  return (
    <section className="gs-page gs-create-review" aria-labelledby={titleId}>
      <header className="gs-create-review__header">
        <Avatar src={profile.imageUrl} name={profile.name} size={56} />
        <h1 id={titleId} className="gs-create-review__title">
          Review {profile.name}
        </h1>
      </header>
      {bookingId === null ? (
        <p className="gs-create-review__note">
          {NO_BOOKING} <Link to="/bookings">Your bookings</Link>
        </p>
      ) : (
        <ReviewOfBooking type={type} profile={profile} bookingId={bookingId} />
      )}
    </section>
  );
}

function ReviewOfBooking({
  type,
  profile,
  bookingId,
}: {
  type: ProfileListType;
  profile: { id: number; name: string };
  bookingId: number;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reviews = useQuery({
    queryKey: queryKeys.bookingReviews(bookingId),
    queryFn: () => getBookingReviews(bookingId),
  });
  const save = useMutation({
    mutationFn: (values: { number: number; comment: string; reviewId: number | null }) =>
      saveReview(
        type,
        profile.id,
        { booking_id: bookingId, number: values.number, comment: values.comment },
        values.reviewId,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookingReviews(bookingId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProfiles });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allReviews });
    },
  });
  const bookingLink = <Link to={`/bookings/${bookingId}`}>Back to the booking</Link>;

  if (reviews.isPending) return <PageLoading label="Loading the booking’s reviews" />;
  if (reviews.isError) {
    if (isApiError(reviews.error) && reviews.error.status === 404) {
      return (
        <p className="gs-create-review__note">
          This booking was not found among yours. <Link to="/bookings">Your bookings</Link>
        </p>
      );
    }
    return (
      <ErrorState
        titleAs="h2"
        title="The booking’s reviews could not be loaded"
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isFetching}
      />
    );
  }
  const reviewedSide = type === 'guests' ? 'guest' : 'show';
  const { data } = reviews;
  if (!data.is_open) {
    return (
      <p className="gs-create-review__note">
        {REVIEWS_NOT_YET} {bookingLink}
      </p>
    );
  }
  if (data.viewer_side === reviewedSide || !data.can_review) {
    return (
      <p className="gs-create-review__note">
        {NOT_YOURS_TO_REVIEW} {bookingLink}
      </p>
    );
  }
  const mine = data.reviews.find((review) => review.profile_type === reviewedSide);
  return (
    <ReviewForm
      subject={profile.name}
      initial={mine ? { number: mine.number, comment: mine.comment } : null}
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, reviewId: mine?.id ?? null });
        toast.success(mine ? 'Your review was updated.' : 'Thank you for your review.');
        void navigate(`/bookings/${bookingId}/review`);
      }}
    />
  );
}
