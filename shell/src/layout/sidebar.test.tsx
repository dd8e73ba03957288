import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { publishRoutes } from '../routing/fake-remotes';
import { LIVE_POLL_MS } from './live-session';
import { Sidebar } from './sidebar';

setupMswServer();

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

const withMessages = { ...published, mfe_booking: [...published.mfe_booking, '/messages'] };

beforeEach(() => publishRoutes(published));
afterEach(() => jest.useRealTimers());

/** GET /users/{id}/unread-messages: each answer in turn (the last one again after that). */
function serveUnread(...counts: number[]) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/users/:id/unread-messages', ({ params }) => {
      asked.push(String(params.id));
      const count = counts[Math.min(asked.length, counts.length) - 1] ?? 0;
      return HttpResponse.json({ data: { count, conversations: Math.min(count, 2) } });
    }),
  );
  return asked;
}

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
    setSession(makeUser({ id: 7 }));
    const asked = serveUnread(3);
    const { container } = renderWithProviders(<Sidebar open onClose={() => undefined} />);
    // Until then /messages would be the not-found page: no link to it, and no count to ask for.
    expect(screen.queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked).toEqual([]);

    // The inbox ships in a remote's routes.json: the sidebar follows, with no shell change.
    await act(() => publishRoutes(withMessages));
    expect(await screen.findByRole('link', { name: 'Messages 3 unread messages' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(asked).toEqual(['7']);
    expect(await axe(container)).toHaveNoViolations();
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

  it('asks for the unread count again every 60 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    await publishRoutes(withMessages);
    setSession(makeUser({ id: 7 }));
    const asked = serveUnread(3, 5);
    renderWithProviders(<Sidebar open onClose={() => undefined} />);
    expect(await screen.findByRole('link', { name: 'Messages 3 unread messages' })).toBeVisible();

    await act(() => jest.advanceTimersByTimeAsync(LIVE_POLL_MS));
    expect(await screen.findByRole('link', { name: 'Messages 5 unread messages' })).toBeVisible();
    expect(asked).toHaveLength(2);
  });

  it('shows no count and asks for none for a visitor', async () => {
    await publishRoutes(withMessages);
    setSession(null);
    const asked = serveUnread(3);
    renderWithProviders(<Sidebar open onClose={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked).toEqual([]);
  });

  it("shows the session's figure until the count has arrived", async () => {
    await publishRoutes(withMessages);
    setSession(makeUser({ unread_messages_count: 2 }));
    const held: { answer?: () => void } = {};
    server.use(
      http.get('*/api/v1/users/:id/unread-messages', async () => {
        await new Promise<void>((resolve) => (held.answer = resolve));
        return HttpResponse.json({ data: { count: 4, conversations: 1 } });
      }),
    );
    renderWithProviders(<Sidebar open onClose={() => undefined} />);
    await waitFor(() => expect(held.answer).toBeDefined());
    expect(screen.getByRole('link', { name: 'Messages 2 unread messages' })).toBeVisible();
    act(() => held.answer?.());
    expect(await screen.findByRole('link', { name: 'Messages 4 unread messages' })).toBeVisible();
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
