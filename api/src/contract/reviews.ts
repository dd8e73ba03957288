import { Type, type Static } from 'typebox';
import { Id, Int, Nullable, Str, type Sendable } from './builders';
import { DataSchema } from './common';
import { ProfileSideSchema } from './bookings';

// Reviews tied to bookings (issue 32, decision 114); a profile's reputation is in profiles.ts.
// booking-management… §7 Reviews: GET /bookings/{id}/reviews; POST /guests/{id}/reviews and
// PUT /guests/{id}/reviews/{reviewId}; the same for /shows/{id}; payload guest_id or show_id,
// booking_id, review_id (on update), number, comment. §5: comment required, at most 300
// characters; 1 to 5 stars. The public list (GET /{guests|shows}/{id}/reviews) keeps the
// marketplace's `Review` (contract/marketplace.ts).

/** Spec §5 and §9: a review's comment, at most this many characters. */
export const REVIEW_COMMENT_MAX = 300;
export const REVIEW_MIN_STARS = 1;
export const REVIEW_MAX_STARS = 5;

/** POST /{guests|shows}/{id}/reviews and PUT …/{reviewId}. */
export const ReviewBodySchema = Type.Object({
  booking_id: Id(),
  number: Int({ min: REVIEW_MIN_STARS, max: REVIEW_MAX_STARS }),
  comment: Str({
    max: REVIEW_COMMENT_MAX,
    pattern: { regex: '\\S', message: 'The :attribute field is required.' },
  }),
  /** the profile of the path, when sent (the spec's payload carries it): must be the same */
  guest_id: Type.Optional(Nullable(Id())),
  show_id: Type.Optional(Nullable(Id())),
  /** on update, the review of the path, when sent */
  review_id: Type.Optional(Nullable(Id())),
});

export type ReviewPayload = Sendable<Static<typeof ReviewBodySchema>>;

/** One side's review of the other after a booking. */
export const BookingReviewSchema = Type.Object({
  id: Int(),
  booking_id: Int(),
  /** the side reviewed and its profile */
  profile_type: ProfileSideSchema,
  profile_id: Int(),
  /** the side that wrote it (the other one) */
  reviewer_side: ProfileSideSchema,
  /** 1 to 5 stars */
  number: Int(),
  comment: Type.String(),
  /** the reviewing profile's name */
  name: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export type BookingReview = Static<typeof BookingReviewSchema>;

/** GET /bookings/{id}/reviews: the booking's two reviews, as one of its parties reads them. */
export const BookingReviewsSchema = Type.Object({
  /** reviews are written once the booking is completed (spec §2 "Review card") */
  is_open: Type.Boolean(),
  /** the side the viewer reads the booking as (the one they write for) */
  viewer_side: ProfileSideSchema,
  /** whether the viewer may write (or edit) their side's review now */
  can_review: Type.Boolean(),
  /** the stars each side was given, null until reviewed */
  guest_rating: Nullable(Int()),
  show_rating: Nullable(Int()),
  /** the review of the guest first, then of the show; the ones written */
  reviews: Type.Array(BookingReviewSchema),
});

export type BookingReviews = Static<typeof BookingReviewsSchema>;

export const BookingReviewsAnswerSchema = DataSchema(BookingReviewsSchema);
export const BookingReviewAnswerSchema = DataSchema(BookingReviewSchema);
