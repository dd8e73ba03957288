import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Coupon, Invoice, PaymentMethod, PlanName, Subscription } from '../../contract';
import type { CouponsTable, SubscriptionsTable } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import type { AuthUser } from '../auth/require-user';
import type {
  Customer,
  ProviderPaymentMethod,
  ProviderSubscription,
  SubscriptionRecord,
} from '../payments/provider';
import { PLANS, TRIAL_DAYS } from './plans';

export const COUPON_NOT_FOUND = 'Coupon not found.';
export const COUPON_NOT_VALID = 'This coupon is not valid.';
export const METHOD_SAVED = 'Your payment method was saved';
export const METHOD_DELETED = 'The payment method was deleted.';
export const ONLY_METHOD_OF_PRO =
  'You need a payment method for your Pro subscription. Add another one first.';
export const ALREADY_PRO = 'You already have a Pro subscription.';
export const NO_SUBSCRIPTION = 'You do not have an active Pro subscription.';
export const ALREADY_CANCELLED = 'Your subscription is already cancelled.';
export const METHOD_INVALID = 'The selected payment method is invalid.';
export const PRICE_MISMATCH = 'The price does not match the selected plan. Reload the page.';

type SubscriptionRow = Selectable<SubscriptionsTable>;
type CouponRow = Selectable<CouponsTable>;

export function customerOf(app: FastifyInstance, user: AuthUser): Promise<Customer> {
  return app.payments.customerFor(user);
}

export function presentMethod(method: ProviderPaymentMethod): PaymentMethod {
  return {
    id: method.id,
    default: method.default,
    brand: method.brand,
    last4: method.last4,
    exp_month: method.exp_month,
    exp_year: method.exp_year,
  };
}

// Coupons ------------------------------------------------------------------------------------

export async function findCoupon(app: FastifyInstance, code: string): Promise<CouponRow | null> {
  const row = await app.db
    .selectFrom('coupons')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.trim().toLowerCase()))
    .executeTakeFirst();
  return row ?? null;
}

export function couponIsValid(coupon: CouponRow, now: Date): boolean {
  return coupon.active && (coupon.valid_until === null || coupon.valid_until > now);
}

export function presentCoupon(coupon: CouponRow, now: Date): Coupon {
  return {
    code: coupon.code,
    description: coupon.description,
    is_valid: couponIsValid(coupon, now),
  };
}

export function discounted(price: number, coupon: CouponRow | null): number {
  if (!coupon) return price;
  if (coupon.percent_off !== null) return Math.round((price * (100 - coupon.percent_off)) / 100);
  return Math.max(0, price - (coupon.amount_off ?? 0));
}

// Subscriptions ------------------------------------------------------------------------------

function toRecord(row: SubscriptionRow): SubscriptionRecord {
  return {
    provider_id: row.provider_id,
    stripe_status: row.stripe_status,
    plan: row.plan,
    plan_interval: row.plan_interval,
    plan_price: row.plan_price,
    payment_method_id: row.payment_method_id,
    trial_ends_at: row.trial_ends_at,
    current_period_start: row.current_period_start,
    current_period_end: row.current_period_end,
    ends_at: row.ends_at,
  };
}

export function presentSubscription(row: SubscriptionRow, now: Date): Subscription {
  const running = row.stripe_status === 'trialing' || row.stripe_status === 'active';
  return {
    id: row.id,
    stripe_status: row.stripe_status,
    plan: row.plan,
    plan_interval: row.plan_interval,
    plan_price: row.plan_price,
    coupon: row.coupon_code,
    trial_ends_at: row.trial_ends_at?.toISOString() ?? null,
    current_period_start: row.current_period_start.toISOString(),
    current_period_end: row.current_period_end.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    active: running && (row.ends_at === null || row.ends_at > now),
    created_at: row.created_at.toISOString(),
  };
}

/** The account's live (not yet ended) subscription row. */
export async function liveSubscription(
  app: FastifyInstance,
  userId: number,
): Promise<SubscriptionRow | null> {
  const row = await app.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('stripe_status', '<>', 'canceled')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** The subscription bills this method from now on (null: none left to bill). */
export async function setSubscriptionMethod(
  app: FastifyInstance,
  subscriptionId: number,
  methodId: string | null,
): Promise<void> {
  await app.db
    .updateTable('subscriptions')
    .set({ payment_method_id: methodId, updated_at: new Date() })
    .where('id', '=', subscriptionId)
    .execute();
}

/** The account's subscriptions that are not cancelled bill this (new default) method. */
export async function billDefaultMethod(
  app: FastifyInstance,
  userId: number,
  methodId: string,
): Promise<void> {
  await app.db
    .updateTable('subscriptions')
    .set({ payment_method_id: methodId, updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('stripe_status', '<>', 'canceled')
    .execute();
}

async function applyProviderState(
  app: FastifyInstance,
  row: SubscriptionRow,
  state: ProviderSubscription,
): Promise<SubscriptionRow> {
  return app.db
    .updateTable('subscriptions')
    .set({
      stripe_status: state.status,
      trial_ends_at: state.trial_end,
      current_period_start: state.current_period_start,
      current_period_end: state.current_period_end,
      ends_at: state.cancel_at,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Brings an account's subscription up to date, lazily, whenever the account or its billing is
 * read (and for every account once at start-up): a period that ended is billed (LOCAL) or
 * re-read (Stripe); a cancelled subscription whose ends_at passed ends, and the account goes
 * back to standard. Cheap when nothing is due: one indexed query.
 */
export async function syncBilling(
  app: FastifyInstance,
  userId: number,
  now = new Date(),
): Promise<void> {
  const row = await app.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('stripe_status', '<>', 'canceled')
    .where((eb) => eb.or([eb('current_period_end', '<=', now), eb('ends_at', '<=', now)]))
    .executeTakeFirst();
  if (!row) return;
  let current = row;
  if (row.provider === app.payments.name) {
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const customer = await app.payments.customerFor(user);
    const state = await app.payments.syncSubscription(customer, toRecord(row), now);
    current = await applyProviderState(app, row, state);
  }
  const ended =
    current.stripe_status === 'canceled' || (current.ends_at !== null && current.ends_at <= now);
  if (!ended) return;
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscriptions')
      .set({ stripe_status: 'canceled', updated_at: now })
      .where('id', '=', current.id)
      .execute();
    await trx
      .updateTable('users')
      .set({ account_type: 'standard', updated_at: now })
      .where('id', '=', userId)
      .execute();
  });
}

/** Start-up sweep: every account with something due. */
export async function syncAllBilling(app: FastifyInstance, now = new Date()): Promise<number> {
  const due = await app.db
    .selectFrom('subscriptions')
    .select('user_id')
    .distinct()
    .where('stripe_status', '<>', 'canceled')
    .where((eb) => eb.or([eb('current_period_end', '<=', now), eb('ends_at', '<=', now)]))
    .execute();
  for (const { user_id } of due) await syncBilling(app, user_id, now);
  return due.length;
}

export interface SubscribeInput {
  plan: PlanName;
  paymentMethod: string;
  price?: number;
  coupon?: string;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}

export async function subscribe(
  app: FastifyInstance,
  user: AuthUser,
  input: SubscribeInput,
  now = new Date(),
): Promise<SubscriptionRow> {
  await syncBilling(app, user.id, now);
  const fresh = await app.db
    .selectFrom('users')
    .select('account_type')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (fresh.account_type === 'pro' || (await liveSubscription(app, user.id))) {
    throw ValidationError.single('plan', ALREADY_PRO);
  }
  const plan = PLANS[input.plan];
  const errors = new Map<string, string>();
  if (input.price !== undefined && input.price !== plan.price) errors.set('price', PRICE_MISMATCH);
  let coupon: CouponRow | null = null;
  if (input.coupon !== undefined && input.coupon.trim() !== '') {
    coupon = await findCoupon(app, input.coupon);
    if (!coupon || !couponIsValid(coupon, now)) errors.set('coupon', COUPON_NOT_VALID);
  }
  const customer = await customerOf(app, user);
  const found = await app.payments.lookupPaymentMethod(customer, input.paymentMethod);
  if (found === null || found === 'foreign') errors.set('payment_method', METHOD_INVALID);
  if (errors.size > 0 || found === null || found === 'foreign') {
    throw new ValidationError(
      Object.fromEntries([...errors].map(([field, message]) => [field, [message]])),
    );
  }
  // The card the subscription bills is kept on the account.
  const method = found.attached
    ? found
    : await app.payments.attachPaymentMethod(customer, found.id, { save: true });
  const price = discounted(plan.price, coupon);
  const state = await app.payments.createSubscription(customer, {
    plan: input.plan,
    interval: plan.interval,
    listPrice: plan.price,
    price,
    coupon: coupon?.code ?? null,
    paymentMethod: method,
    trialDays: TRIAL_DAYS,
    now,
  });
  try {
    return await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('subscriptions')
        .values({
          user_id: user.id,
          provider: app.payments.name,
          provider_id: state.id,
          stripe_status: state.status,
          plan: input.plan,
          plan_interval: plan.interval,
          plan_price: price,
          coupon_code: coupon?.code ?? null,
          payment_method_id: method.id,
          trial_ends_at: state.trial_end,
          current_period_start: state.current_period_start,
          current_period_end: state.current_period_end,
          ends_at: state.cancel_at,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ account_type: 'pro', updated_at: now })
        .where('id', '=', user.id)
        .execute();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.single('plan', ALREADY_PRO);
    throw error;
  }
}

/** Cancels at the end of the current period (or the trial): Pro until then. */
export async function cancelSubscription(
  app: FastifyInstance,
  user: AuthUser,
  now = new Date(),
): Promise<SubscriptionRow> {
  await syncBilling(app, user.id, now);
  const row = await liveSubscription(app, user.id);
  if (!row) throw ValidationError.single('subscription', NO_SUBSCRIPTION);
  if (row.ends_at !== null) throw ValidationError.single('subscription', ALREADY_CANCELLED);
  const customer = await customerOf(app, user);
  const state = await app.payments.cancelSubscription(customer, toRecord(row));
  return applyProviderState(app, row, {
    ...state,
    cancel_at: state.cancel_at ?? row.trial_ends_at ?? row.current_period_end,
  });
}

/**
 * Undoes a cancellation before it takes effect (used when a paused account is resumed).
 * Returns null when there is nothing to resume.
 */
export async function resumeSubscription(
  app: FastifyInstance,
  user: AuthUser,
  now = new Date(),
): Promise<SubscriptionRow | null> {
  await syncBilling(app, user.id, now);
  const row = await liveSubscription(app, user.id);
  if (!row || row.ends_at === null) return null;
  const customer = await customerOf(app, user);
  const state = await app.payments.resumeSubscription(customer, toRecord(row));
  return applyProviderState(app, row, { ...state, cancel_at: null });
}

// Invoices -----------------------------------------------------------------------------------

export function invoiceDownloadPath(id: string): string {
  return `/api/v1/users/me/invoices/${encodeURIComponent(id)}/download`;
}

export async function listInvoices(app: FastifyInstance, user: AuthUser): Promise<Invoice[]> {
  const customer = await customerOf(app, user);
  const invoices = await app.payments.listInvoices(customer);
  return invoices.map((invoice) => ({
    id: invoice.id,
    date: invoice.date.toISOString(),
    number: invoice.number,
    amount: invoice.amount,
    download_url: invoiceDownloadPath(invoice.id),
  }));
}

/** 'Month D, YYYY' in the account's timezone. */
export function formatDate(date: Date, timezone: string): string {
  const options: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timezone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date);
  }
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
