import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import {
  clearCookies,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ForgotPasswordPage } from './forgot-password-page';

setupMswServer();
beforeEach(() => {
  setSession(null);
  document.cookie = 'XSRF-TOKEN=t; path=/';
});
afterEach(clearCookies);

const SENT = 'If an account exists for that email, we have sent a password reset link.';

function renderPage() {
  return renderWithProviders(<ForgotPasswordPage />, { route: '/reset-password' });
}

describe('/reset-password', () => {
  it('requires a valid email address before sending anything', async () => {
    const { container } = renderPage();
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('sends the address and shows the server’s answer as “Check your email”', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/v1/auth/password/email', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: SENT });
      }),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText('Email'), ' ada@guestspot.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SENT);
    expect(sent).toEqual({ email: 'ada@guestspot.test' });

    // "try again" brings the form back with the address kept.
    await userEvent.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@guestspot.test');
  });

  it('maps the server’s field errors and shows the rate-limit message', async () => {
    server.use(
      http.post('*/api/v1/auth/password/email', () =>
        HttpResponse.json(
          {
            message: 'The email field must be a valid email address.',
            errors: { email: ['The email field must be a valid email address.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@guestspot.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findAllByText('The email field must be a valid email address.'),
    ).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    const limited = 'Too many password reset requests. Please try again in 840 seconds.';
    server.use(
      http.post('*/api/v1/auth/password/email', () =>
        HttpResponse.json({ message: limited }, { status: 429 }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(limited);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });
});
