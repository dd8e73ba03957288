import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BillingConfig, ConfirmedSetupIntent } from '../../contract';
import { forbidden, HttpError, notFound, ValidationError } from '../../http/errors';
import { Validator } from '../../http/validation';
import { REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { requireUser, type AuthUser } from '../auth/require-user';
import { requireAccountOwner } from '../impersonation/service';
import { LocalPaymentProvider } from '../payments/local-provider';
import { renderInvoicePdf } from './invoice-pdf';
import { PLAN_NAMES, PLANS } from './plans';
import {
  cancelSubscription,
  COUPON_NOT_FOUND,
  customerOf,
  findCoupon,
  formatCents,
  formatDate,
  listInvoices,
  liveSubscription,
  METHOD_DELETED,
  METHOD_INVALID,
  METHOD_SAVED,
  ONLY_METHOD_OF_PRO,
  presentCoupon,
  presentMethod,
  presentSubscription,
  subscribe,
  syncAllBilling,
  syncBilling,
} from './service';

/** Creates a setup intent at the payment provider: guarded like a write (decision 066). */
const PAYMENT_INTENT_OPTIONS = {
  config: { ...REGISTRATION_WIZARD_CALL.config, sideEffects: true },
};

/** Opaque provider ids (pm_..., seti_..., in_...): bounded, no odd characters. */
const PROVIDER_ID = /^[A-Za-z0-9_]{3,255}$/;

export const OWNER_ONLY = 'Only the account owner can manage billing.';

/**
 * Only the account owner manages billing: every route acts on the signed-in account itself, and
 * an id belonging to another account (a team member trying the owner's card or invoice) is 403.
 * An agency member impersonating the owner may look (reads use requireUser) but not change
 * anything; an admin impersonating (support) may.
 */
function requireBillingOwner(request: FastifyRequest): Promise<AuthUser> {
  return requireAccountOwner(request, OWNER_ONLY);
}

function providerId(value: string): string {
  if (!PROVIDER_ID.test(value)) throw notFound();
  return value;
}

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onReady', async () => {
    try {
      await syncAllBilling(app);
    } catch (error) {
      app.log.error(error, 'billing sweep failed');
    }
  });

  app.get(
    '/billing/config',
    async (): Promise<BillingConfig> => ({
      stripe_publishable_key: app.payments.publishableKey,
      provider: app.payments.name,
    }),
  );

  app.get('/plans', async () => ({ data: PLANS }));

  app.get<{ Params: { code: string } }>('/coupons/:code', async (request, reply) => {
    await requireUser(request);
    const code = request.params.code;
    const coupon = code.length <= 64 ? await findCoupon(app, code) : null;
    if (!coupon) return reply.code(404).send({ message: COUPON_NOT_FOUND });
    return { data: presentCoupon(coupon, new Date()) };
  });

  // Payment methods ---------------------------------------------------------------------------

  app.get('/user/payment/intent', PAYMENT_INTENT_OPTIONS, async (request) => {
    const user = await requireBillingOwner(request);
    const input = new Validator(request.query);
    const usage = input.oneOf('usage', ['off_session', 'on_session'] as const) ?? 'off_session';
    const paymentMethod = input.string('payment_method', { max: 255 });
    input.throwIfInvalid();
    const customer = await customerOf(app, user);
    if (paymentMethod !== undefined) {
      const found = PROVIDER_ID.test(paymentMethod)
        ? await app.payments.lookupPaymentMethod(customer, paymentMethod)
        : null;
      if (found === null || found === 'foreign') {
        throw ValidationError.single('payment_method', METHOD_INVALID);
      }
    }
    const intent = await app.payments.createSetupIntent(customer, {
      usage,
      ...(paymentMethod ? { paymentMethod } : {}),
    });
    return { intent };
  });

  // The LOCAL provider's stand-in for Stripe.js confirmCardSetup.
  app.post<{ Params: { id: string } }>(
    '/billing/local/setup-intents/:id/confirm',
    REGISTRATION_WIZARD_CALL,
    async (request): Promise<ConfirmedSetupIntent> => {
      const user = await requireBillingOwner(request);
      const provider = app.payments;
      if (!(provider instanceof LocalPaymentProvider)) throw notFound();
      const intent = await provider.confirmSetupIntent(
        user.id,
        providerId(request.params.id),
        request.body,
      );
      return { setup_intent: intent };
    },
  );

  app.get('/user/payment/methods', async (request) => {
    const user = await requireUser(request);
    const customer = await customerOf(app, user);
    const methods = await app.payments.listPaymentMethods(customer);
    return { data: methods.map(presentMethod) };
  });

  app.post('/user/payment/methods', REGISTRATION_WIZARD_CALL, async (request) => {
    const user = await requireBillingOwner(request);
    const input = new Validator(request.body);
    const id = input.string('payment_method', { required: true, max: 255 });
    const save = input.boolean('save') ?? true;
    input.throwIfInvalid();
    const customer = await customerOf(app, user);
    const found = PROVIDER_ID.test(id)
      ? await app.payments.lookupPaymentMethod(customer, id)
      : null;
    if (found === 'foreign') throw forbidden();
    if (found === null) throw ValidationError.single('payment_method', METHOD_INVALID);
    const method = await app.payments.attachPaymentMethod(customer, found.id, { save });
    return { data: presentMethod(method), message: METHOD_SAVED };
  });

  /** The caller's saved method by id: 404 for none, 403 for another account's. */
  async function ownMethod(user: AuthUser, rawId: string) {
    const customer = await customerOf(app, user);
    const found = await app.payments.lookupPaymentMethod(customer, providerId(rawId));
    if (found === 'foreign') throw forbidden();
    if (found === null || !found.attached) throw notFound();
    return { customer, method: found };
  }

  app.delete<{ Params: { id: string } }>('/user/payment/methods/:id', async (request) => {
    const user = await requireBillingOwner(request);
    const { customer, method } = await ownMethod(user, request.params.id);
    const methods = await app.payments.listPaymentMethods(customer);
    await syncBilling(app, user.id);
    const subscription = await liveSubscription(app, user.id);
    // A subscription that will renew needs a card to bill.
    if (subscription && subscription.ends_at === null && methods.length <= 1) {
      throw new HttpError(422, ONLY_METHOD_OF_PRO);
    }
    await app.payments.detachPaymentMethod(customer, method.id);
    if (subscription?.payment_method_id === method.id) {
      const next = (await app.payments.listPaymentMethods(customer))[0];
      await app.db
        .updateTable('subscriptions')
        .set({ payment_method_id: next?.id ?? null, updated_at: new Date() })
        .where('id', '=', subscription.id)
        .execute();
    }
    return { message: METHOD_DELETED };
  });

  app.post<{ Params: { id: string } }>('/user/payment/methods/:id/default', async (request) => {
    const user = await requireBillingOwner(request);
    const { customer, method } = await ownMethod(user, request.params.id);
    const updated = await app.payments.setDefaultPaymentMethod(customer, method.id);
    // The subscription bills the default card from now on.
    await app.db
      .updateTable('subscriptions')
      .set({ payment_method_id: updated.id, updated_at: new Date() })
      .where('user_id', '=', user.id)
      .where('stripe_status', '<>', 'canceled')
      .execute();
    return { data: presentMethod(updated) };
  });

  /**
   * Replaces a saved card with a newly confirmed one (the Update action a Pro account with a
   * single card sees instead of Delete): the new card is saved, becomes the default and bills the
   * subscription, then the old one is removed. One call, so the account never has no card.
   */
  app.put<{ Params: { id: string } }>('/user/payment/methods/:id', async (request) => {
    const user = await requireBillingOwner(request);
    const { customer, method: old } = await ownMethod(user, request.params.id);
    const input = new Validator(request.body);
    const id = input.string('payment_method', { required: true, max: 255 });
    input.throwIfInvalid();
    if (!id) throw new ValidationError({});
    const found = PROVIDER_ID.test(id)
      ? await app.payments.lookupPaymentMethod(customer, id)
      : null;
    if (found === 'foreign') throw forbidden();
    if (found === null || found.id === old.id) {
      throw ValidationError.single('payment_method', METHOD_INVALID);
    }
    await app.payments.attachPaymentMethod(customer, found.id, { save: true });
    const updated = await app.payments.setDefaultPaymentMethod(customer, found.id);
    await app.db
      .updateTable('subscriptions')
      .set({ payment_method_id: updated.id, updated_at: new Date() })
      .where('user_id', '=', user.id)
      .where('stripe_status', '<>', 'canceled')
      .execute();
    await app.payments.detachPaymentMethod(customer, old.id);
    return { data: presentMethod(updated), message: METHOD_SAVED };
  });

  // Subscription ------------------------------------------------------------------------------

  app.get('/users/me/subscription', async (request) => {
    const user = await requireUser(request);
    await syncBilling(app, user.id);
    const row = await liveSubscription(app, user.id);
    return { data: row ? presentSubscription(row, new Date()) : null };
  });

  app.post('/users/me/subscription', REGISTRATION_WIZARD_CALL, async (request) => {
    const user = await requireBillingOwner(request);
    const input = new Validator(request.body);
    const plan = input.oneOf('plan', PLAN_NAMES);
    if (!input.has('plan')) input.fail('plan', 'The plan field is required.');
    const paymentMethod = input.string('payment_method', { required: true, max: 255 });
    const price = input.integer('price', { min: 0 });
    const coupon = input.string('coupon', { max: 64 });
    input.throwIfInvalid();
    if (!plan || !paymentMethod) throw new ValidationError({});
    const row = await subscribe(app, user, {
      plan,
      paymentMethod,
      ...(price !== undefined ? { price } : {}),
      ...(coupon !== undefined ? { coupon } : {}),
    });
    return { data: presentSubscription(row, new Date()) };
  });

  app.delete('/users/me/subscription', async (request) => {
    const user = await requireBillingOwner(request);
    const row = await cancelSubscription(app, user);
    return { data: presentSubscription(row, new Date()) };
  });

  // Invoices ----------------------------------------------------------------------------------

  app.get('/users/me/invoices', async (request) => {
    const user = await requireUser(request);
    await syncBilling(app, user.id);
    return { data: await listInvoices(app, user) };
  });

  app.get<{ Params: { id: string } }>('/users/me/invoices/:id/download', async (request, reply) => {
    const user = await requireUser(request);
    const customer = await customerOf(app, user);
    const found = await app.payments.invoiceDocument(customer, providerId(request.params.id));
    if (found === 'foreign') throw forbidden();
    if (found === null) throw notFound();
    if (found.kind === 'redirect') return reply.redirect(found.url);
    const { invoice } = found;
    const pdf = renderInvoicePdf({
      number: invoice.number,
      date: formatDate(invoice.date, user.timezone),
      billedTo: [`${user.first_name} ${user.last_name}`, user.email],
      description: invoice.description,
      period: `${formatDate(invoice.period_start, user.timezone)} - ${formatDate(invoice.period_end, user.timezone)}`,
      amount: formatCents(invoice.amount),
      paidWith:
        invoice.card_brand && invoice.card_last4
          ? `Paid with ${invoice.card_brand} ending in ${invoice.card_last4}`
          : null,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="invoice-${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
