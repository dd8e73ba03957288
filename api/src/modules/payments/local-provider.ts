import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { LocalChargesTable, LocalPaymentMethodsTable } from '../../db/schema';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import { addDays, addInterval } from '../billing/plans';
import { CARD_DECLINED, checkTestCard } from './cards';
import {
  CHARGE_NOT_CAPTURABLE,
  CHARGE_NOT_REFUNDABLE,
  type ChargeRequest,
  type Customer,
  type CustomerDetails,
  type InvoiceLookup,
  type NewSubscription,
  type PaymentMethodLookup,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderInvoice,
  type ProviderPaymentMethod,
  type ProviderSetupIntent,
  type ProviderSubscription,
  type SubscriptionRecord,
} from './provider';

// The offline provider: a stand-in for Stripe that keeps its customers, setup intents, cards and
// invoices in our database. The browser confirms a setup intent with a test card through
// POST /billing/local/setup-intents/{id}/confirm (what Stripe.js confirmCardSetup does).

const SETUP_INTENT_MINUTES = 60;
/** Renewals billed in one go at most (a subscription left alone for years). */
const MAX_RENEWALS = 120;

export const INTENT_NOT_FOUND = 'This setup intent does not exist or has expired.';

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type MethodRow = Selectable<LocalPaymentMethodsTable>;
type ChargeRow = Selectable<LocalChargesTable>;

/**
 * Stripe's test payment methods, usable without saving a card (a declined card can never be
 * saved: its setup is refused). Any other id must be one of the customer's own cards.
 */
export const TEST_PAYMENT_METHODS: Record<string, 'succeeds' | 'declined'> = {
  pm_card_visa: 'succeeds',
  pm_card_mastercard: 'succeeds',
  pm_card_chargeDeclined: 'declined',
  pm_card_visa_chargeDeclined: 'declined',
};

export const PAYMENT_METHOD_UNKNOWN = 'The selected payment method is invalid.';
export const IDEMPOTENCY_MISMATCH =
  'Keys for idempotent requests can only be used with the same parameters they were first used with.';
export const CHARGE_ALREADY_CAPTURED = 'This payment has already been captured.';

function toCharge(row: ChargeRow): ProviderCharge {
  return {
    id: row.id,
    status: row.status,
    ...(row.failure_message ? { failureMessage: row.failure_message } : {}),
  };
}

/** What the browser sends to confirm a setup intent, as given (confirmSetupIntent checks it). */
export interface SetupIntentConfirmation {
  client_secret?: unknown;
  card?: unknown;
}

function toMethod(row: MethodRow): ProviderPaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    default: row.is_default,
    attached: row.attached_at !== null,
  };
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: DB,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async customerFor(user: CustomerDetails): Promise<Customer> {
    const id = `cus_local_${user.id}`;
    await this.db
      .insertInto('billing_customers')
      .values({ user_id: user.id, provider: 'local', customer_id: id })
      .onConflict((conflict) => conflict.columns(['user_id', 'provider']).doNothing())
      .execute();
    return { userId: user.id, id };
  }

  async createSetupIntent(
    customer: Customer,
    options: { usage: 'off_session' | 'on_session' },
  ): Promise<ProviderSetupIntent> {
    const id = randomId('seti_local');
    const secret = `${id}_secret_${randomBytes(16).toString('hex')}`;
    const now = this.clock();
    // Housekeeping: this customer's expired intents.
    await this.db
      .deleteFrom('local_setup_intents')
      .where('user_id', '=', customer.userId)
      .where('expires_at', '<=', now)
      .execute();
    await this.db
      .insertInto('local_setup_intents')
      .values({
        id,
        user_id: customer.userId,
        client_secret_hash: sha256(secret),
        usage: options.usage,
        expires_at: new Date(now.getTime() + SETUP_INTENT_MINUTES * 60 * 1000),
      })
      .execute();
    return { id, client_secret: secret };
  }

  /**
   * Confirms a pending setup intent of this user with a test card: the card becomes a payment
   * method of the customer (not yet saved to their list). Checked in Stripe's order: the client
   * secret (any text; anything else is missing), the intent, then the card (checkTestCard).
   */
  async confirmSetupIntent(
    userId: number,
    intentId: string,
    input: SetupIntentConfirmation,
  ): Promise<{ id: string; status: 'succeeded'; payment_method: string }> {
    const clientSecret = input.client_secret;
    if (typeof clientSecret !== 'string' || clientSecret === '') {
      throw ValidationError.single('client_secret', 'The client secret field is required.');
    }
    const now = this.clock();
    const intent = await this.db
      .selectFrom('local_setup_intents')
      .selectAll()
      .where('id', '=', intentId)
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!intent || !sameHash(intent.client_secret_hash, sha256(clientSecret))) {
      throw new HttpError(404, INTENT_NOT_FOUND);
    }
    if (intent.status === 'succeeded' && intent.payment_method_id) {
      throw new HttpError(409, 'This setup intent has already been confirmed.');
    }
    const card = checkTestCard(input.card, now);
    const methodId = randomId('pm_local');
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('local_payment_methods')
        .values({ id: methodId, user_id: userId, ...card })
        .execute();
      await trx
        .updateTable('local_setup_intents')
        .set({ status: 'succeeded', payment_method_id: methodId })
        .where('id', '=', intent.id)
        .execute();
    });
    return { id: intent.id, status: 'succeeded', payment_method: methodId };
  }

  async listPaymentMethods(customer: Customer): Promise<ProviderPaymentMethod[]> {
    const rows = await this.db
      .selectFrom('local_payment_methods')
      .selectAll()
      .where('user_id', '=', customer.userId)
      .where('attached_at', 'is not', null)
      .orderBy('is_default', 'desc')
      .orderBy('attached_at')
      .orderBy('id')
      .execute();
    return rows.map(toMethod);
  }

  async lookupPaymentMethod(customer: Customer, id: string): Promise<PaymentMethodLookup> {
    const row = await this.db
      .selectFrom('local_payment_methods')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return row.user_id === customer.userId ? toMethod(row) : 'foreign';
  }

  private async mine(customer: Customer, id: string): Promise<ProviderPaymentMethod> {
    const found = await this.lookupPaymentMethod(customer, id);
    if (found === 'foreign' || found === null) {
      throw new Error(`payment method ${id} is not the customer's`);
    }
    return found;
  }

  async attachPaymentMethod(
    customer: Customer,
    id: string,
    options: { save: boolean },
  ): Promise<ProviderPaymentMethod> {
    const method = await this.mine(customer, id);
    if (!options.save || method.attached) return method;
    return this.db.transaction().execute(async (trx) => {
      const hasDefault = await trx
        .selectFrom('local_payment_methods')
        .select('id')
        .where('user_id', '=', customer.userId)
        .where('is_default', '=', true)
        .executeTakeFirst();
      const row = await trx
        .updateTable('local_payment_methods')
        .set({ attached_at: this.clock(), is_default: hasDefault === undefined })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMethod(row);
    });
  }

  async detachPaymentMethod(customer: Customer, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('local_payment_methods')
        .where('id', '=', id)
        .where('user_id', '=', customer.userId)
        .returning('is_default')
        .executeTakeFirst();
      if (!removed?.is_default) return;
      const next = await trx
        .selectFrom('local_payment_methods')
        .select('id')
        .where('user_id', '=', customer.userId)
        .where('attached_at', 'is not', null)
        .orderBy('attached_at')
        .orderBy('id')
        .executeTakeFirst();
      if (next) {
        await trx
          .updateTable('local_payment_methods')
          .set({ is_default: true })
          .where('id', '=', next.id)
          .execute();
      }
    });
  }

  async setDefaultPaymentMethod(customer: Customer, id: string): Promise<ProviderPaymentMethod> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('local_payment_methods')
        .set({ is_default: false })
        .where('user_id', '=', customer.userId)
        .where('is_default', '=', true)
        .execute();
      const row = await trx
        .updateTable('local_payment_methods')
        .set({ is_default: true, attached_at: sql<Date>`coalesce(attached_at, now())` })
        .where('id', '=', id)
        .where('user_id', '=', customer.userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMethod(row);
    });
  }

  async createSubscription(
    customer: Customer,
    input: NewSubscription,
  ): Promise<ProviderSubscription> {
    const id = randomId('sub_local');
    const start = input.now;
    const trialEnd = addDays(start, input.trialDays);
    // The trial's $0.00 invoice, like Stripe's.
    await this.db
      .insertInto('invoices')
      .values({
        id: randomId('in_local'),
        user_id: customer.userId,
        subscription_ref: id,
        description: `Guestspot Pro (${input.plan}): ${input.trialDays}-day free trial`,
        amount: 0,
        period_start: start,
        period_end: trialEnd,
        card_brand: input.paymentMethod.brand,
        card_last4: input.paymentMethod.last4,
        created_at: start,
      })
      .execute();
    return {
      id,
      status: 'trialing',
      trial_end: trialEnd,
      current_period_start: start,
      current_period_end: trialEnd,
      cancel_at: null,
    };
  }

  async cancelSubscription(
    _customer: Customer,
    record: SubscriptionRecord,
  ): Promise<ProviderSubscription> {
    return { ...fromRecord(record), cancel_at: record.current_period_end };
  }

  async resumeSubscription(
    _customer: Customer,
    record: SubscriptionRecord,
  ): Promise<ProviderSubscription> {
    return { ...fromRecord(record), cancel_at: null };
  }

  /** Bills each period that has begun since the record's (the trial's end starts the first). */
  async syncSubscription(
    customer: Customer,
    record: SubscriptionRecord,
    now: Date,
  ): Promise<ProviderSubscription> {
    const state = fromRecord(record);
    if (record.ends_at && record.ends_at <= now) return { ...state, status: 'canceled' };
    if (state.status === 'canceled') return state;
    const card = record.payment_method_id
      ? await this.lookupPaymentMethod(customer, record.payment_method_id)
      : null;
    const usable = card && card !== 'foreign' ? card : null;
    for (let count = 0; state.current_period_end <= now && count < MAX_RENEWALS; count += 1) {
      const periodStart = state.current_period_end;
      const periodEnd = addInterval(periodStart, record.plan_interval);
      if (record.ends_at && record.ends_at <= periodStart) break;
      await this.db
        .insertInto('invoices')
        .values({
          id: randomId('in_local'),
          user_id: customer.userId,
          subscription_ref: record.provider_id,
          description: `Guestspot Pro (${record.plan})`,
          amount: record.plan_price,
          period_start: periodStart,
          period_end: periodEnd,
          card_brand: usable?.brand ?? null,
          card_last4: usable?.last4 ?? null,
          created_at: periodStart,
        })
        .onConflict((conflict) =>
          conflict.columns(['subscription_ref', 'period_start']).doNothing(),
        )
        .execute();
      state.status = 'active';
      state.current_period_start = periodStart;
      state.current_period_end = periodEnd;
    }
    return state;
  }

  async listInvoices(customer: Customer): Promise<ProviderInvoice[]> {
    const rows = await this.db
      .selectFrom('invoices')
      .select(['id', 'number', 'amount', 'created_at'])
      .where('user_id', '=', customer.userId)
      .orderBy('created_at', 'desc')
      .orderBy('number', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      amount: row.amount,
      date: row.created_at,
    }));
  }

  async invoiceDocument(customer: Customer, id: string): Promise<InvoiceLookup> {
    const row = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    if (row.user_id !== customer.userId) return 'foreign';
    return {
      kind: 'local',
      invoice: {
        number: row.number,
        date: row.created_at,
        description: row.description,
        amount: row.amount,
        period_start: row.period_start,
        period_end: row.period_end,
        card_brand: row.card_brand,
        card_last4: row.card_last4,
      },
    };
  }

  // One-off charges: a PaymentIntent with capture_method manual, kept in local_charges.

  async authorizeCharge(input: ChargeRequest): Promise<ProviderCharge> {
    const userId = input.customer.userId;
    const existing = await this.chargeByKey(userId, input.idempotencyKey);
    if (existing) {
      if (!sameRequest(existing, input)) throw new HttpError(409, IDEMPOTENCY_MISMATCH);
      return toCharge(existing);
    }
    if (!Number.isSafeInteger(input.amount) || input.amount < 50) {
      throw ValidationError.single('amount', 'The amount must be at least 50 cents.');
    }
    let outcome = TEST_PAYMENT_METHODS[input.paymentMethod];
    if (!outcome) {
      const method = await this.lookupPaymentMethod(input.customer, input.paymentMethod);
      if (method === null || method === 'foreign') {
        throw ValidationError.single('payment_method', PAYMENT_METHOD_UNKNOWN);
      }
      outcome = 'succeeds';
    }
    const declined = outcome === 'declined';
    const inserted = await this.db
      .insertInto('local_charges')
      .values({
        id: randomId('pi_local'),
        user_id: userId,
        idempotency_key: input.idempotencyKey,
        amount: input.amount,
        currency: input.currency,
        payment_method_id: input.paymentMethod,
        description: input.description,
        status: declined ? 'failed' : 'requires_capture',
        failure_message: declined ? CARD_DECLINED : null,
        created_at: this.clock(),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // A concurrent request with the same key won: answer its charge.
    const row = inserted ?? (await this.chargeByKey(userId, input.idempotencyKey));
    if (!row) throw new Error('local charge vanished');
    if (!inserted && !sameRequest(row, input)) throw new HttpError(409, IDEMPOTENCY_MISMATCH);
    return toCharge(row);
  }

  async captureCharge(id: string): Promise<ProviderCharge> {
    const captured = await this.db
      .updateTable('local_charges')
      .set({ status: 'succeeded', captured_at: this.clock() })
      .where('id', '=', id)
      .where('status', '=', 'requires_capture')
      .returningAll()
      .executeTakeFirst();
    if (captured) return toCharge(captured);
    const row = await this.chargeById(id);
    if (row.status === 'succeeded') return toCharge(row);
    throw new HttpError(409, CHARGE_NOT_CAPTURABLE);
  }

  async releaseCharge(id: string): Promise<ProviderCharge> {
    const released = await this.db
      .updateTable('local_charges')
      .set({ status: 'canceled', released_at: this.clock() })
      .where('id', '=', id)
      .where('status', 'in', ['requires_capture', 'failed'])
      .returningAll()
      .executeTakeFirst();
    if (released) return toCharge(released);
    const row = await this.chargeById(id);
    if (row.status === 'canceled') return toCharge(row);
    throw new HttpError(409, CHARGE_ALREADY_CAPTURED);
  }

  async refundCharge(id: string, amount?: number): Promise<ProviderCharge> {
    const refunded = await this.db
      .updateTable('local_charges')
      .set((eb) => ({
        status: 'refunded',
        refunded_at: this.clock(),
        // a part of it (decision 116), never more than was charged
        refunded_amount:
          amount === undefined
            ? eb.ref('amount')
            : eb.fn('least', [eb.ref('amount'), eb.val(amount)]),
      }))
      .where('id', '=', id)
      .where('status', '=', 'succeeded')
      .returningAll()
      .executeTakeFirst();
    if (refunded) return toCharge(refunded);
    const row = await this.chargeById(id);
    if (row.status === 'refunded') return toCharge(row);
    throw new HttpError(409, CHARGE_NOT_REFUNDABLE);
  }

  private async chargeByKey(userId: number, key: string): Promise<ChargeRow | undefined> {
    return this.db
      .selectFrom('local_charges')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  private async chargeById(id: string): Promise<ChargeRow> {
    const row = await this.db
      .selectFrom('local_charges')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }
}

function sameRequest(row: ChargeRow, input: ChargeRequest): boolean {
  return (
    row.amount === input.amount &&
    row.currency === input.currency &&
    row.payment_method_id === input.paymentMethod &&
    row.description === input.description
  );
}

function fromRecord(record: SubscriptionRecord): ProviderSubscription {
  return {
    id: record.provider_id,
    status: record.stripe_status,
    trial_end: record.trial_ends_at,
    current_period_start: record.current_period_start,
    current_period_end: record.current_period_end,
    cancel_at: record.ends_at,
  };
}
