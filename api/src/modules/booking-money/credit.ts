// Store credit (decision 101): a ledger of grants (+cents, expiring 90 days after the grant) and
// uses (−cents, by a booking). Nothing is stored as a balance: it is computed here, from the
// entries ledger.ts reads (the one reader and writer of store_credit_entries).
//
// FIFO by expiry: replaying the ledger in time order, each use consumes the grants that were
// still unexpired at the moment of the use, the soonest to expire first. What remains of the
// grants unexpired now is the available credit. (A plain "unexpired grants − all uses" would
// count a use twice once the grant it consumed has expired.)

export const STORE_CREDIT_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreditEntry {
  amount: number;
  expires_at: Date | null;
  created_at: Date;
}

export interface CreditBalance {
  /** cents usable now */
  available: number;
  /** the soonest expiry among the grants that still hold credit; null with none */
  nextExpiry: Date | null;
}

export function grantExpiry(grantedAt: Date): Date {
  return new Date(grantedAt.getTime() + STORE_CREDIT_DAYS * DAY_MS);
}

/** What one use took from one grant: `grant` is the grant's index in the replayed entries. */
export interface CreditTaken {
  grant: number;
  amount: number;
}

/**
 * The FIFO replay: for each grant what is left of it, and for each use (by its index in
 * `entries`) what it took from which grants. Entries are replayed in time order, as given.
 */
function replayCredit(entries: readonly CreditEntry[]) {
  const grants: { index: number; left: number; expires: Date }[] = [];
  const taken = new Map<number, CreditTaken[]>();
  entries.forEach((entry, index) => {
    if (entry.amount > 0 && entry.expires_at) {
      grants.push({ index, left: entry.amount, expires: entry.expires_at });
      return;
    }
    let use = -entry.amount;
    const live = grants
      .filter((grant) => grant.left > 0 && grant.expires > entry.created_at)
      .sort((a, b) => a.expires.getTime() - b.expires.getTime());
    const parts: CreditTaken[] = [];
    for (const grant of live) {
      if (use === 0) break;
      const amount = Math.min(grant.left, use);
      grant.left -= amount;
      use -= amount;
      parts.push({ grant: grant.index, amount });
    }
    taken.set(index, parts);
  });
  return { grants, taken };
}

const inTimeOrder = <T extends CreditEntry>(entries: readonly T[]): T[] =>
  [...entries].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());

export function creditBalance(entries: readonly CreditEntry[], now: Date): CreditBalance {
  const { grants } = replayCredit(inTimeOrder(entries));
  const remaining = grants.filter((grant) => grant.left > 0 && grant.expires > now);
  const available = remaining.reduce((sum, grant) => sum + grant.left, 0);
  const nextExpiry = remaining.reduce<Date | null>(
    (soonest, grant) => (soonest === null || grant.expires < soonest ? grant.expires : soonest),
    null,
  );
  return { available, nextExpiry };
}

type StoredEntry = CreditEntry & { id: number };

/**
 * The grants a stored use (store_credit_entries.id `useId`) consumed, with the cents it took
 * from each and each grant's own expiry: what a cancel gives back, so returned credit keeps the
 * expiry it had (issue 28: a fresh 90 days would let credit live forever by booking and
 * canceling). Empty when `useId` is no use of these entries.
 */
export function grantsConsumedBy(
  entries: readonly StoredEntry[],
  useId: number,
): { grantId: number; amount: number; expires_at: Date }[] {
  const ordered = inTimeOrder(entries);
  const useIndex = ordered.findIndex((entry) => entry.id === useId);
  if (useIndex < 0 || (ordered[useIndex]?.amount ?? 0) >= 0) return [];
  const { taken } = replayCredit(ordered);
  return (taken.get(useIndex) ?? []).map((part) => {
    const grant = ordered[part.grant] as StoredEntry;
    return { grantId: grant.id, amount: part.amount, expires_at: grant.expires_at as Date };
  });
}

/** Whole days from `now` until `expiry` (rounded up), 0 once passed. */
export function daysUntil(expiry: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS));
}
