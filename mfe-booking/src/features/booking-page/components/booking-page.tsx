import { Suspense, useEffect, useEffectEvent, useId } from 'react';
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
} from 'react-router-dom';
import { routePaths, useCurrentUser, type BookingDetail } from '@guestspot/shared-api';
import { Avatar, Spinner } from '@guestspot/shared-ui';
import { viewerTimezone } from '@guestspot/shared-ui/calendar-picker';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { bookingPath } from '../../../lib/booking-format';
import { useBooking } from '../hooks/use-booking';
import { useBookingDialogs } from '../hooks/use-booking-dialogs';
import type { BookingPageContext } from '../hooks/use-booking-page';
import { calendarActionOf } from '../lib/booking-view';
import { BookingDialogs } from './booking-dialogs';
import { BookingPageFailure, BookingPageSkeleton } from './booking-page-states';
import { BookingSidebar } from './booking-sidebar';
import './booking-page.css';

// The nested views, from this module so that the page and its tabs are one chunk (routes.tsx).
export { BookingActivityView } from './activity-feed';
export { BookingApplicationView } from './application-view';
export { BookingMiniviewView } from './miniview-view';

/** Spec §2: this hash opens the calendar dialog. */
export const SHOW_CALENDAR_HASH = '#show-calendar';

/**
 * /bookings/:bookingId and its children (Activity, the default; Application; MINIVIEW): one
 * booking as the viewer's side reads it, what they may do with it, and its timeline.
 */
export function BookingPage() {
  const { bookingId } = useParams();
  const id = Number(bookingId);
  if (!Number.isInteger(id) || id < 1) return <Navigate to={routePaths.notFound} replace />;
  // Another booking is another page: its dialogs and choices start afresh.
  return <BookingPageOf key={id} id={id} />;
}

function BookingPageOf({ id }: { id: number }) {
  const booking = useBooking(id);
  const zone = viewerTimezone(useCurrentUser()?.timezone);
  if (booking.isPending) return <BookingPageSkeleton />;
  if (booking.isError) {
    return (
      <BookingPageFailure
        error={booking.error}
        retrying={booking.isFetching}
        onRetry={() => void booking.refetch()}
      />
    );
  }
  return <BookingLayout booking={booking.data} zone={zone} />;
}

function BookingTabs({ id }: { id: number }) {
  // A tab changes the path, not the page: the scroll position stays.
  const keep = { keepScroll: true };
  return (
    <nav className="gs-booking-tabs" aria-label="Booking views">
      <NavLink to={bookingPath(id)} end state={keep}>
        Activity
      </NavLink>
      <NavLink to={`${bookingPath(id)}/application`} state={keep}>
        Application
      </NavLink>
      <NavLink to={`${bookingPath(id)}/review`} state={keep}>
        Review
      </NavLink>
    </nav>
  );
}

function BookingLayout({ booking, zone }: { booking: BookingDetail; zone: string }) {
  const { dialog, openAction, closeDialog } = useBookingDialogs(booking);
  const onMiniview = useMatch('/bookings/:bookingId/miniview') !== null;
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const { counterpart } = booking;

  // #show-calendar opens the calendar for whoever may set a date now; the hash is then dropped
  // so that closing the dialog (or a reload) does not open it again.
  const calendar = calendarActionOf(booking);
  const openCalendar = useEffectEvent(() => {
    if (calendar) openAction(calendar);
    void navigate({ pathname, search }, { replace: true, state: { keepScroll: true } });
  });
  useEffect(() => {
    if (hash === SHOW_CALENDAR_HASH) openCalendar();
  }, [hash]);

  const context: BookingPageContext = { booking, zone, openAction };

  return (
    <section className="gs-page gs-booking-page" aria-labelledby={titleId}>
      <nav aria-label="Breadcrumb" className="gs-booking-breadcrumb">
        <ol>
          <li>
            <Link to="/bookings">Bookings</Link>
          </li>
          <li aria-current="page">{counterpart.name}</li>
        </ol>
      </nav>
      <header className="gs-booking-page__header">
        <Avatar src={counterpart.imageUrl} name={counterpart.name} size={64} />
        <div className="gs-booking-page__heading">
          <h1 id={titleId} className="gs-booking-page__title">
            {counterpart.name}
          </h1>
          {booking.counterpart_summary ? (
            <p className="gs-booking-page__summary">{booking.counterpart_summary}</p>
          ) : null}
        </div>
        <BookingStatusBadge status={booking.status} />
      </header>
      <div className="gs-booking-page__columns">
        <div className="gs-booking-page__aside">
          <BookingSidebar booking={booking} zone={zone} openAction={openAction} />
        </div>
        <div className="gs-booking-page__main">
          {onMiniview ? null : <BookingTabs id={booking.id} />}
          <Suspense
            fallback={
              <div className="gs-activity__loading">
                <Spinner label="Loading" />
              </div>
            }
          >
            <Outlet context={context} />
          </Suspense>
        </div>
      </div>
      <BookingDialogs booking={booking} dialog={dialog} onClose={closeDialog} />
    </section>
  );
}
