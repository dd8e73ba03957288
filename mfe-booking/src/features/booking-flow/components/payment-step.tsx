import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isApiError,
  queryKeys,
  serverMessage,
  errorMessages,
  useCurrentUser,
} from '@guestspot/shared-api';
import * as billingApi from '@guestspot/shared-api/billing';
import { checkBookingCode, getBalance } from '@guestspot/shared-api/booking-flow';
import { getBookingType, getReferrerCoupons } from '@guestspot/shared-api/booking-money';
import { Alert, Button, Checkbox, TextField, messages } from '@guestspot/shared-ui';
import { CardField, useCardSetup } from '@guestspot/shared-ui/card-field';
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

export const PAYMENT_ERROR_TITLE = 'Payment error';
export const SAVE_CARD_LABEL = 'Save this card for future bookings';
export const INVALID_CODE = 'This booking code is not valid.';
export const NEW_CARD = 'new';
export const OWNER_PAYS_ONLY = 'Only the account owner can pay for bookings.';
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
  const cardSetup = useCardSetup();
  const [cardComplete, setCardComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [codeInput, setCodeInput] = useState(values.checkedCode?.code ?? values.code);
  const [checkingCode, setCheckingCode] = useState(false);
  const [preparing, setPreparing] = useState(false);
  // A card confirmed on an earlier try is sent again: a retry must be the same request.
  const confirmedCard = useRef<string | null>(null);
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

  const saved = methods.data ?? [];
  const defaultChoice = (saved.find((method) => method.default) ?? saved[0])?.id ?? NEW_CARD;
  const choice =
    values.paymentChoice &&
    (values.paymentChoice === NEW_CARD || saved.some((m) => m.id === values.paymentChoice))
      ? values.paymentChoice
      : defaultChoice;

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
    setCardError(null);
    if (!price || quote.isPlaceholderData || ownerMustPay) return;
    let paymentMethod: string | null = null;
    let saveCard = false;
    if (price.requiresCard) {
      if (choice === NEW_CARD) {
        if (!confirmedCard.current) {
          if (!cardComplete) {
            setCardError(messages.required('Card'));
            return;
          }
          setPreparing(true);
          try {
            const intent = await billingApi.createSetupIntent({ usage: 'off_session' });
            const result = await cardSetup.confirmSetup(intent.client_secret);
            if ('error' in result) {
              setPaymentError(result.error);
              return;
            }
            confirmedCard.current = result.paymentMethodId;
          } catch (error) {
            setPaymentError(serverMessage(error, errorMessages.somethingWentWrongNoStop));
            return;
          } finally {
            setPreparing(false);
          }
        }
        paymentMethod = confirmedCard.current;
        saveCard = values.saveCard;
      } else {
        paymentMethod = choice;
      }
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
  const busy = submitting || preparing;

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
        <fieldset className="gs-booking-flow__choices">
          <legend className="gs-booking-flow__legend">Payment method</legend>
          {saved.map((method) => (
            <label key={method.id} className="gs-booking-flow__choice">
              <input
                type="radio"
                name="payment-method"
                checked={choice === method.id}
                onChange={() => update({ paymentChoice: method.id })}
              />
              <span>
                {method.brand.toUpperCase()} ending in {method.last4}
              </span>
            </label>
          ))}
          {saved.length > 0 ? (
            <label className="gs-booking-flow__choice">
              <input
                type="radio"
                name="payment-method"
                checked={choice === NEW_CARD}
                onChange={() => update({ paymentChoice: NEW_CARD })}
              />
              <span>A new card</span>
            </label>
          ) : null}
          {choice === NEW_CARD && config.isSuccess ? (
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
                <p className="gs-booking-flow__error" role="alert">
                  {cardError}
                </p>
              ) : null}
              <Checkbox
                label={SAVE_CARD_LABEL}
                checked={values.saveCard}
                onChange={(event) => update({ saveCard: event.target.checked })}
              />
            </>
          ) : null}
        </fieldset>
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
