import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { OAuthReturnPage } from './oauth-return-page';

setupMswServer();
beforeEach(() => {
  setSession(makeUser());
  document.cookie = 'XSRF-TOKEN=t; path=/';
});

describe('/{provider}/authorization', () => {
  it('completes the connection and links back to where the user started', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v1/oauth/google/complete', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          message: 'Your Google account is connected.',
          return_to: '/settings#calendars',
          data: { provider: 'google', account_name: null, account_email: 'a@b.c' },
        });
      }),
    );
    renderWithProviders(<OAuthReturnPage provider="google" />, {
      route: '/google/authorization?code=c1&state=s1',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Connecting your Google account');
    expect(await screen.findByText('Your Google account is connected.')).toBeInTheDocument();
    expect(body).toEqual({ code: 'c1', state: 's1' });
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/settings#calendars',
    );
  });

  it('never links off-site, whatever return_to says', async () => {
    server.use(
      http.post('*/api/v1/oauth/stripe/complete', () =>
        HttpResponse.json({
          message: 'Your Stripe account is connected.',
          return_to: '//evil.test',
          data: {},
        }),
      ),
    );
    renderWithProviders(<OAuthReturnPage provider="stripe" />, {
      route: '/stripe/authorization?code=c&state=s',
    });
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('shows an expired state and offers to try again', async () => {
    server.use(
      http.post('*/api/v1/oauth/tiktok/complete', () =>
        HttpResponse.json(
          { message: 'This authorization link has expired. Please try again.' },
          { status: 422 },
        ),
      ),
      http.get('*/api/v1/oauth/tiktok/redirect', () =>
        HttpResponse.json({ message: 'nope' }, { status: 500 }),
      ),
    );
    renderWithProviders(<OAuthReturnPage provider="tiktok" />, {
      route: '/tiktok/authorization?code=c&state=s',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This authorization link has expired. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('nope');
  });

  it('says so when the person refused at the provider, without calling the server', async () => {
    const complete = jest.fn();
    server.use(http.post('*/api/v1/oauth/youtube/complete', complete));
    renderWithProviders(<OAuthReturnPage provider="youtube" />, {
      route: '/youtube/authorization?error=access_denied&state=s',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The YouTube authorization was cancelled or did not finish.',
    );
    expect(screen.getByRole('link', { name: 'Back to settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(complete).not.toHaveBeenCalled();
  });
});
