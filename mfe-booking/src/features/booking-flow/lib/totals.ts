import { formatMoney } from '@guestspot/shared-ui';

// Money in the booking flow is only shown here, never worked out: the server prices a booking
// (POST …/booking-quote, decision 101). What is left is reading and formatting its figures.

/** Whole dollars when there are no cents (prices), cents when there are (credit, the minimum). */
export function formatAmount(cents: number): string {
  return formatMoney(cents, { precision: 'auto' });
}
