import { useState } from 'react';
import {
  isApiError,
  serverMessage,
  errorMessages,
  type BookingDetail,
} from '@guestspot/shared-api';
import { MAX_FEE_REASON, type PitchAnswer } from '@guestspot/shared-api/pitches';
import { Alert, Button, Field, Modal, formatMoney, toast } from '@guestspot/shared-ui';
import { useChangePitchFee } from '../hooks/use-pitch';
import {
  FeeChoices,
  feeChoiceLabels,
  SPECIAL_PRICE_MESSAGE,
  specialPriceCents,
  specialPriceValid,
} from './pitch-fee-fields';

const CHOICES: readonly PitchAnswer[] = ['accept', 'accept-pay-full', 'accept-special-price'];
const FEE_TYPES = { accept: 'none', 'accept-pay-full': 'full', 'accept-special-price': 'special' };

/**
 * The invitee changes a pitch's fee while it is unpaid, or before any dates (spec §4): the same
 * kind of fee again is disabled, except a special price; the reason is at most 300 characters.
 */
export function PitchFeeDialog({
  booking,
  onClose,
}: {
  booking: BookingDetail;
  onClose: () => void;
}) {
  const current = booking.pitch_fee_options?.fee_type ?? 'none';
  const [choice, setChoice] = useState<PitchAnswer | null>(null);
  const [price, setPrice] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ price?: string; reason?: string; form?: string }>({});
  const change = useChangePitchFee(booking.id);
  const saving = change.isPending;
  const unchanged = choice !== null && FEE_TYPES[choice] === current && current !== 'special';
  const ready =
    choice !== null &&
    !unchanged &&
    (choice !== 'accept-special-price' || specialPriceValid(price)) &&
    reason.length <= MAX_FEE_REASON &&
    !saving;

  const submit = async () => {
    if (!choice) return;
    setErrors({});
    try {
      await change.mutateAsync({
        action: choice,
        ...(choice === 'accept-special-price' ? { price: specialPriceCents(price) } : {}),
        reason: reason.trim() || null,
      });
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fieldErrors : {};
      const onField = Boolean(fields.price ?? fields.reason);
      setErrors({
        price: fields.price?.[0],
        reason: fields.reason?.[0],
        form: onField
          ? undefined
          : (fields.action?.[0] ?? serverMessage(failure, errorMessages.somethingWentWrongNoStop)),
      });
      return;
    }
    toast.success('The fee was changed.');
    onClose();
  };

  return (
    <Modal
      open
      size="sm"
      title="Change fee"
      description={
        booking.extra_payment.status === 'pending'
          ? `${booking.counterpart.name} is asked to pay ${formatMoney(booking.extra_payment.amount)} more now.`
          : `${booking.counterpart.name} pays no extra fee now.`
      }
      onClose={onClose}
      closeOnEscape={!saving}
      closeOnBackdropClick={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!ready} loading={saving}>
            Change fee
          </Button>
        </>
      }
    >
      {errors.form ? <Alert tone="danger">{errors.form}</Alert> : null}
      <FeeChoices
        legend="The fee"
        choices={CHOICES}
        labels={feeChoiceLabels}
        value={choice}
        onChange={setChoice}
        price={price}
        onPriceChange={setPrice}
        priceError={
          errors.price ??
          (price.trim() !== '' && !specialPriceValid(price) ? SPECIAL_PRICE_MESSAGE : null)
        }
        disabled={saving}
      />
      {unchanged ? <p className="gs-pitch-choices__note">This is the fee asked now.</p> : null}
      <Field
        label="Reason"
        error={errors.reason}
        hint={`${reason.length}/${MAX_FEE_REASON} characters`}
      >
        {(control) => (
          <textarea
            {...control}
            className="gs-control gs-booking-reason__field"
            rows={3}
            maxLength={MAX_FEE_REASON}
            value={reason}
            disabled={saving}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
    </Modal>
  );
}
