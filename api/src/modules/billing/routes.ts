import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { BillingConfig, ConfirmedSetupIntent } from '../../contract';
import { forbidden, notFound, ValidationError } from '../../http/errors';
import { Bool, Int, MAX_STRING, NoBody, OneOf, Str } from '../../http/schema';
import { REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { authenticated, requireUser, type AuthUser } from '../auth/require-user';
import { requireAccountOwner } from '../impersonation/service';
import { LocalPaymentProvider } from '../payments/local-provider';
import type { Customer, ProviderPaymentMethod } from '../payments/provider';
import { renderInvoicePdf } from './invoice-pdf';
import { PLAN_NAMES, PLANS } from './plans';
import {
  billDefaultMethod,
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
  setSubscriptionMethod,
  subscribe,
  syncAllBilling,
  syncBilling,
} from './service';
import { oncePerRequest } from '../../http/per-request';

/** Creates a setup intent at the payment provider: guarded like a write (decision 066). */
const PAYMENT_INTENT_OPTIONS = {
  config: { ...REGISTRATION_WIZARD_CALL.config, sideEffects: true },
};

/** Opaque provider ids (pm_..., seti_..., in_...): bounded, no odd characters. */
const PROVIDER_ID = /^[A-Za-z0-9_]{3,255}$/;

export const OWNER_ONLY = 'Only the account owner can manage billing.';

/** A provider id in the path (a card, a setup intent, an invoice); anything else is 404. */
const ProviderIdParams = Type.Object({ id: Type.String({ pattern: PROVIDER_ID.source }) });

/** No coupon code is longer. */
const MAX_COUPON_CODE = 64;

/** Any text: a code longer than any coupon's is the coupon's own 404 ('Coupon not found.'). */
const CouponParams = Type.Object({ code: Type.String() });

const PaymentIntentQuery = Type.Object({
  usage: Type.Optional(OneOf(['off_session', 'on_session'])),
  payment_method: Type.Optional(Str({ max: MAX_STRING })),
});

/**
 * The local card field's confirmation, checked by the provider in Stripe's order (the client
 * secret, then the intent, then the card with Stripe's own messages), so taken as given here.
 */
const ConfirmCardSetup = Type.Object({
  client_secret: Type.Optional(Type.Unknown()),
  card: Type.Optional(Type.Unknown()),
});

const NewPaymentMethod = Type.Object({
  payment_method: Str({ max: MAX_STRING }),
  save: Type.Optional(Bool()),
});

const ReplacementPaymentMethod = Type.Object({ payment_method: Str({ max: MAX_STRING }) });

const NewSubscription = Type.Object({
  plan: OneOf(PLAN_NAMES),
  payment_method: Str({ max: MAX_STRING }),
  // the price the page showed: compared with the plan's (a stale page), never what is charged
  price: Type.Optional(Int({ min: 0 })),
  coupon: Type.Optional(Str({ max: MAX_COUPON_CODE })),
});

/**
 * Only the account owner manages billing: every route acts on the signed-in account itself, and
 * an id belonging to another account (a team member trying the owner's card or invoice) is 403.
 * An agency member impersonating the owner may look (reads use requireUser) but not change
 * anything; an admin impersonating (support) may.
 */
const requireBillingOwner = oncePerRequest((request) => requireAccountOwner(request, OWNER_ONLY));

/** `preValidation`: the owner check answers (401/403) before the input is read. */
async function billingOwner(request: FastifyRequest): Promise<void> {
  await requireBillingOwner(request);
}

/** The path's provider id, read before the route's schema runs (404 as ProviderIdParams). */
function providerId(value: string): string {
  if (!PROVIDER_ID.test(value)) throw notFound();
  return value;
}

interface OwnMethod {
  user: AuthUser;
  customer: Customer;
  method: ProviderPaymentMethod;
}

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onReady', async () => {
    try {
      await syncAllBilling(app);
    } catch (error) {
      app.log.error(error, 'billing sweep failed');
    }
  });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/billing/config',
    async (): Promise<BillingConfig> => ({
      stripe_publishable_key: app.payments.publishableKey,
      provider: app.payments.name,
    }),
  );

  api.get('/plans', async () => ({ data: PLANS }));

  const couponOptions = { preValidation: authenticated, schema: { params: CouponParams } };
  api.get('/coupons/:code', couponOptions, async (request, reply) => {
    await requireUser(request);
    const code = request.params.code;
    const coupon = code.length <= MAX_COUPON_CODE ? await findCoupon(app, code) : null;
    if (!coupon) return reply.code(404).send({ message: COUPON_NOT_FOUND });
    return { data: presentCoupon(coupon, new Date()) };
  });

  // Payment methods ---------------------------------------------------------------------------

  const intentOptions = {
    ...PAYMENT_INTENT_OPTIONS,
    preValidation: billingOwner,
    schema: { querystring: PaymentIntentQuery },
  };
  api.get('/user/payment/intent', intentOptions, async (request) => {
    const user = await requireBillingOwner(request);
    const usage = request.query.usage ?? 'off_session';
    const paymentMethod = request.query.payment_method;
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
  const confirmOptions = {
    ...REGISTRATION_WIZARD_CALL,
    // the owner, then whether the local provider runs (404 otherwise), then the input
    preValidation: async (request: FastifyRequest) => {
      await requireBillingOwner(request);
      if (!(app.payments instanceof LocalPaymentProvider)) throw notFound();
    },
    schema: { params: ProviderIdParams, body: ConfirmCardSetup },
  };
  api.post(
    '/billing/local/setup-intents/:id/confirm',
    confirmOptions,
    async (request): Promise<ConfirmedSetupIntent> => {
      const user = await requireBillingOwner(request);
      const provider = app.payments;
      if (!(provider instanceof LocalPaymentProvider)) throw notFound();
      const intent = await provider.confirmSetupIntent(user.id, request.params.id, request.body);
      return { setup_intent: intent };
    },
  );

  api.get('/user/payment/methods', async (request) => {
    const user = await requireUser(request);
    const customer = await customerOf(app, user);
    const methods = await app.payments.listPaymentMethods(customer);
    return { data: methods.map(presentMethod) };
  });

  const saveOptions = {
    ...REGISTRATION_WIZARD_CALL,
    preValidation: billingOwner,
    schema: { body: NewPaymentMethod },
  };
  api.post('/user/payment/methods', saveOptions, async (request) => {
    const user = await requireBillingOwner(request);
    const id = request.body.payment_method;
    const save = request.body.save ?? true;
    const customer = await customerOf(app, user);
    const found = PROVIDER_ID.test(id)
      ? await app.payments.lookupPaymentMethod(customer, id)
      : null;
    if (found === 'foreign') throw forbidden();
    if (found === null) throw ValidationError.single('payment_method', METHOD_INVALID);
    const method = await app.payments.attachPaymentMethod(customer, found.id, { save });
    return { data: presentMethod(method), message: METHOD_SAVED };
  });

  /**
   * The owner's saved method named by the path: 404 for none (or no provider id), 403 for another
   * account's. Looked up once per request, before the body is read (preValidation).
   */
  const ownMethod = oncePerRequest(async (request): Promise<OwnMethod> => {
    const user = await requireBillingOwner(request);
    const customer = await customerOf(app, user);
    const found = await app.payments.lookupPaymentMethod(
      customer,
      providerId((request.params as { id: string }).id),
    );
    if (found === 'foreign') throw forbidden();
    if (found === null || !found.attached) throw notFound();
    return { user, customer, method: found };
  });

  const ownMethodOptions = {
    preValidation: async (request: FastifyRequest<{ Params: { id: string } }>) => {
      await ownMethod(request);
    },
  };

  api.delete(
    '/user/payment/methods/:id',
    { ...ownMethodOptions, schema: { params: ProviderIdParams } },
    async (request) => {
      const { user, customer, method } = await ownMethod(request);
      const methods = await app.payments.listPaymentMethods(customer);
      await syncBilling(app, user.id);
      const subscription = await liveSubscription(app, user.id);
      // A subscription that will renew needs a card to bill.
      if (subscription && subscription.ends_at === null && methods.length <= 1) {
        throw ValidationError.single('payment_method', ONLY_METHOD_OF_PRO);
      }
      await app.payments.detachPaymentMethod(customer, method.id);
      if (subscription?.payment_method_id === method.id) {
        const next = (await app.payments.listPaymentMethods(customer))[0];
        await setSubscriptionMethod(app, subscription.id, next?.id ?? null);
      }
      return { message: METHOD_DELETED };
    },
  );

  api.post(
    '/user/payment/methods/:id/default',
    { ...ownMethodOptions, schema: { params: ProviderIdParams, body: NoBody } },
    async (request) => {
      const { user, customer, method } = await ownMethod(request);
      const updated = await app.payments.setDefaultPaymentMethod(customer, method.id);
      // The subscription bills the default card from now on.
      await billDefaultMethod(app, user.id, updated.id);
      return { data: presentMethod(updated) };
    },
  );

  /**
   * Replaces a saved card with a newly confirmed one (the Update action a Pro account with a
   * single card sees instead of Delete): the new card is saved, becomes the default and bills the
   * subscription, then the old one is removed. One call, so the account never has no card.
   */
  api.put(
    '/user/payment/methods/:id',
    { ...ownMethodOptions, schema: { params: ProviderIdParams, body: ReplacementPaymentMethod } },
    async (request) => {
      const { user, customer, method: old } = await ownMethod(request);
      const id = request.body.payment_method;
      const found = PROVIDER_ID.test(id)
        ? await app.payments.lookupPaymentMethod(customer, id)
        : null;
      if (found === 'foreign') throw forbidden();
      if (found === null || found.id === old.id) {
        throw ValidationError.single('payment_method', METHOD_INVALID);
      }
      await app.payments.attachPaymentMethod(customer, found.id, { save: true });
      const updated = await app.payments.setDefaultPaymentMethod(customer, found.id);
      await billDefaultMethod(app, user.id, updated.id);
      await app.payments.detachPaymentMethod(customer, old.id);
      return { data: presentMethod(updated), message: METHOD_SAVED };
    },
  );

  // Subscription ------------------------------------------------------------------------------

  api.get('/users/me/subscription', async (request) => {
    const user = await requireUser(request);
    await syncBilling(app, user.id);
    const row = await liveSubscription(app, user.id);
    return { data: row ? presentSubscription(row, new Date()) : null };
  });

  const subscribeOptions = {
    ...REGISTRATION_WIZARD_CALL,
    preValidation: billingOwner,
    schema: { body: NewSubscription },
  };
  api.post('/users/me/subscription', subscribeOptions, async (request) => {
    const user = await requireBillingOwner(request);
    const { plan, payment_method: paymentMethod, price, coupon } = request.body;
    const row = await subscribe(app, user, {
      plan,
      paymentMethod,
      ...(price !== undefined ? { price } : {}),
      ...(coupon !== undefined ? { coupon } : {}),
    });
    return { data: presentSubscription(row, new Date()) };
  });

  api.delete('/users/me/subscription', async (request) => {
    const user = await requireBillingOwner(request);
    const row = await cancelSubscription(app, user);
    return { data: presentSubscription(row, new Date()) };
  });

  // Invoices ----------------------------------------------------------------------------------

  api.get('/users/me/invoices', async (request) => {
    const user = await requireUser(request);
    await syncBilling(app, user.id);
    return { data: await listInvoices(app, user) };
  });

  const downloadOptions = { preValidation: authenticated, schema: { params: ProviderIdParams } };
  api.get('/users/me/invoices/:id/download', downloadOptions, async (request, reply) => {
    const user = await requireUser(request);
    const customer = await customerOf(app, user);
    const found = await app.payments.invoiceDocument(customer, request.params.id);
    if (found === 'foreign') throw forbidden();
    if (found === null) throw notFound();
    if (found.kind === 'redirect') return reply.redirect(found.url);
    const { invoice } = found;
    const pdf = await renderInvoicePdf({
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
