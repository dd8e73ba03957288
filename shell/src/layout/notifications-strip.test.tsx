import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { delay, http, HttpResponse } from 'msw';
import type { Notification } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { toast, ToastHost } from '@guestspot/shared-ui';
import { LIVE_POLL_MS } from './live-session';
import {
  completedQuestion,
  makeNotification,
  scheduledQuestion,
  severalNotifications,
} from './notification-fixtures';
import { NotificationsStrip } from './notifications-strip';
// The strip's lazy chunk, loaded up front: how long jsdom takes to compile it is not under test.
import './notification-list';

setupMswServer();

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  toast.clear();
  setSession(makeUser({ id: 7 }));
});

afterEach(() => jest.useRealTimers());

/** GET /notifications answers each list in turn (the last one again after that). */
function serveNotifications(...answers: Notification[][]) {
  const gets: number[] = [];
  server.use(
    http.get('*/api/v1/notifications', () => {
      gets.push(Date.now());
      return HttpResponse.json({ data: answers[Math.min(gets.length, answers.length) - 1] });
    }),
  );
  return gets;
}

/** PATCH /notifications/{id}: what was sent, answered once `answer` settles. */
function servePatch(answer: () => Promise<Response> | Response = () => new Response(null)) {
  const sent: { id: string; body: unknown }[] = [];
  server.use(
    http.patch('*/api/v1/notifications/:id', async ({ params, request }) => {
      sent.push({ id: String(params.id), body: await request.json() });
      return answer();
    }),
  );
  return sent;
}

function renderStrip() {
  return renderWithProviders(
    <>
      <NotificationsStrip />
      <main id="main" tabIndex={-1}>
        <h1>Dashboard</h1>
      </main>
      <ToastHost />
    </>,
    {
      route: '/dashboard',
      routes: [{ path: '/bookings/:bookingId', element: <h1>Booking</h1> }],
    },
  );
}

const strip = () => screen.findByRole('region', { name: 'Booking updates' });

describe('the notifications strip', () => {
  it('asks for nothing and shows nothing to a visitor', async () => {
    setSession(null);
    const gets = serveNotifications([makeNotification(1)]);
    renderStrip();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(gets).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Booking updates' })).not.toBeInTheDocument();
  });

  it('shows nothing when there is nothing unread', async () => {
    const gets = serveNotifications([{ ...makeNotification(1), read_at: '2026-03-10T13:00:00Z' }]);
    renderStrip();
    await waitFor(() => expect(gets).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Booking updates' })).not.toBeInTheDocument();
  });

  it('shows a notification with links to its booking and the other side, and Dismiss', async () => {
    serveNotifications([makeNotification(1)]);
    const { container } = renderStrip();
    const region = within(await strip());
    expect(region.getByText('The Daily Pod accepted your booking request.')).toBeVisible();
    expect(region.getByRole('link', { name: 'View booking' })).toHaveAttribute(
      'href',
      '/bookings/8',
    );
    // The reader is the guest: the other side is the show.
    expect(region.getByRole('link', { name: 'The Daily Pod' })).toHaveAttribute('href', '/shows/3');
    expect(region.getByRole('button', { name: 'Dismiss' })).toHaveAccessibleDescription(
      'The Daily Pod accepted your booking request.',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('links a show owner to the guest', async () => {
    const forShow = makeNotification(1, 'booking_request', 'Ada Lovelace requested a booking.');
    forShow.data = { ...forShow.data, is_guest: false, is_show: true };
    serveNotifications([forShow]);
    renderStrip();
    expect(within(await strip()).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/guests/2',
    );
  });

  it('shows the newest of several, and the others on request', async () => {
    serveNotifications(severalNotifications);
    const { container } = renderStrip();
    const region = within(await strip());
    expect(region.getAllByRole('listitem')).toHaveLength(1);
    expect(region.getByText('The Daily Pod sent you a message.')).toBeVisible();
    const more = region.getByRole('button', { name: 'and 2 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    expect(region.getAllByRole('listitem')).toHaveLength(3);
    expect(region.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('dismisses at once, before the server has answered', async () => {
    serveNotifications([makeNotification(1)], []);
    let answer: (response: Response) => void = () => undefined;
    const sent = servePatch(() => new Promise((resolve) => (answer = resolve)));
    renderStrip();
    const region = await strip();
    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));

    expect(screen.queryByRole('region', { name: 'Booking updates' })).not.toBeInTheDocument();
    // Its button went with it: focus goes on to the page.
    expect(screen.getByRole('main')).toHaveFocus();
    await waitFor(() => expect(sent).toEqual([{ id: '1', body: { read: true } }]));

    answer(
      HttpResponse.json({ data: { ...makeNotification(1), read_at: '2026-03-10T13:00:00Z' } }),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Booking updates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toHaveTextContent(/./);
  });

  it('brings a notification back, with an error toast, when marking it read fails', async () => {
    serveNotifications([makeNotification(1)]);
    servePatch(async () => {
      await delay(20);
      return HttpResponse.json({ message: 'Notifications are unavailable.' }, { status: 503 });
    });
    renderStrip();
    await userEvent.click(within(await strip()).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Booking updates' })).not.toBeInTheDocument();

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Notifications are unavailable.'),
    );
    expect(
      within(await strip()).getByText('The Daily Pod accepted your booking request.'),
    ).toBeVisible();
  });

  it('takes focus on to the next notification when one leaves', async () => {
    serveNotifications(severalNotifications);
    servePatch(() => delay('infinite').then(() => new Response(null)));
    renderStrip();
    const region = within(await strip());
    await userEvent.click(region.getByRole('button', { name: 'and 2 more' }));
    const [first] = region.getAllByRole('button', { name: 'Dismiss' });
    await userEvent.click(first!);

    await waitFor(() => expect(region.getAllByRole('listitem')).toHaveLength(2));
    const next = region.getAllByRole('listitem')[0];
    expect(next).toHaveTextContent('The Daily Pod proposed 3 dates for your interview.');
    expect(next).toHaveFocus();
  });

  /** The completion answers (decision 116): each call, answered with the server's message. */
  function serveAnswers(
    answer: (action: string) => Response = (action) =>
      HttpResponse.json({
        message: action.endsWith('reschedule')
          ? 'Booking marked for rescheduling.'
          : action.endsWith('cancel')
            ? 'Booking marked for cancellation.'
            : 'Thanks for your feedback.',
      }),
  ) {
    const calls: string[] = [];
    const handler = ({ request }: { request: Request }) => {
      const action = new URL(request.url).pathname.replace(/^.*\/bookings\/\d+\//, '');
      calls.push(`${request.method} ${action}`);
      return answer(action);
    };
    server.use(
      http.patch('*/api/v1/bookings/:id/completed-action/:action', handler),
      http.post('*/api/v1/bookings/:id/:action', handler),
    );
    return calls;
  }

  it("asks 'did it happen?' with It Happened, Reschedule and Cancel Booking", async () => {
    serveNotifications([completedQuestion]);
    const sent = servePatch();
    const calls = serveAnswers();
    const { container, router } = renderStrip();
    const region = within(await strip());
    expect(region.getByText('Did your interview with The Daily Pod happen?')).toBeVisible();
    for (const name of ['It Happened', 'Reschedule', 'Cancel Booking']) {
      expect(region.getByRole('button', { name })).toBeVisible();
    }
    expect(region.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    // Reschedule: sent, read, and off to the booking's Activity.
    await userEvent.click(region.getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/8'));
    expect(calls).toEqual(['PATCH completed-action/reschedule']);
    await waitFor(() => expect(sent).toEqual([{ id: '11', body: { read: true } }]));
  });

  it('It Happened completes the booking and thanks the show, staying on the page', async () => {
    serveNotifications([completedQuestion], []);
    servePatch();
    const calls = serveAnswers();
    const { router } = renderStrip();
    const region = within(await strip());
    await userEvent.click(region.getByRole('button', { name: 'It Happened' }));
    expect(await screen.findByText('Thanks for your feedback.')).toBeVisible();
    expect(calls).toEqual(['PATCH completed-action/confirm']);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('an answer the server refuses keeps the question and says why', async () => {
    serveNotifications([completedQuestion]);
    const sent = servePatch();
    serveAnswers(() =>
      HttpResponse.json({ message: 'The booking status is completed.' }, { status: 409 }),
    );
    renderStrip();
    const region = within(await strip());
    await userEvent.click(region.getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText('The booking status is completed.')).toBeVisible();
    expect(region.getByText('Did your interview with The Daily Pod happen?')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it("asks 'is it scheduled?' with Yes and No", async () => {
    serveNotifications([scheduledQuestion], []);
    const sent = servePatch();
    const calls = serveAnswers();
    const { router } = renderStrip();
    const region = within(await strip());
    expect(region.getByText('Have you scheduled your interview with The Daily Pod?')).toBeVisible();
    expect(region.getByRole('button', { name: 'No' })).toBeVisible();

    await userEvent.click(region.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Booking updates' })).not.toBeInTheDocument(),
    );
    expect(calls).toEqual(['POST confirm-scheduled']);
    await waitFor(() => expect(sent).toEqual([{ id: '12', body: { read: true } }]));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('asks again every 60 seconds, and announces what arrives without taking focus', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const gets = serveNotifications(
      [makeNotification(1)],
      [
        makeNotification(2, 'new_message', 'The Daily Pod sent you a message.'),
        makeNotification(1),
      ],
    );
    renderStrip();
    await strip();
    expect(LIVE_POLL_MS).toBe(60_000);
    expect(gets).toHaveLength(1);
    // What was there on arrival is read in the strip, not announced.
    expect(screen.queryByText(/^New notification/)).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(LIVE_POLL_MS));
    await waitFor(() => expect(gets).toHaveLength(2));
    expect(
      await screen.findByText('New notification: The Daily Pod sent you a message.'),
    ).toHaveAttribute('aria-live', 'polite');
    expect(document.body).toHaveFocus();
  });
});
