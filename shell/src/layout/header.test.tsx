import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePageChromeStore } from '@guestspot/shared-api';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { useLoginModalStore } from '@guestspot/shared-ui';
import { Header } from './header';

function renderHeader() {
  return renderWithProviders(<Header sidebarOpen={false} onToggleSidebar={() => undefined} />);
}

describe('the header', () => {
  afterEach(() => usePageChromeStore.getState().resetPageChrome());

  it('hides the logo and tagline while a remove_branding profile page asks it to', () => {
    setSession(null);
    usePageChromeStore.getState().setPageChrome({ hideBranding: true, hideFooter: true });
    renderHeader();
    expect(screen.queryByText('guest booking marketplace')).not.toBeInTheDocument();
    expect(screen.queryByText('Guestspot')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('offers a visitor to start free or sign in (the login modal)', async () => {
    setSession(null);
    renderHeader();
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByText('guest booking marketplace')).toBeInTheDocument();
    expect(banner.getByRole('link', { name: 'Start free now' })).toHaveAttribute(
      'href',
      '/register',
    );
    await userEvent.click(banner.getByRole('button', { name: 'Sign in' }));
    expect(useLoginModalStore.getState().open).toBe(true);
  });

  it('gives a signed-in user a menu with Dashboard, Profile, Settings and Log out', async () => {
    setSession(makeUser({ first_name: 'Grace', last_name: 'Hopper' }));
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Start free now' })).not.toBeInTheDocument();
    // Its name starts with the user's, also on a phone where only the avatar shows.
    const menuButton = screen.getByRole('button', { name: /^Grace Hopper/ });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Dashboard', 'Profile', 'Settings', 'Log out']) {
      expect(screen.getByRole('link', { name })).toBeVisible();
    }
    await userEvent.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows 'Admin for {name}' to an admin team member", () => {
    setSession(
      makeUser({
        team_role: 'admin',
        teams: [{ id: 1, owner_id: 9, owner_name: 'Jane Owner', role: 'admin' }],
      }),
    );
    renderHeader();
    expect(screen.getByText('Admin for Jane Owner')).toBeInTheDocument();
  });
});
