import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState, messages } from '@guestspot/shared-ui';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { useBookableOptions } from '../hooks/use-booking-pricing';
import { formatAmount } from '../lib/totals';
import { BookingStep } from './booking-step';
import '../../../components/choices.css';

export const OPTION_LABEL = 'Booking option';

/** Choose a booking option and its interview duration, priced by the profile (spec §2.7). */
export function OptionsStep() {
  const flow = useBookingFlow('options');
  const { bookingOptionId } = useParams();
  const { options, isPending, isError, refetch } = useBookableOptions(flow.side, flow.profileId);
  const [error, setError] = useState<string | null>(null);
  const serverErrors = flow.values.errors.options?.fields ?? {};
  const fieldError =
    error ??
    serverErrors.booking_options ??
    serverErrors.interview_duration ??
    Object.values(serverErrors)[0];

  // Book on a profile names the option (/options/:bookingOptionId): its shortest duration.
  const optionId = flow.values.optionId;
  const update = flow.update;
  useEffect(() => {
    if (optionId !== null || !bookingOptionId) return;
    const option = options.find((candidate) => candidate.id === Number(bookingOptionId));
    const first = option?.durations[0];
    if (option && first) update({ optionId: option.id, duration: first.duration });
  }, [optionId, bookingOptionId, options, update]);

  if (isError) return <ErrorState onRetry={refetch} />;

  return (
    <BookingStep
      flow={flow}
      step="options"
      loading={isPending}
      validate={() => {
        if (flow.values.optionId !== null && flow.values.duration !== null) return true;
        setError(messages.required(OPTION_LABEL));
        return false;
      }}
    >
      {options.length === 0 ? (
        <p>This profile has no booking options available.</p>
      ) : (
        options.map((option) => (
          <fieldset
            key={option.id}
            className="gs-choices"
            aria-describedby={fieldError ? 'options-error' : undefined}
          >
            <legend className="gs-choices__legend">
              {option.iconUrl ? (
                <img
                  className="gs-booking-flow__icon"
                  src={option.iconUrl}
                  alt=""
                  width={24}
                  height={24}
                />
              ) : null}
              {option.name}
            </legend>
            {option.durations.map((row) => (
              <label key={row.duration} className="gs-choice">
                <input
                  type="radio"
                  name="booking-option"
                  checked={
                    flow.values.optionId === option.id && flow.values.duration === row.duration
                  }
                  onChange={() => {
                    setError(null);
                    flow.update({ optionId: option.id, duration: row.duration });
                  }}
                />
                <span className="gs-choice__text">
                  {option.name}, {row.duration} minutes
                </span>
                <span className="gs-booking-flow__price">{formatAmount(row.cents)}</span>
              </label>
            ))}
          </fieldset>
        ))
      )}
      {fieldError ? (
        <p id="options-error" className="gs-booking-flow__error" role="alert">
          {fieldError}
        </p>
      ) : null}
    </BookingStep>
  );
}
