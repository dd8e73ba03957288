import { screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { AccountCard } from './account-card';

setupMswServer();

const member = (id: number, first: string, role: 'admin' | 'agency') => ({
  id,
  email: `${first.toLowerCase()}@guestspot.test`,
  first_name: first,
  last_name: 'Team',
  pivot: { role, email_notifications: 1, sms_notifications: 0 },
});

describe('the account card', () => {
  it('shows who is signed in and links to the profile editor', async () => {
    setSession(
      makeUser({
        first_name: 'Priya',
        last_name: 'Patel',
        email: 'pro@guestspot.test',
        account_type: 'pro',
      }),
    );
    const { container } = renderWithProviders(<AccountCard />);
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByText('Priya Patel')).toBeInTheDocument();
    expect(screen.getByText('pro@guestspot.test')).toBeInTheDocument();
    expect(screen.getByText('PRO account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/details');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('renders nothing without a user', () => {
    setSession(null);
    renderWithProviders(<AccountCard />);
    expect(screen.queryByRole('heading', { name: 'Your account' })).not.toBeInTheDocument();
  });

  it('lists a Pro owner’s team members with Manage, which opens the team settings', async () => {
    setSession(makeUser({ account_type: 'pro', has_team: true }));
    server.use(
      http.get('*/api/v1/users/me/team/members', () =>
        HttpResponse.json({
          data: [
            member(7, 'Alex', 'agency'),
            member(8, 'Bea', 'admin'),
            member(9, 'Cy', 'admin'),
            member(10, 'Di', 'admin'),
          ],
        }),
      ),
    );
    const { container } = renderWithProviders(<AccountCard />);
    const team = screen.getByRole('group', { name: 'Team members' });
    expect(await within(team).findByText('Alex Team')).toBeInTheDocument();
    expect(within(team).getByText('and 1 more')).toBeInTheDocument();
    expect(within(team).queryByText('Di Team')).not.toBeInTheDocument();
    expect(within(team).getByRole('link', { name: 'Manage team members' })).toHaveAttribute(
      'href',
      '/settings#team',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows no team to a standard account', () => {
    setSession(makeUser({ account_type: 'standard' }));
    renderWithProviders(<AccountCard />);
    expect(screen.queryByRole('group', { name: 'Team members' })).not.toBeInTheDocument();
  });
});
