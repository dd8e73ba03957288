import { sql } from 'kysely';
import { creditBalance, type CreditEntry } from './credit';
import type { LedgerViolation, Reader } from './ledger-check';

// The ledger check's settlement and store-credit rules (ledger-check.ts).

const ENDED_STATUSES = ['canceled', 'expired', 'completed'] as const;

/**
 * An ended booking's money has settled: every ledger row is paid or void, none pending, except
 * a completed booking's payouts owed to a named payee who has no payout account yet.
 */
export async function pendingOnEndedViolations(db: Reader): Promise<LedgerViolation[]> {
  const rows = await db
    .selectFrom('booking_payments as p')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .select([
      'b.id',
      'b.booker_user_id',
      'b.status',
      'b.cancel_kind',
      sql<string>`string_agg(p.kind, ', ' order by p.id)`.as('kinds'),
    ])
    .where('p.status', '=', 'pending')
    .where('b.status', 'in', ENDED_STATUSES)
    // owed by a completed booking, waiting for its payee's payout account (decision 116)
    .where((eb) =>
      eb.not(
        eb.and([
          eb('b.status', '=', 'completed'),
          eb('p.kind', 'in', ['payout', 'referral_share']),
          eb('p.payee_user_id', 'is not', null),
        ]),
      ),
    )
    .groupBy(['b.id', 'b.booker_user_id', 'b.status', 'b.cancel_kind'])
    .orderBy('b.id')
    .execute();
  return rows.map((row) => {
    const status = row.cancel_kind === 'rejected' ? 'rejected' : row.status;
    return {
      rule: 'pending-on-ended',
      booking_id: row.id,
      user_id: row.booker_user_id,
      expected: `${status}: no pending ledger row`,
      actual: `${status}: pending ${row.kinds}`,
    };
  });
}

type StoredEntry = CreditEntry & { id: number; user_id: number; booking_id: number | null };

/**
 * The users with a use of credit that may not have been covered, found set-based so the exact
 * replay below runs for them alone. Before a use, the replay has left at least: the grants live
 * at its moment (before it, unexpired then) less the earlier uses that could have drawn on them,
 * i.e. those made since the first of those grants (an earlier use took from grants that existed
 * then, and grants expired by now went first, being the soonest to expire). Where even that
 * covers the use, it is covered.
 */
const doubtfulUsers = sql`
  select u.user_id
  from store_credit_entries u
  cross join lateral (
    select coalesce(sum(g.amount), 0) as total, min(g.created_at) as first_at
    from store_credit_entries g
    where g.user_id = u.user_id and g.amount > 0 and g.expires_at > u.created_at
      and (g.created_at, g.id) < (u.created_at, u.id)
  ) live
  cross join lateral (
    select coalesce(sum(-e.amount), 0) as total
    from store_credit_entries e
    where e.user_id = u.user_id and e.amount < 0 and e.created_at >= live.first_at
      and (e.created_at, e.id) < (u.created_at, u.id)
  ) earlier
  where u.amount < 0 and -u.amount > live.total - earlier.total
`;

/**
 * The credit rules, in credit.ts's replay order (time, then id), for the users whose uses the
 * filter above could not clear (the others' uses are covered and their balance is what the
 * replay leaves, never below 0). A use is covered when the balance just before it, at its moment
 * (creditBalance of the entries before it: the grants then unexpired, less what earlier uses
 * took, soonest expiry first), is at least the use. The balance GET /balance shows is the same
 * creditBalance (through creditBalanceOf) over all of the user's entries; it never goes below 0
 * by itself (an uncovered use simply takes nothing), so what the uses could not take is counted
 * against it here: shown credit minus that debt must be >= 0.
 */
export async function creditViolations(db: Reader, now: Date): Promise<LedgerViolation[]> {
  const { rows: entries } = await sql<StoredEntry>`
    select id, user_id, booking_id, amount, expires_at, created_at
    from store_credit_entries
    where user_id in (${doubtfulUsers})
    order by user_id, created_at, id
  `.execute(db);
  const byUser = new Map<number, StoredEntry[]>();
  for (const entry of entries) {
    const list = byUser.get(entry.user_id) ?? [];
    list.push(entry);
    byUser.set(entry.user_id, list);
  }

  const violations: LedgerViolation[] = [];
  for (const [userId, list] of byUser) {
    let debt = 0;
    list.forEach((entry, index) => {
      if (entry.amount >= 0) return;
      const live = creditBalance(list.slice(0, index), entry.created_at).available;
      const short = Math.max(0, -entry.amount - live);
      if (short === 0) return;
      debt += short;
      violations.push({
        rule: 'credit-use-covered',
        booking_id: entry.booking_id,
        user_id: userId,
        expected: `a use of ${-entry.amount} at ${entry.created_at.toISOString()} covered by live grants`,
        actual: `${live} of live grants then: ${short} uncovered (store_credit_entries #${entry.id})`,
      });
    });
    const shown = creditBalance(list, now).available;
    if (shown - debt < 0) {
      violations.push({
        rule: 'balance',
        booking_id: null,
        user_id: userId,
        expected: 'available balance >= 0',
        actual: `${shown - debt}: ${shown} shown by GET /balance, ${debt} spent beyond the grants`,
      });
    }
  }
  return violations;
}
