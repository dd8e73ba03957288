import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ToastHost, useToastStore } from '@guestspot/shared-ui';
import { ACTION_FAILED, CompletedActionPage, ScheduledAnswerPage } from './completed-action-page';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  setSession(makeUser());
});
afterEach(() => useToastStore.setState({ toasts: [] }));

/** Each answer sent, answered `reply` (the server's message by default). */
function serveAnswers(
  reply: () => Response = () => HttpResponse.json({ message: 'Thanks for your feedback.' }),
) {
  const sent: string[] = [];
  const handler = ({ request }: { request: Request }) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return reply();
  };
  server.use(
    http.patch('*/api/v1/bookings/:id/completed-action/:action', handler),
    http.post('*/api/v1/bookings/:id/:action', handler),
  );
  return sent;
}

const landing = [
  {
    path: '/bookings',
    element: (
      <>
        <h1>Bookings</h1>
        <ToastHost />
      </>
    ),
  },
  {
    path: '/bookings/:bookingId',
    element: (
      <>
        <h1>Booking</h1>
        <ToastHost />
      </>
    ),
  },
];

function open(
  route: string,
  ui = <CompletedActionPage />,
  path = '/bookings/:bookingId/completed-action/:action',
) {
  return renderWithProviders(ui, { route, path, routes: landing });
}

describe('the completed-action page', () => {
  it('runs It Happened on load, then shows the bookings list with the thanks', async () => {
    const sent = serveAnswers();
    const { router } = open('/bookings/41/completed-action/confirm');
    expect(screen.getByText('Saving your answer…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bookings' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/bookings');
    expect(sent).toEqual(['PATCH /api/v1/bookings/41/completed-action/confirm']);
    expect(await screen.findByText('Thanks for your feedback.')).toBeVisible();
  });

  it('marks a booking for rescheduling with the server’s words', async () => {
    const sent = serveAnswers(() =>
      HttpResponse.json({ message: 'Booking marked for rescheduling.' }),
    );
    open('/bookings/41/completed-action/reschedule');
    expect(await screen.findByText('Booking marked for rescheduling.')).toBeVisible();
    expect(sent).toEqual(['PATCH /api/v1/bookings/41/completed-action/reschedule']);
  });

  it('goes to the list at once for an unknown action, sending nothing', async () => {
    const sent = serveAnswers();
    const { router } = open('/bookings/41/completed-action/teleport');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal, and still goes to the list', async () => {
    serveAnswers(() =>
      HttpResponse.json({ message: 'The booking status is completed.' }, { status: 409 }),
    );
    const { router } = open('/bookings/41/completed-action/cancel');
    expect(await screen.findByText('The booking status is completed.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/bookings');
  });

  it('says the action did not complete when no answer came', async () => {
    serveAnswers(() => HttpResponse.error());
    open('/bookings/41/completed-action/confirm');
    expect(await screen.findByText(ACTION_FAILED)).toBeVisible();
  });
});

describe('the scheduled-outside pages', () => {
  it('/confirm-scheduled answers yes and opens the booking', async () => {
    const sent = serveAnswers();
    const { router } = open(
      '/bookings/41/confirm-scheduled',
      <ScheduledAnswerPage action="confirm-scheduled" />,
      '/bookings/:bookingId/confirm-scheduled',
    );
    expect(await screen.findByRole('heading', { name: 'Booking' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/bookings/41');
    expect(sent).toEqual(['POST /api/v1/bookings/41/confirm-scheduled']);
  });
});
