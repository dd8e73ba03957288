import { sql } from 'kysely';
import type { LedgerViolation, Reader } from './ledger-check';

// The ledger check's extra-payment rule (ledger-check.ts, decision 115): a pitch's extra payment
// as the booking records it (bookings.extra_payment_status and extra_fee), its `extra_fee`
// ledger row (the card part) and, for the LOCAL provider, its charge agree.
//
//   none, pending, void  no extra_fee row (nothing was taken; pending while the booking is
//                        accepted, void once it ended unpaid)
//   paid                 the card part (at most extra_fee) paid, captured at the provider, no
//                        refund of it; the booking accepted, scheduled or completed
//   refunded             the same, plus a paid refund of it (less what it carried of the
//                        non-refundable service fee); the booking canceled, or completed and
//                        then refunded after a no-show (which counts as canceled here)

interface ExtraRow {
  booking_id: number;
  user_id: number | null;
  status: string;
  extra_payment_status: string;
  extra_fee: number;
  rows: number;
  card: number;
  card_status: string | null;
  reference: string | null;
  provider: string | null;
  provider_status: string | null;
  provider_amount: number | null;
  refunded: number;
}

const BOOKING_STATES: Record<string, readonly string[]> = {
  pending: ['accepted'],
  paid: ['accepted', 'scheduled', 'completed'],
  refunded: ['canceled'],
  void: ['canceled', 'expired'],
};

/** What the row should look like, or null when it does. */
function problemOf(row: ExtraRow): string | null {
  const state = row.extra_payment_status;
  const allowed = BOOKING_STATES[state];
  if (allowed && !allowed.includes(row.status)) return `a booking ${allowed.join(' or ')}`;
  if (state === 'none' || state === 'pending' || state === 'void') {
    return row.rows === 0 ? null : 'no extra_fee row';
  }
  if (row.rows > 1 || row.card > row.extra_fee)
    return `one card payment of at most ${row.extra_fee}`;
  if (row.rows === 0) return null; // the store credit paid it all
  if (row.card_status !== 'paid' || row.reference === null) return 'the card payment paid';
  // A cancel gives it back less what it carried of the non-refundable fee (decision 116).
  const refunded = state === 'refunded';
  if (row.refunded > (refunded ? row.card : 0))
    return `refunded at most ${refunded ? row.card : 0}`;
  const want = row.refunded > 0 ? 'refunded' : 'succeeded';
  if (
    row.provider === 'local' &&
    (row.provider_status !== want || row.provider_amount !== row.card)
  ) {
    return `provider ${want} of ${row.card}`;
  }
  return null;
}

export async function extraPaymentViolations(db: Reader): Promise<LedgerViolation[]> {
  const { rows } = await sql<ExtraRow>`
    with extra as (
      select p.booking_id, count(*)::int as rows, coalesce(sum(p.amount), 0)::int as card,
             min(p.status) as card_status, min(p.provider_reference) as reference,
             min(p.provider) as provider
      from booking_payments p
      where p.kind = 'extra_fee'
      group by p.booking_id
    ),
    refunds as (
      select r.booking_id, sum(r.amount)::int as refunded
      from booking_payments r
      join booking_payments x on x.booking_id = r.booking_id and x.kind = 'extra_fee'
                             and x.provider_reference = r.provider_reference
      where r.kind = 'refund' and r.status = 'paid'
      group by r.booking_id
    )
    select b.id as booking_id, b.booker_user_id as user_id,
           case when b.no_show_outcome = 'refunded' then 'canceled' else b.status end as status,
           b.extra_payment_status,
           b.extra_fee, coalesce(e.rows, 0) as rows, coalesce(e.card, 0) as card, e.card_status,
           e.reference, e.provider, c.status as provider_status, c.amount as provider_amount,
           coalesce(r.refunded, 0) as refunded
    from bookings b
    left join extra e on e.booking_id = b.id
    left join refunds r on r.booking_id = b.id
    left join local_charges c on e.provider = 'local' and c.id = e.reference
    where b.extra_payment_status <> 'none' or e.booking_id is not null
    order by b.id
  `.execute(db);
  return rows.flatMap((row) => {
    const problem = problemOf(row);
    if (problem === null) return [];
    return [
      {
        rule: 'extra-payment' as const,
        booking_id: row.booking_id,
        user_id: row.user_id,
        expected: `${row.status}, extra ${row.extra_payment_status} (${row.extra_fee}): ${problem}`,
        actual:
          `${row.rows} extra_fee row(s) of ${row.card} (${row.card_status ?? '—'}), ` +
          `refunded ${row.refunded}, provider ${row.provider_status ?? '—'} of ` +
          `${row.provider_amount ?? '—'}`,
      },
    ];
  });
}
