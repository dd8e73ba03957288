import { useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, Route, Routes } from 'react-router-dom';
import { queryKeys } from '@guestspot/shared-api';
import { phoneGlobals } from '@guestspot/shared-api/stories';
import type { BookingPageContext } from '../hooks/use-booking-page';
import { BOOKING_ID, makeBookingDetail } from './page-fixtures';
import { BookingReviewCards, BookingReviewView } from './review-tab';
import { completedBooking, makeBookingReviews, ownReview } from './review-fixtures';

// The Review tab's states (decision 114). Saving goes nowhere in Storybook (no server): Submit
// shows the form re-enabled with the failure's message.

function WithQueries({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { mutations: { retry: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const meta = {
  title: 'Screens/Booking/Review tab',
  component: BookingReviewCards,
  tags: ['autodocs'],
  args: { booking: completedBooking(), reviews: makeBookingReviews() },
  decorators: [
    (Story) => (
      <WithQueries>
        <Story />
      </WithQueries>
    ),
  ],
} satisfies Meta<typeof BookingReviewCards>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not reviewed yet: the form is open at five stars; the show's review of Grace beside it. */
export const FormOpen: Story = {};

/** Grace's review written: shown with Edit; the show has not reviewed her yet. */
export const OwnReview: Story = {
  args: { reviews: makeBookingReviews({ reviews: [ownReview()] }) },
};

/** Both sides reviewed. */
export const BothReviewed: Story = {
  args: {
    reviews: makeBookingReviews({
      reviews: [ownReview(), ...makeBookingReviews().reviews],
    }),
  },
};

/** On a 360 px phone: the stars and buttons keep 44 px targets. */
export const Phone: Story = { globals: phoneGlobals };

/** Before the booking is completed, the tab reads the spec's sentence. */
export const NotYet: StoryObj = {
  render: () => <NotYetView />,
};

function NotYetView() {
  const [client] = useState(() => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { enabled: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(
      queryKeys.bookingReviews(BOOKING_ID),
      makeBookingReviews({ is_open: false, can_review: false, reviews: [] }),
    );
    return queryClient;
  });
  const context: BookingPageContext = {
    booking: makeBookingDetail(),
    zone: 'US/Central',
    openAction: () => {},
  };
  return (
    <QueryClientProvider client={client}>
      <Routes location="/review">
        <Route element={<Outlet context={context} />}>
          <Route path="/review" element={<BookingReviewView />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
