import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  errorMessages,
  isApiError,
  queryKeys,
  serverMessage,
  useCurrentUser,
  type BookingDetail,
} from '@guestspot/shared-api';
import * as billingApi from '@guestspot/shared-api/billing';
import {
  Alert,
  Button,
  Checkbox,
  Modal,
  Spinner,
  formatMoney,
  messages,
  toast,
} from '@guestspot/shared-ui';
import { CardField, useCardSetup } from '@guestspot/shared-ui/card-field';
import { useChargeExtraPayment, useExtraPaymentQuote } from '../hooks/use-pitch';
import './pitch-dialogs.css';

/** Spec §8: a card or a charge that fails shows the provider's message under this title. */
export const PAYMENT_ERROR_TITLE = 'Payment error';
export const OWNER_PAYS_ONLY = 'Only the account owner can pay for bookings.';
const NEW_CARD = 'new';

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The initiator pays what the pitch's answer added (spec §2 "confirm payment", §4 "Pitch flow"):
 * store credit if wanted, the rest on a saved card or a new one (shared-ui's card field, as the
 * booking flow's payment step). Every figure is the server's quote. A decline shows 'Payment
 * error' with the provider's message; the next try confirms the card again (a new intent) under
 * a new Idempotency-Key, while a retry of an unanswered try keeps its key.
 */
export function PitchPaymentDialog({
  booking,
  onClose,
}: {
  booking: BookingDetail;
  onClose: () => void;
}) {
  const teamMemberActing = useCurrentUser()?.impersonator?.is_admin === false;
  const [useCredit, setUseCredit] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [cardComplete, setCardComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const key = useRef(newKey());
  const confirmedCard = useRef<string | null>(null);
  const cardSetup = useCardSetup();
  const charge = useChargeExtraPayment(booking.id);
  const methods = useQuery({
    queryKey: queryKeys.paymentMethods,
    queryFn: billingApi.listPaymentMethods,
    enabled: !teamMemberActing,
  });
  const config = useQuery({
    queryKey: queryKeys.billingConfig,
    queryFn: billingApi.getBillingConfig,
    enabled: !teamMemberActing,
  });
  const base = useExtraPaymentQuote(booking.id, 0);
  const available = base.data?.available_credit ?? 0;
  const withCredit = useExtraPaymentQuote(booking.id, useCredit ? available : 0);
  const quote = useCredit ? withCredit.data : base.data;

  const saved = methods.data ?? [];
  const selected =
    choice && (choice === NEW_CARD || saved.some((method) => method.id === choice))
      ? choice
      : ((saved.find((method) => method.default) ?? saved[0])?.id ?? NEW_CARD);
  const busy = preparing || charge.isPending;
  const ownerMustPay = teamMemberActing && quote !== undefined;

  const cardMethod = async (): Promise<string | null> => {
    if (selected !== NEW_CARD) return selected;
    if (confirmedCard.current) return confirmedCard.current;
    if (!cardComplete) {
      setCardError(messages.required('Card'));
      return null;
    }
    setPreparing(true);
    try {
      const intent = await billingApi.createSetupIntent({ usage: 'off_session' });
      const result = await cardSetup.confirmSetup(intent.client_secret);
      if ('error' in result) {
        setPaymentError(result.error);
        return null;
      }
      confirmedCard.current = result.paymentMethodId;
      return result.paymentMethodId;
    } catch (error) {
      setPaymentError(serverMessage(error, errorMessages.somethingWentWrongNoStop));
      return null;
    } finally {
      setPreparing(false);
    }
  };

  const pay = async () => {
    setPaymentError(null);
    setCardError(null);
    if (!quote || ownerMustPay) return;
    const method = quote.requires_card ? await cardMethod() : null;
    if (quote.requires_card && !method) return;
    try {
      await charge.mutateAsync({
        key: key.current,
        payload: {
          guestspot_cash: quote.credit_applied,
          card_amount: quote.card_amount,
          ...(method
            ? { payment_method: method, save_card: selected === NEW_CARD && saveCard }
            : {}),
        },
      });
    } catch (failure) {
      // Refused (a decline, a changed price): the next try is a new request with a new card
      // confirmation; without an answer it is the same request again.
      if (isApiError(failure) && failure.status < 500) {
        key.current = newKey();
        confirmedCard.current = null;
      }
      setPaymentError(serverMessage(failure, errorMessages.somethingWentWrongNoStop));
      return;
    }
    toast.success('The extra fee was paid.');
    onClose();
  };

  return (
    <Modal
      open
      size="md"
      title="Confirm payment"
      description={`${booking.counterpart.name} accepted your pitch with a fee. Pay the difference to go on to the interview dates.`}
      onClose={onClose}
      closeOnEscape={!busy}
      closeOnBackdropClick={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => void pay()}
            loading={busy}
            disabled={!quote || withCredit.isFetching || ownerMustPay}
          >
            {quote?.requires_card
              ? `Pay ${formatMoney(quote.card_amount)}`
              : 'Pay with store credit'}
          </Button>
        </>
      }
    >
      {paymentError ? (
        <Alert tone="danger" title={PAYMENT_ERROR_TITLE}>
          {paymentError}
        </Alert>
      ) : null}
      {base.isError ? (
        <Alert tone="danger">
          {serverMessage(base.error, errorMessages.somethingWentWrongNoStop)}
        </Alert>
      ) : null}
      {!quote && !base.isError ? <Spinner label="Loading the price" /> : null}
      {quote ? (
        <dl className="gs-pitch-payment__summary">
          <div>
            <dt>Extra fee</dt>
            <dd>{formatMoney(quote.total)}</dd>
          </div>
          {quote.credit_applied > 0 ? (
            <div>
              <dt>Store credit</dt>
              <dd>−{formatMoney(quote.credit_applied)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Card</dt>
            <dd>{formatMoney(quote.card_amount)}</dd>
          </div>
        </dl>
      ) : null}
      {ownerMustPay ? <Alert tone="info">{OWNER_PAYS_ONLY}</Alert> : null}
      {available > 0 && !teamMemberActing ? (
        <Checkbox
          label={`Use my store credit (${formatMoney(available)} available)`}
          checked={useCredit}
          disabled={busy}
          onChange={(event) => setUseCredit(event.target.checked)}
        />
      ) : null}
      {quote?.requires_card && !teamMemberActing ? (
        <fieldset className="gs-pitch-payment__methods" disabled={busy}>
          <legend>Payment method</legend>
          {saved.map((method) => (
            <label key={method.id} className="gs-pitch-choices__label">
              <input
                type="radio"
                name="extra-payment-method"
                checked={selected === method.id}
                onChange={() => setChoice(method.id)}
              />
              <span>
                {method.brand.toUpperCase()} ending in {method.last4}
              </span>
            </label>
          ))}
          {saved.length > 0 ? (
            <label className="gs-pitch-choices__label">
              <input
                type="radio"
                name="extra-payment-method"
                checked={selected === NEW_CARD}
                onChange={() => setChoice(NEW_CARD)}
              />
              <span>A new card</span>
            </label>
          ) : null}
          {selected === NEW_CARD && config.isSuccess ? (
            <>
              <CardField
                setup={cardSetup}
                stripePublishableKey={config.data.stripe_publishable_key}
                confirmLocalSetup={billingApi.confirmLocalSetupIntent}
                onChange={(event) => {
                  setCardComplete(event.complete);
                  confirmedCard.current = null;
                  if (event.complete) setCardError(null);
                }}
                disabled={busy}
                legend="Card"
              />
              {cardError ? (
                <p className="gs-pitch-payment__error" role="alert">
                  {cardError}
                </p>
              ) : null}
              <Checkbox
                label="Save this card for future bookings"
                checked={saveCard}
                onChange={(event) => setSaveCard(event.target.checked)}
              />
            </>
          ) : null}
        </fieldset>
      ) : null}
    </Modal>
  );
}
