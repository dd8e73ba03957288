import { HttpError, ValidationError, type FieldErrors } from '../../http/errors';
import { Validator } from '../../http/validation';

// The LOCAL provider accepts only Stripe's published test numbers, so nobody types a real card
// into a development or demo site. Only brand, last4 and expiry are kept.

export const CARD_DECLINED = 'Your card was declined.';
export const CARD_NUMBER_INCORRECT = 'Your card number is incorrect.';
export const CARD_EXPIRY_INVALID = "Your card's expiration month is invalid.";
export const CARD_EXPIRED = "Your card's expiration date is in the past.";
export const CARD_CVC_INVALID = "Your card's security code is invalid.";
export const CARD_POSTAL_REQUIRED = 'Your postal code is incomplete.';

interface TestCard {
  brand: string;
  outcome: 'succeeds' | 'declined';
}

export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', outcome: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeeds' },
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
};

export interface AcceptedCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/**
 * Checks a card as Stripe's test mode would: field errors (422) for anything malformed, 402 for
 * the decline card. `now` decides what "expired" means.
 */
export function checkTestCard(input: unknown, now: Date): AcceptedCard {
  const outer = new Validator(input);
  const card = outer.object('card', ['number', 'exp_month', 'exp_year', 'cvc', 'postal_code']);
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[`card.${field}`] = [message];
  };

  const rawNumber = card.string('number', { max: 40 });
  const number = (rawNumber ?? '').replace(/[\s-]/g, '');
  const known = TEST_CARDS[number];
  if (!known) fail('number', CARD_NUMBER_INCORRECT);

  const month = card.integer('exp_month', { min: 1, max: 12 });
  const rawYear = card.integer('exp_year', { min: 0, max: 9999 });
  const year = rawYear !== undefined && rawYear < 100 ? 2000 + rawYear : rawYear;
  if (month === undefined || year === undefined) {
    fail('exp_month', CARD_EXPIRY_INVALID);
  } else {
    const endOfMonth = Date.UTC(year, month, 1);
    if (endOfMonth <= now.getTime()) fail('exp_year', CARD_EXPIRED);
  }

  const cvc = card.string('cvc', { max: 4 });
  if (!cvc || !/^\d{3,4}$/.test(cvc)) fail('cvc', CARD_CVC_INVALID);

  const postal = card.string('postal_code', { max: 16 });
  if (!postal || postal.trim() === '') fail('postal_code', CARD_POSTAL_REQUIRED);

  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (!known || month === undefined || year === undefined) throw new ValidationError(errors);
  if (known.outcome === 'declined') throw new HttpError(402, CARD_DECLINED);
  return { brand: known.brand, last4: number.slice(-4), exp_month: month, exp_year: year };
}
