import { ButtonLink, Card } from '@guestspot/shared-ui';
import './booking-flow.css';

/**
 * /booking/success: what happens next, and the way to the bookings. The spec's booking page
 * (/bookings/{id}) is not published until booking management lands, so the new booking is
 * followed from the list, where it now is (decision 108).
 */
export function BookingSuccessPage() {
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
          <ButtonLink to="/bookings">All bookings</ButtonLink>
        </div>
      </Card>
    </section>
  );
}
