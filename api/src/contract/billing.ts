import { Type, type Static } from 'typebox';

// Billing: payment methods, setup intents, the Pro subscription, plans, coupons, invoices.

/** GET /billing/config. null: no Stripe, the browser uses the local card field. */
export interface BillingConfig {
  stripe_publishable_key: string | null;
  /** which provider the server bills with */
  provider: 'local' | 'stripe';
}

/** GET /user/payment/intent: `{intent}`. The card field confirms it with the client secret. */
export interface SetupIntent {
  id: string;
  client_secret: string;
}

export interface PaymentMethod {
  id: string;
  default: boolean;
  /** 'visa', 'mastercard', ... */
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** The card the LOCAL provider's confirm endpoint takes (stand-in for Stripe.js). */
export interface LocalCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  postal_code: string;
}

/** POST /billing/local/setup-intents/{id}/confirm */
export interface ConfirmedSetupIntent {
  setup_intent: { id: string; status: 'succeeded'; payment_method: string };
}

export type PlanName = 'monthly' | 'yearly';
export type PlanInterval = 'month' | 'year';

export interface Plan {
  /** cents */
  price: number;
  interval: PlanInterval;
}

/** GET /plans */
export interface Plans {
  monthly: Plan;
  yearly: Plan;
  trial_days: number;
}

/** GET /coupons/{code}, GET /referrer-coupons */
export const CouponSchema = Type.Object({
  code: Type.String(),
  description: Type.String(),
  is_valid: Type.Boolean(),
});
export type Coupon = Static<typeof CouponSchema>;

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete';

/** GET/POST/DELETE /users/me/subscription: `{data: Subscription | null}` */
export interface Subscription {
  id: number;
  stripe_status: SubscriptionStatus;
  plan: PlanName;
  plan_interval: PlanInterval;
  /** cents, after the coupon */
  plan_price: number;
  coupon: string | null;
  trial_ends_at: string | null;
  current_period_start: string;
  current_period_end: string;
  /** set once cancelled: Pro until then */
  ends_at: string | null;
  active: boolean;
  created_at: string;
}

export interface SubscribePayload {
  plan: PlanName;
  payment_method: string;
  /** cents; when sent it must match the plan's price (a stale page is refused) */
  price?: number;
  coupon?: string;
}

/** GET /users/me/invoices: `{data: Invoice[]}` */
export interface Invoice {
  id: string;
  /** ISO date-time of issue */
  date: string;
  number: string;
  /** cents */
  amount: number;
  /** same-origin path (or the provider's URL) of the PDF; open it in a new tab */
  download_url: string;
}
