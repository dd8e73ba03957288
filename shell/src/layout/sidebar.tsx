import { useEffect, useRef } from 'react';
import { useSessionStore } from '@guestspot/shared-api';
import { ButtonLink } from '@guestspot/shared-ui';
import { NavLinks, type NavItem } from './nav-links';

const FOOTER_LINKS: NavItem[] = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/terms-and-conditions', label: 'Terms And Conditions' },
];

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

  const newBookings = user?.new_bookings_count ?? 0;
  const unread = user?.unread_messages_count ?? 0;

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
