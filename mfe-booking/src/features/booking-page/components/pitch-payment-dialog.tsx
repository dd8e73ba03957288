import { useRef, useState } from 'react';
import {
  errorMessages,
  isApiError,
  serverMessage,
  useCurrentUser,
  type BookingDetail,
} from '@guestspot/shared-api';
import { Alert, Button, Checkbox, Modal, Spinner, formatMoney, toast } from '@guestspot/shared-ui';
import {
  PAYMENT_ERROR_TITLE,
  PaymentMethodChoice,
  OWNER_PAYS_ONLY,
} from '../../../components/payment-method-choice';
import { NEW_CARD, useCardPayment } from '../../../hooks/use-card-payment';
import { useChargeExtraPayment, useExtraPaymentQuote } from '../hooks/use-pitch';
import './pitch-dialogs.css';

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
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const key = useRef(newKey());
  const card = useCardPayment({ chosen: choice, enabled: !teamMemberActing });
  const charge = useChargeExtraPayment(booking.id);
  const base = useExtraPaymentQuote(booking.id, 0);
  const available = base.data?.available_credit ?? 0;
  const withCredit = useExtraPaymentQuote(booking.id, useCredit ? available : 0);
  const quote = useCredit ? withCredit.data : base.data;

  const busy = card.preparing || charge.isPending;
  const ownerMustPay = teamMemberActing && quote !== undefined;

  const pay = async () => {
    setPaymentError(null);
    card.clearCardError();
    if (!quote || ownerMustPay) return;
    const method = quote.requires_card ? await card.paymentMethod(setPaymentError) : null;
    if (quote.requires_card && !method) return;
    try {
      await charge.mutateAsync({
        key: key.current,
        payload: {
          guestspot_cash: quote.credit_applied,
          card_amount: quote.card_amount,
          ...(method
            ? { payment_method: method, save_card: card.selected === NEW_CARD && saveCard }
            : {}),
        },
      });
    } catch (failure) {
      // Refused (a decline, a changed price): the next try is a new request with a new card
      // confirmation; without an answer it is the same request again.
      if (isApiError(failure) && failure.status < 500) {
        key.current = newKey();
        card.forgetCard();
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
        <PaymentMethodChoice
          className="gs-pitch-payment__methods"
          payment={card}
          onChoose={setChoice}
          saveCard={saveCard}
          onSaveCardChange={setSaveCard}
          busy={busy}
          disabled={busy}
        />
      ) : null}
    </Modal>
  );
}
