// The one conversion between the dollars a person types and the cents the API takes (decision
// 089: pitch prices travel in cents), and the one rule of what a typed dollar amount looks like
// (pitch settings, option prices). Shown amounts go through shared-ui's formatMoney.

/** Dollars with up to 2 decimals, no sign: '400', '19.99'. */
export const DOLLARS = /^\d+(?:\.\d{1,2})?$/;

/** 40000 → '400', 1999 → '19.99': the server's way of writing a dollar amount in its messages. */
export function centsToDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** '19.99' → 1999, '400' → 40000; null for anything that is not dollars with up to 2 decimals. */
export function dollarsToCents(text: string): number | null {
  const value = text.trim().replace(/^\$/, '');
  if (!DOLLARS.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
