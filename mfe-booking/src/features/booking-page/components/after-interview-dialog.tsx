import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, type BookingDetail } from '@guestspot/shared-api';
import { answerAfterInterview, reportNoShow } from '@guestspot/shared-api/booking-completion';
import { ConfirmDialog, Field, toast } from '@guestspot/shared-ui';
import { refundOnCancel, type AfterInterviewAction } from '../lib/booking-view';

// The booking page's answers after the interview and Report No-Show (decision 116): asked
// first, then sent; the server's message is the toast, a refusal stays in the dialog.

/** The contract's MAX_NO_SHOW_DETAILS. */
export const NO_SHOW_DETAILS_MAX = 1000;

type Answer = Exclude<AfterInterviewAction, 'no-show'>;

const QUESTIONS: Record<
  Answer,
  { title: string; text: (booking: BookingDetail) => string; confirm: string }
> = {
  'completed-action/confirm': {
    title: 'Did the interview take place?',
    text: ({ counterpart }) => `The booking is completed and ${counterpart.name}’s side is paid.`,
    confirm: 'It Happened',
  },
  'confirm-happened': {
    title: 'Did the interview take place?',
    text: ({ counterpart }) => `The booking is completed and ${counterpart.name}’s side is paid.`,
    confirm: 'It Happened',
  },
  'completed-action/reschedule': {
    title: 'Reschedule the interview?',
    text: () =>
      'The interview did not take place: the date is dropped and new dates can be proposed.',
    confirm: 'Reschedule',
  },
  // The show answers: as the booker it bears the fee; as the invitee the booker bears nothing
  // (decision 116, amended 2026-11-28).
  'completed-action/cancel': {
    title: 'Cancel the booking?',
    text: (booking) =>
      `The interview did not take place and will not: the booking is canceled and ${refundOnCancel(booking)}.`,
    confirm: 'Cancel Booking',
  },
  'confirm-scheduled': {
    title: 'Is the interview scheduled?',
    text: () => 'You agreed the date outside Guestspot and it is in your calendars.',
    confirm: 'Yes, it is scheduled',
  },
  'confirm-not-scheduled-yet': {
    title: 'Not scheduled yet?',
    text: () => 'We ask again in a few days.',
    confirm: 'Not scheduled yet',
  },
  'undo-scheduled-outside': {
    title: 'Agree the date on Guestspot?',
    text: () => 'The booking goes back to choosing a date here: propose times on this page.',
    confirm: 'Agree the date on Guestspot',
  },
};

/** Spec §8 "No-show fails" when no message came back. */
export const NO_SHOW_FAILED = 'Error! Something went wrong.';

export function AfterInterviewDialog({
  booking,
  action,
  onClose,
}: {
  booking: BookingDetail;
  action: AfterInterviewAction;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [details, setDetails] = useState('');
  const settle = (message: string) => {
    void client.invalidateQueries({ queryKey: queryKeys.allBookings });
    toast.success(message);
    onClose();
  };

  if (action === 'no-show') {
    return (
      <ConfirmDialog
        open
        title="Report a no-show?"
        tone="danger"
        confirmLabel="Report No-Show"
        confirmingLabel="Reporting"
        cancelLabel="Go back"
        onCancel={onClose}
        onConfirm={async () => settle(await reportNoShow(booking.id, details))}
        message={
          <>
            <p>
              {`Tell us that ${booking.counterpart.name} did not show up. Their payout is held while our support team looks into it.`}
            </p>
            <Field
              label="Details (optional)"
              hint={`${details.length}/${NO_SHOW_DETAILS_MAX} characters`}
            >
              {(control) => (
                <textarea
                  {...control}
                  className="gs-control"
                  rows={4}
                  maxLength={NO_SHOW_DETAILS_MAX}
                  value={details}
                  onChange={(event) => setDetails(event.target.value)}
                />
              )}
            </Field>
          </>
        }
      />
    );
  }
  const question = QUESTIONS[action];
  return (
    <ConfirmDialog
      open
      title={question.title}
      confirmLabel={question.confirm}
      cancelLabel="Go back"
      onCancel={onClose}
      onConfirm={async () => settle(await answerAfterInterview(booking.id, action))}
      message={<p>{question.text(booking)}</p>}
    />
  );
}
