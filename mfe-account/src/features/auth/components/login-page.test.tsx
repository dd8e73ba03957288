import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { rememberRedirect } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { LoginPage } from './login-page';

setupMswServer();
beforeEach(() => {
  setSession(null);
  document.cookie = 'XSRF-TOKEN=t; path=/';
  server.use(http.post('*/api/v1/auth/login', () => HttpResponse.json({ data: makeUser() })));
});

async function signIn() {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@guestspot.test');
  await userEvent.type(screen.getByLabelText('Password'), 'Password123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  it('returns to the path the guard remembered', async () => {
    rememberRedirect('/bookings?page=2');
    const { router } = renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('goes to the dashboard when nothing was remembered', async () => {
    const { router } = renderWithProviders(<LoginPage />, { route: '/login' });
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
