import { screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { widgets } from '../../../exposes/widgets';
import { PublicProfilesCard } from './public-profiles-card';

describe('the public profiles card', () => {
  it('is exposed to the dashboard', () => {
    expect(widgets.map((widget) => widget.id)).toEqual(['public-profiles', 'connect']);
  });

  it("links the user's guest profile and shows", async () => {
    setSession(
      makeUser({
        guest: { id: 2, name: 'Priya Patel', slug: 'priya-patel', imageUrl: null },
        shows: [{ id: 4, name: 'The Founder Files', slug: 'the-founder-files', imageUrl: null }],
      }),
    );
    const { container } = renderWithProviders(<PublicProfilesCard />);
    expect(screen.getByRole('link', { name: 'Priya Patel' })).toHaveAttribute(
      'href',
      '/guests/priya-patel',
    );
    expect(screen.getByRole('link', { name: 'The Founder Files' })).toHaveAttribute(
      'href',
      '/shows/the-founder-files',
    );
    expect(screen.getByRole('link', { name: 'Manage profiles' })).toHaveAttribute(
      'href',
      '/details',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says so when the user has no profile yet', () => {
    setSession(makeUser());
    renderWithProviders(<PublicProfilesCard />);
    expect(screen.getByText('You have no public profile yet.')).toBeInTheDocument();
  });
});
