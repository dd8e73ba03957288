import { sql } from 'kysely';
import type { LedgerViolation, Reader } from './ledger-check';

// The ledger check's payout rule (ledger-check.ts, decision 116 and its 2026-11-28 amendment):
// after acceptance the service fee is kept when the booking is completed or the booker canceled
// it, and void when the invitee's side (or the system) canceled it or a no-show was refunded (the
// booker refunded in full); a completed booking owes its payouts (paid, or pending for a named
// payee) unless a no-show was refunded; a canceled one owes none; and every LOCAL transfer is the
// one transfer of the ledger row it is keyed by, of the same amount, reversed exactly when the
// row was voided. (A Stripe transfer cannot be read offline: its rows are checked alone.)

/** What each state of the query below expects. */
const EXPECTED = {
  completed: 'completed: service_fee paid; each payout paid or pending, to a payee',
  kept: 'canceled by the booker after acceptance: service_fee paid (kept); payouts void',
  refunded:
    'canceled by the invitee or the system after acceptance, or a no-show refunded: ' +
    'service_fee void (the booker refunded in full); payouts void',
  transfer: 'a LOCAL transfer named by its ledger row, of its amount, reversed only when void',
} as const;

interface PayoutRow {
  booking_id: number;
  user_id: number | null;
  state: keyof typeof EXPECTED;
  problem: string;
}

/** Each booking (or transfer) breaking the payout rule, with what is wrong. */
export async function payoutViolations(db: Reader): Promise<LedgerViolation[]> {
  const { rows } = await sql<PayoutRow>`
    with accepted as (
      select b.id, b.booker_user_id, b.status, b.no_show_outcome,
             case when b.status = 'completed' and b.no_show_outcome is distinct from 'refunded'
                    then 'completed'
                  -- the booker's own cancel keeps the fee
                  when b.status = 'canceled' and b.canceled_by = b.initiator then 'kept'
                  -- the invitee's side or the system canceled, or a no-show refunded
                  else 'refunded' end as state
      from bookings b
      where b.accepted_at is not null and b.status in ('completed', 'canceled')
    ),
    problems as (
      select a.id as booking_id, a.booker_user_id as user_id, a.state,
             'service_fee ' || p.status as problem
      from accepted a join booking_payments p on p.booking_id = a.id
      where p.kind = 'service_fee'
        and p.status <> case when a.state = 'refunded' then 'void' else 'paid' end
      union all
      select a.id, a.booker_user_id, a.state,
             p.kind || ' ' || p.status || coalesce(' to ' || p.payee_user_id, ' to nobody')
      from accepted a join booking_payments p on p.booking_id = a.id
      where p.kind = 'payout'
        and case when a.state = 'completed'
                 then p.status = 'void' or (p.status = 'pending' and p.payee_user_id is null)
                 else p.status <> 'void' end
      union all
      select p.booking_id, null, 'transfer',
             'transfer ' || t.id || ' of ' || t.amount || coalesce(' reversed', '') ||
             ' for a ' || p.status || ' row of ' || p.amount ||
             coalesce(' naming ' || p.provider_reference, ' naming none')
      from local_transfers t
      join booking_payments p on 'payout:' || p.id = t.idempotency_key
      where p.provider_reference is distinct from t.id
         or t.amount <> p.amount
         or (t.reversed_at is not null) <> (p.status = 'void')
    )
    select * from problems order by booking_id, problem
  `.execute(db);
  return rows.map((row) => ({
    rule: 'payout-state',
    booking_id: row.booking_id,
    user_id: row.user_id,
    expected: EXPECTED[row.state],
    actual: row.problem,
  }));
}
