import { useId, useState, type FormEvent } from 'react';
import { errorMessages, isApiError, type BookingDetail } from '@guestspot/shared-api';
import { Alert, Button, toast } from '@guestspot/shared-ui';
import { useActingOnBooking, useActOnBooking } from '../hooks/use-booking';
import { openProposals } from '../lib/booking-view';
import { formatTimeRange, toUtcDateTime } from '@guestspot/shared-ui/calendar-picker';

/**
 * Spec §8, confirming a date on the detail page: the first message of errors.confirmed_date,
 * else 'There was an error. Try again later.'; a time taken meanwhile (409) says so.
 */
export function confirmFailure(error: unknown): string {
  if (isApiError(error)) {
    const field = error.fieldErrors.confirmed_date?.[0];
    if (field) return field;
    if (error.status === 409) return error.message;
  }
  return errorMessages.tryAgainLater;
}

/**
 * The open proposals as a choice and 'Confirm date' (PATCH …/confirm), disabled until one is
 * chosen; a single proposal is chosen already (spec §4, §5). Used by the actions card and by
 * the feed's pick-dates step.
 */
export function ProposalPicker({
  booking,
  zone,
  onConfirmed,
}: {
  booking: BookingDetail;
  zone: string;
  /** after the date is confirmed (the bookings list closes its dialog) */
  onConfirmed?: () => void;
}) {
  const proposals = openProposals(booking);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = useActOnBooking(booking.id);
  const acting = useActingOnBooking(booking.id);
  const legendId = useId();
  const name = useId();
  // A pick the booking no longer offers (it moved meanwhile) counts as none.
  const chosen =
    proposals.find((proposal) => proposal.starts_at === picked)?.starts_at ??
    (proposals.length === 1 ? proposals[0]!.starts_at : null);

  if (proposals.length === 0) {
    return <p className="gs-booking-picker__none">No dates are proposed yet.</p>;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || acting) return;
    setError(null);
    act.mutate(
      { action: 'confirm', payload: { confirmed_date: toUtcDateTime(chosen) } },
      {
        onSuccess: () => {
          toast.success('The interview date is confirmed.');
          onConfirmed?.();
        },
        onError: (failure) => setError(confirmFailure(failure)),
      },
    );
  };

  return (
    <form className="gs-booking-picker" onSubmit={onSubmit} noValidate>
      <fieldset className="gs-booking-picker__choices" aria-describedby={legendId}>
        <legend className="gs-booking-picker__legend">Choose the interview date</legend>
        <p id={legendId} className="gs-booking-picker__hint">
          Times are shown in {zone}.
        </p>
        {proposals.map((proposal) => (
          <label key={proposal.starts_at} className="gs-booking-picker__choice">
            <input
              type="radio"
              name={name}
              value={proposal.starts_at}
              checked={chosen === proposal.starts_at}
              disabled={acting}
              onChange={() => {
                setPicked(proposal.starts_at);
                setError(null);
              }}
            />
            <span>{formatTimeRange(proposal.starts_at, proposal.ends_at, zone)}</span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <Alert tone="danger" className="gs-booking-picker__error">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" disabled={!chosen || acting} loading={act.isPending}>
        Confirm date
      </Button>
    </form>
  );
}
