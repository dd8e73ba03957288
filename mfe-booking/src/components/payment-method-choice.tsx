import { useId } from 'react';
import * as billingApi from '@guestspot/shared-api/billing';
import { Checkbox, cx } from '@guestspot/shared-ui';
import { CardField } from '@guestspot/shared-ui/card-field';
import { NEW_CARD, type CardPayment } from '../hooks/use-card-payment';
import './choices.css';

export const SAVE_CARD_LABEL = 'Save this card for future bookings';
/** The title of a payment's refusal, wherever a booking is paid for. */
export const PAYMENT_ERROR_TITLE = 'Payment error';
/** Said to a team member, who may not spend the owner's money (the server refuses it too). */
export const OWNER_PAYS_ONLY = 'Only the account owner can pay for bookings.';

export type PaymentMethodChoiceProps = {
  /** From useCardPayment(): the saved cards, the one selected and the new card's field. */
  payment: CardPayment;
  /** A saved card's id, or NEW_CARD. */
  onChoose: (choice: string) => void;
  saveCard: boolean;
  onSaveCardChange: (saveCard: boolean) => void;
  /** A payment is under way: the card field takes no input. */
  busy: boolean;
  /** The whole choice takes no input (a dialog locks it while paying). */
  disabled?: boolean;
  /** The place's spacing around the group. */
  className?: string;
};

/**
 * 'Payment method': a radio per saved card and 'A new card' (offered alone, without radios, when
 * there is no saved card), then for a new card the card field, its error and 'Save this card'.
 */
export function PaymentMethodChoice({
  payment,
  onChoose,
  saveCard,
  onSaveCardChange,
  busy,
  disabled,
  className,
}: PaymentMethodChoiceProps) {
  const name = useId();
  const { saved, selected, billingConfig } = payment;
  return (
    <fieldset className={cx('gs-choices', className)} disabled={disabled}>
      <legend className="gs-choices__legend">Payment method</legend>
      {saved.map((method) => (
        <label key={method.id} className="gs-choice">
          <input
            type="radio"
            name={name}
            checked={selected === method.id}
            onChange={() => onChoose(method.id)}
          />
          <span className="gs-choice__text">
            {method.brand.toUpperCase()} ending in {method.last4}
          </span>
        </label>
      ))}
      {saved.length > 0 ? (
        <label className="gs-choice">
          <input
            type="radio"
            name={name}
            checked={selected === NEW_CARD}
            onChange={() => onChoose(NEW_CARD)}
          />
          <span className="gs-choice__text">A new card</span>
        </label>
      ) : null}
      {selected === NEW_CARD && billingConfig ? (
        <>
          <CardField
            setup={payment.setup}
            stripePublishableKey={billingConfig.stripe_publishable_key}
            confirmLocalSetup={billingApi.confirmLocalSetupIntent}
            onChange={payment.onCardChange}
            disabled={busy}
            legend="Card"
          />
          {payment.cardError ? (
            <p className="gs-choices__error" role="alert">
              {payment.cardError}
            </p>
          ) : null}
          <Checkbox
            label={SAVE_CARD_LABEL}
            checked={saveCard}
            onChange={(event) => onSaveCardChange(event.target.checked)}
          />
        </>
      ) : null}
    </fieldset>
  );
}
