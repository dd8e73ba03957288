import type { BookingReview, BookingReviews } from '../../contract';
import type { DB } from '../../db/database';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import { otherSide, type ProfileSide } from '../../booking-facts';
import type { AuthUser } from '../auth/require-user';
import { isUniqueViolation } from '../auth/user-fields';
import { bookingForViewer, viewerSideOf, type ViewedBooking } from '../bookings/action-rules';

// Reviews tied to bookings (issue 32, decision 114). After a completed booking each side reviews
// the other once and may edit its review; the review is the side's, so whoever acts for the
// side (the profile's owner, an agency or Basic member of the owner's team, someone
// impersonating the owner) writes it, as for the booking's other calls that move no money.
//   404  the booking is not the caller's (a stranger learns nothing), or no such review
//   403  the caller stands only on the side being reviewed: one does not review oneself
//   409  the booking is not completed; the side has already written its review (POST)
//   422  the fields, and a booking or review that is not the path's profile's

/** Spec §2 "Review card": the text shown until the booking is completed; also the 409. */
export const REVIEWS_NOT_YET = 'Reviews will be available after the interview takes place.';
export const ALREADY_REVIEWED = 'You have already reviewed this booking. Edit your review instead.';
export const REVIEW_OWN_SIDE = 'You can only review the other side of your booking.';

export interface ReviewInput {
  booking_id: number;
  number: number;
  comment: string;
  guest_id?: number | null;
  show_id?: number | null;
  review_id?: number | null;
}

type ReviewedBooking = Pick<
  ViewedBooking,
  'id' | 'status' | 'guest_profile_id' | 'show_profile_id' | 'guest_name' | 'show_name'
>;

const profileIdOf = (booking: ReviewedBooking, side: ProfileSide) =>
  side === 'guest' ? booking.guest_profile_id : booking.show_profile_id;

/**
 * The checks a review of `reviewed`'s profile `profileId` on the body's booking passes before it
 * is written, in the order the module's header gives; the side that writes it.
 */
async function checkWrite(
  db: DB,
  user: AuthUser,
  reviewed: ProfileSide,
  profileId: number,
  input: ReviewInput,
): Promise<{ booking: ReviewedBooking; writer: ProfileSide }> {
  const { booking, roles } = await bookingForViewer(db, user, input.booking_id);
  const sent = reviewed === 'guest' ? input.guest_id : input.show_id;
  if (sent !== undefined && sent !== null && sent !== profileId) {
    throw ValidationError.single(
      `${reviewed}_id`,
      `The ${reviewed}_id must be the ${reviewed} of the address.`,
    );
  }
  if (profileIdOf(booking, reviewed) !== profileId) {
    throw ValidationError.single('booking_id', `This booking is not with this ${reviewed}.`);
  }
  const writer = otherSide(reviewed);
  if (roles[writer] === null) throw new HttpError(403, REVIEW_OWN_SIDE);
  if (booking.status !== 'completed') throw new HttpError(409, REVIEWS_NOT_YET);
  return { booking, writer };
}

const reviewColumns = [
  'id',
  'booking_id',
  'profile_type',
  'profile_id',
  'rating',
  'body',
  'reviewer_name',
  'created_at',
  'updated_at',
] as const;

interface ReviewRow {
  id: number;
  booking_id: number | null;
  profile_type: ProfileSide;
  profile_id: number;
  rating: number;
  body: string;
  reviewer_name: string;
  created_at: Date;
  updated_at: Date;
}

function toBookingReview(row: ReviewRow): BookingReview {
  return {
    id: row.id,
    booking_id: row.booking_id ?? 0,
    profile_type: row.profile_type,
    profile_id: row.profile_id,
    reviewer_side: otherSide(row.profile_type),
    number: row.rating,
    comment: row.body,
    name: row.reviewer_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** POST /{guests|shows}/{id}/reviews: the writer side's review of `reviewed`'s profile. */
export async function createReview(
  db: DB,
  user: AuthUser,
  reviewed: ProfileSide,
  profileId: number,
  input: ReviewInput,
  now: Date,
): Promise<BookingReview> {
  const { booking, writer } = await checkWrite(db, user, reviewed, profileId, input);
  try {
    const row = await db
      .insertInto('reviews')
      .values({
        booking_id: booking.id,
        profile_type: reviewed,
        profile_id: profileId,
        reviewer_id: user.id,
        reviewer_name: writer === 'guest' ? booking.guest_name : booking.show_name,
        rating: input.number,
        body: input.comment.trim(),
        created_at: now,
        updated_at: now,
      })
      .returning(reviewColumns)
      .executeTakeFirstOrThrow();
    return toBookingReview({ ...row, booking_id: booking.id });
  } catch (error) {
    // reviews_booking_side_key: this side's review exists (or a second request won the race).
    if (isUniqueViolation(error)) throw new HttpError(409, ALREADY_REVIEWED);
    throw error;
  }
}

/** PUT /{guests|shows}/{id}/reviews/{reviewId}: the writer side edits its review. */
export async function updateReview(
  db: DB,
  user: AuthUser,
  reviewed: ProfileSide,
  profileId: number,
  reviewId: number,
  input: ReviewInput,
  now: Date,
): Promise<BookingReview> {
  const review = await db
    .selectFrom('reviews')
    .select(['id', 'booking_id'])
    .where('id', '=', reviewId)
    .where('profile_type', '=', reviewed)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  // No such review of this profile, or one written before reviews were tied to bookings.
  if (!review || review.booking_id === null) throw notFound();
  const { booking, writer } = await checkWrite(db, user, reviewed, profileId, input);
  if (input.review_id !== undefined && input.review_id !== null && input.review_id !== reviewId) {
    throw ValidationError.single('review_id', 'The review_id must be the review of the address.');
  }
  if (review.booking_id !== booking.id) {
    throw ValidationError.single('booking_id', 'This review is not of this booking.');
  }
  const row = await db
    .updateTable('reviews')
    .set({
      rating: input.number,
      body: input.comment.trim(),
      reviewer_id: user.id,
      reviewer_name: writer === 'guest' ? booking.guest_name : booking.show_name,
      updated_at: now,
    })
    .where('id', '=', reviewId)
    .returning(reviewColumns)
    .executeTakeFirstOrThrow();
  return toBookingReview({ ...row, booking_id: booking.id });
}

/** GET /bookings/{id}/reviews: the booking's reviews for one of its parties (404 otherwise). */
export async function bookingReviews(
  db: DB,
  user: AuthUser,
  bookingId: number,
): Promise<BookingReviews> {
  const { booking, roles } = await bookingForViewer(db, user, bookingId);
  const viewerSide = viewerSideOf(booking, roles);
  const rows = await db
    .selectFrom('reviews')
    .select(reviewColumns)
    .where('booking_id', '=', bookingId)
    .orderBy('profile_type')
    .execute();
  const reviews = rows.map((row) => toBookingReview({ ...row, booking_id: bookingId }));
  const ratingOf = (side: ProfileSide) =>
    reviews.find((review) => review.profile_type === side)?.number ?? null;
  const isOpen = booking.status === 'completed';
  return {
    is_open: isOpen,
    viewer_side: viewerSide,
    // The viewer writes for the side they read the booking as (viewerSideOf stands on it).
    can_review: isOpen && roles[viewerSide] !== null,
    guest_rating: ratingOf('guest'),
    show_rating: ratingOf('show'),
    reviews,
  };
}
