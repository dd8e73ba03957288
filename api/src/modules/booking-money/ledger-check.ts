import type { Kysely } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { cardPlusCreditViolations, feePlusPayoutViolations } from './ledger-check-amounts';
import { creditViolations, pendingOnEndedViolations } from './ledger-check-credit';
import { extraPaymentViolations } from './ledger-check-extra';
import { paymentStateViolations } from './ledger-check-payments';
import { payoutViolations } from './ledger-check-payouts';

// The standing money check (issue 28 §5): the invariants the booking ledger must keep, checked
// on the whole database at once. Each rule is one set-based query that returns only the rows
// breaking it (the credit replay is the exception: it needs credit.ts's FIFO order, per user).
// All queries read one snapshot, so a booking cannot change between two rules. A booking whose
// money is moving right now can still show for an instant: the provider call comes first, then
// the booking's transaction (decision 103); a violation that outlives a re-run is real.

export const LEDGER_RULES = [
  /** the provider's record of the card charge, bookings.payment_status and the status agree */
  'payment-state',
  /** the card charge plus the store credit used is the booking's price */
  'card-plus-credit',
  /** the service fee plus the payout is the booking's value, as priceBooking splits it */
  'fee-plus-payout',
  /** an ended booking (canceled, rejected, expired, completed) has no pending ledger row */
  'pending-on-ended',
  /** each use of store credit was covered by grants unexpired when it was made */
  'credit-use-covered',
  /** the credit balance GET /balance shows is not hiding a debt */
  'balance',
  /** a pitch's extra payment: the booking's record of it, its ledger row and the provider agree */
  'extra-payment',
  /** kept fees and payouts after acceptance, and LOCAL transfers (decision 116) */
  'payout-state',
] as const;

export type LedgerRule = (typeof LEDGER_RULES)[number];

export interface LedgerViolation {
  rule: LedgerRule;
  booking_id: number | null;
  /** the booker for a booking's rules, the credit's owner for the credit rules */
  user_id: number | null;
  expected: string;
  actual: string;
}

export type Reader = Kysely<Database>;

/** What a booking's status says its card payment must be, at every party that records it. */
/**
 * Every ledger invariant on the whole database; empty when all hold. Reads one snapshot
 * (a read-only repeatable-read transaction) unless given a transaction already.
 */
export async function checkLedger(
  db: DB,
  { now = new Date() }: { now?: Date } = {},
): Promise<LedgerViolation[]> {
  const run = async (reader: Reader) => [
    ...(await paymentStateViolations(reader)),
    ...(await payoutViolations(reader)),
    ...(await cardPlusCreditViolations(reader)),
    ...(await feePlusPayoutViolations(reader)),
    ...(await pendingOnEndedViolations(reader)),
    ...(await creditViolations(reader, now)),
    ...(await extraPaymentViolations(reader)),
  ];
  if (db.isTransaction) return run(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(run);
}
