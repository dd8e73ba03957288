import assert from 'node:assert/strict';
import type { DB } from '../db/database';
import { checkLedger } from '../modules/booking-money/ledger-check';

/**
 * Fails, listing every violation, unless the whole database's money balances (issue 28 §5).
 * A booking suite runs it after its tests, before the hook that closes its database:
 * `after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }))`. A failed
 * `after` hook skips the hooks after it, so `onFailure` runs first (the database is still
 * closed, and a PostgreSQL test database still dropped).
 */
export async function assertLedgerBalanced(
  db: DB,
  { onFailure }: { onFailure?: () => Promise<void> } = {},
): Promise<void> {
  const violations = await checkLedger(db);
  if (violations.length === 0) return;
  await onFailure?.();
  assert.fail(
    `the ledger does not balance:\n${violations
      .map(
        (v) =>
          `- ${v.rule} (booking ${v.booking_id ?? '—'}, user ${v.user_id ?? '—'}): ` +
          `expected ${v.expected}; actual ${v.actual}`,
      )
      .join('\n')}`,
  );
}
