import { centsToDollars, dollarsToCents } from './dollars';

describe('dollars ↔ cents', () => {
  it('writes whole dollars without cents, else two decimals (as the server’s messages)', () => {
    expect(centsToDollars(40000)).toBe('400');
    expect(centsToDollars(1999)).toBe('19.99');
    expect(centsToDollars(4550)).toBe('45.50');
    expect(centsToDollars(0)).toBe('0');
  });

  it('reads dollars with up to two decimals, and nothing else', () => {
    expect(dollarsToCents('400')).toBe(40000);
    expect(dollarsToCents(' 19.99 ')).toBe(1999);
    expect(dollarsToCents('45.5')).toBe(4550);
    expect(dollarsToCents('$12')).toBe(1200);
    expect(dollarsToCents('0.07')).toBe(7);
    for (const text of ['', 'ten', '1.999', '-5', '1e3', '1,000']) {
      expect([text, dollarsToCents(text)]).toEqual([text, null]);
    }
  });
});
