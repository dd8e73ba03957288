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

/** '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

// Written out rather than with Intl.NumberFormat: the first Intl object a page makes loads the
// browser's locale data, ~45 ms of main thread on a laptop (four times that on a phone), and
// prices are on every public page's first screen (decision 083). US dollars in US English are
// this simple; Intl still formats dates with a time zone.
export function formatMoney(
  cents: number,
  { precision = 'cents' }: { precision?: MoneyPrecision } = {},
): string {
  const sign = cents < 0 ? '-' : '';
  // Halves away from zero, as Intl rounds.
  const amount = Math.round(Math.abs(cents));
  const whole = precision === 'whole' || (precision === 'auto' && amount % 100 === 0);
  if (whole) return `${sign}$${groupThousands(String(Math.round(amount / 100)))}`;
  const dollars = groupThousands(String(Math.floor(amount / 100)));
  return `${sign}$${dollars}.${String(amount % 100).padStart(2, '0')}`;
}
