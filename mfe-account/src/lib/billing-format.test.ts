import { makePaymentMethod } from '@guestspot/shared-api/testing';
import { cardLabel, formatBillingDate } from './billing-format';

describe('billing formats', () => {
  it('names a card by brand, last four digits and expiry', () => {
    expect(cardLabel(makePaymentMethod({ brand: 'mastercard', last4: '4444', exp_month: 8 }))).toBe(
      'Mastercard ending in 4444 (expires 08/2030)',
    );
  });

  it("writes dates as 'Month D, YYYY' in the account's timezone", () => {
    expect(formatBillingDate('2026-03-15T03:00:00.000Z', 'UTC')).toBe('March 15, 2026');
    expect(formatBillingDate('2026-03-15T03:00:00.000Z', 'US/Central')).toBe('March 14, 2026');
    expect(formatBillingDate('2026-03-15T12:00:00.000Z', 'Not/AZone')).toBe('March 15, 2026');
  });
});
