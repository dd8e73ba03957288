import { sql, type RawBuilder } from 'kysely';
import type { LedgerViolation, Reader } from './ledger-check';
import {
  MINIMUM_CARD_CHARGE,
  percentOf,
  REFERRAL_SHARE_PERCENT,
  SERVICE_FEE_PERCENT,
} from './pricing';

// The ledger check's amount rules (ledger-check.ts): card + credit = price, fee + payout = value.

/**
 * Card + credit = price: the charge rows plus the store_credit rows are bookings.price (=
 * full_booking_fee, what the booking costs the booker); the credit is store_credit_amount in the
 * ledger and in the credit ledger's use. The card is the rest, raised to the 50-cent minimum
 * when 1-49 cents are left (priceBooking: less credit is used, or a top-up when the whole price
 * is under 50 cents, so either way the card pays 50).
 */
export async function cardPlusCreditViolations(db: Reader): Promise<LedgerViolation[]> {
  const { rows } = await sql<{
    booking_id: number;
    user_id: number | null;
    price: number;
    full_booking_fee: number;
    store_credit_amount: number;
    card: number;
    credit: number;
    credit_used: number;
  }>`
    with money as (
      select booking_id,
             -- a pitch's extra payment by card is part of what the card paid (decision 115)
             coalesce(sum(amount) filter (where kind in ('charge', 'extra_fee')), 0)::int as card,
             coalesce(sum(amount) filter (where kind = 'store_credit'), 0)::int as credit
      from booking_payments
      group by booking_id
    ),
    uses as (
      select booking_id, (-sum(amount))::int as credit_used
      from store_credit_entries
      where amount < 0 and booking_id is not null
      group by booking_id
    ),
    priced as (
      select b.id as booking_id, b.booker_user_id as user_id, b.price, b.full_booking_fee,
             b.store_credit_amount, coalesce(m.card, 0) as card, coalesce(m.credit, 0) as credit,
             coalesce(u.credit_used, 0) as credit_used,
             b.full_booking_fee - b.store_credit_amount as rest
      from bookings b
      left join money m on m.booking_id = b.id
      left join uses u on u.booking_id = b.id
    )
    select booking_id, user_id, price, full_booking_fee, store_credit_amount, card, credit,
           credit_used
    from priced
    where price <> full_booking_fee
       or credit <> store_credit_amount
       or credit_used <> store_credit_amount
       or card <> case when rest between 1 and ${MINIMUM_CARD_CHARGE - 1}
                       then ${MINIMUM_CARD_CHARGE} else rest end
    order by booking_id
  `.execute(db);
  return rows.map((row) => {
    const rest = row.full_booking_fee - row.store_credit_amount;
    const card = rest > 0 && rest < MINIMUM_CARD_CHARGE ? MINIMUM_CARD_CHARGE : rest;
    return {
      rule: 'card-plus-credit',
      booking_id: row.booking_id,
      user_id: row.user_id,
      expected:
        `card ${card} + credit ${row.store_credit_amount} = price ${row.full_booking_fee} ` +
        `(credit used ${row.store_credit_amount})`,
      actual:
        `card ${row.card} + credit ${row.credit} = price ${row.price} ` +
        `(full_booking_fee ${row.full_booking_fee}, credit used ${row.credit_used})`,
    };
  });
}

/** Whole cents of `percent`% of `cents` in SQL, rounded as pricing.ts's percentOf (halves up). */
const percentOfSql = (cents: RawBuilder<unknown>, percent: number) =>
  sql`round((${cents}) * ${percent}::numeric / 100)`;

/**
 * Fee + payout = value, as priceBooking splits it: the value is what the booked profile sells
 * (after the code); the service fee is SERVICE_FEE_PERCENT of it and always the guest's. A show
 * that books a guest pays the value and the guest is paid value − fee; a guest who books a show
 * pays value + fee and the show is paid the value. Either way fee + payout = the price
 * (full_booking_fee). A referral share, when there is one, is REFERRAL_SHARE_PERCENT of the value
 * (paid out of the platform's part, so it is not in the sum). A priced booking without these
 * rows (made before the ledger, migration 032) breaks the rule too: its fee was never recorded.
 */
export async function feePlusPayoutViolations(db: Reader): Promise<LedgerViolation[]> {
  const value = sql`full_booking_fee - case when initiator = 'guest' then fee else 0 end`;
  const { rows } = await sql<{
    booking_id: number;
    user_id: number | null;
    initiator: 'guest' | 'show';
    full_booking_fee: number;
    fee: number;
    payout: number;
    referral: number;
  }>`
    with money as (
      select booking_id,
             coalesce(sum(amount) filter (where kind = 'service_fee'), 0)::int as fee,
             coalesce(sum(amount) filter (where kind = 'payout'), 0)::int as payout,
             coalesce(sum(amount) filter (where kind = 'referral_share'), 0)::int as referral
      from booking_payments
      group by booking_id
    ),
    split as (
      select b.id as booking_id, b.booker_user_id as user_id, b.initiator, b.full_booking_fee,
             coalesce(m.fee, 0) as fee, coalesce(m.payout, 0) as payout,
             coalesce(m.referral, 0) as referral
      from bookings b
      left join money m on m.booking_id = b.id
      where b.full_booking_fee > 0 or m.booking_id is not null
    ),
    wanted as (
      select *, ${value} as value,
             ${percentOfSql(value, SERVICE_FEE_PERCENT)}::int as want_fee,
             ${percentOfSql(value, REFERRAL_SHARE_PERCENT)}::int as want_referral
      from split
    )
    select booking_id, user_id, initiator, full_booking_fee, fee, payout, referral
    from wanted
    where fee <> want_fee
       or payout <> value - case when initiator = 'show' then fee else 0 end
       or fee + payout <> full_booking_fee
       or (referral <> 0 and referral <> want_referral)
    order by booking_id
  `.execute(db);
  return rows.map((row) => {
    const value = valueOf(row.full_booking_fee, row.initiator);
    const fee = percentOf(value, SERVICE_FEE_PERCENT);
    const payout = row.initiator === 'show' ? value - fee : value;
    return {
      rule: 'fee-plus-payout',
      booking_id: row.booking_id,
      user_id: row.user_id,
      expected:
        `service_fee ${fee} + payout ${payout} = ${row.full_booking_fee} ` +
        `(value ${value}, booked by the ${row.initiator}` +
        (row.referral !== 0
          ? `, referral_share ${percentOf(value, REFERRAL_SHARE_PERCENT)})`
          : ')'),
      actual:
        `service_fee ${row.fee} + payout ${row.payout} = ${row.fee + row.payout}` +
        (row.referral !== 0 ? ` (referral_share ${row.referral})` : ''),
    };
  });
}

/**
 * The value priceBooking split into the price `total`: the price itself when a show booked, else
 * the value that, plus its service fee, is the price (the nearest when no value gives it).
 */
function valueOf(total: number, initiator: 'guest' | 'show'): number {
  if (initiator === 'show') return total;
  const guess = Math.round(total / (1 + SERVICE_FEE_PERCENT / 100));
  const exact = [guess, guess - 1, guess + 1].find(
    (value) => value + percentOf(value, SERVICE_FEE_PERCENT) === total,
  );
  return exact ?? guess;
}
