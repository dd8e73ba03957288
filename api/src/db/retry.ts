import { setTimeout as sleep } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import type { DB } from './database';
import type { Database } from './schema';

// A transaction that PostgreSQL gave up (decision 124): the loser of a deadlock (40P01) or of a
// serialization conflict (40001) is rolled back whole, and running it again is what PostgreSQL
// asks for. Used where a transaction records money that has already moved at a provider
// (bookings/, booking-money/): failing there would leave the provider and the ledger apart.
// On PGlite (one connection) neither happens.

/** deadlock_detected, serialization_failure */
const TRIED_AGAIN = new Set(['40P01', '40001']);

/** Whether PostgreSQL rolled the transaction back for a conflict that a new try may not meet. */
export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRIED_AGAIN.has(code);
}

export interface RetryOptions {
  /** tries in all, the first included */
  attempts?: number;
  /** the pause before the second try, in ms; it grows with each try, with jitter */
  pauseMs?: number;
}

/**
 * Runs `work` in a transaction, and again in a new one (up to `attempts` in all) when PostgreSQL
 * rolled it back for a deadlock or a serialization failure. `work` must read what it decides
 * on inside the transaction (under its row locks), as every booking transaction does: a new
 * try sees what the winner committed. Any other error, or the last try's, is thrown.
 */
export async function transactionRetried<T>(
  db: DB,
  work: (trx: Transaction<Database>) => Promise<T>,
  { attempts = 5, pauseMs = 15 }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      // Apart, so that the two losers of one cycle do not meet again at once.
      await sleep(pauseMs * attempt * (0.5 + Math.random()));
    }
  }
}
