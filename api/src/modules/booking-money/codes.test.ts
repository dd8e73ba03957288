import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOOKING_CODE_ALPHABET, BOOKING_CODE_LENGTH, newBookingCode } from './codes';

describe('newBookingCode', () => {
  const codes = Array.from({ length: 20_000 }, () => newBookingCode());

  it('is 16 symbols of an unambiguous uppercase alphabet: at least 80 bits', () => {
    assert.equal(BOOKING_CODE_LENGTH, 16);
    assert.equal(new Set(BOOKING_CODE_ALPHABET).size, 32);
    assert.doesNotMatch(BOOKING_CODE_ALPHABET, /[IO01a-z]/);
    assert.ok(BOOKING_CODE_LENGTH * Math.log2(BOOKING_CODE_ALPHABET.length) >= 80);
    // also within migration 033's CHECK on booking_codes.code and the look-up's shape of a code
    for (const code of codes) assert.match(code, /^[A-HJ-NP-Z2-9]{16}$/);
  });

  it('never repeats, and uses every symbol in every position', () => {
    assert.equal(new Set(codes).size, codes.length);
    for (let position = 0; position < BOOKING_CODE_LENGTH; position += 1) {
      const seen = new Set(codes.map((code) => code[position]));
      assert.equal(seen.size, BOOKING_CODE_ALPHABET.length, `position ${position}`);
    }
  });
});
