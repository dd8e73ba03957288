import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { IconAlertCircle } from '@guestspot/shared-ui';
import { CARD_NOT_READY, type CardChangeEvent, type CardSetup } from './card-setup';

// Loaded only when the server gives a Stripe publishable key: this chunk (and Stripe.js, fetched
// by loadStripe from the pure entry) never loads in offline mode.

export const STRIPE_SETUP_FAILED = 'Your card could not be saved. Please try again.';

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per key; offline, loadStripe rejects and the field says it is not ready. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let pending = stripes.get(publishableKey);
  if (!pending) {
    pending = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, pending);
  }
  return pending;
}

export interface StripeCardFieldProps {
  publishableKey: string;
  setup: CardSetup;
  onChange?: (event: CardChangeEvent) => void;
  disabled?: boolean;
  legend: ReactNode;
}

function StripeCard({
  setup,
  onChange,
  disabled,
  legend,
}: Omit<StripeCardFieldProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const errorId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    setup.register(async (clientSecret) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return { error: CARD_NOT_READY };
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) return { error: result.error.message ?? STRIPE_SETUP_FAILED };
      const method = result.setupIntent.payment_method;
      const id = typeof method === 'string' ? method : method?.id;
      return id ? { paymentMethodId: id } : { error: STRIPE_SETUP_FAILED };
    });
    return () => setup.register(null);
  }, [setup, stripe, elements]);

  return (
    <fieldset
      className="gs-card-field"
      data-provider="stripe"
      data-state={complete ? 'complete' : 'incomplete'}
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="gs-card-field__legend">{legend}</legend>
      <div className="gs-control gs-card-field__stripe">
        <CardElement
          // 16 px: iOS zooms the page into any smaller field on focus, frames included.
          options={{
            hidePostalCode: false,
            disabled: disabled ?? false,
            style: { base: { fontSize: '16px' } },
          }}
          onChange={(event) => {
            setError(event.error?.message ?? null);
            setComplete(event.complete);
            onChangeRef.current?.({ complete: event.complete });
          }}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="gs-field__error">
          <IconAlertCircle className="gs-field__error-icon" />
          <span>{error}</span>
        </p>
      ) : null}
    </fieldset>
  );
}

/** Stripe Elements' CardElement (number, expiry, CVC and postal code in one). */
export default function StripeCardField({ publishableKey, ...props }: StripeCardFieldProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard {...props} />
    </Elements>
  );
}
