import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { LocalPaymentMethodsTable } from '../../db/schema';
import { HttpError, ValidationError } from '../../http/errors';
import { addDays, addInterval } from '../billing/plans';
import { checkTestCard } from './cards';
import type {
  Customer,
  CustomerDetails,
  InvoiceLookup,
  NewSubscription,
  PaymentMethodLookup,
  PaymentProvider,
  ProviderInvoice,
  ProviderPaymentMethod,
  ProviderSetupIntent,
  ProviderSubscription,
  SubscriptionRecord,
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
