import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { useSessionStore } from '@guestspot/shared-api';
import { Badge } from '@guestspot/shared-ui';

interface SidebarProps {
  open: boolean;
  onClose: () => void;
}

/** The drawer the header toggles. */
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
            <li>
              <NavLink to="/browse">Browse</NavLink>
            </li>
            <li>
              <NavLink to="/dashboard">Dashboard</NavLink>
            </li>
            <li>
              <NavLink to="/bookings">
                Bookings
                {newBookings > 0 ? <Badge count={newBookings} label="new bookings" /> : null}
              </NavLink>
            </li>
            <li>
              <NavLink to="/settings">Settings</NavLink>
            </li>
            <li>
              <NavLink to="/messages">
                Messages
                {unread > 0 ? <Badge count={unread} label="unread messages" /> : null}
              </NavLink>
            </li>
            <li>
              {authenticated ? (
                <NavLink to="/logout">Log out</NavLink>
              ) : (
                <NavLink to="/login">Log in</NavLink>
              )}
            </li>
          </ul>
          <ul className="gs-sidebar__list gs-sidebar__list--secondary">
            <li>
              <NavLink to="/about">About Us</NavLink>
            </li>
            <li>
              <NavLink to="/contact">Contact Us</NavLink>
            </li>
            <li>
              <NavLink to="/privacy-policy">Privacy Policy</NavLink>
            </li>
            <li>
              <NavLink to="/cookie-policy">Cookie Policy</NavLink>
            </li>
            <li>
              <NavLink to="/terms-and-conditions">Terms And Conditions</NavLink>
            </li>
          </ul>
        </nav>
      </aside>
    </>
  );
}
