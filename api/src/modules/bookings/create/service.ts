import type { Booking, Impersonator } from '../../../contract';
import type { DB } from '../../../db/database';
import { transactionRetried } from '../../../db/retry';
import { HttpError, ValidationError } from '../../../http/errors';
import type { AuthUser } from '../../auth/require-user';
import type { Quote } from '../../booking-money/quote';
import { refuseSpendingForOwner } from '../../booking-money/who-pays';
import type { PaymentProvider, ProviderCharge } from '../../payments/provider';
import { otherSide, type BookingDeps } from '../lifecycle';
import { findBookingFor } from '../queries';
import { checkBooking } from './checks';
import { CREDIT_CHANGED_MESSAGE, insertBooking } from './insert';
import type { Checked, CreateBookingInput } from './types';

// Creating a booking (issue 17, decisions 099, 101 and 106): every rule is checked on the server
// (checks.ts), the server prices the booking from its own rows and holds exactly what the quote
// said, the card is held before anything is written (insert.ts) and released if the write
// fails (tried again first after a deadlock, decision 124), unless a request sent at once with
// the same Idempotency-Key made the booking that holds it; acceptance captures the hold,
// rejection releases it (actions.ts).

/** The header an Idempotency-Key error names (the field of a 422). */
export const IDEMPOTENCY_KEY_FIELD = 'Idempotency-Key';

export const PRICE_CHANGED_MESSAGE = 'The price has changed. Please review your booking.';
export const KEY_REUSED =
  'This Idempotency-Key was already used for another booking. Start a new booking.';
/** 422 on the header: the key was sent before with another request (as Stripe answers). */
export const KEY_REUSED_WITH_OTHER_REQUEST =
  'This Idempotency-Key was already used with a different request. Use a new key for a new booking.';
export const CHARGE_NOT_HELD = 'This payment was canceled. Please start your booking again.';

async function existingBooking(db: DB, userId: number, key: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'guest_profile_id', 'show_profile_id', 'request_hash'])
    .where('booker_user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * After a failed create: the booking another request with the key made meanwhile, none, or
 * 'unknown' when even that cannot be read (then the hold is left for the provider to expire:
 * releasing it could take it from that booking).
 */
async function bookingMadeWith(db: DB, userId: number, key: string) {
  try {
    return (await existingBooking(db, userId, key)) ?? null;
  } catch {
    return 'unknown' as const;
  }
}

function sameTarget(
  row: { guest_profile_id: number; show_profile_id: number },
  input: CreateBookingInput,
): boolean {
  const guest = input.bookedSide === 'guest' ? input.bookedProfileId : input.bookerProfileId;
  const show = input.bookedSide === 'show' ? input.bookedProfileId : input.bookerProfileId;
  return row.guest_profile_id === guest && row.show_profile_id === show;
}

/**
 * A retry with the key of an earlier booking is answered by that booking, when it is the same
 * request: another body is refused (422 naming the header, as Stripe does), another profile too
 * (409; also for bookings stored before their request was hashed).
 */
function refuseOtherRequest(
  row: { guest_profile_id: number; show_profile_id: number; request_hash: string | null },
  input: CreateBookingInput,
): void {
  if (!sameTarget(row, input)) throw new HttpError(409, KEY_REUSED);
  if (row.request_hash !== null && row.request_hash !== input.requestHash) {
    throw ValidationError.single(IDEMPOTENCY_KEY_FIELD, KEY_REUSED_WITH_OTHER_REQUEST);
  }
}

/**
 * What the payment step showed is what is held (issue 28): the store credit the booker asked for
 * must still be there, and the card amount must be the one quoted. Otherwise 409, nothing held.
 */
function refuseUnquotedAmounts({ price, availableCredit }: Quote, input: CreateBookingInput): void {
  if (availableCredit < Math.min(input.storeCreditAmount, price.total)) {
    throw new HttpError(409, CREDIT_CHANGED_MESSAGE);
  }
  if (input.cardAmount !== null && input.cardAmount !== price.cardAmount) {
    throw new HttpError(409, PRICE_CHANGED_MESSAGE);
  }
}

/** The provider's key: the booker's, so two users' keys never meet at Stripe. */
export function chargeKeyOf(userId: number, key: string): string {
  return `booking:${userId}:${key}`;
}

/**
 * The hold, before anything is written: a declined card books nothing (402). The card is saved
 * to the customer when asked and not yet theirs. Null when the booking asks nothing of a card.
 */
async function holdCard(
  payments: PaymentProvider,
  user: AuthUser,
  input: CreateBookingInput,
  checked: Checked,
): Promise<ProviderCharge | null> {
  const { price } = checked.quote;
  if (!price.requiresCard || !input.paymentMethod) return null;
  const customer = await payments.customerFor(user);
  const charge = await payments.authorizeCharge({
    customer,
    amount: price.cardAmount,
    currency: 'usd',
    paymentMethod: input.paymentMethod,
    idempotencyKey: chargeKeyOf(user.id, input.idempotencyKey),
    description: `Guestspot booking: ${checked.booked.name}`,
  });
  if (charge.status === 'failed') {
    throw new HttpError(402, charge.failureMessage ?? 'Your card was declined.');
  }
  if (charge.status !== 'requires_capture') throw new HttpError(409, CHARGE_NOT_HELD);
  if (input.savePaymentMethod) {
    const method = await payments.lookupPaymentMethod(customer, input.paymentMethod);
    if (method && method !== 'foreign' && !method.attached) {
      await payments.attachPaymentMethod(customer, input.paymentMethod, { save: true });
    }
  }
  return charge;
}

export interface CreatedBooking {
  booking: Booking;
  /** false: a retry answered by the booking it created */
  created: boolean;
}

export async function createBooking(
  { db, payments, now: clock = () => new Date() }: BookingDeps,
  user: AuthUser,
  input: CreateBookingInput,
  /** who really books while the session impersonates `user`; null otherwise */
  impersonator: Impersonator | null = null,
): Promise<CreatedBooking> {
  const previous = await existingBooking(db, user.id, input.idempotencyKey);
  if (previous) {
    refuseOtherRequest(previous, input);
    return { booking: await findBookingFor(db, previous.id, user.id), created: false };
  }

  const now = clock();
  const checked = await checkBooking(db, user, impersonator, input, now);
  const { price } = checked.quote;
  refuseSpendingForOwner(impersonator, price);
  refuseUnquotedAmounts(checked.quote, input);
  if (price.requiresCard && !input.paymentMethod) {
    throw ValidationError.single('payment_method', 'The payment method field is required.');
  }
  const charge = await holdCard(payments, user, input, checked);

  let bookingId: number;
  try {
    bookingId = await transactionRetried(db, (trx) =>
      insertBooking(trx, {
        userId: user.id,
        actor: {
          side: otherSide(input.bookedSide),
          userId: user.id,
          impersonatorId: impersonator?.id ?? null,
        },
        input,
        checked,
        charge,
        provider: payments.name,
        now,
      }),
    );
  } catch (error) {
    const winner = await bookingMadeWith(db, user.id, input.idempotencyKey);
    if (winner === 'unknown') throw error;
    if (winner) {
      // A request sent at once with this key won (this one failed on its unique key, or on the
      // credit it spent, or any other way): its booking holds this very charge (the provider's
      // key is the booker's and the Idempotency-Key), which is never released here.
      refuseOtherRequest(winner, input);
      return { booking: await findBookingFor(db, winner.id, user.id), created: false };
    }
    if (charge) await payments.releaseCharge(charge.id);
    throw error;
  }
  return { booking: await findBookingFor(db, bookingId, user.id), created: true };
}
