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
import { VerifyEmailPage, verificationPathFrom } from './verify-email-page';
import { VerifyEmailThanksPage } from './verify-email-thanks-page';

setupMswServer();
beforeEach(() => {
  setSession(null);
  document.cookie = 'XSRF-TOKEN=t; path=/';
});
afterEach(clearCookies);

const TOKEN = 'verify-token-0123456789abcdefghij';
const PATH = `/api/v1/auth/email/verify/7/${TOKEN}`;

function renderPage(url: string | null) {
  const route = url === null ? '/verify-email' : `/verify-email?url=${encodeURIComponent(url)}`;
  return renderWithProviders(<VerifyEmailPage />, {
    route,
    path: '/verify-email',
    routes: [{ path: '/verify-email/thanks', element: <VerifyEmailThanksPage /> }],
  });
}

describe('the verification url guard', () => {
  it('keeps only this site’s verification path', () => {
    expect(verificationPathFrom(PATH)).toBe(PATH);
    expect(verificationPathFrom(`${window.location.origin}${PATH}`)).toBe(PATH);
    for (const url of [
      `https://evil.test${PATH}`,
      `//evil.test${PATH}`,
      `${PATH}/../../../../users/me`,
      `${PATH}?redirect=https://evil.test`,
      '/api/v1/auth/logout',
      'javascript:alert(1)',
      null,
    ]) {
      expect(verificationPathFrom(url)).toBeNull();
    }
  });

  it('shows the invalid-link state for a foreign url without calling anything', async () => {
    // Any request would fail the test: MSW errors on unhandled requests.
    renderPage(`https://evil.test${PATH}`);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('/verify-email', () => {
  it('verifies, reloads the signed-in user and says thank you', async () => {
    setSession(makeUser({ status: 'pending' }));
    const active = makeUser({ status: 'active' });
    let verified = false;
    server.use(
      http.get(`*${PATH}`, () => {
        verified = true;
        return HttpResponse.json({
          message: 'Your email address has been verified.',
          data: active,
        });
      }),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: active })),
    );
    const { container, router } = renderPage(PATH);
    expect(
      await screen.findByRole('heading', { name: 'Thank you for verifying your email' }),
    ).toBeInTheDocument();
    expect(verified).toBe(true);
    expect(router.state.location.pathname).toBe('/verify-email/thanks');
    expect(useSessionStore.getState().user?.status).toBe('active');
    expect(screen.getByRole('link', { name: 'Continue to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the server’s message and a resend action to a pending user', async () => {
    setSession(makeUser({ status: 'pending' }));
    server.use(
      http.get(`*${PATH}`, () =>
        HttpResponse.json(
          { message: 'This verification link is invalid or has expired.' },
          { status: 422 },
        ),
      ),
      http.post('*/api/v1/auth/email/resend', () =>
        HttpResponse.json(
          { message: 'A new verification link has been sent to your email address.' },
          { status: 202 },
        ),
      ),
    );
    renderPage(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new verification link has been sent to your email address.',
    );
  });

  it('offers a retry when the server failed', async () => {
    let calls = 0;
    server.use(
      http.get(`*${PATH}`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({
              message: 'Your email address has been verified.',
              data: makeUser(),
            });
      }),
    );
    renderPage(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Thank you for verifying your email' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
