import { useId } from 'react';
import { formatMoney, VisuallyHidden } from '@guestspot/shared-ui';
import { useBookingPage } from '../hooks/use-booking-page';
import { AnswerList } from './answer-list';
import { PitchRecording } from './pitch-recording';

/**
 * The Application view (/bookings/{id}/application): the pitch, the answers to the booked
 * profile's questions, and the upsells taken, as they were when booked.
 */
export function BookingApplicationView() {
  const { booking } = useBookingPage();
  const pitchId = useId();
  const answersId = useId();
  const upsellsId = useId();
  const { pitch } = booking;
  const pitchText = pitch?.text ?? booking.message;
  const from =
    booking.initiator === 'show' ? booking.show_profile.name : booking.guest_profile.name;

  return (
    <div className="gs-booking-application">
      <section aria-labelledby={pitchId}>
        <h2 id={pitchId} className="gs-booking-page__subtitle">
          Pitch
        </h2>
        {pitch?.media_url && pitch.type !== 'text' ? (
          <PitchRecording
            url={pitch.media_url}
            type={pitch.type}
            label={`${pitch.type === 'video' ? 'Video' : 'Audio'} pitch from ${from}`}
            text={pitchText}
          />
        ) : pitchText ? (
          <blockquote className="gs-booking-application__pitch">{pitchText}</blockquote>
        ) : (
          <p className="gs-booking-answers__empty">No pitch was sent with this booking.</p>
        )}
      </section>
      <section aria-labelledby={answersId}>
        <h2 id={answersId} className="gs-booking-page__subtitle">
          Answers
        </h2>
        <AnswerList answers={booking.answers} kind="booking" empty="No questions were asked." />
      </section>
      <section aria-labelledby={upsellsId}>
        <h2 id={upsellsId} className="gs-booking-page__subtitle">
          Upsells
        </h2>
        {booking.upsells.length === 0 ? (
          <p className="gs-booking-answers__empty">No upsells were taken.</p>
        ) : (
          <ul className="gs-booking-upsells">
            {booking.upsells.map((upsell) => (
              <li key={upsell.id} className="gs-booking-upsells__item">
                <div className="gs-booking-upsells__head">
                  <h3 className="gs-booking-upsells__title">{upsell.title}</h3>
                  <span className="gs-booking-upsells__price">{formatMoney(upsell.price)}</span>
                </div>
                {upsell.description ? <p>{upsell.description}</p> : null}
                {upsell.url || upsell.social_handle ? (
                  <dl className="gs-booking-upsells__facts">
                    {upsell.url ? (
                      <div>
                        <dt>Link</dt>
                        <dd>
                          <a href={upsell.url} target="_blank" rel="noopener noreferrer">
                            {upsell.url}
                            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                          </a>
                        </dd>
                      </div>
                    ) : null}
                    {upsell.social_handle ? (
                      <div>
                        <dt>Social handle</dt>
                        <dd>{upsell.social_handle}</dd>
                      </div>
                    ) : null}
                  </dl>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
