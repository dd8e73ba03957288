import type { Transaction } from 'kysely';
import type { ProfileSide } from '../../booking-facts';
import type { NoShowOutcome } from '../../contract';
import { transactionRetried } from '../../db/retry';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import {
  chargeOf,
  paidForBooking,
  payoutsOf,
  recordRefund,
  refundOf,
  returnStoreCredit,
  voidPayouts,
  voidServiceFee,
  type Refund,
} from '../booking-money/ledger';
import { BOOKING_ACTION_RULES, type SideActor } from './action-rules';
import { lockedBooking, refuse } from './actions';
import { releaseQuietly, type CompletionDeps } from './completion';
import { recordActivity, type BookingActor } from './lifecycle';
import { endExtraPayment, refundExtraCharge } from './pitch-endings';

// Report No-Show (booking-management… §4, decision 116). The initiator of a completed booking
// whose date the invitee confirmed says the invitee did not show up, within the terms' 30-day
// refund guarantee. The report holds whatever the invitee is still owed (the release skips the
// booking, completion-payouts.ts) and asks support, who decides: refunded (the booker gets
// everything they paid back, card and store credit, and the service fee kept at completion is
// void: the invitee broke the deal, decision 116 amended 2026-11-28; the payouts are void, and
// transfers already made are reversed first) or dismissed (the payouts go out).

export const NO_SHOW_SENT = 'The no-show report was sent!';
export const NO_SHOW_NOT_REPORTED = 'No unresolved no-show report exists for this booking.';

const clockOf = (deps: CompletionDeps) => (deps.now ?? (() => new Date()))();

/** The initiator's report: recorded with its details, the payouts held, the other side told. */
export async function reportNoShow(
  deps: CompletionDeps,
  bookingId: number,
  actor: SideActor,
  details: string | null,
): Promise<string> {
  const now = clockOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuse(BOOKING_ACTION_RULES['no-show'].refusal(booking, actor.side, now));
    await trx
      .updateTable('bookings')
      .set({ no_show_reported_at: now, no_show_details: details, updated_at: now })
      .where('id', '=', bookingId)
      .execute();
    await recordActivity(trx, bookingId, 'no-show-reported', actor, details ? { details } : {});
  });
  return NO_SHOW_SENT;
}

async function lockReported(deps: CompletionDeps, bookingId: number) {
  const row = await deps.db
    .selectFrom('bookings')
    .select(['no_show_reported_at', 'no_show_resolved_at'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'Not found.');
  if (!row.no_show_reported_at || row.no_show_resolved_at) {
    throw new HttpError(409, NO_SHOW_NOT_REPORTED);
  }
}

/** What a no-show refund gives back at the providers, before the ledger records it. */
interface ProviderRefund {
  refund: Refund;
  charge: Awaited<ReturnType<typeof chargeOf>>;
  extra: Awaited<ReturnType<typeof refundExtraCharge>>;
}

/**
 * The invitee did not show up: nothing of the fee is the booker's to bear. Transfers already made
 * come back first (each reversal answers the same when repeated), then the card in full, and a
 * pitch's extra payment with it (decision 115).
 */
async function refundAtProviders(deps: CompletionDeps, bookingId: number): Promise<ProviderRefund> {
  const refund = refundOf(await paidForBooking(deps.db, bookingId), { keepFee: false });
  const charge = await chargeOf(deps.db, bookingId);
  const extra = await refundExtraCharge(deps.db, deps.payments, bookingId, { keepFee: false });
  for (const row of await payoutsOf(deps.db, bookingId)) {
    if (row.status === 'paid' && row.provider_reference && deps.payouts) {
      await deps.payouts.reverseTransfer(row.provider_reference);
    }
  }
  if (charge?.provider_reference && refund.card > 0) {
    await deps.payments.refundCharge(charge.provider_reference, refund.card);
  }
  return { refund, charge, extra };
}

/** Inside the resolution's transaction: the refunds recorded, payouts and fee void, credit back. */
async function recordNoShowRefund(
  trx: Transaction<Database>,
  booking: { id: number; initiator: ProfileSide; store_credit_amount: number },
  bookerId: number | null,
  { refund, charge, extra }: ProviderRefund,
  admin: BookingActor,
  now: Date,
): Promise<void> {
  const bookingId = booking.id;
  const side = booking.initiator;
  if (charge?.provider_reference) {
    const refunded = { ...charge, provider_reference: charge.provider_reference };
    await recordRefund(trx, {
      bookingId,
      side,
      charge: refunded,
      amount: refund.card,
      actor: admin,
      now,
    });
  }
  await endExtraPayment(trx, { bookingId, side, refund: extra, actor: admin, now });
  await voidPayouts(trx, bookingId);
  await voidServiceFee(trx, bookingId);
  if (bookerId !== null && booking.store_credit_amount > 0) {
    await returnStoreCredit(trx, {
      bookerId,
      bookingId,
      actor: admin,
      reason: `Booking #${bookingId} no-show: credit returned`,
      now,
    });
  }
}

/** Support's decision (a site admin): the booker refunded in full, or the payouts released. */
export async function resolveNoShow(
  deps: CompletionDeps,
  bookingId: number,
  admin: BookingActor,
  outcome: NoShowOutcome,
): Promise<void> {
  const now = clockOf(deps);
  await lockReported(deps, bookingId);
  const refunded = outcome === 'refunded' ? await refundAtProviders(deps, bookingId) : null;
  await transactionRetried(deps.db, async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    const row = await trx
      .selectFrom('bookings')
      .select(['no_show_resolved_at', 'booker_user_id'])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    if (row.no_show_resolved_at) throw new HttpError(409, NO_SHOW_NOT_REPORTED);
    const update = { no_show_outcome: outcome, no_show_resolved_at: now, updated_at: now };
    if (refunded) {
      await recordNoShowRefund(trx, booking, row.booker_user_id, refunded, admin, now);
    }
    const cardBack = refunded?.charge?.provider_reference && refunded.refund.card > 0;
    await trx
      .updateTable('bookings')
      .set(cardBack ? { ...update, payment_status: 'refunded' } : update)
      .where('id', '=', bookingId)
      .execute();
    await recordActivity(trx, bookingId, 'no-show-resolved', admin, {
      outcome,
      ...(refunded ? { refund: refunded.refund.card } : {}),
    });
  });
  if (!refunded) await releaseQuietly(deps, bookingId);
}
