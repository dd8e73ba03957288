import { api } from '@guestspot/shared-api';
import type {
  BillingConfig,
  ConfirmedSetupIntent,
  Coupon,
  DataEnvelope,
  Invoice,
  LocalCardInput,
  PaymentMethod,
  Plans,
  SetupIntent,
  SubscribePayload,
  Subscription,
} from './types';

// Billing calls: payment methods, setup intents, the Pro subscription, plans, coupons, invoices.

/** Whether the browser confirms cards with Stripe.js (a key) or the local card field (null). */
export async function getBillingConfig(): Promise<BillingConfig> {
  return api.get('billing/config').json<BillingConfig>();
}

export async function createSetupIntent(
  options: { usage?: 'off_session' | 'on_session'; paymentMethod?: string } = {},
): Promise<SetupIntent> {
  const searchParams: Record<string, string> = { usage: options.usage ?? 'off_session' };
  if (options.paymentMethod) searchParams.payment_method = options.paymentMethod;
  const body = await api
    .get('user/payment/intent', { searchParams })
    .json<{ intent: SetupIntent }>();
  return body.intent;
}

/** The client secret names its intent: `seti_..._secret_...`. */
export function setupIntentId(clientSecret: string): string {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : clientSecret;
}

/** The LOCAL provider's stand-in for Stripe.js confirmCardSetup. */
export async function confirmLocalSetupIntent(
  clientSecret: string,
  card: LocalCardInput,
): Promise<ConfirmedSetupIntent['setup_intent']> {
  const id = setupIntentId(clientSecret);
  const body = await api
    .post(`billing/local/setup-intents/${encodeURIComponent(id)}/confirm`, {
      json: { client_secret: clientSecret, card },
    })
    .json<ConfirmedSetupIntent>();
  return body.setup_intent;
}

export async function listPaymentMethods(): Promise<PaymentMethod[]> {
  const body = await api.get('user/payment/methods').json<DataEnvelope<PaymentMethod[]>>();
  return body.data;
}

/** Saves a confirmed method to the account (the first becomes the default). */
export async function savePaymentMethod(
  paymentMethod: string,
  save = true,
): Promise<{ data: PaymentMethod; message: string }> {
  return api
    .post('user/payment/methods', { json: { payment_method: paymentMethod, save } })
    .json<{ data: PaymentMethod; message: string }>();
}

export async function deletePaymentMethod(id: string): Promise<{ message: string }> {
  return api.delete(`user/payment/methods/${encodeURIComponent(id)}`).json<{ message: string }>();
}

export async function setDefaultPaymentMethod(id: string): Promise<PaymentMethod> {
  const body = await api
    .post(`user/payment/methods/${encodeURIComponent(id)}/default`)
    .json<DataEnvelope<PaymentMethod>>();
  return body.data;
}

/**
 * Replaces saved method `id` with a newly confirmed one, which becomes the default and bills the
 * subscription; `id` is removed (the Update of a Pro account's only card).
 */
export async function replacePaymentMethod(
  id: string,
  paymentMethod: string,
): Promise<{ data: PaymentMethod; message: string }> {
  return api
    .put(`user/payment/methods/${encodeURIComponent(id)}`, {
      json: { payment_method: paymentMethod },
    })
    .json<{ data: PaymentMethod; message: string }>();
}

export async function getPlans(): Promise<Plans> {
  const body = await api.get('plans').json<DataEnvelope<Plans>>();
  return body.data;
}

/** 404 (ApiError status 404, 'Coupon not found.') for an unknown code. */
export async function getCoupon(code: string): Promise<Coupon> {
  const body = await api.get(`coupons/${encodeURIComponent(code)}`).json<DataEnvelope<Coupon>>();
  return body.data;
}

export async function getSubscription(): Promise<Subscription | null> {
  const body = await api.get('users/me/subscription').json<DataEnvelope<Subscription | null>>();
  return body.data;
}

export async function createSubscription(payload: SubscribePayload): Promise<Subscription> {
  const body = await api
    .post('users/me/subscription', { json: payload })
    .json<DataEnvelope<Subscription>>();
  return body.data;
}

/** Cancels at the end of the period: the subscription comes back with ends_at set. */
export async function cancelSubscription(): Promise<Subscription> {
  const body = await api.delete('users/me/subscription').json<DataEnvelope<Subscription>>();
  return body.data;
}

export async function listInvoices(): Promise<Invoice[]> {
  const body = await api.get('users/me/invoices').json<DataEnvelope<Invoice[]>>();
  return body.data;
}
