import { formatMoney } from '@guestspot/shared-ui';

// Money in the booking flow is only shown here, never worked out: the server prices a booking
// (POST …/booking-quote, decision 101). What is left is reading and formatting its figures.

/** The server speaks dollars for option prices and upsells (decision 095): cents from them. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Whole dollars when there are no cents (prices), cents when there are (credit, the minimum). */
export function formatAmount(cents: number): string {
  return formatMoney(cents, { precision: 'auto' });
}
