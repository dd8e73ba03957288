import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Route, Routes } from 'react-router-dom';
import { queryKeys, type BookingReviews, type ShowProfileDetail } from '@guestspot/shared-api';
import { AsUser, makeShow, makeUser, phoneGlobals, QueryData } from '@guestspot/shared-api/stories';
import { CreateReviewPage } from './create-review-page';

// /shows/:showId/create-review?booking=12 from a filled cache (no server in Storybook: a save
// shows the form re-enabled with the failure's message).

const show: ShowProfileDetail = {
  ...makeShow({ id: 4, slug: 'the-build-show', name: 'The Build Show' }),
  rephonic_id: null,
  avg_rating: 4.5,
  reviews_count: 2,
};

const reviews = (overrides: Partial<BookingReviews> = {}): BookingReviews => ({
  is_open: true,
  viewer_side: 'guest',
  can_review: true,
  guest_rating: null,
  show_rating: null,
  reviews: [],
  ...overrides,
});

function Page({
  state,
  route = '/shows/the-build-show/create-review?booking=12',
}: {
  state: BookingReviews;
  route?: string;
}) {
  return (
    <AsUser user={makeUser({ id: 50 })}>
      <QueryData
        entries={[
          [
            queryKeys.profile('shows', 'the-build-show'),
            { data: { type: 'shows', profile: show } },
          ],
          [queryKeys.bookingReviews(12), { data: state }],
        ]}
      >
        <Routes location={route}>
          <Route path="/shows/:showId/create-review" element={<CreateReviewPage type="shows" />} />
        </Routes>
      </QueryData>
    </AsUser>
  );
}

const meta = {
  title: 'Screens/Marketplace/Create review',
  component: CreateReviewPage,
  tags: ['autodocs'],
  args: { type: 'shows' },
} satisfies Meta<typeof CreateReviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form, five stars chosen. */
export const NewReview: Story = { render: () => <Page state={reviews()} /> };

/** The side's review already written: the form holds it for editing. */
export const EditReview: Story = {
  render: () => (
    <Page
      state={reviews({
        show_rating: 3,
        reviews: [
          {
            id: 41,
            booking_id: 12,
            profile_type: 'show',
            profile_id: 4,
            reviewer_side: 'guest',
            number: 3,
            comment: 'Good questions; the recording started late.',
            name: 'Grace Hopper',
            created_at: '2026-12-01T10:00:00Z',
            updated_at: '2026-12-01T10:00:00Z',
          },
        ],
      })}
    />
  ),
};

/** Before the interview's booking is completed. */
export const NotYet: Story = {
  render: () => <Page state={reviews({ is_open: false, can_review: false })} />,
};

/** Without ?booking=: where to start from. */
export const NoBooking: Story = {
  render: () => <Page state={reviews()} route="/shows/the-build-show/create-review" />,
};

/** On a 360 px phone. */
export const Phone: Story = { render: () => <Page state={reviews()} />, globals: phoneGlobals };
