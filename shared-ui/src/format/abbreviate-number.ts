/**
 * A count as the profile cards show it (spec: number abbreviation suffixes k, M, G, T, P, E):
 * below 1000 as is, then one decimal at most and the suffix of its power of 1000.
 * 999 → '999', 1200 → '1.2k', 1_500_000 → '1.5M', 2_000_000_000 → '2G', 1e18 → '1E'.
 * Rounding that reaches 1000 moves to the next suffix (999_950 → '1M', not '1000k').
 */
const SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

export function abbreviateNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  let amount = Math.abs(value);
  let power = 0;
  while (amount >= 1000 && power < SUFFIXES.length - 1) {
    amount /= 1000;
    power += 1;
  }
  let rounded = power === 0 ? Math.round(amount) : Math.round(amount * 10) / 10;
  if (rounded >= 1000 && power < SUFFIXES.length - 1) {
    rounded = Math.round(rounded / 100) / 10;
    power += 1;
  }
  // one decimal, without a trailing '.0'
  return `${sign}${String(rounded)}${SUFFIXES[power]}`;
}
