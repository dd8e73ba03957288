import { sql, type RawBuilder } from 'kysely';
import type { Transaction } from 'kysely';
import type { Balance, PaymentKind, PaymentSort, PaymentType } from '../../contract';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { creditBalance, daysUntil, STORE_CREDIT_DAYS, type CreditBalance } from './credit';

// The ledger read from a person's side (decision 119; part of the one home of booking_payments,
// ledger.ts re-exports it and ledger-home.test.ts counts it): the payments page's month, a paid
// payment's receipt, and the earnings in GET /balance. Whose money a row is, is the row's
// `owner_user_id`, named by migration 049's trigger; the service fee has none (the platform's
// part, already inside the booker's charge or out of the guest's payout), void rows never moved
// money; and the store credit's balance. Incoming: payouts, referral shares, refunds; outgoing: card charges, extra fees, store
// credit used.

/** A payment's date: when it was paid, or asked for while pending (migration 049's index). */
const PAYMENT_DATE = sql<Date>`coalesce(p.paid_at, p.created_at)`;

const TYPE = sql<PaymentType>`case when p.kind in ('payout', 'referral_share', 'refund')
  then 'incoming' else 'outgoing' end`;

/** To/from: who paid the user (the booker's profile) or whom the user paid (the booked one). */
const NAME = sql<string>`case when (p.kind in ('payout', 'referral_share')) = (b.initiator = 'guest')
  then g.name else s.name end`;

/** The columns of a payment as the page and the receipt read it. */
function paymentColumns(): RawBuilder<unknown> {
  return sql`p.id, p.kind, p.amount, p.status, p.booking_id, p.provider_reference,
    ${PAYMENT_DATE} as payment_date, ${TYPE} as type, ${NAME} as name`;
}

const FROM = sql`booking_payments p
  join bookings b on b.id = p.booking_id
  join guest_profiles g on g.id = b.guest_profile_id
  join show_profiles s on s.id = b.show_profile_id`;

export interface LedgerPayment {
  id: number;
  kind: PaymentKind;
  amount: number;
  status: 'paid' | 'pending';
  booking_id: number;
  provider_reference: string | null;
  payment_date: Date;
  type: PaymentType;
  name: string;
}

export interface PaymentsMonthRequest {
  userId: number;
  /** the month's instants [from, to) in the user's zone */
  from: Date;
  to: Date;
  /** a name (ILIKE pattern, escaped) and/or an order number */
  search: { like: string; bookingId: number | null } | null;
  type: PaymentType | null;
  sort: PaymentSort;
  limit: number;
  offset: number;
}

export interface PaymentsMonth {
  rows: LedgerPayment[];
  /** rows matching the search and type */
  total: number;
  /** the month's paid money in and out, whatever the search and type */
  received: number;
  paid: number;
}

function orderOf(sort: PaymentSort, alias: string): RawBuilder<unknown> {
  const descending = sort.startsWith('-');
  const column = sql.ref(
    `${alias}.${sort.replace(/^-/, '') === 'raw_price' ? 'amount' : sort.replace(/^-/, '')}`,
  );
  const direction = descending ? sql`desc` : sql`asc`;
  return sql`${column} ${direction}, ${sql.ref(`${alias}.id`)} ${direction}`;
}

/**
 * A month of the user's payments in one statement: the month is one range of migration 049's
 * index; the totals are the month's, the page the rows matching the search and type.
 */
export async function paymentsMonthOf(
  db: DB,
  request: PaymentsMonthRequest,
): Promise<PaymentsMonth> {
  const filters: RawBuilder<unknown>[] = [sql`true`];
  if (request.type) filters.push(sql`m.type = ${request.type}`);
  if (request.search) {
    const { like, bookingId } = request.search;
    filters.push(
      bookingId === null
        ? sql`m.name ilike ${like}`
        : sql`(m.name ilike ${like} or m.booking_id = ${bookingId})`,
    );
  }
  const { rows } = await sql<
    { received: number; paid: number; total: number } & (
      | LedgerPayment
      | { [K in keyof LedgerPayment]: null }
    )
  >`
    with month as (
      select ${paymentColumns()}
      from ${FROM}
      where p.owner_user_id = ${request.userId} and p.status <> 'void'
        and ${PAYMENT_DATE} >= ${request.from} and ${PAYMENT_DATE} < ${request.to}
    ),
    shown as (select * from month m where ${sql.join(filters, sql` and `)}),
    totals as (
      select coalesce(sum(amount) filter (where type = 'incoming' and status = 'paid'), 0)::int
               as received,
             coalesce(sum(amount) filter (where type = 'outgoing' and status = 'paid'), 0)::int
               as paid,
             (select count(*) from shown)::int as total
      from month
    )
    select t.received, t.paid, t.total, r.*
    from totals t
    left join lateral (
      select * from shown r order by ${orderOf(request.sort, 'r')}
      limit ${request.limit} offset ${request.offset}
    ) r on true
    order by ${orderOf(request.sort, 'r')}
  `.execute(db);
  const first = rows[0];
  return {
    received: first?.received ?? 0,
    paid: first?.paid ?? 0,
    total: first?.total ?? 0,
    rows: rows.flatMap(({ received: _r, paid: _p, total: _t, ...row }) =>
      row.id === null ? [] : [row as LedgerPayment],
    ),
  };
}

/** One of the user's own payments (not void), for its receipt; undefined for anyone else's. */
export async function ownPaymentOf(
  db: DB,
  userId: number,
  id: number,
): Promise<(LedgerPayment & { booking_date: Date | null }) | undefined> {
  const { rows } = await sql<LedgerPayment & { booking_date: Date | null }>`
    select ${paymentColumns()}, b.booking_date
    from ${FROM}
    where p.id = ${id} and p.owner_user_id = ${userId} and p.status <> 'void'
  `.execute(db);
  return rows[0];
}

/**
 * Earnings owed to the user: payouts and referral shares of completed bookings (their payee is
 * named at completion) not yet transferred, a held no-show's included (still theirs until
 * support decides).
 */
export async function earningsOwedOf(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('booking_payments')
    .select(sql<number>`coalesce(sum(amount), 0)::int`.as('owed'))
    .where('payee_user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('kind', 'in', ['payout', 'referral_share'])
    .executeTakeFirstOrThrow();
  return row.owed;
}

/** A user's credit entries in replay order (time, then id). */
export async function creditEntriesOf(db: DB | Transaction<Database>, userId: number) {
  return db
    .selectFrom('store_credit_entries')
    .select(['id', 'amount', 'expires_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The user's store credit usable at `now` (decision 101's FIFO replay, credit.ts). */
export async function creditBalanceOf(
  db: DB | Transaction<Database>,
  userId: number,
  now: Date,
): Promise<CreditBalance> {
  return creditBalance(await creditEntriesOf(db, userId), now);
}

/**
 * GET /balance, in cents (decision 119): `total_balance` is the usable store credit plus the
 * earnings owed (ledger-payments.ts), `available_balance` the credit alone, what a booking can
 * use; guestspot_cash (and raw.guestspot_cash, the spec's shape) the credit,
 * guestspot_cash_expiration the days until its soonest part expires.
 */
export async function balanceOf(db: DB, userId: number, now: Date): Promise<Balance> {
  const [credit, owed] = await Promise.all([
    creditBalanceOf(db, userId, now),
    earningsOwedOf(db, userId),
  ]);
  return {
    total_balance: credit.available + owed,
    available_balance: credit.available,
    guestspot_cash: credit.available,
    guestspot_cash_expiration: credit.nextExpiry
      ? daysUntil(credit.nextExpiry, now)
      : STORE_CREDIT_DAYS,
    raw: { guestspot_cash: credit.available },
  };
}
