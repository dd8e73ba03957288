// Test helpers of the booking page: its calls answered by MSW, the page at its real routes.
import { isValidElement } from 'react';
import { configure } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { BookingDetail, BookingTimelineEntry } from '@guestspot/shared-api';
import { makeBooking, renderWithProviders, server } from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost } from '@guestspot/shared-ui';
import { routes } from '../../../routes';
import { BOOKING_ID } from './page-fixtures';

// The page makes several calls before it settles (the booking, then its feed); on a busy 2-core
// machine that can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

export interface BookingCalls {
  /** GET /bookings/{id} */
  booking: number;
  /** the sort of each GET /bookings/{id}/activities */
  activities: string[];
  /** each PATCH /bookings/{id}/{action} and its body */
  acts: { action: string; body: unknown }[];
}

type Answer = { status: number; body: JsonBodyType };

/**
 * Answers the page's calls: the booking (or a failure), its timeline in the order asked (the
 * booking's own, unless given) and the actions (200 unless `act` answers otherwise).
 */
export function mockBookingApi({
  booking,
  failure,
  timeline = booking?.timeline ?? [],
  act,
  activitiesFailure,
}: {
  booking?: BookingDetail;
  failure?: Answer;
  timeline?: BookingTimelineEntry[];
  act?: (action: string, body: unknown) => Answer | undefined;
  activitiesFailure?: Answer;
}): BookingCalls {
  const calls: BookingCalls = { booking: 0, activities: [], acts: [] };
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/bookings/:id/activities', ({ request }) => {
      const sort = new URL(request.url).searchParams.get('sort') ?? 'desc';
      calls.activities.push(sort);
      if (activitiesFailure) {
        return HttpResponse.json(activitiesFailure.body, { status: activitiesFailure.status });
      }
      return HttpResponse.json({ data: sort === 'asc' ? timeline : [...timeline].reverse() });
    }),
    http.get('*/api/v1/bookings/:id', () => {
      calls.booking += 1;
      if (failure) return HttpResponse.json(failure.body, { status: failure.status });
      return HttpResponse.json({ data: booking });
    }),
    http.patch('*/api/v1/bookings/:id/:action', async ({ params, request }) => {
      const action = String(params.action);
      const body: unknown = await request.json().catch(() => null);
      calls.acts.push({ action, body });
      const answer = act?.(action, body);
      if (answer) return HttpResponse.json(answer.body, { status: answer.status });
      return HttpResponse.json({ data: makeBooking({ id: BOOKING_ID }) });
    }),
  );
  return calls;
}

const pageRoutes = routes.filter((entry) => entry.path?.startsWith('/bookings/:bookingId'));

/**
 * Loads the page's chunk (its lazyPage elements) before the tests, so that a first test on a
 * busy machine waits for the API, not for the module as well. Call in beforeAll.
 */
export async function loadBookingPage(): Promise<void> {
  const all = (entries: RouteObject[]): RouteObject[] =>
    entries.flatMap((entry) => [entry, ...all(entry.children ?? [])]);
  await Promise.all(
    all(pageRoutes).map((entry) => {
      const type: unknown = isValidElement(entry.element) ? entry.element.type : null;
      const preload = (type as { preload?: () => Promise<unknown> } | null)?.preload;
      return preload?.();
    }),
  );
}

/** The page at `route` through mfe-booking's own route table, with the toasts and confirms. */
export function renderBookingPage(route = `/bookings/${BOOKING_ID}`) {
  return renderWithProviders(<></>, {
    path: '/__unused',
    route,
    routes: [
      {
        element: (
          <>
            <Outlet />
            <ToastHost />
            <ConfirmHost />
          </>
        ),
        children: [
          ...pageRoutes,
          { path: '/bookings', element: <h1>All the bookings</h1> },
          { path: '/404-not-found', element: <h1>Not found</h1> },
        ],
      },
    ],
  });
}
