import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { publishRoutes } from '../routing/fake-remotes';
import { Sidebar } from './sidebar';

/** What the remotes publish today (their routes.json, decision 070): no one serves /messages. */
const published = {
  mfe_marketplace: [
    '/',
    '/browse',
    '/about',
    '/contact',
    '/privacy-policy',
    '/cookie-policy',
    '/:guestId',
  ],
  mfe_booking: ['/bookings', '/booking/success'],
  mfe_account: ['/login', '/logout', '/register', '/settings', '/terms-and-conditions'],
  mfe_miniview: ['/user-miniviews'],
};

const links = [
  'Browse',
  'Dashboard',
  'Bookings',
  'Settings',
  'About Us',
  'Contact Us',
  'Privacy Policy',
  'Cookie Policy',
  'Terms And Conditions',
];

beforeEach(() => publishRoutes(published));

describe('the sidebar', () => {
  it("lists the spec's links with Log in for a visitor", async () => {
    setSession(null);
    const { container } = renderWithProviders(<Sidebar open onClose={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(nav).toBeVisible();
    for (const name of links) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Log out' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it("offers a visitor the header's Start free now, which a phone's header has no room for", () => {
    setSession(null);
    renderWithProviders(<Sidebar open onClose={() => undefined} />);
    const nav = within(screen.getByRole('navigation', { name: 'Sidebar' }));
    expect(nav.getByRole('link', { name: 'Start free now' })).toHaveAttribute('href', '/register');
    // Opening the drawer still starts at its first link.
    expect(nav.getByRole('link', { name: 'Browse' })).toHaveFocus();
  });

  it('counts new bookings, and offers Log out, to a user', () => {
    setSession(makeUser({ new_bookings_count: 3, unread_messages_count: 12 }));
    renderWithProviders(<Sidebar open onClose={() => undefined} />);
    expect(screen.queryByRole('link', { name: 'Start free now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Bookings.*3 new bookings/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('offers Messages, with its unread count, only once a remote publishes /messages', async () => {
    setSession(makeUser({ unread_messages_count: 12 }));
    renderWithProviders(<Sidebar open onClose={() => undefined} />);
    // Until then /messages would be the not-found page: no link to it.
    expect(screen.queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();

    // The inbox ships in a remote's routes.json: the sidebar follows, with no shell change.
    await act(() =>
      publishRoutes({ ...published, mfe_booking: [...published.mfe_booking, '/messages'] }),
    );
    expect(screen.getByRole('link', { name: /Messages.*12 unread messages/ })).toHaveAttribute(
      'href',
      '/messages',
    );
    // In the spec's place: after Settings.
    const targets = within(screen.getByRole('navigation', { name: 'Sidebar' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(targets.slice(0, 6)).toEqual([
      '/browse',
      '/dashboard',
      '/bookings',
      '/settings',
      '/messages',
      '/logout',
    ]);
  });

  it('drops a link whose page no app serves any longer', async () => {
    setSession(null);
    renderWithProviders(<Sidebar open onClose={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Cookie Policy' })).toBeInTheDocument();
    const withoutCookiePolicy = published.mfe_marketplace.filter(
      (path) => path !== '/cookie-policy',
    );
    await act(() => publishRoutes({ ...published, mfe_marketplace: withoutCookiePolicy }));
    // Not to the profile catch-all either: /cookie-policy is one of the site's own paths.
    expect(screen.queryByRole('link', { name: 'Cookie Policy' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About Us' })).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    setSession(null);
    const onClose = jest.fn();
    renderWithProviders(<Sidebar open onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('is out of the way when closed', () => {
    setSession(null);
    renderWithProviders(<Sidebar open={false} onClose={() => undefined} />);
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();
  });
});
