import { isApiError, type LocalCardInput } from '@guestspot/shared-api';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { TextField } from '@guestspot/shared-ui';
import {
  cardBrand,
  checkCard,
  cvcLength,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  type CardPart,
  type CardValues,
} from './card-input';
import type { CardChangeEvent, CardSetup } from './card-setup';

export const CARD_SETUP_FAILED = 'Your card could not be saved. Please try again.';

/**
 * Confirms a setup with the API's local stand-in for Stripe.js. The app passes shared-api's
 * `billingApi.confirmLocalSetupIntent`, stories a fake: the design system makes no API call.
 */
export type ConfirmLocalSetup = (
  clientSecret: string,
  card: LocalCardInput,
) => Promise<{ payment_method: string }>;

export interface LocalCardFieldProps {
  setup: CardSetup;
  confirmLocalSetup: ConfirmLocalSetup;
  onChange?: (event: CardChangeEvent) => void;
  disabled?: boolean;
  legend: ReactNode;
  /** For stories and tests: start with these values. */
  defaultValues?: Partial<CardValues>;
  /** Decides what "expired" means (tests). */
  now?: () => Date;
  /** Show every part's message now, not only once the part was left (e.g. after a submit). */
  showErrors?: boolean;
}

const defaultNow = () => new Date();
const EMPTY: CardValues = { number: '', expiry: '', cvc: '', postalCode: '' };

/**
 * The offline provider's card form: Card number (grouped as typed), Expiry MM/YY, CVC and
 * ZIP/Postal code, each with its own message once left. Confirms setups through the API's local
 * stand-in for Stripe.js; nothing leaves the site.
 */
export function LocalCardField({
  setup,
  confirmLocalSetup,
  onChange,
  disabled,
  legend,
  defaultValues,
  now = defaultNow,
  showErrors = false,
}: LocalCardFieldProps) {
  const [values, setValues] = useState<CardValues>({ ...EMPTY, ...defaultValues });
  const [touched, setTouched] = useState<Partial<Record<CardPart, boolean>>>({});
  const check = useMemo(() => checkCard(values, now()), [values, now]);
  const latest = useRef(check);
  latest.current = check;

  const complete = check.complete;
  const reported = useRef<boolean | null>(null);
  useEffect(() => {
    if (reported.current === complete) return;
    reported.current = complete;
    onChange?.({ complete });
  }, [complete, onChange]);

  useEffect(() => {
    setup.register(async (clientSecret) => {
      const { card, errors } = latest.current;
      if (!card) {
        setTouched({ number: true, expiry: true, cvc: true, postalCode: true });
        return { error: Object.values(errors)[0] ?? CARD_SETUP_FAILED };
      }
      try {
        const intent = await confirmLocalSetup(clientSecret, card);
        return { paymentMethodId: intent.payment_method };
      } catch (error) {
        return { error: isApiError(error) ? error.message : CARD_SETUP_FAILED };
      }
    });
    return () => setup.register(null);
  }, [setup, confirmLocalSetup]);

  const brand = cardBrand(digitsOf(values.number));
  const update =
    (part: CardPart, format: (value: string) => string) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      const next = format(event.target.value);
      setValues((previous) => ({ ...previous, [part]: next }));
    };
  const leave = (part: CardPart) => () => setTouched((previous) => ({ ...previous, [part]: true }));
  const errorOf = (part: CardPart) =>
    showErrors || touched[part] ? check.errors[part] : undefined;

  return (
    <fieldset
      className="gs-card-field"
      data-provider="local"
      data-state={complete ? 'complete' : 'incomplete'}
      disabled={disabled}
    >
      <legend className="gs-card-field__legend">{legend}</legend>
      <div className="gs-card-field__grid">
        <TextField
          label="Card number"
          containerClassName="gs-card-field__number"
          name="cc-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={values.number}
          onChange={update('number', formatCardNumber)}
          onBlur={leave('number')}
          error={errorOf('number')}
          data-brand={brand}
          required
        />
        <TextField
          label="Expiry (MM/YY)"
          name="cc-exp"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={values.expiry}
          onChange={update('expiry', formatExpiry)}
          onBlur={leave('expiry')}
          error={errorOf('expiry')}
          required
        />
        <TextField
          label="CVC"
          name="cc-csc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand === 'amex' ? '1234' : '123'}
          value={values.cvc}
          onChange={update('cvc', (value) => digitsOf(value).slice(0, cvcLength(brand)))}
          onBlur={leave('cvc')}
          error={errorOf('cvc')}
          required
        />
        <TextField
          label="ZIP/Postal code"
          name="postal-code"
          autoComplete="postal-code"
          placeholder="90210"
          maxLength={16}
          value={values.postalCode}
          onChange={update('postalCode', (value) => value.slice(0, 16))}
          onBlur={leave('postalCode')}
          error={errorOf('postalCode')}
          required
        />
      </div>
    </fieldset>
  );
}
