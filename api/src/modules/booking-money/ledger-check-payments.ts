import { sql } from 'kysely';
import type { LedgerViolation, Reader } from './ledger-check';

// The ledger check's payment-state rule (ledger-check.ts): the provider's record of the card
// charge, bookings.payment_status and the booking's status agree.

/** What a booking's status says its card payment must be, at every party that records it. */
const PAYMENT_STATES = [
  // pending: held on the card
  { payment: 'authorized', provider: 'requires_capture', ledger: 'pending' },
  // accepted, scheduled, completed: captured
  { payment: 'paid', provider: 'succeeded', ledger: 'paid' },
  // canceled after acceptance, or a no-show refunded: captured, then refunded (a paid refund row
  // beside it), less the service fee when it was kept (the booker's own cancel; decision 116)
  { payment: 'refunded', provider: 'refunded', ledger: 'paid' },
  // canceled before acceptance, rejected, expired: the hold released
  { payment: 'void', provider: 'canceled', ledger: 'void' },
] as const;

interface ChargedRow {
  booking_id: number;
  user_id: number | null;
  status: string;
  payment_status: string;
  ledger_status: string;
  amount: number;
  provider: string;
  provider_status: string | null;
  provider_amount: number | null;
  refunded: number;
  /** the charge less the service fee kept (a paid service_fee row; a void one keeps nothing) */
  refundable: number;
  want_payment: string;
  want_provider: string;
  want_ledger: string;
}

/**
 * Provider charge = payment status = booking state, for each booking whose card was charged
 * (a `charge` row with a provider reference). The PaymentProvider interface has no read, so the
 * LOCAL provider's own table (`local_charges`) is read; a Stripe charge cannot be read offline
 * (or without calling Stripe for every booking), so its provider side is skipped and only
 * the booking's own columns are compared. A booking with no charge at all has payment 'none'.
 */
export async function paymentStateViolations(db: Reader): Promise<LedgerViolation[]> {
  const states = sql.join(
    PAYMENT_STATES.map(
      (state) => sql`(${state.payment}::text, ${state.provider}::text, ${state.ledger}::text)`,
    ),
  );
  const { rows } = await sql<ChargedRow>`
    with refunds as (
      select booking_id, sum(amount)::int as refunded
      from booking_payments
      where kind = 'refund' and status = 'paid'
        and coalesce(provider_reference, '') not in (select x.provider_reference -- 115: the extra's
          from booking_payments x where x.kind = 'extra_fee' and x.provider_reference is not null)
      group by booking_id
    ),
    kept as (
      select booking_id, sum(amount)::int as fee
      from booking_payments
      where kind = 'service_fee' and status = 'paid'
      group by booking_id
    ),
    charged as (
      select b.id as booking_id, b.booker_user_id as user_id, b.status, b.payment_status,
             p.status as ledger_status, p.amount, p.provider,
             c.status as provider_status, c.amount as provider_amount,
             c.refunded_amount as provider_refunded,
             coalesce(r.refunded, 0) as refunded,
             -- what goes back: the charge less the service fee kept, the paid fee rows alone
             -- (decision 116: void when the invitee canceled or a no-show was refunded)
             p.amount - least(p.amount, coalesce(k.fee, 0)) as refundable,
             case
               when b.status = 'pending' then 'authorized'
               when (b.status = 'canceled' and b.accepted_at is not null)
                    or b.no_show_outcome = 'refunded'
                 then case when p.amount > coalesce(k.fee, 0) then 'refunded' else 'paid' end
               when b.status in ('accepted', 'scheduled', 'completed') then 'paid'
               else 'void'
             end as want
      from booking_payments p
      join bookings b on b.id = p.booking_id
      left join local_charges c on p.provider = 'local' and c.id = p.provider_reference
      left join refunds r on r.booking_id = b.id
      left join kept k on k.booking_id = b.id
      where p.kind = 'charge' and p.provider_reference is not null
    )
    select s.booking_id, s.user_id, s.status, s.payment_status, s.ledger_status, s.amount,
           s.provider, s.provider_status, s.provider_amount, s.refunded, s.refundable,
           w.payment as want_payment, w.provider as want_provider, w.ledger as want_ledger
    from charged s
    join (values ${states}) as w (payment, provider, ledger) on w.payment = s.want
    where s.payment_status <> w.payment
       or s.ledger_status <> w.ledger
       or s.refunded <> case when w.payment = 'refunded' then s.refundable else 0 end
       or (s.provider = 'local' and (s.provider_status is distinct from w.provider
                                     or s.provider_amount is distinct from s.amount
                                     or s.provider_refunded is distinct from
                                        case when w.payment = 'refunded' then s.refunded end))
    order by s.booking_id
  `.execute(db);
  return [...rows.map(describeCharged), ...(await unchargedViolations(db))];
}

/** A booking whose payment status says it was charged, without any charge row. */
async function unchargedViolations(db: Reader): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const uncharged = await db
    .selectFrom('bookings as b')
    .select(['b.id', 'b.booker_user_id', 'b.status', 'b.payment_status'])
    .where('b.payment_status', '<>', 'none')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('booking_payments as p')
            .select('p.id')
            .whereRef('p.booking_id', '=', 'b.id')
            .where('p.kind', '=', 'charge'),
        ),
      ),
    )
    .orderBy('b.id')
    .execute();
  for (const row of uncharged) {
    violations.push({
      rule: 'payment-state',
      booking_id: row.id,
      user_id: row.booker_user_id,
      expected: `${row.status}: payment_status none (no card charge)`,
      actual: `${row.status}: payment_status ${row.payment_status} without a charge row`,
    });
  }
  return violations;
}

function describeState(
  status: string,
  state: { payment: string; ledger: string; refunded: number; provider: string },
): string {
  return (
    `${status}: payment_status ${state.payment}, provider ${state.provider}, ` +
    `charge row ${state.ledger}, refunded ${state.refunded}`
  );
}

/** A charged booking's row from the query above as the violation it is. */
function describeCharged(row: ChargedRow): LedgerViolation {
  return {
    rule: 'payment-state',
    booking_id: row.booking_id,
    user_id: row.user_id,
    expected: describeState(row.status, {
      payment: row.want_payment,
      ledger: row.want_ledger,
      refunded: row.want_payment === 'refunded' ? row.refundable : 0,
      provider:
        row.provider === 'local' ? `${row.want_provider} of ${row.amount}` : 'not read (Stripe)',
    }),
    actual: describeState(row.status, {
      payment: row.payment_status,
      ledger: row.ledger_status,
      refunded: row.refunded,
      provider:
        row.provider !== 'local'
          ? 'not read (Stripe)'
          : row.provider_status === null
            ? 'no such charge'
            : `${row.provider_status} of ${row.provider_amount}`,
    }),
  };
}
