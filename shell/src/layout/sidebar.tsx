import { useEffect, useRef } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { queryKeys, useSessionStore } from '@guestspot/shared-api';
import { getUnreadMessages } from '@guestspot/shared-api/conversations';
import { ButtonLink } from '@guestspot/shared-ui';
import { LIVE_POLL_MS } from './live-session';
import { NavLinks, useOwnerOf, type NavItem } from './nav-links';

const FOOTER_LINKS: NavItem[] = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/terms-and-conditions', label: 'Terms And Conditions' },
];

/**
 * The Messages count (spec 2.2): GET /users/{id}/unread-messages every 60 s, and at once on the
 * live stream's events (shared-api/live-events). Asked for only while the link is offered.
 */
function useUnreadMessagesCount(): number {
  const user = useSessionStore((state) => (state.authenticated ? state.user : null));
  const offered = useOwnerOf()('/messages') !== null;
  const userId = user?.id;
  const { data } = useQuery({
    queryKey: queryKeys.unreadMessages,
    queryFn: userId !== undefined && offered ? () => getUnreadMessages(userId) : skipToken,
    refetchInterval: LIVE_POLL_MS,
  });
  return data?.count ?? user?.unread_messages_count ?? 0;
}

interface SidebarProps {
  open: boolean;
  onClose: () => void;
}

/** The drawer the header toggles: the spec's links, each while some app serves its page. */
export function Sidebar({ open, onClose }: SidebarProps) {
  const authenticated = useSessionStore((state) => state.authenticated);
  const user = useSessionStore((state) => state.user);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  // The session user's figure, which the live stream's 'counts' events keep current.
  const newBookings = user?.new_bookings_count ?? 0;
  const unread = useUnreadMessagesCount();

  return (
    <>
      {open ? <div className="gs-sidebar__scrim" aria-hidden="true" onClick={onClose} /> : null}
      <aside
        id="gs-sidebar"
        ref={panel}
        className="gs-sidebar"
        data-state={open ? 'open' : 'closed'}
        hidden={!open}
      >
        <nav aria-label="Sidebar">
          <ul className="gs-sidebar__list">
            <NavLinks
              items={[
                { to: '/browse', label: 'Browse' },
                { to: '/dashboard', label: 'Dashboard' },
                {
                  to: '/bookings',
                  label: 'Bookings',
                  count: { value: newBookings, label: 'new bookings' },
                },
                { to: '/settings', label: 'Settings' },
                // The spec's inbox: shown once a remote publishes /messages (NavLinks).
                {
                  to: '/messages',
                  label: 'Messages',
                  count: { value: unread, label: 'unread messages' },
                },
                authenticated
                  ? { to: '/logout', label: 'Log out' }
                  : { to: '/login', label: 'Log in' },
              ]}
            />
          </ul>
          {authenticated ? null : (
            // The header's call to action, which a phone's header has no room for.
            <p className="gs-sidebar__start">
              <ButtonLink to="/register" variant="primary" fullWidth>
                Start free now
              </ButtonLink>
            </p>
          )}
          <ul className="gs-sidebar__list gs-sidebar__list--secondary">
            <NavLinks items={FOOTER_LINKS} />
          </ul>
        </nav>
      </aside>
    </>
  );
}
