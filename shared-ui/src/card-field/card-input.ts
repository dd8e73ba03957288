// The local card field's rules: formatting as typed, and when each part is complete. Messages
// follow Stripe Elements' wording so both providers read the same.

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  postalIncomplete: 'Your postal code is incomplete.',
} as const;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

function numberLength(brand: CardBrand): number {
  return brand === 'amex' ? 15 : 16;
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** '4242424242424242' -> '4242 4242 4242 4242'; amex groups 4-6-5. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value);
  const brand = cardBrand(digits);
  const kept = digits.slice(0, numberLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let index = 0;
  for (const size of groups) {
    if (index >= kept.length) break;
    parts.push(kept.slice(index, index + size));
    index += size;
  }
  return parts.join(' ');
}

/** Typing '4' gives '04', '1226' gives '12/26'. */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export type CardPart = keyof CardValues;

export interface CardCheck {
  complete: boolean;
  /** Per part: the message to show once the part was left (or a confirm was tried). */
  errors: Partial<Record<CardPart, string>>;
  /** Parsed, when complete. */
  card: {
    number: string;
    exp_month: number;
    exp_year: number;
    cvc: string;
    postal_code: string;
  } | null;
}

export function checkCard(values: CardValues, now: Date = new Date()): CardCheck {
  const errors: CardCheck['errors'] = {};
  const digits = digitsOf(values.number);
  const brand = cardBrand(digits);
  if (digits.length < numberLength(brand)) errors.number = CARD_MESSAGES.numberIncomplete;
  else if (!luhnValid(digits)) errors.number = CARD_MESSAGES.numberInvalid;

  const expiry = digitsOf(values.expiry);
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(2, 4));
  if (expiry.length < 4) errors.expiry = CARD_MESSAGES.expiryIncomplete;
  else if (month < 1 || month > 12) errors.expiry = CARD_MESSAGES.expiryMonthInvalid;
  else if (Date.UTC(year, month, 1) <= now.getTime()) errors.expiry = CARD_MESSAGES.expiryPast;

  const cvc = digitsOf(values.cvc);
  if (cvc.length < cvcLength(brand)) errors.cvc = CARD_MESSAGES.cvcIncomplete;

  const postalCode = values.postalCode.trim();
  if (postalCode === '') errors.postalCode = CARD_MESSAGES.postalIncomplete;

  const complete = Object.keys(errors).length === 0;
  return {
    complete,
    errors,
    card: complete
      ? { number: digits, exp_month: month, exp_year: year, cvc, postal_code: postalCode }
      : null,
  };
}
