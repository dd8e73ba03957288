import { useSyncExternalStore } from 'react';
import { NavLink } from 'react-router-dom';
import { Badge, type BadgeProps } from '@guestspot/shared-ui';
import { currentOwnerOf, snapshotOwnerOf, subscribeRouteTable } from '../routing/route-lists';

export interface NavItem {
  to: string;
  label: string;
  /** A count shown after the label, with what it counts for screen readers. */
  count?: { value: number; label: string; tone?: BadgeProps['tone'] };
}

/**
 * The list items of a navigation: a link each, with its count badge when there is one. An item
 * shows only while some app serves its path, by the route lists the remotes publish (decision
 * 108): the spec's Messages is offered once a remote publishes /messages, with no shell change,
 * and never leads to the not-found page before.
 */
export function NavLinks({ items }: { items: NavItem[] }) {
  const ownerOf = useOwnerOf();
  return (
    <>
      {items
        .filter(({ to }) => ownerOf(to.split(/[?#]/)[0] ?? to) !== null)
        .map(({ to, label, count }) => (
          <li key={to}>
            <NavLink to={to}>
              {label}
              {count && count.value > 0 ? (
                // The space keeps the link's name 'Messages 3 unread messages' (the flex layout
                // drops it on screen).
                <>
                  {' '}
                  <Badge count={count.value} label={count.label} tone={count.tone} />
                </>
              ) : null}
            </NavLink>
          </li>
        ))}
    </>
  );
}

/** Who serves a path (decision 108), following the remotes' route lists as they arrive. */
export function useOwnerOf() {
  return useSyncExternalStore(subscribeRouteTable, currentOwnerOf, snapshotOwnerOf);
}
