import type { BookingReview, BookingReviews } from '@guestspot/shared-api';
import { BOOKING_ID, makeBookingDetail } from './page-fixtures';

// The review tab's fixtures: a completed booking Grace Hopper (the guest) reads, and its reviews.

export const completedBooking = () =>
  makeBookingDetail({
    status: 'completed',
    is_completed: true,
    is_confirmed: true,
    booking_date: '2026-11-20T16:00:00Z',
    allowed_actions: [],
  });

export function makeReview(overrides: Partial<BookingReview> = {}): BookingReview {
  return {
    id: 31,
    booking_id: BOOKING_ID,
    profile_type: 'guest',
    profile_id: 3,
    reviewer_side: 'show',
    number: 5,
    comment: 'Prepared, generous with stories and easy to edit.',
    name: 'The Build Show',
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}

/** Grace's own review of The Build Show. */
export const ownReview = (overrides: Partial<BookingReview> = {}) =>
  makeReview({
    id: 32,
    profile_type: 'show',
    profile_id: 4,
    reviewer_side: 'guest',
    number: 4,
    comment: 'Good questions; the recording started late.',
    name: 'Grace Hopper',
    ...overrides,
  });

export function makeBookingReviews(overrides: Partial<BookingReviews> = {}): BookingReviews {
  const reviews = overrides.reviews ?? [makeReview()];
  return {
    is_open: true,
    viewer_side: 'guest',
    can_review: true,
    guest_rating: reviews.find((review) => review.profile_type === 'guest')?.number ?? null,
    show_rating: reviews.find((review) => review.profile_type === 'show')?.number ?? null,
    ...overrides,
    reviews,
  };
}
