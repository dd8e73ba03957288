import { useSearchParams } from 'react-router-dom';
import { ButtonLink, Card } from '@guestspot/shared-ui';
import { bookingPath } from '../../../lib/booking-format';
import './booking-flow.css';

/**
 * /booking/success?booking={id}: what happens next, and the way to the new booking's page (the
 * submit puts its id in the URL, so a reload still knows it) and to all the bookings.
 */
export function BookingSuccessPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('booking'));
  const known = Number.isInteger(id) && id > 0;
  return (
    <section className="gs-booking-flow" aria-labelledby="booking-success-title">
      <Card>
        <h1 id="booking-success-title" className="gs-booking-flow__title">
          Your booking request was sent
        </h1>
        <h2 className="gs-booking-flow__subtitle">What happens next</h2>
        <ol className="gs-booking-flow__next">
          <li>The profile owner reviews your request and your proposed times.</li>
          <li>You get an email and a notification when they accept or decline.</li>
          <li>Follow its status and messages from your bookings.</li>
        </ol>
        <div className="gs-booking-flow__nav">
          {known ? <ButtonLink to={bookingPath(id)}>View your booking</ButtonLink> : null}
          <ButtonLink to="/bookings" variant={known ? 'secondary' : 'primary'}>
            All bookings
          </ButtonLink>
        </div>
      </Card>
    </section>
  );
}
