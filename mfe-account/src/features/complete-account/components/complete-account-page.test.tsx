import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { useSessionStore } from '@guestspot/shared-api';
import {
  clearCookies,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useToastStore } from '@guestspot/shared-ui';
import { CompleteAccountPage, WELCOME_MESSAGE } from './complete-account-page';

setupMswServer();
beforeEach(() => {
  setSession(null);
  useToastStore.setState({ toasts: [] });
  document.cookie = 'XSRF-TOKEN=t; path=/';
  window.localStorage.clear();
});
afterEach(clearCookies);

const TOKEN = 'invite-token-0123456789abcdefghij';

function renderPage() {
  return renderWithProviders(<CompleteAccountPage />, {
    route: `/complete-account/${TOKEN}`,
    path: '/complete-account/:token',
    routes: [{ path: '/dashboard', element: <h1>Dashboard</h1> }],
  });
}

function invitation(names: { first_name: string; last_name: string }) {
  server.use(
    http.post('*/api/v1/auth/validate-token', async ({ request }) => {
      const body = (await request.json()) as { type: string };
      expect(body).toEqual({ token: TOKEN, type: 'complete-account' });
      return HttpResponse.json({ valid: true, email: 'ivy@example.test', ...names });
    }),
  );
}

describe('/complete-account/:token', () => {
  it('prefills the invited names and validates every field with the spec’s messages', async () => {
    invitation({ first_name: '', last_name: '' });
    const { container } = renderPage();
    expect(await screen.findByText('ivy@example.test')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Complete account' }));
    expect(
      await screen.findByText('The Password field must have at least 8 characters'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The Password and Password confirmation fields do not match'),
    ).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('completes the account, signs in and goes to the dashboard', async () => {
    invitation({ first_name: 'Ivy', last_name: 'Chen' });
    const user = makeUser({ first_name: 'Ivy', last_name: 'Chen-Li', email: 'ivy@example.test' });
    let sent: unknown;
    server.use(
      http.post('*/api/v1/auth/complete-account', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: user });
      }),
    );
    renderPage();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ivy');
    await userEvent.type(screen.getByLabelText('Last name'), '-Li');
    await userEvent.type(screen.getByLabelText('Password'), 'Invited-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Invited-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Complete account' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(sent).toEqual({
      token: TOKEN,
      first_name: 'Ivy',
      last_name: 'Chen-Li',
      password: 'Invited-pass-1',
      password_confirmation: 'Invited-pass-1',
    });
    expect(useSessionStore.getState()).toMatchObject({ authenticated: true, user });
    expect(useToastStore.getState().toasts[0]?.message).toBe(WELCOME_MESSAGE);
  });

  it('shows a link that was used meanwhile as the server says', async () => {
    invitation({ first_name: 'Ivy', last_name: 'Chen' });
    const message = 'This link is invalid or has expired.';
    server.use(
      http.post('*/api/v1/auth/complete-account', () =>
        HttpResponse.json({ message, errors: { token: [message] } }, { status: 422 }),
      ),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText('Password'), 'Invited-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Invited-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Complete account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(useSessionStore.getState().authenticated).toBe(false);
  });

  it('says when the invitation link is invalid', async () => {
    server.use(
      http.post('*/api/v1/auth/validate-token', () =>
        HttpResponse.json({ message: 'This link is invalid or has expired.' }, { status: 422 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
