import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isApiError,
  queryKeys,
  serverMessage,
  errorMessages,
  useCurrentUser,
} from '@guestspot/shared-api';
import { checkBookingCode, getBalance } from '@guestspot/shared-api/booking-flow';
import { getBookingType, getReferrerCoupons } from '@guestspot/shared-api/booking-money';
import { Alert, Button, Checkbox, TextField } from '@guestspot/shared-ui';
import {
  PAYMENT_ERROR_TITLE,
  PaymentMethodChoice,
  OWNER_PAYS_ONLY,
} from '../../../components/payment-method-choice';
import { NEW_CARD, useCardPayment } from '../../../hooks/use-card-payment';
import { useBookingFlow } from '../hooks/use-booking-flow';
import {
  useBookableOptions,
  useBookingQuote,
  useUpsellPackages,
} from '../hooks/use-booking-pricing';
import { useSubmitBooking } from '../hooks/use-submit-booking';
import { formatAmount } from '../lib/totals';
import { BookingStep, SEND_REQUEST_LABEL } from './booking-step';
import { OrderSummary } from './order-summary';
import { StepNavigator } from './step-navigator';

export const INVALID_CODE = 'This booking code is not valid.';
export const REFERRAL_OFFER_TITLE = 'Your referral offer';

/**
 * Payment: a new card or a saved one, a booking code (guest side), store credit, a guaranteed
 * response, and the itemised total. Every figure is the server's quote (decision 101): nothing
 * is priced here; the credit the quote applied, its card amount and the chosen card travel with
 * the booking. A team member acting as the owner may send a free booking but pays for none: the
 * owner's cards and credit are not theirs to spend (the server refuses it, 403).
 */
export function PaymentStep() {
  const flow = useBookingFlow('payment');
  const queryClient = useQueryClient();
  const { values, update } = flow;
  // An admin impersonating is support, acting for the owner in full.
  const teamMemberActing = useCurrentUser()?.impersonator?.is_admin === false;
  const { pitchOption, isPending } = useBookableOptions(flow.side, flow.profileId);
  const upsellPackages = useUpsellPackages(flow.side, flow.profileId);
  const balance = useQuery({
    queryKey: queryKeys.balance,
    queryFn: getBalance,
    enabled: !teamMemberActing,
  });
  // The referral programme's offers (GET /referrer-coupons: none unless the user joined through
  // a referral link) and the kind of booking being paid for (GET /booking-type), decision 118.
  // Neither blocks paying: a failure shows nothing.
  const referrerCoupons = useQuery({
    queryKey: queryKeys.referrerCoupons,
    queryFn: getReferrerCoupons,
    staleTime: Infinity,
  });
  const bookingTypes = useQuery({
    queryKey: queryKeys.bookingTypes,
    queryFn: getBookingType,
    staleTime: Infinity,
  });
  const bookingType = bookingTypes.data?.find((type) => type.is_pitch === flow.isPitch);
  const offers = (referrerCoupons.data ?? []).filter((coupon) => coupon.is_valid);
  const card = useCardPayment({ chosen: values.paymentChoice, enabled: !teamMemberActing });
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [codeInput, setCodeInput] = useState(values.checkedCode?.code ?? values.code);
  const [checkingCode, setCheckingCode] = useState(false);
  const { submit, submitting } = useSubmitBooking(flow);

  const appliedCode = values.checkedCode?.isValid ? values.checkedCode.code : null;
  const known = new Set((upsellPackages.data ?? []).map((item) => item.id));
  const quote = useBookingQuote(flow.side, flow.profileId, {
    bookerId: flow.bookerId,
    optionId: flow.isPitch ? (pitchOption?.id ?? null) : values.optionId,
    duration: flow.isPitch ? null : values.duration,
    // Upsells the profile no longer offers are dropped, as the booking itself drops them.
    upsells: upsellPackages.isPending ? null : values.upsellIds.filter((id) => known.has(id)),
    code: appliedCode,
    useCredit: values.useCredit && !teamMemberActing,
  });
  const price = quote.isError ? undefined : quote.data;
  const quoteFields = isApiError(quote.error) ? quote.error.fieldErrors : {};
  const creditAvailable = teamMemberActing ? 0 : (balance.data?.available_balance ?? 0);
  const ownerMustPay = teamMemberActing && price?.requiresCard === true;

  const applyCode = async () => {
    const code = codeInput.trim();
    if (!code) return;
    setCheckingCode(true);
    try {
      const result = await queryClient.fetchQuery({
        queryKey: queryKeys.bookingCode(flow.profileId, code),
        queryFn: () => checkBookingCode(flow.profileId, code),
      });
      update({ code, checkedCode: result });
    } catch (error) {
      setPaymentError(serverMessage(error, errorMessages.somethingWentWrongNoStop));
    } finally {
      setCheckingCode(false);
    }
  };

  const pay = async () => {
    setPaymentError(null);
    card.clearCardError();
    if (!price || quote.isPlaceholderData || ownerMustPay) return;
    let paymentMethod: string | null = null;
    let saveCard = false;
    if (price.requiresCard) {
      // A card confirmed on an earlier try is sent again: a retry must be the same request.
      paymentMethod = await card.paymentMethod(setPaymentError);
      if (!paymentMethod) return;
      saveCard = card.selected === NEW_CARD && values.saveCard;
    }
    const result = await submit({
      paymentMethod,
      saveCard,
      storeCredit: price.creditApplied,
      cardAmount: price.cardAmount,
    });
    if (!result.ok && result.message) setPaymentError(result.message);
  };

  const serverFields = values.errors.payment?.fields ?? {};
  const busy = submitting || card.preparing;

  return (
    <BookingStep
      flow={flow}
      step="payment"
      loading={isPending}
      footer={
        <StepNavigator
          onPrevious={flow.hasPrevious ? flow.previous : undefined}
          onNext={() => void pay()}
          nextLabel={
            price?.requiresCard ? `Pay ${formatAmount(price.cardAmount)}` : SEND_REQUEST_LABEL
          }
          loading={busy}
          disabled={!price || quote.isFetching || ownerMustPay}
        />
      }
    >
      {paymentError ? (
        <Alert tone="danger" title={PAYMENT_ERROR_TITLE}>
          {paymentError}
        </Alert>
      ) : null}

      {bookingType ? (
        <p className="gs-booking-flow__booking-type">
          Booking type: <strong>{bookingType.name}</strong>
        </p>
      ) : null}

      {offers.length > 0 ? (
        <Alert tone="info" title={REFERRAL_OFFER_TITLE}>
          <ul className="gs-booking-flow__offers">
            {offers.map((coupon) => (
              <li key={coupon.code}>
                <strong>{coupon.code}</strong>: {coupon.description}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {flow.side === 'guest' ? (
        <div className="gs-booking-flow__code">
          <TextField
            label="Booking code"
            value={codeInput}
            autoComplete="off"
            error={
              values.checkedCode &&
              !values.checkedCode.isValid &&
              values.checkedCode.code === codeInput.trim()
                ? INVALID_CODE
                : (quoteFields.code?.[0] ?? serverFields.code)
            }
            hint={
              values.checkedCode?.isValid ? `Code ${values.checkedCode.code} applied` : undefined
            }
            onChange={(event) => setCodeInput(event.target.value)}
          />
          <Button variant="secondary" onClick={() => void applyCode()} loading={checkingCode}>
            Apply code
          </Button>
        </div>
      ) : null}

      {creditAvailable > 0 ? (
        <Checkbox
          label={`Use my store credit (${formatAmount(creditAvailable)} available)`}
          checked={values.useCredit}
          onChange={(event) => update({ useCredit: event.target.checked })}
        />
      ) : null}

      {ownerMustPay ? <Alert tone="info">{OWNER_PAYS_ONLY}</Alert> : null}

      {price?.requiresCard && !teamMemberActing ? (
        <PaymentMethodChoice
          payment={card}
          onChoose={(choice) => update({ paymentChoice: choice })}
          saveCard={values.saveCard}
          onSaveCardChange={(saveCard) => update({ saveCard })}
          busy={busy}
        />
      ) : null}

      <Checkbox
        label="Request a guaranteed response"
        checked={values.guaranteedResponse}
        onChange={(event) => update({ guaranteedResponse: event.target.checked })}
      />

      <OrderSummary
        price={price}
        code={appliedCode}
        loading={quote.isFetching}
        onRetry={quote.isError ? () => void quote.refetch() : undefined}
      />
    </BookingStep>
  );
}
