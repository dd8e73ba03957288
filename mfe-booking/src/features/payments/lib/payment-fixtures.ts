import type { Payment, PaymentsPage } from '@guestspot/shared-api/payments';
import type { Balance } from '@guestspot/shared-api';

// Payments as GET /payments answers them, for the page's tests and stories.

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  const id = overrides.id ?? 21;
  return {
    id,
    type: 'outgoing',
    kind: 'charge',
    raw_price: 12000,
    name: 'Maya Brooks',
    description: 'Booking #0007',
    booking_id: 7,
    payment_date: '2026-03-10T15:00:00.000Z',
    status: 'paid',
    payout_id: null,
    download_url: `/api/v1/payments/${id}/download`,
    ...overrides,
  };
}

export const PAYMENT_ROWS: Payment[] = [
  makePayment(),
  makePayment({
    id: 22,
    type: 'incoming',
    kind: 'payout',
    raw_price: 8000,
    name: 'Morning Momentum',
    description: 'Payout for booking #0009',
    booking_id: 9,
    payment_date: '2026-03-12T10:00:00.000Z',
    status: 'pending',
    download_url: null,
  }),
  makePayment({
    id: 23,
    type: 'incoming',
    kind: 'referral_share',
    raw_price: 700,
    name: 'The Founder Files',
    description: 'Referral share for booking #0011',
    booking_id: 11,
    payment_date: '2026-03-14T10:00:00.000Z',
    payout_id: 'tr_local_23',
  }),
];

export function paymentsPage(
  rows: Payment[],
  {
    month = '2026-03',
    page = 1,
    total = rows.length,
    totals = { received: 700, paid: 12000 },
  }: {
    month?: string;
    page?: number;
    total?: number;
    totals?: PaymentsPage['meta']['totals'];
  } = {},
): PaymentsPage {
  return {
    data: rows,
    meta: {
      pagination: {
        total,
        count: rows.length,
        per_page: 10,
        current_page: page,
        total_pages: Math.max(1, Math.ceil(total / 10)),
      },
      month,
      timezone: 'America/New_York',
      totals,
    },
  };
}

export const BALANCE: Balance = {
  total_balance: 14000,
  available_balance: 6000,
  guestspot_cash: 6000,
  guestspot_cash_expiration: 12,
  raw: { guestspot_cash: 6000 },
};
