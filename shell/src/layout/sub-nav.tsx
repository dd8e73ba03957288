import { NavLink } from 'react-router-dom';
import { useSessionStore } from '@guestspot/shared-api';
import { Badge } from '@guestspot/shared-ui';

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
        <li>
          <NavLink to="/dashboard">Dashboard</NavLink>
        </li>
        <li>
          <NavLink to="/bookings">
            Bookings
            {newBookings > 0 ? (
              <Badge count={newBookings} label="new bookings" tone="danger" />
            ) : null}
          </NavLink>
        </li>
        <li>
          <NavLink to="/user-miniviews">MINIVIEW</NavLink>
        </li>
        <li>
          <NavLink to="/wishlist">Wishlist</NavLink>
        </li>
        <li>
          <NavLink to="/payments">Payments</NavLink>
        </li>
        <li>
          <NavLink to="/details">Profiles</NavLink>
        </li>
        <li>
          <NavLink to="/settings">Account settings</NavLink>
        </li>
      </ul>
    </nav>
  );
}
