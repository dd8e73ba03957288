import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('takes cents and shows dollars with two decimals, thousands grouped', () => {
    expect(formatMoney(7760)).toBe('$77.60');
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(99700)).toBe('$997.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
  });

  it('rounds to whole dollars when asked, still grouping thousands', () => {
    expect(formatMoney(123450, { precision: 'whole' })).toBe('$1,235');
    expect(formatMoney(123449, { precision: 'whole' })).toBe('$1,234');
    expect(formatMoney(5000, { precision: 'whole' })).toBe('$50');
    expect(formatMoney(0, { precision: 'whole' })).toBe('$0');
  });

  it('drops the cents only when there are none (auto)', () => {
    expect(formatMoney(9700, { precision: 'auto' })).toBe('$97');
    expect(formatMoney(99700, { precision: 'auto' })).toBe('$997');
    expect(formatMoney(150000, { precision: 'auto' })).toBe('$1,500');
    expect(formatMoney(9750, { precision: 'auto' })).toBe('$97.50');
  });

  it('shows a negative amount with the sign before the dollar sign', () => {
    expect(formatMoney(-2500)).toBe('-$25.00');
  });

  it('writes what Intl.NumberFormat writes in US English, for every precision', () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    const amounts = [0, 1, 5, 99, 100, 150, 999, 1050, 99999, 100000, 123450, 123449, 987654321];
    for (const cents of [...amounts, ...amounts.map((amount) => -amount).filter(Boolean)]) {
      expect(formatMoney(cents)).toBe(intl(2).format(cents / 100));
      expect(formatMoney(cents, { precision: 'whole' })).toBe(intl(0).format(cents / 100));
      expect(formatMoney(cents, { precision: 'auto' })).toBe(
        intl(cents % 100 === 0 ? 0 : 2).format(cents / 100),
      );
    }
  });
});
