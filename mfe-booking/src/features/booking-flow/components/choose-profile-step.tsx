import { useState } from 'react';
import { ButtonLink, EmptyState, messages } from '@guestspot/shared-ui';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { BookingStep } from './booking-step';
import '../../../components/choices.css';

/** The base route: which of my shows books the guest (or my guest profile books the show). */
export function ChooseProfileStep() {
  const flow = useBookingFlow('base');
  const [error, setError] = useState<string | null>(null);
  const label = flow.side === 'guest' ? 'Show' : 'Guest profile';

  if (flow.steps && flow.bookers.length === 0) {
    return (
      <EmptyState
        title={
          flow.side === 'guest'
            ? 'You need a show to book a guest'
            : 'You need a guest profile to book a show'
        }
        action={<ButtonLink to="/details">Set up your profile</ButtonLink>}
      />
    );
  }

  return (
    <BookingStep
      flow={flow}
      step="base"
      validate={() => {
        if (flow.bookerId !== null) return true;
        setError(messages.required(label));
        return false;
      }}
    >
      <fieldset className="gs-choices" aria-describedby={error ? 'booker-error' : undefined}>
        <legend className="gs-choices__legend">
          {flow.side === 'guest' ? 'Which of your shows is booking?' : 'Book as'}
        </legend>
        {flow.bookers.map((booker) => (
          <label key={booker.id} className="gs-choice">
            <input
              type="radio"
              name="booker"
              value={booker.id}
              checked={flow.bookerId === booker.id}
              onChange={() => {
                setError(null);
                flow.update({ bookerId: booker.id });
              }}
            />
            <span>{booker.name}</span>
          </label>
        ))}
        {error ? (
          <p id="booker-error" className="gs-booking-flow__error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
    </BookingStep>
  );
}
