import type { Transaction } from 'kysely';
import type { ExtraPaymentQuote, Impersonator } from '../../contract';
import type { DB } from '../../db/database';
import { transactionRetried } from '../../db/retry';
import type { Database } from '../../db/schema';
import { HttpError, ValidationError } from '../../http/errors';
import type { AuthUser } from '../auth/require-user';
import {
  creditBalanceOf,
  lockSpender,
  recordExtraPayment,
  splitSoFarOf,
} from '../booking-money/ledger';
import { OWNER_PAYS_MESSAGE, refuseSpendingForOwner } from '../booking-money/who-pays';
import type { PaymentProvider, ProviderCharge } from '../payments/provider';
import { refuse } from './actions';
import {
  CHARGE_NOT_HELD,
  IDEMPOTENCY_KEY_FIELD,
  KEY_REUSED_WITH_OTHER_REQUEST,
  PRICE_CHANGED_MESSAGE,
} from './create/service';
import { CREDIT_CHANGED_MESSAGE } from './create/insert';
import { recordActivity, type BookingActor, type BookingDeps } from './lifecycle';
import { payExtra, priceExtra, valueOfTotal } from './pitch-pricing';
import { extraPaymentRefusal } from './pitch-rules';

// The initiator pays what a pitch's answer added (booking-management… §4 "Pitch flow", §7
// charge-extra-payment, decision 115): store credit first if asked, the rest on a saved or
// just-confirmed card, with the 50-cent floor. The card is held and captured at once (the
// invitee has already said yes) before anything is written, keyed by the request's
// Idempotency-Key; then one transaction records the payment (booking-money/ledger.ts), grows
// the booking's price and writes the `extra-payment` entry. A decline is a 402 with the
// provider's message and writes nothing; the browser then asks for a new card and a new key.

type Trx = Transaction<Database>;

/** What charge-extra-payment reads off the booking. */
async function extraOf(db: DB | Trx, id: number, lock = false) {
  let query = db
    .selectFrom('bookings')
    .select([
      'id',
      'status',
      'initiator',
      'booker_user_id',
      'extra_fee',
      'extra_payment_status',
      'extra_payment_key',
      'extra_payment_hash',
    ])
    .where('id', '=', id);
  if (lock) query = query.forNoKeyUpdate();
  return query.executeTakeFirstOrThrow();
}

type Extra = Awaited<ReturnType<typeof extraOf>>;

/** The booker alone pays: another member of the team (signed in as themselves) may not. */
function refuseOtherPayer(extra: Extra, user: AuthUser): void {
  if (extra.booker_user_id !== null && extra.booker_user_id !== user.id) {
    throw new HttpError(403, OWNER_PAYS_MESSAGE);
  }
}

/** The extra as it would be paid now with `requestedCredit` (all available when undefined). */
async function quoteFor(db: DB | Trx, extra: Extra, userId: number, now: Date, asked?: number) {
  const available = (await creditBalanceOf(db, userId, now)).available;
  const price = payExtra(extra.extra_fee, available, asked ?? available);
  return { ...price, available };
}

/** GET /bookings/{id}/extra-payment-quote: what the confirm-payment modal shows. */
export async function quoteExtraPayment(
  db: DB,
  user: AuthUser,
  bookingId: number,
  now: Date,
  requestedCredit: number | undefined,
): Promise<ExtraPaymentQuote> {
  const extra = await extraOf(db, bookingId);
  refuse(extraPaymentRefusal(extra));
  refuseOtherPayer(extra, user);
  const quote = await quoteFor(db, extra, user.id, now, requestedCredit);
  return {
    total: quote.total,
    credit_applied: quote.creditApplied,
    card_amount: quote.cardAmount,
    requires_card: quote.requiresCard,
    available_credit: quote.available,
  };
}

export interface ExtraPaymentInput {
  idempotencyKey: string;
  /** the SHA-256 of the booking and the body the key was sent with */
  requestHash: string;
  /** cents of store credit asked for (what the quote applied) */
  credit: number;
  /** what the quote said the card pays; null: not sent */
  cardAmount: number | null;
  paymentMethod: string | null;
  saveCard: boolean;
}

/** The provider's key: the payer's, the booking's and the request's. */
export const extraChargeKeyOf = (userId: number, bookingId: number, key: string) =>
  `extra:${userId}:${bookingId}:${key}`;

/** The key answered before: the same request is done (true), another one is refused (422). */
function alreadyPaidWith(extra: Extra, input: ExtraPaymentInput): boolean {
  if (extra.extra_payment_key !== input.idempotencyKey) return false;
  if (extra.extra_payment_hash !== input.requestHash) {
    throw ValidationError.single(IDEMPOTENCY_KEY_FIELD, KEY_REUSED_WITH_OTHER_REQUEST);
  }
  return true;
}

/** Held and captured at once; a decline is 402 with the provider's message. */
async function takeCard(
  payments: PaymentProvider,
  user: AuthUser,
  bookingId: number,
  amount: number,
  input: ExtraPaymentInput,
): Promise<ProviderCharge> {
  if (!input.paymentMethod) {
    throw ValidationError.single('payment_method', 'The payment method field is required.');
  }
  const customer = await payments.customerFor(user);
  const charge = await payments.authorizeCharge({
    customer,
    amount,
    currency: 'usd',
    paymentMethod: input.paymentMethod,
    idempotencyKey: extraChargeKeyOf(user.id, bookingId, input.idempotencyKey),
    description: `Guestspot booking #${bookingId}: extra fee`,
  });
  if (charge.status === 'failed') {
    throw new HttpError(402, charge.failureMessage ?? 'Your card was declined.');
  }
  if (charge.status === 'succeeded') return charge; // a retry of a captured payment
  if (charge.status !== 'requires_capture') throw new HttpError(409, CHARGE_NOT_HELD);
  if (input.saveCard) {
    const method = await payments.lookupPaymentMethod(customer, input.paymentMethod);
    if (method && method !== 'foreign' && !method.attached) {
      await payments.attachPaymentMethod(customer, input.paymentMethod, { save: true });
    }
  }
  return payments.captureCharge(charge.id);
}

interface PaidExtra {
  extra: Extra;
  credit: number;
  card: { amount: number; id: string | null };
  input: ExtraPaymentInput;
  actor: BookingActor;
  provider: 'local' | 'stripe';
  userId: number;
  now: Date;
}

/** Inside one transaction: the booking's state again, then the payment, price and timeline. */
async function recordPaid(trx: Trx, paid: PaidExtra): Promise<void> {
  const { input, now, userId, credit } = paid;
  // One payment at a time per payer: the credit read here cannot be spent twice.
  await lockSpender(trx, userId);
  const extra = await extraOf(trx, paid.extra.id, true);
  refuse(extraPaymentRefusal(extra));
  if (credit > 0 && (await creditBalanceOf(trx, userId, now)).available < credit) {
    throw new HttpError(409, CREDIT_CHANGED_MESSAGE);
  }
  const soFar = await splitSoFarOf(trx, extra.id);
  const booking = await trx
    .selectFrom('bookings')
    .select(['full_booking_fee', 'price', 'store_credit_amount'])
    .where('id', '=', extra.id)
    .executeTakeFirstOrThrow();
  const referred = await trx
    .selectFrom('users')
    .select('referred_by')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const total = booking.full_booking_fee + extra.extra_fee;
  const repriced = priceExtra({
    initiator: extra.initiator,
    paid: booking.full_booking_fee,
    soFar,
    value: valueOfTotal(total, extra.initiator),
    bookerReferred: Boolean(referred.referred_by),
  });
  if ('refusal' in repriced || repriced.extraFee !== extra.extra_fee) {
    throw new HttpError(409, PRICE_CHANGED_MESSAGE);
  }
  await trx
    .updateTable('bookings')
    .set({
      price: booking.price + extra.extra_fee,
      full_booking_fee: total,
      store_credit_amount: booking.store_credit_amount + credit,
      extra_payment_status: 'paid',
      extra_payment_key: input.idempotencyKey,
      extra_payment_hash: input.requestHash,
      updated_at: now,
    })
    .where('id', '=', extra.id)
    .execute();
  await recordExtraPayment(trx, {
    bookingId: extra.id,
    bookerUserId: userId,
    initiator: extra.initiator,
    card: paid.card,
    creditApplied: credit,
    split: repriced.split,
    provider: paid.provider,
    actor: paid.actor,
    now,
  });
  await recordActivity(trx, extra.id, 'extra-payment', paid.actor, {
    amount: extra.extra_fee,
    card_amount: paid.card.amount,
    store_credit: credit,
  });
}

/**
 * PATCH /bookings/{id}/charge-extra-payment for the initiator. A retry with the key that paid
 * answers the same (another body with it: 422); the quote's card amount must still hold (409);
 * an agency member acting for the owner pays nothing of the owner's (403, decision 106).
 */
export async function chargeExtraPayment(
  { db, payments, now: clock = () => new Date() }: BookingDeps,
  user: AuthUser,
  impersonator: Impersonator | null,
  bookingId: number,
  actor: BookingActor,
  input: ExtraPaymentInput,
): Promise<void> {
  const now = clock();
  const extra = await extraOf(db, bookingId);
  if (alreadyPaidWith(extra, input)) return;
  refuse(extraPaymentRefusal(extra));
  refuseOtherPayer(extra, user);
  const quote = await quoteFor(db, extra, user.id, now, input.credit);
  if (quote.available < Math.min(input.credit, quote.total)) {
    throw new HttpError(409, CREDIT_CHANGED_MESSAGE);
  }
  if (input.cardAmount !== null && input.cardAmount !== quote.cardAmount) {
    throw new HttpError(409, PRICE_CHANGED_MESSAGE);
  }
  refuseSpendingForOwner(impersonator, quote);
  const charge = quote.requiresCard
    ? await takeCard(payments, user, bookingId, quote.cardAmount, input)
    : null;
  const paid: PaidExtra = {
    extra,
    credit: quote.creditApplied,
    card: { amount: quote.cardAmount, id: charge?.id ?? null },
    input,
    actor,
    provider: payments.name,
    userId: user.id,
    now,
  };
  try {
    await transactionRetried(db, (trx) => recordPaid(trx, paid));
  } catch (error) {
    // A concurrent retry with this key recorded this very charge: it stands.
    const after = await extraOf(db, bookingId);
    if (after.extra_payment_key === input.idempotencyKey) return;
    if (charge) await payments.refundCharge(charge.id);
    throw error;
  }
}
