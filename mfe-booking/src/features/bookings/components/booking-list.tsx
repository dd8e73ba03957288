import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BookingListItem, ListAction } from '@guestspot/shared-api/booking-list';
import {
  Avatar,
  Badge,
  Button,
  formatDate,
  formatMoney,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { bookingPath, orderNumber } from '../../../lib/booking-format';

const BookingRowDialog = lazy(() =>
  import('./booking-row-dialog').then((module) => ({ default: module.BookingRowDialog })),
);

const actionLabels: Record<ListAction, string> = { confirm: 'Confirm date', reject: 'Reject' };

/**
 * The list's rows (spec §2): the counterpart linking to the booking, the order number, the date
 * in the viewer's zone, the status by the spec's priority in its colour, the price with two
 * decimals, and the list-level actions the server offers (list_actions).
 */
export function BookingList({ bookings, zone }: { bookings: BookingListItem[]; zone: string }) {
  const [open, setOpen] = useState<{ booking: BookingListItem; action: ListAction } | null>(null);
  return (
    <>
      <ul className="gs-list-page__list gs-bookings" aria-label="Bookings">
        {bookings.map((booking) => (
          <li key={booking.id} className="gs-list-page__row gs-bookings__row">
            <Avatar
              className="gs-bookings__avatar"
              src={booking.counterpart.imageUrl ?? undefined}
              name={booking.counterpart.name}
              size={48}
            />
            <div className="gs-bookings__who">
              {/* Spec §2: a booking row links to /bookings/{id}. */}
              <Link to={bookingPath(booking.id)} className="gs-bookings__name">
                {booking.counterpart.name}
                <VisuallyHidden> (booking {orderNumber(booking.id)})</VisuallyHidden>
              </Link>
              <span className="gs-bookings__meta">
                {orderNumber(booking.id)}
                {booking.booking_date
                  ? ` · ${formatDate(booking.booking_date, 'date-time', { timeZone: zone })}`
                  : ' · Date not set'}
                {booking.is_pitch ? ' · Pitch' : ''}
              </span>
              {booking.is_new ? (
                <Badge tone="info" className="gs-bookings__new">
                  New
                </Badge>
              ) : null}
            </div>
            <BookingStatusBadge className="gs-bookings__status" status={booking.list_status} />
            <span className="gs-bookings__price">{formatMoney(booking.price)}</span>
            {booking.list_actions.length > 0 ? (
              <div className="gs-bookings__actions">
                {booking.list_actions.map((action) => (
                  <Button
                    key={action}
                    size="sm"
                    variant={action === 'reject' ? 'secondary' : 'primary'}
                    aria-label={`${actionLabels[action]}: ${booking.counterpart.name} (booking ${orderNumber(booking.id)})`}
                    onClick={() => setOpen({ booking, action })}
                  >
                    {actionLabels[action]}
                  </Button>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {open ? (
        <Suspense fallback={null}>
          <BookingRowDialog
            bookingId={open.booking.id}
            counterpart={open.booking.counterpart.name}
            action={open.action}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
