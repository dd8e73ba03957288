import { randomBytes } from 'node:crypto';

// New booking codes (decision 105): long and random, so guessing one is hopeless even before
// the limits of limits.ts stop the guesser. The demo data's named codes (MAYA10, ...) predate it.

/** Uppercase letters and digits without the look-alikes I, O, 0 and 1: 32 symbols, 5 bits each. */
export const BOOKING_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 16 symbols of 5 bits: 80 bits. */
export const BOOKING_CODE_LENGTH = 16;

/** A new booking code from the system's cryptographic random source. */
export function newBookingCode(): string {
  // 256 is a multiple of 32, so every symbol is equally likely.
  return Array.from(
    randomBytes(BOOKING_CODE_LENGTH),
    (byte) => BOOKING_CODE_ALPHABET[byte % BOOKING_CODE_ALPHABET.length],
  ).join('');
}
