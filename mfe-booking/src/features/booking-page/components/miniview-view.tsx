import { useId } from 'react';
import { Link } from 'react-router-dom';
import { bookingPath } from '../../../lib/booking-format';
import { useBookingPage } from '../hooks/use-booking-page';
import { AnswerList } from './answer-list';

/** The MINIVIEW view (/bookings/{id}/miniview, no tabs): the booking's MINIVIEW questions and answers. */
export function BookingMiniviewView() {
  const { booking } = useBookingPage();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="gs-booking-miniview">
      <p className="gs-booking-page__back">
        <Link to={bookingPath(booking.id)}>Back to the activity</Link>
      </p>
      <h2 id={headingId} className="gs-booking-page__subtitle">
        MINIVIEW™ answers
      </h2>
      <AnswerList
        answers={booking.answers}
        kind="miniview"
        empty="This booking has no MINIVIEW answers."
      />
    </section>
  );
}
