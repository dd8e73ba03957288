import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { Sidebar } from './sidebar';

const links = [
  'Browse',
  'Dashboard',
  'Bookings',
  'Settings',
  'Messages',
  'About Us',
  'Contact Us',
  'Privacy Policy',
  'Cookie Policy',
  'Terms And Conditions',
];

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

  it('counts new bookings and unread messages, and offers Log out, to a user', () => {
    setSession(makeUser({ new_bookings_count: 3, unread_messages_count: 12 }));
    renderWithProviders(<Sidebar open onClose={() => undefined} />);
    expect(screen.queryByRole('link', { name: 'Start free now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Bookings.*3 new bookings/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Messages.*12 unread messages/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
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
