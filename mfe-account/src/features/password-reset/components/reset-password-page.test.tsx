import { screen, waitFor } from '@testing-library/react';
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
import { ResetPasswordPage } from './reset-password-page';

setupMswServer();
beforeEach(() => {
  setSession(null);
  useToastStore.setState({ toasts: [] });
  document.cookie = 'XSRF-TOKEN=t; path=/';
  window.localStorage.clear();
});
afterEach(clearCookies);

const TOKEN = 'reset-token-0123456789abcdefghij';
const ROUTE = `/reset-password/${TOKEN}?email=ada%40guestspot.test`;

function renderPage(route = ROUTE) {
  return renderWithProviders(<ResetPasswordPage />, {
    route,
    path: '/reset-password/:token',
    routes: [{ path: '/dashboard', element: <h1>Dashboard</h1> }],
  });
}

function validToken() {
  const checks: unknown[] = [];
  server.use(
    http.post('*/api/v1/auth/validate-token', async ({ request }) => {
      checks.push(await request.json());
      return HttpResponse.json({ valid: true, email: 'ada@guestspot.test' });
    }),
  );
  return checks;
}

async function fillPasswords(password: string, confirmation: string) {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('/reset-password/:token', () => {
  it('checks the link, prefills the email, and checks the passwords with the spec’s messages', async () => {
    const checks = validToken();
    const { container } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('ada@guestspot.test');
    expect(email).toHaveAttribute('readonly');
    expect(checks).toEqual([{ token: TOKEN, type: 'reset-password', email: 'ada@guestspot.test' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Password confirmation is required')).toBeInTheDocument();

    await fillPasswords('short', 'shorter');
    expect(
      await screen.findByText('The Password field must have at least 8 characters'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The Password and Password confirmation fields do not match'),
    ).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('resets, signs the user in and goes to the dashboard with a toast', async () => {
    validToken();
    const user = makeUser({ email: 'ada@guestspot.test' });
    let sent: unknown;
    server.use(
      http.post('*/api/v1/auth/password/reset', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'Your password has been reset.', data: user });
      }),
    );
    renderPage();
    await fillPasswords('New-password-1', 'New-password-1');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(sent).toEqual({
      token: TOKEN,
      email: 'ada@guestspot.test',
      password: 'New-password-1',
      password_confirmation: 'New-password-1',
    });
    expect(useSessionStore.getState()).toMatchObject({ authenticated: true, user });
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Your password has been reset.',
    ]);
  });

  it('shows the server’s errors on the form and keeps the user signed out', async () => {
    validToken();
    const message = 'This password reset token is invalid.';
    server.use(
      http.post('*/api/v1/auth/password/reset', () =>
        HttpResponse.json({ message, errors: { email: [message] } }, { status: 422 }),
      ),
    );
    renderPage();
    await fillPasswords('New-password-1', 'New-password-1');
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(useSessionStore.getState().authenticated).toBe(false);
  });

  it('says when the link is invalid and offers a new one', async () => {
    server.use(
      http.post('*/api/v1/auth/validate-token', () =>
        HttpResponse.json({ message: 'This link is invalid or has expired.' }, { status: 422 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('offers a retry when the check itself failed', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/v1/auth/validate-token', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ valid: true, email: 'ada@guestspot.test' });
      }),
    );
    renderPage(`/reset-password/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('ada@guestspot.test'));
  });
});
