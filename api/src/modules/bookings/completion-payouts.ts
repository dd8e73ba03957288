import type { DB } from '../../db/database';
import { transactionRetried } from '../../db/retry';
import { markPayoutReleased, owedPayouts, type OwedPayout } from '../booking-money/ledger';
import type { PayoutProvider } from '../payouts/provider';
import { recordActivity } from './lifecycle';

// Releasing what a completed booking owes (decision 116): each pending payout or referral share
// becomes a transfer to its payee's connected account, exactly once whatever the number of API
// processes. The transfer's idempotency key is the ledger row ('payout:{id}'): two processes
// releasing the same row get the same transfer from the provider, and the row turns paid in a
// transaction holding the booking's row lock, only while it is still pending. A payee without a
// payout account that can receive transfers keeps it pending and is told once; the sweep (and
// their next look at the payout settings) releases it when they can.

export interface PayoutDeps {
  db: DB;
  payouts: PayoutProvider | null;
  now?: () => Date;
}

/** Which payouts to release: a booking's, a payee's, or (the sweep) any payee set up. */
export interface PayoutFilter {
  bookingId?: number;
  payeeUserId?: number;
  limit?: number;
}

/** The payee's connected account when it can receive transfers now; null otherwise. */
async function receivingAccount(deps: PayoutDeps, userId: number): Promise<string | null> {
  if (!deps.payouts) return null;
  const record = await deps.db
    .selectFrom('payout_accounts')
    .select(['account_id', 'provider'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!record || record.provider !== deps.payouts.name) return null;
  const state = await deps.payouts.retrieveAccount(record.account_id);
  return state?.charges_enabled ? record.account_id : null;
}

/** The invitee is told once that their payout waits for their payout account. */
async function tellPayoutPending(deps: PayoutDeps, row: OwedPayout): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('bookings')
      .select('id')
      .where('id', '=', row.booking_id)
      .forNoKeyUpdate()
      .execute();
    const told = await trx
      .selectFrom('booking_activities')
      .select('id')
      .where('booking_id', '=', row.booking_id)
      .where('type', '=', 'payout-pending')
      .executeTakeFirst();
    if (told) return;
    await recordActivity(
      trx,
      row.booking_id,
      'payout-pending',
      { side: 'system', userId: null },
      { amount: row.amount },
    );
  });
}

const describe = (row: OwedPayout) =>
  `Guestspot booking #${row.booking_id}: ${row.kind === 'payout' ? 'payout' : 'referral share'}`;

/** One row: transferred (true), or left pending for its payee to set up payouts (false). */
async function releaseOne(deps: PayoutDeps, row: OwedPayout, now: Date): Promise<boolean> {
  const accountId = await receivingAccount(deps, row.payee_user_id);
  if (!accountId || !deps.payouts) {
    if (row.kind === 'payout') await tellPayoutPending(deps, row);
    return false;
  }
  const provider = deps.payouts.name;
  const reference = await deps.payouts.transfer({
    accountId,
    amount: row.amount,
    currency: 'usd',
    idempotencyKey: `payout:${row.id}`,
    description: describe(row),
  });
  await transactionRetried(deps.db, async (trx) => {
    await trx
      .selectFrom('bookings')
      .select('id')
      .where('id', '=', row.booking_id)
      .forNoKeyUpdate()
      .execute();
    const released = await markPayoutReleased(trx, row.id, { provider, reference, now });
    if (released && row.kind === 'payout') {
      await recordActivity(
        trx,
        row.booking_id,
        'payout-released',
        { side: 'system', userId: null },
        { amount: row.amount },
      );
    }
  });
  return true;
}

/**
 * Releases the owed payouts the filter names; answers how many were transferred and how many
 * wait for their payee. A provider failure stops the call (the rest wait for the next run).
 */
export async function releasePayouts(
  deps: PayoutDeps,
  filter: PayoutFilter = {},
): Promise<{ released: number; waiting: number }> {
  const now = (deps.now ?? (() => new Date()))();
  const owed = await owedPayouts(deps.db, filter);
  let released = 0;
  for (const row of owed) if (await releaseOne(deps, row, now)) released += 1;
  return { released, waiting: owed.length - released };
}
