import { api } from '@guestspot/shared-api';
import type {
  BookingReview,
  BookingReviews,
  DataEnvelope,
  Paginated,
  ProfileListType,
  Review,
  ReviewPayload,
} from './types';

// Reviews (booking-management… §7 "Reviews", decision 114): a profile's public list, a
// booking's two reviews, and writing or editing one side's review of the other. Payloads and
// answers are the server's types (api/src/contract/reviews.ts).

export type { BookingReview, BookingReviews, Review, ReviewPayload } from './types';

/** GET /{guests|shows}/{id|slug}/reviews: newest first. */
export function listReviews(
  type: ProfileListType,
  idOrSlug: number | string,
  page = 1,
): Promise<Paginated<Review>> {
  return api.get(`${type}/${idOrSlug}/reviews`, { searchParams: { page } }).json();
}

/** GET /bookings/{id}/reviews: both sides' reviews of a booking, for one of its parties. */
export async function getBookingReviews(bookingId: number): Promise<BookingReviews> {
  const answer = await api
    .get(`bookings/${bookingId}/reviews`)
    .json<DataEnvelope<BookingReviews>>();
  return answer.data;
}

/**
 * POST /{guests|shows}/{id}/reviews (a first review) or PUT …/{reviewId} (its edit): the
 * viewer's side reviews the other side's profile `profileId` after booking `payload.booking_id`.
 */
export async function saveReview(
  type: ProfileListType,
  profileId: number,
  payload: ReviewPayload,
  reviewId: number | null = null,
): Promise<BookingReview> {
  const side = type === 'guests' ? { guest_id: profileId } : { show_id: profileId };
  const json = { ...payload, ...side, ...(reviewId === null ? {} : { review_id: reviewId }) };
  const answer =
    reviewId === null
      ? await api.post(`${type}/${profileId}/reviews`, { json })
      : await api.put(`${type}/${profileId}/reviews/${reviewId}`, { json });
  return (await answer.json<DataEnvelope<BookingReview>>()).data;
}
