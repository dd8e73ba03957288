import type { ComponentProps } from 'react';
import { Badge, cx, type BadgeTone } from '@guestspot/shared-ui';
import { statusColours, statusLabels, type ShownStatus } from '../lib/booking-format';
import './booking-status-badge.css';

// The design system's tones carry orange, green and red; pink (completed) is painted here.
const tones: Record<(typeof statusColours)[ShownStatus], BadgeTone> = {
  orange: 'warning',
  green: 'success',
  pink: 'neutral',
  red: 'danger',
};

/** A booking's status as a pill in the spec's colour ('Pending' orange, 'Completed' pink...);
 * a list row passes its derived `list_status`. */
export function BookingStatusBadge({
  status,
  className,
  ...props
}: Omit<ComponentProps<'span'>, 'children'> & { status: ShownStatus; size?: 'sm' | 'md' }) {
  const colour = statusColours[status];
  return (
    <Badge
      {...props}
      className={cx('gs-booking-status', className)}
      tone={tones[colour]}
      data-colour={colour}
    >
      {statusLabels[status]}
    </Badge>
  );
}
