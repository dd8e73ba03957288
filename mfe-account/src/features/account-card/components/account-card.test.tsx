import { screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { AccountCard } from './account-card';

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
});
