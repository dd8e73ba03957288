import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import type { GuestProfileDetail } from '@guestspot/shared-api';
import {
  makeGuest,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useLoginModalStore, useToastStore } from '@guestspot/shared-ui';
import { GuestAvailabilityPage, OWN_AVAILABILITY_NOTE } from './guest-availability-page';

setupMswServer();

const ada: GuestProfileDetail = {
  ...makeGuest({ id: 5, user_id: 9, slug: 'ada', name: 'Ada Lovelace', title: 'Mathematician' }),
  experience: [],
  topics: [],
  questions: [],
  reviews_count: 0,
  booking_options: [],
};

function renderPage(route = '/guest-availability/ada') {
  return renderWithProviders(<GuestAvailabilityPage />, {
    route,
    path: '/guest-availability/:guestId',
    routes: [{ path: '/404-not-found', element: <h1>Page not found</h1> }],
  });
}

const toasts = () => useToastStore.getState().toasts.map((item) => `${item.tone}: ${item.message}`);

beforeEach(() => {
  setSession(makeUser({ id: 50 }));
  useToastStore.setState({ toasts: [] });
  useLoginModalStore.setState({ open: false, redirect: null });
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/guests/ada', () => HttpResponse.json({ data: ada })),
  );
});

describe('the guest availability page', () => {
  it('sends a signed-in user’s request for this guest and says so', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/guests/5/guest-availability-request', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'sent' }, { status: 201 });
      }),
    );
    const { container } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request Ada Lovelace’s availability' }),
    ).toBeVisible();
    expect(screen.getByText('Mathematician')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/guests/ada',
    );
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(
        "Your request was sent. We'll let you know when Ada Lovelace opens up availability.",
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
    expect(bodies).toEqual([{ profileId: 5, profileType: 'guest' }]);
    expect(toasts()).toEqual([
      "success: Your request was sent. We'll let you know when Ada Lovelace opens up availability.",
    ]);
  });

  it('keeps the button and shows the server’s message when the request fails', async () => {
    server.use(
      http.post('*/api/v1/guests/5/guest-availability-request', () =>
        HttpResponse.json({ message: 'Too many requests.' }, { status: 429 }),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(toasts()).toEqual(['error: Too many requests.']));
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it('asks a visitor to sign in first, then brings them back here', async () => {
    setSession(null);
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign in to send the request' }),
    );
    expect(useLoginModalStore.getState()).toMatchObject({
      open: true,
      redirect: '/guest-availability/ada',
    });
  });

  it('tells the guest it is their own page, with no request button', async () => {
    setSession(makeUser({ id: 9 }));
    renderPage();
    expect(await screen.findByText(OWN_AVAILABILITY_NOTE, { exact: false })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
  });

  it('sends an unknown guest to the not-found page', async () => {
    server.use(
      http.get('*/api/v1/guests/nobody', () =>
        HttpResponse.json({ message: 'Not found.' }, { status: 404 }),
      ),
    );
    renderPage('/guest-availability/nobody');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
