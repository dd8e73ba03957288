// Billing records shaped like the API's answers (see api/src/contract.ts, Billing).
import type { Coupon, Invoice, PaymentMethod, Plans, Subscription } from '../types';

export const PLANS_FIXTURE: Plans = {
  monthly: { price: 9700, interval: 'month' },
  yearly: { price: 99700, interval: 'year' },
  trial_days: 14,
};

export function makePaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm_local_visa',
    default: true,
    brand: 'visa',
    last4: '4242',
    exp_month: 12,
    exp_year: 2030,
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 1,
    stripe_status: 'trialing',
    plan: 'monthly',
    plan_interval: 'month',
    plan_price: 9700,
    coupon: null,
    trial_ends_at: '2026-03-15T10:00:00.000Z',
    current_period_start: '2026-03-01T10:00:00.000Z',
    current_period_end: '2026-03-15T10:00:00.000Z',
    ends_at: null,
    active: true,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_local_1',
    date: '2026-03-01T10:00:00.000Z',
    number: 'GS-001001',
    amount: 0,
    download_url: '/api/v1/users/me/invoices/in_local_1/download',
    ...overrides,
  };
}

export function makeCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    code: 'WELCOME20',
    description: 'Welcome offer: 20% off Guestspot Pro',
    is_valid: true,
    ...overrides,
  };
}
