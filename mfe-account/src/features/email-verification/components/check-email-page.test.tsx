import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import {
  clearCookies,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { CheckEmailPage } from './check-email-page';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
});
afterEach(clearCookies);

function renderPage() {
  return renderWithProviders(<CheckEmailPage />, { route: '/check-email' });
}

describe('/check-email', () => {
  it('names the address, resends the link and shows the wait when asked too soon', async () => {
    setSession(makeUser({ status: 'pending', email: 'nina@example.test' }));
    let calls = 0;
    server.use(
      http.post('*/api/v1/auth/email/resend', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { message: 'A new verification link has been sent to your email address.' },
              { status: 202 },
            )
          : HttpResponse.json(
              { message: 'Please wait 57 seconds before requesting another email.' },
              { status: 429, headers: { 'retry-after': '57' } },
            );
      }),
    );
    const { container } = renderPage();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('nina@example.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
    expect(await axe(container)).toHaveNoViolations();

    const resend = screen.getByRole('button', { name: 'Resend verification email' });
    await userEvent.click(resend);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new verification link has been sent to your email address.',
    );
    await userEvent.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait 57 seconds before requesting another email.',
    );
  });

  it('disables the button while sending', async () => {
    setSession(makeUser({ status: 'pending' }));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/v1/auth/email/resend', async () => {
        await gate;
        return HttpResponse.json({ message: 'Sent.' }, { status: 202 });
      }),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(screen.getByRole('button', { name: /Resend verification email/ })).toBeDisabled();
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Sent.');
  });

  it('sends a verified user on to the dashboard', () => {
    setSession(makeUser({ status: 'active' }));
    renderPage();
    expect(
      screen.getByRole('heading', { name: 'Your email address is verified' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });
});
