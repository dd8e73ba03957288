import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../contract';
import { HttpError } from '../../http/errors';
import {
  CHARGE_NOT_CAPTURABLE,
  CHARGE_NOT_REFUNDABLE,
  type ChargeRequest,
  type ProviderCharge,
  type Customer,
  type CustomerDetails,
  type InvoiceDocument,
  type InvoiceLookup,
  type NewSubscription,
  type PaymentMethodLookup,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderPaymentMethod,
  type ProviderSetupIntent,
  type ProviderSubscription,
  type SubscriptionRecord,
} from './provider';
import type { DB } from '../../db/database';

// Stripe, used when STRIPE_SECRET_KEY is set. Never constructed in tests or offline. Prices are
// Stripe Price ids (STRIPE_PRICE_MONTHLY / STRIPE_PRICE_YEARLY); a coupon code must exist in
// Stripe under the same id as in our coupons table.

export interface StripeSettings {
  secretKey: string;
  publishableKey: string | null;
  prices: { monthly: string | null; yearly: string | null };
}

function seconds(value: number | null | undefined): Date | null {
  return typeof value === 'number' ? new Date(value * 1000) : null;
}

/** A PaymentIntent as a charge: anything not held, captured or released has failed. */
function toCharge(intent: Stripe.PaymentIntent): ProviderCharge {
  if (intent.status === 'requires_capture') return { id: intent.id, status: 'requires_capture' };
  if (intent.status === 'succeeded') return { id: intent.id, status: 'succeeded' };
  if (intent.status === 'canceled') return { id: intent.id, status: 'canceled' };
  return {
    id: intent.id,
    status: 'failed',
    // requires_action (3-D Secure) is not completed off-page: it reads as a failure.
    failureMessage: intent.last_payment_error?.message ?? 'Your card was not authorised.',
  };
}

interface StripeErrorLike {
  type?: string;
  message?: string;
  statusCode?: number;
  payment_intent?: Stripe.PaymentIntent;
}

function customerId(value: string | { id: string } | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : value.id;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;

  constructor(
    private readonly db: DB,
    private readonly stripe: Stripe,
    private readonly settings: StripeSettings,
  ) {
    this.publishableKey = settings.publishableKey;
  }

  static async create(db: DB, settings: StripeSettings): Promise<StripePaymentProvider> {
    const { default: StripeClient } = await import('stripe');
    const stripe = new StripeClient(settings.secretKey, { maxNetworkRetries: 1, timeout: 20_000 });
    return new StripePaymentProvider(db, stripe, settings);
  }

  async customerFor(user: CustomerDetails): Promise<Customer> {
    const existing = await this.db
      .selectFrom('billing_customers')
      .select('customer_id')
      .where('user_id', '=', user.id)
      .where('provider', '=', 'stripe')
      .executeTakeFirst();
    if (existing) return { userId: user.id, id: existing.customer_id };
    const created = await this.stripe.customers.create(
      {
        email: user.email,
        name: `${user.first_name} ${user.last_name}`,
        metadata: { user_id: String(user.id) },
      },
      { idempotencyKey: `guestspot-customer-${user.id}` },
    );
    await this.db
      .insertInto('billing_customers')
      .values({ user_id: user.id, provider: 'stripe', customer_id: created.id })
      .onConflict((conflict) => conflict.columns(['user_id', 'provider']).doNothing())
      .execute();
    return { userId: user.id, id: created.id };
  }

  async createSetupIntent(
    customer: Customer,
    options: { usage: 'off_session' | 'on_session'; paymentMethod?: string },
  ): Promise<ProviderSetupIntent> {
    const intent = await this.stripe.setupIntents.create({
      customer: customer.id,
      usage: options.usage,
      ...(options.paymentMethod ? { payment_method: options.paymentMethod } : {}),
    });
    if (!intent.client_secret) throw new Error('Stripe returned a setup intent without a secret');
    return { id: intent.id, client_secret: intent.client_secret };
  }

  private async defaultMethodId(customer: Customer): Promise<string | null> {
    const remote = await this.stripe.customers.retrieve(customer.id);
    if (remote.deleted) return null;
    const method = remote.invoice_settings.default_payment_method;
    return method === null ? null : typeof method === 'string' ? method : method.id;
  }

  private toMethod(
    method: Stripe.PaymentMethod,
    defaultId: string | null,
    attached: boolean,
  ): ProviderPaymentMethod {
    return {
      id: method.id,
      brand: method.card?.brand ?? 'unknown',
      last4: method.card?.last4 ?? '0000',
      exp_month: method.card?.exp_month ?? 1,
      exp_year: method.card?.exp_year ?? 1970,
      default: method.id === defaultId,
      attached,
    };
  }

  async listPaymentMethods(customer: Customer): Promise<ProviderPaymentMethod[]> {
    const [list, defaultId] = await Promise.all([
      this.stripe.paymentMethods.list({ customer: customer.id, type: 'card', limit: 100 }),
      this.defaultMethodId(customer),
    ]);
    const methods = list.data.map((method) => this.toMethod(method, defaultId, true));
    return methods.sort((a, b) => Number(b.default) - Number(a.default));
  }

  async lookupPaymentMethod(customer: Customer, id: string): Promise<PaymentMethodLookup> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(id);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
    const owner = customerId(method.customer);
    // A method confirmed by a setup intent of this customer is attached to it by Stripe.
    if (owner !== null && owner !== customer.id) return 'foreign';
    return this.toMethod(method, await this.defaultMethodId(customer), owner === customer.id);
  }

  async attachPaymentMethod(
    customer: Customer,
    id: string,
    _options: { save: boolean },
  ): Promise<ProviderPaymentMethod> {
    let method = await this.stripe.paymentMethods.retrieve(id);
    if (customerId(method.customer) !== customer.id) {
      method = await this.stripe.paymentMethods.attach(id, { customer: customer.id });
    }
    let defaultId = await this.defaultMethodId(customer);
    if (defaultId === null) {
      await this.stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: id },
      });
      defaultId = id;
    }
    return this.toMethod(method, defaultId, true);
  }

  async detachPaymentMethod(customer: Customer, id: string): Promise<void> {
    const wasDefault = (await this.defaultMethodId(customer)) === id;
    await this.stripe.paymentMethods.detach(id);
    if (!wasDefault) return;
    const next = await this.stripe.paymentMethods.list({
      customer: customer.id,
      type: 'card',
      limit: 1,
    });
    const first = next.data[0];
    if (first) {
      await this.stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: first.id },
      });
    }
  }

  async setDefaultPaymentMethod(customer: Customer, id: string): Promise<ProviderPaymentMethod> {
    await this.stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: id },
    });
    const method = await this.stripe.paymentMethods.retrieve(id);
    return this.toMethod(method, id, true);
  }

  private toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
    const item = subscription.items.data[0];
    const start = seconds(item?.current_period_start) ?? new Date();
    const end = seconds(item?.current_period_end) ?? start;
    const known: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due', 'incomplete'];
    const status = known.find((candidate) => candidate === subscription.status) ?? 'canceled';
    return {
      id: subscription.id,
      status,
      trial_end: seconds(subscription.trial_end),
      current_period_start: start,
      current_period_end: end,
      cancel_at: subscription.cancel_at_period_end ? end : seconds(subscription.cancel_at),
    };
  }

  async createSubscription(
    customer: Customer,
    input: NewSubscription,
  ): Promise<ProviderSubscription> {
    const price = this.settings.prices[input.plan];
    if (!price) throw new Error(`STRIPE_PRICE_${input.plan.toUpperCase()} is not set`);
    const subscription = await this.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price }],
      trial_period_days: input.trialDays,
      default_payment_method: input.paymentMethod.id,
      ...(input.coupon ? { discounts: [{ coupon: input.coupon }] } : {}),
    });
    return this.toSubscription(subscription);
  }

  async cancelSubscription(
    _customer: Customer,
    record: SubscriptionRecord,
  ): Promise<ProviderSubscription> {
    const subscription = await this.stripe.subscriptions.update(record.provider_id, {
      cancel_at_period_end: true,
    });
    return this.toSubscription(subscription);
  }

  async resumeSubscription(
    _customer: Customer,
    record: SubscriptionRecord,
  ): Promise<ProviderSubscription> {
    const subscription = await this.stripe.subscriptions.update(record.provider_id, {
      cancel_at_period_end: false,
    });
    return this.toSubscription(subscription);
  }

  async syncSubscription(
    _customer: Customer,
    record: SubscriptionRecord,
  ): Promise<ProviderSubscription> {
    return this.toSubscription(await this.stripe.subscriptions.retrieve(record.provider_id));
  }

  async listInvoices(customer: Customer): Promise<ProviderInvoice[]> {
    const list = await this.stripe.invoices.list({ customer: customer.id, limit: 100 });
    return list.data
      .filter((invoice) => invoice.status !== 'draft' && invoice.id !== undefined)
      .map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number ?? invoice.id ?? '',
        amount: invoice.total,
        date: new Date(invoice.created * 1000),
      }));
  }

  async invoiceDocument(customer: Customer, id: string): Promise<InvoiceLookup> {
    let invoice: Stripe.Invoice;
    try {
      invoice = await this.stripe.invoices.retrieve(id);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
    if (customerId(invoice.customer) !== customer.id) return 'foreign';
    if (!invoice.invoice_pdf) return null;
    const document: InvoiceDocument = { kind: 'redirect', url: invoice.invoice_pdf };
    return document;
  }

  async authorizeCharge(input: ChargeRequest): Promise<ProviderCharge> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          customer: input.customer.id,
          payment_method: input.paymentMethod,
          // a card confirmed here, never a redirect (no return_url)
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          capture_method: 'manual',
          confirm: true,
          description: input.description,
          metadata: { user_id: String(input.customer.userId) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toCharge(intent);
    } catch (error) {
      // A decline is an answer, not a fault: Stripe throws it as a card error.
      const failure = error as StripeErrorLike;
      if (failure.type !== 'StripeCardError') throw error;
      return {
        id: failure.payment_intent?.id ?? '',
        status: 'failed',
        failureMessage: failure.message ?? 'Your card was declined.',
      };
    }
  }

  async captureCharge(id: string): Promise<ProviderCharge> {
    try {
      return toCharge(await this.stripe.paymentIntents.capture(id));
    } catch (error) {
      if ((error as StripeErrorLike).statusCode === 400) {
        const intent = await this.stripe.paymentIntents.retrieve(id);
        if (intent.status === 'succeeded') return toCharge(intent);
        throw new HttpError(409, CHARGE_NOT_CAPTURABLE);
      }
      throw error;
    }
  }

  async releaseCharge(id: string): Promise<ProviderCharge> {
    const intent = await this.stripe.paymentIntents.retrieve(id);
    if (intent.status === 'canceled') return toCharge(intent);
    if (intent.status === 'succeeded') {
      throw new HttpError(409, 'This payment has already been captured.');
    }
    return toCharge(await this.stripe.paymentIntents.cancel(id));
  }

  async refundCharge(id: string, amount?: number): Promise<ProviderCharge> {
    const intent = await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    // refunded in full, or in part already (decision 116: one refund per intent)
    if (charge?.refunded || (charge?.amount_refunded ?? 0) > 0) {
      return { id: intent.id, status: 'refunded' };
    }
    if (intent.status !== 'succeeded') throw new HttpError(409, CHARGE_NOT_REFUNDABLE);
    // one refund per intent, whoever asks twice
    await this.stripe.refunds.create(
      amount === undefined ? { payment_intent: id } : { payment_intent: id, amount },
      { idempotencyKey: `refund:${id}` },
    );
    return { id: intent.id, status: 'refunded' };
  }
}
