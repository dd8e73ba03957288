import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { useSessionStore } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { toast, useToastStore } from '@guestspot/shared-ui';
import { ImpersonationBanner } from './impersonation-banner';

setupMswServer();
const maya = makeUser({
  first_name: 'Maya',
  last_name: 'Brooks',
  impersonator: { id: 9, name: 'Alex Morgan', is_admin: true, team_role: null },
});
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  toast.clear();
});

describe('the impersonation banner', () => {
  it('names who is impersonated and by whom', async () => {
    setSession(maya);
    const { container } = renderWithProviders(<ImpersonationBanner />);
    expect(screen.getByRole('region', { name: 'Impersonation' })).toHaveTextContent(
      'You are impersonating Maya Brooks (signed in as Alex Morgan).',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is absent when nobody is impersonated', () => {
    setSession(makeUser());
    renderWithProviders(<ImpersonationBanner />);
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });

  it('Stop Impersonating restores the real user and goes to the dashboard', async () => {
    setSession(maya);
    const alex = makeUser({ id: 9, first_name: 'Alex', last_name: 'Morgan', is_admin: true });
    server.use(
      http.delete('*/api/v1/auth/impersonate', () => HttpResponse.json({ data: alex })),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: alex })),
    );
    const { router } = renderWithProviders(<ImpersonationBanner />, { route: '/bookings' });
    await userEvent.click(screen.getByRole('button', { name: 'Stop Impersonating' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useSessionStore.getState().user?.first_name).toBe('Alex');
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });

  it('shows the server message when stopping fails', async () => {
    setSession(maya);
    server.use(
      http.delete('*/api/v1/auth/impersonate', () =>
        HttpResponse.json({ message: 'You are not impersonating anyone.' }, { status: 422 }),
      ),
    );
    renderWithProviders(<ImpersonationBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop Impersonating' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((item) => item.message)).toEqual([
        'You are not impersonating anyone.',
      ]),
    );
  });

  it('falls back to the spec’s (misspelt) message', async () => {
    setSession(maya);
    server.use(http.delete('*/api/v1/auth/impersonate', () => HttpResponse.error()));
    renderWithProviders(<ImpersonationBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop Impersonating' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((item) => item.message)).toEqual([
        'Cannot stop impersination at this time.',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Stop Impersonating' })).toBeEnabled();
  });
});
