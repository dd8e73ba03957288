import type { PlanInterval, PlanName, SubscriptionStatus } from '../../contract';

// What billing needs from a card payment provider. Two implementations: Stripe (when
// STRIPE_SECRET_KEY is set) and LOCAL (default, offline: everything in our database, only test
// cards). Routes and the billing service talk to this interface only.

export type ProviderName = 'local' | 'stripe';

/** A user's customer at the provider. */
export interface Customer {
  userId: number;
  id: string;
}

export interface CustomerDetails {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

export interface ProviderSetupIntent {
  id: string;
  client_secret: string;
}

export interface ProviderPaymentMethod {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  default: boolean;
  /** saved to the customer's list (a confirmed card can be used once without being saved) */
  attached: boolean;
}

/** A method this customer can use, one belonging to someone else, or none by that id. */
export type PaymentMethodLookup = ProviderPaymentMethod | 'foreign' | null;

export interface ProviderSubscription {
  id: string;
  status: SubscriptionStatus;
  trial_end: Date | null;
  current_period_start: Date;
  current_period_end: Date;
  /** set when cancelled at the period's end */
  cancel_at: Date | null;
}

/** The app's record of a subscription, as the provider needs it to bring it up to date. */
export interface SubscriptionRecord {
  provider_id: string;
  stripe_status: SubscriptionStatus;
  plan: PlanName;
  plan_interval: PlanInterval;
  plan_price: number;
  payment_method_id: string | null;
  trial_ends_at: Date | null;
  current_period_start: Date;
  current_period_end: Date;
  ends_at: Date | null;
}

export interface NewSubscription {
  plan: PlanName;
  interval: PlanInterval;
  /** cents, before the coupon */
  listPrice: number;
  /** cents, after the coupon */
  price: number;
  coupon: string | null;
  paymentMethod: ProviderPaymentMethod;
  trialDays: number;
  now: Date;
}

export interface ProviderInvoice {
  id: string;
  number: string;
  /** cents */
  amount: number;
  date: Date;
}

/** The invoice document: bytes we render, or the provider's hosted PDF. */
export type InvoiceDocument =
  | { kind: 'local'; invoice: LocalInvoiceDocument }
  | { kind: 'redirect'; url: string };

/** An invoice of this customer, someone else's, or none by that id. */
export type InvoiceLookup = InvoiceDocument | 'foreign' | null;

export interface LocalInvoiceDocument {
  number: string;
  date: Date;
  description: string;
  amount: number;
  period_start: Date;
  period_end: Date;
  card_brand: string | null;
  card_last4: string | null;
}

/** A one-off charge held on the card until captured or released (issue 17, decision 101). */
export interface ChargeRequest {
  customer: Customer;
  /** cents, at least 50 */
  amount: number;
  currency: 'usd';
  paymentMethod: string;
  /** the same key answers the same charge, never a second one */
  idempotencyKey: string;
  description: string;
}

export type ChargeStatus = 'requires_capture' | 'succeeded' | 'failed' | 'canceled' | 'refunded';

export interface ProviderCharge {
  id: string;
  /** requires_capture: held; succeeded: captured; failed: declined; canceled: released;
   * refunded: captured, then given back (in full or in part) */
  status: ChargeStatus;
  /** the provider's message for a declined card */
  failureMessage?: string;
}

export const CHARGE_NOT_CAPTURABLE = 'This payment can no longer be captured.';
export const CHARGE_NOT_REFUNDABLE = 'Only a captured payment can be refunded.';

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Given to the browser: null means the browser uses the local card field. */
  readonly publishableKey: string | null;

  customerFor(user: CustomerDetails): Promise<Customer>;
  createSetupIntent(
    customer: Customer,
    options: { usage: 'off_session' | 'on_session'; paymentMethod?: string },
  ): Promise<ProviderSetupIntent>;

  /** Saved methods, the default first. */
  listPaymentMethods(customer: Customer): Promise<ProviderPaymentMethod[]>;
  lookupPaymentMethod(customer: Customer, id: string): Promise<PaymentMethodLookup>;
  /** Saves a confirmed method to the customer (the first saved becomes the default). */
  attachPaymentMethod(
    customer: Customer,
    id: string,
    options: { save: boolean },
  ): Promise<ProviderPaymentMethod>;
  /** Removes a saved method; the next one becomes the default if it was. */
  detachPaymentMethod(customer: Customer, id: string): Promise<void>;
  setDefaultPaymentMethod(customer: Customer, id: string): Promise<ProviderPaymentMethod>;

  createSubscription(customer: Customer, input: NewSubscription): Promise<ProviderSubscription>;
  /** Cancels at the end of the current period (or the trial). */
  cancelSubscription(customer: Customer, record: SubscriptionRecord): Promise<ProviderSubscription>;
  /** Undoes a cancellation that has not taken effect yet. */
  resumeSubscription(customer: Customer, record: SubscriptionRecord): Promise<ProviderSubscription>;
  /** The subscription as it stands at `now` (renewals billed, trial ended...). */
  syncSubscription(
    customer: Customer,
    record: SubscriptionRecord,
    now: Date,
  ): Promise<ProviderSubscription>;

  listInvoices(customer: Customer): Promise<ProviderInvoice[]>;
  invoiceDocument(customer: Customer, id: string): Promise<InvoiceLookup>;

  /** Authorises (holds) the amount on the card; a decline is a 'failed' charge, not an error. */
  authorizeCharge(input: ChargeRequest): Promise<ProviderCharge>;
  /** Takes the held amount; a released or failed charge is refused (409). */
  captureCharge(id: string): Promise<ProviderCharge>;
  /** Cancels the hold; a captured charge is refused (409). */
  releaseCharge(id: string): Promise<ProviderCharge>;
  /** Gives a captured charge back, in full or `amount` cents of it (a cancel keeps the
   * non-refundable service fee, decision 116); refunding twice answers the same, a charge never
   * captured is refused (409). */
  refundCharge(id: string, amount?: number): Promise<ProviderCharge>;
}
