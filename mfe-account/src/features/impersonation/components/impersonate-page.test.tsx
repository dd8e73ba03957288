import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useSessionStore } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ImpersonatePage } from './impersonate-page';

setupMswServer();
beforeEach(() => {
  setSession(makeUser({ id: 9, is_admin: true }));
  document.cookie = 'XSRF-TOKEN=t; path=/';
});
afterEach(() => jest.useRealTimers());

describe('/impersonate', () => {
  it('signs in as the user with device spa, waits a second, refetches the session and goes Home', async () => {
    const maya = makeUser({
      id: 5,
      first_name: 'Maya',
      last_name: 'Brooks',
      impersonator: { id: 9, name: 'Alex Morgan', is_admin: true, team_role: null },
    });
    let body: unknown;
    server.use(
      http.post('*/api/v1/auth/impersonate/5', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: maya });
      }),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: maya })),
    );
    const { router } = renderWithProviders(<ImpersonatePage />, {
      route: '/impersonate?user_id=5',
    });
    expect(await screen.findByText('Signing in as Maya Brooks…')).toBeInTheDocument();
    expect(body).toEqual({ device: 'spa' });
    expect(router.state.location.pathname).toBe('/impersonate');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(useSessionStore.getState().user?.impersonator).toEqual({
      id: 9,
      name: 'Alex Morgan',
      is_admin: true,
      team_role: null,
    });
  });

  it('waits the spec’s one second before leaving', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    server.use(
      http.post('*/api/v1/auth/impersonate/5', () => HttpResponse.json({ data: makeUser() })),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: makeUser() })),
    );
    const { router } = renderWithProviders(<ImpersonatePage />, {
      route: '/impersonate?user_id=5',
    });
    await screen.findByText('Signing in as Ada Lovelace…');
    await act(async () => {
      jest.advanceTimersByTime(900);
    });
    expect(router.state.location.pathname).toBe('/impersonate');
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    jest.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the server’s refusal on the page (no trip to /403-forbidden)', async () => {
    server.use(
      http.post('*/api/v1/auth/impersonate/5', () =>
        HttpResponse.json({ message: 'You cannot impersonate this user.' }, { status: 403 }),
      ),
    );
    const { router } = renderWithProviders(<ImpersonatePage />, {
      route: '/impersonate?user_id=5',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot impersonate this user.');
    expect(router.state.location.pathname).toBe('/impersonate');
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('falls back to the spec’s message when the server says nothing', async () => {
    server.use(http.post('*/api/v1/auth/impersonate/5', () => HttpResponse.error()));
    renderWithProviders(<ImpersonatePage />, { route: '/impersonate?user_id=5' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot manage this account at this time.',
    );
  });

  it('explains a link without a user id', async () => {
    renderWithProviders(<ImpersonatePage />, { route: '/impersonate?user_id=abc' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link does not name an account to manage.',
    );
  });
});
