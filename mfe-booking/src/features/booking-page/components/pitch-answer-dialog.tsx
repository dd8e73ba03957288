import { useState } from 'react';
import {
  isApiError,
  serverMessage,
  errorMessages,
  type BookingDetail,
} from '@guestspot/shared-api';
import type { PitchAnswer } from '@guestspot/shared-api/pitches';
import { Alert, Button, Field, Modal, messages, toast } from '@guestspot/shared-ui';
import { useAnswerPitch } from '../hooks/use-pitch';
import {
  FeeChoices,
  feeChoiceLabels,
  SPECIAL_PRICE_MESSAGE,
  specialPriceCents,
  specialPriceValid,
} from './pitch-fee-fields';
import { REASON_MAX_LENGTH } from './reason-dialog';

type Choice = PitchAnswer | 'reject';

const CHOICES: readonly Choice[] = ['accept', 'accept-pay-full', 'accept-special-price', 'reject'];
const labels: Record<Choice, string> = { ...feeChoiceLabels, reject: 'Reject the pitch' };

const done: Record<Choice, string> = {
  accept: 'The pitch was accepted.',
  'accept-pay-full': 'The pitch was accepted. They are asked to pay your full fee.',
  'accept-special-price': 'The pitch was accepted. They are asked to pay your special price.',
  reject: 'The pitch was rejected.',
};

/**
 * The invitee answers a pitch (spec §4 "Pitch flow"): accept with no extra fee, at its full
 * booking fee, at a special price (at least $5: Continue waits for one), or reject with a reason.
 * The server prices the fee; a refusal keeps the dialog and what was chosen.
 */
export function PitchAnswerDialog({
  booking,
  onClose,
}: {
  booking: BookingDetail;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [price, setPrice] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ price?: string; reason?: string; form?: string }>({});
  const answer = useAnswerPitch(booking.id);
  const saving = answer.isPending;
  const priceShown = price.trim() !== '' && !specialPriceValid(price);
  const ready =
    choice !== null && (choice !== 'accept-special-price' || specialPriceValid(price)) && !saving;

  const submit = async () => {
    if (!choice) return;
    if (choice === 'reject' && reason.trim() === '') {
      setErrors({ reason: messages.required('Reason') });
      return;
    }
    setErrors({});
    try {
      await answer.mutateAsync({
        action: choice,
        ...(choice === 'accept-special-price' ? { price: specialPriceCents(price) } : {}),
        ...(choice === 'reject' ? { reason: reason.trim() } : {}),
      });
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fieldErrors : {};
      setErrors({
        price: fields.price?.[0],
        reason: fields.reason?.[0],
        form:
          fields.price || fields.reason
            ? undefined
            : serverMessage(failure, errorMessages.somethingWentWrongNoStop),
      });
      return;
    }
    toast.success(done[choice]);
    onClose();
  };

  return (
    <Modal
      open
      size="sm"
      title="Answer the pitch"
      description={`Say yes to ${booking.counterpart.name}'s pitch, ask for a fee first, or decline it.`}
      onClose={onClose}
      closeOnEscape={!saving}
      closeOnBackdropClick={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!ready} loading={saving}>
            Continue
          </Button>
        </>
      }
    >
      {errors.form ? <Alert tone="danger">{errors.form}</Alert> : null}
      <FeeChoices
        legend="Your answer"
        choices={CHOICES}
        labels={labels}
        value={choice}
        onChange={setChoice}
        price={price}
        onPriceChange={setPrice}
        priceError={errors.price ?? (priceShown ? SPECIAL_PRICE_MESSAGE : null)}
        disabled={saving}
      />
      {choice === 'reject' ? (
        <Field
          label="Reason"
          required
          error={errors.reason}
          hint={`${reason.length}/${REASON_MAX_LENGTH} characters`}
        >
          {(control) => (
            <textarea
              {...control}
              className="gs-control gs-booking-reason__field"
              rows={3}
              maxLength={REASON_MAX_LENGTH}
              aria-required
              value={reason}
              disabled={saving}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      ) : null}
    </Modal>
  );
}
