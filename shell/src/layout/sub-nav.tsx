import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSessionStore } from '@guestspot/shared-api';
import { NavLinks } from './nav-links';
import { useScrollOverflow } from './use-scroll-overflow';

/** Paths of the logged-in area, where the sub-navigation shows. */
const LOGGED_IN_AREA =
  /^\/(dashboard|bookings|user-miniviews|wishlist|payments|details|settings|admin-settings|messages)(\/|$)/;

export function isLoggedInArea(pathname: string): boolean {
  return LOGGED_IN_AREA.test(pathname);
}

/**
 * The account pages' links. On a narrow screen the row scrolls sideways: a fade marks each edge
 * that hides links, and the current page's link is brought to the middle on every navigation.
 */
export function SubNav() {
  const user = useSessionStore((state) => state.user);
  const newBookings = user?.new_bookings_count ?? 0;
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  const overflow = useScrollOverflow(list);
  const arrived = useRef(false);

  useEffect(() => {
    const scroller = list.current;
    const active = scroller?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!scroller || !active) return;
    // The list scrolls, never the page: scrollIntoView would also move the page to the row when
    // the page stays scrolled down (a #section link, a kept scroll position).
    const box = scroller.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    const left = scroller.scrollLeft + link.left - box.left - (box.width - link.width) / 2;
    // On arrival the row is simply there; later moves follow the CSS scroll-behavior (smooth,
    // unless reduced motion is asked for).
    scroller.scrollTo?.(arrived.current ? { left } : { left, behavior: 'instant' });
    arrived.current = true;
    // A count arriving widens its link and moves the ones after it: centre again.
  }, [pathname, newBookings]);

  return (
    <nav
      aria-label="Account"
      className="gs-subnav"
      data-overflow-start={overflow.start || undefined}
      data-overflow-end={overflow.end || undefined}
    >
      <ul ref={list}>
        <NavLinks
          items={[
            { to: '/dashboard', label: 'Dashboard' },
            {
              to: '/bookings',
              label: 'Bookings',
              count: { value: newBookings, label: 'new bookings', tone: 'danger' },
            },
            { to: '/user-miniviews', label: 'MINIVIEW' },
            { to: '/wishlist', label: 'Wishlist' },
            { to: '/payments', label: 'Payments' },
            { to: '/details', label: 'Profiles' },
            { to: '/settings', label: 'Account settings' },
          ]}
        />
      </ul>
    </nav>
  );
}
