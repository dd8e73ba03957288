// Storybook helpers of the booking page: the page at its route, its queries filled beforehand.
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, queryKeys, type BookingDetail, type User } from '@guestspot/shared-api';
import { AsUser, makeUser } from '@guestspot/shared-api/stories';
import { ConfirmHost, ToastHost } from '@guestspot/shared-ui';
import {
  BookingActivityView,
  BookingApplicationView,
  BookingMiniviewView,
  BookingPage,
} from './booking-page';
import { BOOKING_ID } from './page-fixtures';

export const storyUser = makeUser({ timezone: 'US/Central' });

export type PageState =
  | { booking: BookingDetail }
  | { loading: true }
  | { failure: { status: number; message: string } };

/**
 * The page at /bookings/12{view} from a cache filled beforehand. Its queries never fetch (there
 * is no server in Storybook; the feed would poll one every 10 seconds): Retry and the actions
 * show what a failed call shows.
 */
export function StoryBookingPage({
  state,
  view = '',
  user = storyUser,
}: {
  state: PageState;
  view?: '' | '/application' | '/miniview';
  user?: User;
}) {
  const [client] = useState(() => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, enabled: false, staleTime: Infinity } },
    });
    if ('booking' in state) {
      const { timeline } = state.booking;
      queryClient.setQueryData(queryKeys.booking(BOOKING_ID), state.booking);
      queryClient.setQueryData(queryKeys.bookingActivities(BOOKING_ID, 'asc'), timeline);
      queryClient.setQueryData(
        queryKeys.bookingActivities(BOOKING_ID, 'desc'),
        [...timeline].reverse(),
      );
    } else if ('failure' in state) {
      void queryClient.prefetchQuery({
        queryKey: queryKeys.booking(BOOKING_ID),
        queryFn: () => Promise.reject(new ApiError(state.failure.status, state.failure.message)),
      });
    }
    return queryClient;
  });
  return (
    <AsUser user={user}>
      <QueryClientProvider client={client}>
        <Routes location={`/bookings/${BOOKING_ID}${view}`}>
          <Route path="/bookings/:bookingId" element={<BookingPage />}>
            <Route index element={<BookingActivityView />} />
            <Route path="application" element={<BookingApplicationView />} />
            <Route path="miniview" element={<BookingMiniviewView />} />
          </Route>
        </Routes>
        <ToastHost />
        <ConfirmHost />
      </QueryClientProvider>
    </AsUser>
  );
}
