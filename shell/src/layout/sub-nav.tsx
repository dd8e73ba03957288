import { useSessionStore } from '@guestspot/shared-api';
import { NavLinks } from './nav-links';

/** Paths of the logged-in area, where the sub-navigation shows. */
const LOGGED_IN_AREA =
  /^\/(dashboard|bookings|user-miniviews|wishlist|payments|details|settings|admin-settings|messages)(\/|$)/;

export function isLoggedInArea(pathname: string): boolean {
  return LOGGED_IN_AREA.test(pathname);
}

export function SubNav() {
  const user = useSessionStore((state) => state.user);
  const newBookings = user?.new_bookings_count ?? 0;
  return (
    <nav aria-label="Account" className="gs-subnav">
      <ul>
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
