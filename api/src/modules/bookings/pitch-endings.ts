import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { chargeOf, paidForBooking, recordRefund, type LedgerActor } from '../booking-money/ledger';
import type { PaymentProvider } from '../payments/provider';
import type { ProfileSide } from '../../booking-facts';

// A pitch's extra payment when its booking is canceled after acceptance (decision 115): the
// card part is refunded (less its share of a kept fee, decision 116) at the provider before the
// cancel's transaction, as the charge is (actions.ts cancelAcceptedBooking), and recorded in
// it; an extra still owed is void. The store credit it used comes back with the booking's
// (ledger.ts returnStoreCredit, every use).

export type ExtraCharge = Awaited<ReturnType<typeof chargeOf>>;

/**
 * Before the cancel's transaction: the extra's card payment given back. When the booker's own
 * cancel keeps the non-refundable service fee (decision 116), less the part of it that the
 * pitch's own card and the store credit do not cover (a free pitch: the extra carried the whole
 * fee); otherwise in full. What was refunded, in cents.
 */
export async function refundExtraCharge(
  db: DB,
  payments: PaymentProvider,
  bookingId: number,
  { keepFee }: { keepFee: boolean },
): Promise<{ extra: ExtraCharge; refunded: number }> {
  const extra = await chargeOf(db, bookingId, 'extra_fee');
  if (!extra?.provider_reference) return { extra, refunded: 0 };
  const paid = await paidForBooking(db, bookingId);
  const uncovered = Math.max(0, paid.fee - paid.card - paid.credit);
  const kept = keepFee ? Math.min(extra.amount, uncovered) : 0;
  const refunded = extra.amount - kept;
  if (refunded > 0) await payments.refundCharge(extra.provider_reference, refunded);
  return { extra, refunded };
}

/** Inside the cancel's transaction: the refund recorded, the extra refunded or void. */
export async function endExtraPayment(
  trx: Transaction<Database>,
  ending: {
    bookingId: number;
    /** the booker's side */
    side: ProfileSide;
    refund: { extra: ExtraCharge; refunded: number };
    actor: LedgerActor;
    now: Date;
  },
): Promise<void> {
  const { refund, bookingId } = ending;
  const { extra } = refund;
  if (extra?.provider_reference && refund.refunded > 0) {
    const charge = { ...extra, provider_reference: extra.provider_reference };
    await recordRefund(trx, { ...ending, charge, amount: refund.refunded });
  }
  await trx
    .updateTable('bookings')
    .set({
      extra_payment_status: sql`case extra_payment_status
        when 'paid' then 'refunded' when 'pending' then 'void' else extra_payment_status end`,
    })
    .where('id', '=', bookingId)
    .execute();
}
