import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { rememberRedirect, useSessionStore } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { SocialLoginLandingPage } from './social-login-landing-page';

setupMswServer();
const render = (query: string) =>
  renderWithProviders(<SocialLoginLandingPage />, {
    route: `/login/google${query}`,
    path: '/login/:provider',
    routes: [{ path: '*', element: <p>Elsewhere</p> }],
  });

afterEach(() => {
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
});

describe('/login/:provider', () => {
  it('in a popup: tells the opener (same origin only) and closes', () => {
    setSession(null);
    const postMessage = jest.fn();
    Object.defineProperty(window, 'opener', {
      value: { closed: false, location: { origin: window.location.origin }, postMessage },
      configurable: true,
    });
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
    render('?status=success');
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'guestspot:social-login', provider: 'google', status: 'success', message: null },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
    close.mockRestore();
  });

  it('without a popup: signs in and goes to the remembered page', async () => {
    setSession(null);
    rememberRedirect('/bookings');
    server.use(http.get('*/api/v1/users/me', () => HttpResponse.json({ data: makeUser() })));
    const { router } = render('?status=success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    expect(useSessionStore.getState().authenticated).toBe(true);
  });

  it('without a popup and nothing remembered: the dashboard', async () => {
    setSession(null);
    server.use(http.get('*/api/v1/users/me', () => HttpResponse.json({ data: makeUser() })));
    const { router } = render('?status=success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the error message as text with a way back to /login', () => {
    setSession(null);
    render(`?status=error&message=${encodeURIComponent('<b>Nope</b>')}`);
    expect(screen.getByRole('alert')).toHaveTextContent('<b>Nope</b>');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('a confirmation opened as a full page says it can be closed', () => {
    setSession(makeUser());
    render('?status=confirmed');
    expect(screen.getByRole('heading', { name: 'Login confirmed' })).toBeInTheDocument();
    expect(screen.getByText('You can close this window.')).toBeInTheDocument();
  });
});
