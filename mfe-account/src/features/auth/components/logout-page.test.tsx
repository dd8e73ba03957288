import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useSessionStore } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { routes } from '../../../routes';
import { LogoutPage } from './logout-page';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
});

describe('/logout', () => {
  it('is open to everyone, so the guard never sends it to /login', () => {
    expect(routes.find((route) => route.path === '/logout')?.handle).toBeUndefined();
  });

  it('ends the session on the server and locally, then goes Home', async () => {
    setSession(makeUser());
    let loggedOut = false;
    server.use(
      http.post('*/api/v1/auth/logout', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderWithProviders(<LogoutPage />, {
      route: '/logout',
      routes: [{ path: '/', element: <p>Home page</p> }],
    });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(loggedOut).toBe(true);
    expect(useSessionStore.getState()).toMatchObject({ authenticated: false, user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('still signs out locally and goes Home when the server cannot be reached', async () => {
    setSession(makeUser());
    server.use(http.post('*/api/v1/auth/logout', () => HttpResponse.error()));
    renderWithProviders(<LogoutPage />, {
      route: '/logout',
      routes: [{ path: '/', element: <p>Home page</p> }],
    });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(useSessionStore.getState().authenticated).toBe(false);
  });
});
