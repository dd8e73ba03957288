import type { NoShowOutcome } from '../../contract';
import { transactionRetried } from '../../db/retry';
import { HttpError } from '../../http/errors';
import {
  chargeOf,
  paidForBooking,
  payoutsOf,
  recordRefund,
  refundOf,
  returnStoreCredit,
  voidPayouts,
} from '../booking-money/ledger';
import { BOOKING_ACTION_RULES, type SideActor } from './action-rules';
import { lockedBooking, refuse } from './actions';
import { releaseQuietly, type CompletionDeps } from './completion';
import { recordActivity, type BookingActor } from './lifecycle';

// Report No-Show (booking-management… §4, decision 116). The initiator of a completed booking
// whose date the invitee confirmed says the invitee did not show up, within the terms' 30-day
// refund guarantee. The report holds whatever the invitee is still owed (the release skips the
// booking, completion-payouts.ts) and asks support, who decides: refunded (the booker gets what
// they paid back less the non-refundable service fee, as a cancel; the payouts are void, and
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

/** Support's decision (a site admin): the booker refunded, or the payouts released. */
export async function resolveNoShow(
  deps: CompletionDeps,
  bookingId: number,
  admin: BookingActor,
  outcome: NoShowOutcome,
): Promise<void> {
  const now = clockOf(deps);
  await lockReported(deps, bookingId);
  const refunding = outcome === 'refunded';
  const refund = refundOf(await paidForBooking(deps.db, bookingId));
  const charge = await chargeOf(deps.db, bookingId);
  if (refunding) {
    // Transfers already made come back first; each reversal answers the same when repeated.
    for (const row of await payoutsOf(deps.db, bookingId)) {
      if (row.status === 'paid' && row.provider_reference && deps.payouts) {
        await deps.payouts.reverseTransfer(row.provider_reference);
      }
    }
    if (charge?.provider_reference && refund.card > 0) {
      await deps.payments.refundCharge(charge.provider_reference, refund.card);
    }
  }
  await transactionRetried(deps.db, async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    const row = await trx
      .selectFrom('bookings')
      .select(['no_show_resolved_at', 'booker_user_id'])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    if (row.no_show_resolved_at) throw new HttpError(409, NO_SHOW_NOT_REPORTED);
    const update = { no_show_outcome: outcome, no_show_resolved_at: now, updated_at: now };
    if (refunding) {
      if (charge?.provider_reference) {
        const refunded = { ...charge, provider_reference: charge.provider_reference };
        const side = booking.initiator;
        await recordRefund(trx, {
          bookingId,
          side,
          charge: refunded,
          amount: refund.card,
          actor: admin,
          now,
        });
      }
      await voidPayouts(trx, bookingId);
      if (row.booker_user_id !== null && booking.store_credit_amount > 0) {
        await returnStoreCredit(trx, {
          bookerId: row.booker_user_id,
          bookingId,
          actor: admin,
          reason: `Booking #${bookingId} no-show: credit returned`,
          now,
          keep: refund.creditKept,
        });
      }
      const paymentStatus = charge?.provider_reference && refund.card > 0 ? 'refunded' : undefined;
      await trx
        .updateTable('bookings')
        .set(paymentStatus ? { ...update, payment_status: paymentStatus } : update)
        .where('id', '=', bookingId)
        .execute();
    } else {
      await trx.updateTable('bookings').set(update).where('id', '=', bookingId).execute();
    }
    await recordActivity(trx, bookingId, 'no-show-resolved', admin, {
      outcome,
      ...(refunding ? { refund: refund.card } : {}),
    });
  });
  if (!refunding) await releaseQuietly(deps, bookingId);
}
