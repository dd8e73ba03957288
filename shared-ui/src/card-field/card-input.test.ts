import { CARD_MESSAGES, checkCard, formatCardNumber, formatExpiry, luhnValid } from './card-input';

const NOW = new Date('2026-06-15T00:00:00Z');

describe('card input rules', () => {
  it('groups numbers by four (amex 4-6-5) and stops at the brand length', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('formats expiry as MM/YY, padding a single leading digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
  });

  it('checks the Luhn sum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('is complete only when number, expiry, CVC and postal code all are', () => {
    const full = {
      number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      postalCode: '78701',
    };
    expect(checkCard(full, NOW)).toEqual({
      complete: true,
      errors: {},
      card: {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        postal_code: '78701',
      },
    });
    expect(checkCard({ ...full, postalCode: ' ' }, NOW).errors).toEqual({
      postalCode: CARD_MESSAGES.postalIncomplete,
    });
    expect(checkCard({ ...full, expiry: '05/26' }, NOW).errors).toEqual({
      expiry: CARD_MESSAGES.expiryPast,
    });
    expect(checkCard({ ...full, expiry: '13/30' }, NOW).errors).toEqual({
      expiry: CARD_MESSAGES.expiryMonthInvalid,
    });
    expect(checkCard({ ...full, number: '4242 4242 4242 4241', cvc: '12' }, NOW).errors).toEqual({
      number: CARD_MESSAGES.numberInvalid,
      cvc: CARD_MESSAGES.cvcIncomplete,
    });
  });
});
