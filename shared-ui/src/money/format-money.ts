/**
 * How much money reads on screen: the one formatter (issue 12 §4). Amounts travel in cents
 * (spec: "Amounts are in cents"); they show as US dollars with thousands grouped.
 * - `cents` (default): two decimals, as list rows, invoices and plan_price show them
 *   (spec: "shown divided by 100 with two decimals"): 123450 → '$1,234.50'.
 * - `whole`: rounded to whole dollars, as prices show elsewhere ("shown in whole dollars"):
 *   123450 → '$1,235'.
 * - `auto`: whole dollars when there are no cents, else two decimals (the Pro plans: '$97').
 */
export type MoneyPrecision = 'cents' | 'whole' | 'auto';

const twoDecimals = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export function formatMoney(
  cents: number,
  { precision = 'cents' }: { precision?: MoneyPrecision } = {},
): string {
  const whole = precision === 'whole' || (precision === 'auto' && cents % 100 === 0);
  return (whole ? wholeDollars : twoDecimals).format(cents / 100);
}
