/** The mask the spec uses for phone numbers. */
export const PHONE_MASK = '(###) ###-####';

/** A complete phone number in the mask's format, for validation schemas. */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

const MAX_DIGITS = 10;

/**
 * Formats digits (anything else is ignored) with the `(###) ###-####` mask, progressively:
 * '555' → '(555', '5551' → '(555) 1', '5551234567' → '(555) 123-4567'. A leading US country code
 * on a pasted 11-digit number ('+1 555 123 4567') is dropped; extra digits are cut off.
 */
export function formatPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length > MAX_DIGITS && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, MAX_DIGITS);

  let out = '';
  let next = 0;
  for (const char of PHONE_MASK) {
    if (next >= digits.length) break;
    if (char === '#') {
      out += digits[next];
      next += 1;
    } else {
      out += char;
    }
  }
  return out;
}

/** Position just after the `count`-th digit of a formatted value (to keep the caret in place). */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return formatted.startsWith('(') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i] ?? '')) seen += 1;
    if (seen === count) return i + 1;
  }
  return formatted.length;
}
