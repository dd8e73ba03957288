import { HttpError, ValidationError, type FieldErrors } from '../../http/errors';

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

// The card's fields are read leniently, as Stripe.js's card element would send them: a value
// that is missing, not text (or not a whole number) or too long counts as not given, and each
// field then answers Stripe's own message below, never a generic field error.

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The field's text, at most `max` characters (PostgreSQL text holds no NUL), else undefined. */
function textOf(fields: Fields, field: string, max: number): string | undefined {
  const value = fields[field];
  if (isMissing(value) || typeof value !== 'string') return undefined;
  if (value.includes('\u0000') || value.length > max) return undefined;
  return value;
}

const INT = /^-?\d+$/;

/** The field as a whole number in min..max (12 or " 12 "), else undefined. */
function integerOf(fields: Fields, field: string, min: number, max: number): number | undefined {
  const value = fields[field];
  if (isMissing(value)) return undefined;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !INT.test(text.trim())) return undefined;
  const parsed = Number(text.trim());
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) return undefined;
  return parsed;
}

/**
 * Checks a card ({number, exp_month, exp_year, cvc, postal_code}) as Stripe's test mode would:
 * field errors (422) for anything malformed, 402 for the decline card. `now` decides what
 * "expired" means.
 */
export function checkTestCard(input: unknown, now: Date): AcceptedCard {
  const card = isFields(input) ? input : {};
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[`card.${field}`] = [message];
  };

  const rawNumber = textOf(card, 'number', 40);
  const number = (rawNumber ?? '').replace(/[\s-]/g, '');
  const known = TEST_CARDS[number];
  if (!known) fail('number', CARD_NUMBER_INCORRECT);

  const month = integerOf(card, 'exp_month', 1, 12);
  const rawYear = integerOf(card, 'exp_year', 0, 9999);
  const year = rawYear !== undefined && rawYear < 100 ? 2000 + rawYear : rawYear;
  if (month === undefined || year === undefined) {
    fail('exp_month', CARD_EXPIRY_INVALID);
  } else {
    const endOfMonth = Date.UTC(year, month, 1);
    if (endOfMonth <= now.getTime()) fail('exp_year', CARD_EXPIRED);
  }

  const cvc = textOf(card, 'cvc', 4);
  if (!cvc || !/^\d{3,4}$/.test(cvc)) fail('cvc', CARD_CVC_INVALID);

  const postal = textOf(card, 'postal_code', 16);
  if (!postal || postal.trim() === '') fail('postal_code', CARD_POSTAL_REQUIRED);

  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (!known || month === undefined || year === undefined) throw new ValidationError(errors);
  if (known.outcome === 'declined') throw new HttpError(402, CARD_DECLINED);
  return { brand: known.brand, last4: number.slice(-4), exp_month: month, exp_year: year };
}
