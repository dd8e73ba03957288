import type { User } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SettingsPage } from './settings-page';

setupMswServer();

// The page only composes the sections; each section's calls are tested with the section. Here
// the server is down so every section shows its own error state and only the composition shows.
beforeEach(() => {
  server.use(http.all('*/api/v1/*', () => HttpResponse.json({ message: 'down' }, { status: 503 })));
});

const agency = { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' as const };
const basic = { id: 8, name: 'Bo Basic', is_admin: false, team_role: 'admin' as const };

function sections(user: User) {
  setSession(user);
  renderWithProviders(<SettingsPage />, { route: '/settings' });
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
}

describe('SettingsPage', () => {
  it('shows a Pro owner every section in the spec’s order', () => {
    expect(sections(makeUser({ account_type: 'pro' }))).toEqual([
      'Profile',
      'Calendars',
      // Issue 33's subscription URL, its own section after the calendars (decision 118).
      'Calendar feed',
      'Notifications',
      'Payment methods',
      'Payout account',
      'Plan',
      'Team members',
      'Account status',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Admin settings' })).not.toBeInTheDocument();
  });

  it('has no team section for a standard account', () => {
    expect(sections(makeUser({ account_type: 'standard' }))).not.toContain('Team members');
  });

  it('shows payout and team to an Agency member acting as the owner', () => {
    const shown = sections(makeUser({ account_type: 'pro', impersonator: agency }));
    expect(shown).toEqual(expect.arrayContaining(['Payout account', 'Team members']));
  });

  it('hides payout and team from a Basic member', () => {
    const shown = sections(makeUser({ account_type: 'pro', impersonator: basic }));
    expect(shown).not.toContain('Payout account');
    expect(shown).not.toContain('Team members');
  });

  it('links an admin to the admin settings', () => {
    sections(makeUser({ is_admin: true }));
    expect(screen.getByRole('link', { name: 'Admin settings' })).toHaveAttribute(
      'href',
      '/admin-settings',
    );
  });
});
