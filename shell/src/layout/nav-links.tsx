import { NavLink } from 'react-router-dom';
import { Badge, type BadgeProps } from '@guestspot/shared-ui';

export interface NavItem {
  to: string;
  label: string;
  /** A count shown after the label, with what it counts for screen readers. */
  count?: { value: number; label: string; tone?: BadgeProps['tone'] };
}

/** The list items of a navigation: a link each, with its count badge when there is one. */
export function NavLinks({ items }: { items: NavItem[] }) {
  return (
    <>
      {items.map(({ to, label, count }) => (
        <li key={to}>
          <NavLink to={to}>
            {label}
            {count && count.value > 0 ? (
              <Badge count={count.value} label={count.label} tone={count.tone} />
            ) : null}
          </NavLink>
        </li>
      ))}
    </>
  );
}
