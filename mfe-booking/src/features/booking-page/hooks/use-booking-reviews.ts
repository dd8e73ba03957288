import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import {
  getBookingReviews,
  saveReview,
  type BookingReview,
  type BookingReviews,
} from '@guestspot/shared-api/reviews';
import type { ProfileSide } from '@guestspot/shared-api';

/** GET /bookings/{id}/reviews: the booking's two reviews as the viewer reads them. */
export function useBookingReviews(bookingId: number) {
  return useQuery({
    queryKey: queryKeys.bookingReviews(bookingId),
    queryFn: () => getBookingReviews(bookingId),
  });
}

export interface ReviewSave {
  number: number;
  comment: string;
  /** the side's review being edited; null writes the first one */
  reviewId: number | null;
}

/**
 * Writes (or edits) the viewer's side's review of the other side's profile after booking
 * `bookingId`; the booking's reviews take the answer, the profile pages and their review lists
 * are read again (their rating changed).
 */
export function useSaveReview(bookingId: number, reviewed: { type: ProfileSide; id: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, comment, reviewId }: ReviewSave) =>
      saveReview(
        reviewed.type === 'guest' ? 'guests' : 'shows',
        reviewed.id,
        { booking_id: bookingId, number, comment },
        reviewId,
      ),
    onSuccess: (review: BookingReview) => {
      queryClient.setQueryData<BookingReviews>(queryKeys.bookingReviews(bookingId), (current) =>
        current
          ? {
              ...current,
              [`${review.profile_type}_rating`]: review.number,
              reviews: [...current.reviews.filter((each) => each.id !== review.id), review].sort(
                (a, b) => a.profile_type.localeCompare(b.profile_type),
              ),
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProfiles });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allReviews });
    },
  });
}
