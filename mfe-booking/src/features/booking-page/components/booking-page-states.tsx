import { Link } from 'react-router-dom';
import { isApiError } from '@guestspot/shared-api';
import { EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@guestspot/shared-ui';

/** The page's shape while the booking loads: header, then the two columns. */
export function BookingPageSkeleton() {
  return (
    <section className="gs-page gs-booking-page" aria-label="Booking">
      <SkeletonGroup label="Loading the booking">
        <Skeleton variant="text" width="10rem" />
        <div className="gs-booking-page__skeleton-head">
          <Skeleton variant="circle" width="4rem" height="4rem" />
          <Skeleton variant="text" width="14rem" height="2rem" />
        </div>
        <div className="gs-booking-page__columns">
          <div className="gs-booking-page__aside">
            <Skeleton variant="block" height={120} />
            <Skeleton variant="block" height={220} />
          </div>
          <div className="gs-booking-page__main">
            <Skeleton variant="block" height={360} />
          </div>
        </div>
      </SkeletonGroup>
    </section>
  );
}

const backToBookings = <Link to="/bookings">Back to your bookings</Link>;

/** Not found (404: no such booking, or not the viewer's), forbidden (403), or failed with Retry. */
export function BookingPageFailure({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const status = isApiError(error) ? error.status : null;
  return (
    <section className="gs-page gs-booking-page" aria-label="Booking">
      {status === 404 ? (
        <EmptyState
          title="This booking was not found."
          message="It may have been removed, or it belongs to another account."
          action={backToBookings}
        />
      ) : status === 403 ? (
        <EmptyState
          title="You cannot open this booking."
          message="It belongs to a profile you do not manage on this account."
          action={backToBookings}
        />
      ) : (
        <ErrorState
          title="The booking could not be loaded."
          message="Check your connection and try again."
          onRetry={onRetry}
          retrying={retrying}
        />
      )}
    </section>
  );
}
