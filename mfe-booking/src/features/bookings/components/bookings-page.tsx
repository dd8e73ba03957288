import { useSearchParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import {
  Avatar,
  Button,
  EmptyState,
  ErrorState,
  formatDate,
  formatMoney,
  Pagination,
  Skeleton,
  SkeletonGroup,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { useBookings } from '../hooks/use-bookings';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { bookingPath, orderNumber } from '../../../lib/booking-format';
import './bookings.css';

/** /bookings: the signed-in user's bookings, a page at a time (?page=). */
export function BookingsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const bookings = useBookings({ page });

  return (
    <section className="gs-page" aria-labelledby="bookings-title">
      <h1 id="bookings-title" className="gs-page__title">
        Bookings
      </h1>
      {bookings.isPending ? (
        <SkeletonGroup label="Loading bookings">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} variant="block" height={72} className="gs-bookings__skeleton" />
          ))}
        </SkeletonGroup>
      ) : bookings.isError ? (
        <ErrorState
          title="The bookings could not be loaded."
          message="Check your connection and try again."
          onRetry={() => void bookings.refetch()}
          retryLabel="Reload"
          retrying={bookings.isFetching}
        />
      ) : bookings.data.data.length === 0 ? (
        <EmptyState
          title="No bookings found."
          action={
            <Button
              variant="secondary"
              onClick={() => void bookings.refetch()}
              loading={bookings.isFetching}
            >
              Reload
            </Button>
          }
        />
      ) : (
        <>
          <ul className="gs-bookings" aria-label="Bookings">
            {bookings.data.data.map((booking) => (
              <li key={booking.id} className="gs-bookings__row">
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
                      ? ` · ${formatDate(booking.booking_date, 'date-time')}`
                      : ' · Date not set'}
                    {booking.is_pitch ? ' · Pitch' : ''}
                  </span>
                </div>
                <BookingStatusBadge className="gs-bookings__status" status={booking.status} />
                <span className="gs-bookings__price">{formatMoney(booking.price)}</span>
              </li>
            ))}
          </ul>
          <Pagination
            strip={5}
            currentPage={bookings.data.meta.pagination.current_page}
            totalPages={bookings.data.meta.pagination.total_pages}
            onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </>
      )}
    </section>
  );
}
