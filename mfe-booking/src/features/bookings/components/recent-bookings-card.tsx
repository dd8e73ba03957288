import { Link } from 'react-router-dom';
import { ButtonLink, Card, Skeleton, SkeletonGroup, VisuallyHidden } from '@guestspot/shared-ui';
import { bookingPath, orderNumber, statusLabels } from '../../../lib/booking-format';
import { useBookings } from '../hooks/use-bookings';
import './recent-bookings-card.css';

/** Dashboard card: the latest bookings and the way to all of them. */
export function RecentBookingsCard() {
  const bookings = useBookings({ page: 1, limit: 3 });
  return (
    <Card title="Recent bookings">
      {bookings.isPending ? (
        <SkeletonGroup label="Loading bookings">
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </SkeletonGroup>
      ) : bookings.isError ? (
        <p role="alert">The bookings could not be loaded.</p>
      ) : bookings.data.data.length === 0 ? (
        <p>No bookings found.</p>
      ) : (
        <ul className="gs-recent-bookings">
          {bookings.data.data.map((booking) => (
            <li key={booking.id}>
              <Link to={bookingPath(booking.id)}>
                {booking.counterpart.name}
                <VisuallyHidden> (booking {orderNumber(booking.id)})</VisuallyHidden>
              </Link>{' '}
              — {statusLabels[booking.status]}
            </li>
          ))}
        </ul>
      )}
      <ButtonLink to="/bookings" variant="secondary" size="sm">
        View all bookings
      </ButtonLink>
    </Card>
  );
}
