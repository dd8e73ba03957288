import { useId } from 'react';
import type { PitchAnswer } from '@guestspot/shared-api/pitches';
import { MIN_SPECIAL_PRICE } from '@guestspot/shared-api/pitches';
import { Field, formatMoney, messages } from '@guestspot/shared-ui';
import '../../../components/choices.css';
import './pitch-dialogs.css';

/** How each fee choice reads (the answer's and the fee change's). */
export const feeChoiceLabels: Record<PitchAnswer, string> = {
  accept: 'Accept with no extra fee',
  'accept-pay-full': 'Accept at my full booking fee',
  'accept-special-price': 'Accept at a special price',
};

/** Spec §5: a special price below $5 is invalid (and Continue is disabled then). */
export const SPECIAL_PRICE_MESSAGE = messages.minValue(
  'special price',
  formatMoney(MIN_SPECIAL_PRICE),
);

/** The special price typed, in cents: its absolute value (spec §5), or null when no number. */
export function specialPriceCents(typed: string): number | null {
  const value = Number(typed.replace(/[$,\s]/g, ''));
  if (typed.trim() === '' || !Number.isFinite(value)) return null;
  return Math.round(Math.abs(value) * 100);
}

/** Whether the special price typed may be sent. */
export const specialPriceValid = (typed: string) =>
  (specialPriceCents(typed) ?? 0) >= MIN_SPECIAL_PRICE;

/**
 * One group of radio choices (the fee answers, and the dialog's own extra ones such as reject)
 * with the special price's field under its choice.
 */
export function FeeChoices<Choice extends string>({
  legend,
  choices,
  labels,
  value,
  onChange,
  price,
  onPriceChange,
  priceError,
  disabled,
}: {
  legend: string;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  value: Choice | null;
  onChange: (choice: Choice) => void;
  price: string;
  onPriceChange: (price: string) => void;
  /** shown under the price (the server's, or the spec's minimum once typed) */
  priceError: string | null;
  disabled: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="gs-choices gs-pitch-choices" disabled={disabled}>
      <legend className="gs-choices__legend">{legend}</legend>
      {choices.map((choice) => (
        <div key={choice} className="gs-pitch-choices__choice">
          <label className="gs-choice">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <span className="gs-choice__text">{labels[choice]}</span>
          </label>
          {choice === 'accept-special-price' && value === choice ? (
            <Field label="Special price (USD)" required error={priceError}>
              {(control) => (
                <input
                  {...control}
                  className="gs-control gs-pitch-choices__price"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={price}
                  onChange={(event) => onPriceChange(event.target.value)}
                  onBlur={() => {
                    // The input takes the absolute value (spec §5).
                    const cents = specialPriceCents(price);
                    if (cents !== null) onPriceChange((cents / 100).toFixed(2));
                  }}
                />
              )}
            </Field>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}
