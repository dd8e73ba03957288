import { useRef, useState } from 'react';
import { isApiError, type BookingDetail, type MAX_REASON } from '@guestspot/shared-api';
import { ConfirmDialog, Field, messages, toast } from '@guestspot/shared-ui';
import { useActOnBooking } from '../hooks/use-booking';
import { refundOnCancel, viewerIsInitiator } from '../lib/booking-view';

/** The contract's MAX_REASON (its value lives with the server's schemas; the type pins it). */
export const REASON_MAX_LENGTH: typeof MAX_REASON = 1000;

/** Spec §4 and §9: reject and cancel confirm only after 3 seconds. */
export const REASON_COUNTDOWN_SECONDS = 3;

/**
 * After acceptance the party who cancels bears the 20% service fee (decision 116, amended
 * 2026-11-28): the booker's own cancel refunds them less the fee, which the terms make
 * non-refundable; the invitee's cancel refunds the booker in full. Said only when something
 * was paid, by card or store credit.
 */
function refundNote(booking: BookingDetail): string {
  const paid = booking.payment.status === 'paid' || booking.payment.credit?.status === 'paid';
  if (!paid) return '';
  const refund = refundOnCancel(booking);
  return ` ${refund.charAt(0).toUpperCase()}${refund.slice(1)}.`;
}

const texts = {
  reject: {
    title: 'Reject this booking?',
    question: (booking: BookingDetail) =>
      `${booking.counterpart.name} is told that you declined, with your reason. The hold on their card is released.`,
    confirm: 'Reject',
    confirming: 'Rejecting',
    done: 'The booking was rejected.',
  },
  cancel: {
    title: 'Cancel this booking?',
    question: (booking: BookingDetail) =>
      viewerIsInitiator(booking) && booking.status === 'pending'
        ? `Your request to ${booking.counterpart.name} is withdrawn and the hold on your card is released.`
        : `${booking.counterpart.name} is told that the interview is canceled, with your reason.${refundNote(booking)}`,
    confirm: 'Cancel booking',
    confirming: 'Canceling',
    done: 'The booking was canceled.',
  },
} as const;

/**
 * Reject or cancel with a reason: shared-ui's confirm dialog holding the reason's field, its
 * confirm button counting down 3 seconds ('Reject (3)', decision 107). On the page the reason is
 * required (spec §5): an empty one is refused under the field and nothing is sent; the bookings
 * list's actions take it optional (`reasonRequired={false}`). A refusal keeps the dialog, and
 * what was typed, open.
 */
export function ReasonDialog({
  booking,
  kind,
  onClose,
  reasonRequired = true,
}: {
  booking: BookingDetail;
  kind: 'reject' | 'cancel';
  onClose: () => void;
  reasonRequired?: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const act = useActOnBooking(booking.id);
  const text = texts[kind];

  const onConfirm = async () => {
    const given = reason.trim();
    if (given === '' && reasonRequired) {
      setError(messages.required('Reason'));
      field.current?.focus();
      return;
    }
    try {
      await act.mutateAsync({ action: kind, payload: { reason: given || null } });
    } catch (failure) {
      const refused = isApiError(failure) ? failure.fieldErrors.reason?.[0] : undefined;
      if (!refused) throw failure; // the dialog shows the message
      setError(refused);
      field.current?.focus();
      return;
    }
    toast.success(text.done);
    onClose();
  };

  return (
    <ConfirmDialog
      open
      title={text.title}
      tone="danger"
      countdown={REASON_COUNTDOWN_SECONDS}
      confirmLabel={text.confirm}
      confirmingLabel={text.confirming}
      cancelLabel="Go back"
      onConfirm={onConfirm}
      onCancel={onClose}
      message={
        <>
          <p className="gs-booking-reason__question">{text.question(booking)}</p>
          <Field
            label={reasonRequired ? 'Reason' : 'Reason (optional)'}
            required={reasonRequired}
            error={error}
            hint={`${reason.length}/${REASON_MAX_LENGTH} characters`}
          >
            {(control) => (
              <textarea
                {...control}
                ref={field}
                className="gs-control gs-booking-reason__field"
                rows={4}
                maxLength={REASON_MAX_LENGTH}
                aria-required={reasonRequired}
                value={reason}
                disabled={act.isPending}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (error) setError(null);
                }}
              />
            )}
          </Field>
        </>
      }
    />
  );
}
