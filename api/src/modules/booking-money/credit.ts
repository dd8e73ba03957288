import type { DB } from '../../db/database';

// Store credit (decision 101): a ledger of grants (+cents, expiring 90 days after the grant) and
// uses (−cents, by a booking). Nothing is stored as a balance: it is computed here.
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

export function creditBalance(entries: readonly CreditEntry[], now: Date): CreditBalance {
  const ordered = [...entries].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  const grants: { left: number; expires: Date }[] = [];
  for (const entry of ordered) {
    if (entry.amount > 0 && entry.expires_at) {
      grants.push({ left: entry.amount, expires: entry.expires_at });
      continue;
    }
    let use = -entry.amount;
    const live = grants
      .filter((grant) => grant.left > 0 && grant.expires > entry.created_at)
      .sort((a, b) => a.expires.getTime() - b.expires.getTime());
    for (const grant of live) {
      if (use === 0) break;
      const taken = Math.min(grant.left, use);
      grant.left -= taken;
      use -= taken;
    }
  }
  const remaining = grants.filter((grant) => grant.left > 0 && grant.expires > now);
  const available = remaining.reduce((sum, grant) => sum + grant.left, 0);
  const nextExpiry = remaining.reduce<Date | null>(
    (soonest, grant) => (soonest === null || grant.expires < soonest ? grant.expires : soonest),
    null,
  );
  return { available, nextExpiry };
}

export async function creditBalanceOf(db: DB, userId: number, now: Date): Promise<CreditBalance> {
  const entries = await db
    .selectFrom('store_credit_entries')
    .select(['amount', 'expires_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return creditBalance(entries, now);
}

/** Whole days from `now` until `expiry` (rounded up), 0 once passed. */
export function daysUntil(expiry: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS));
}
