import { Type, type Static } from 'typebox';
import { Int, Nullable, OneOf, Str, StringEnum } from './builders';
import { PaginationSchema } from './common';

// The payments page (booking-management… §2 "Payments page", §3 "Payment", §7 "Payments", §9;
// decision 119): a month of the signed-in user's money, read from the booking ledger.
// GET /payments/{id}/download answers application/pdf (no schema).

/** What the payments page calls incoming and outgoing, from the user's point of view. */
export const PAYMENT_TYPES = ['incoming', 'outgoing'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The ledger rows a person sees (the service fee is the platform's, inside the charge). */
export const PAYMENT_KINDS = [
  'charge',
  'extra_fee',
  'store_credit',
  'refund',
  'payout',
  'referral_share',
] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Sortable by date, amount and to/from (spec §2); §9's default is -payment_date. */
export const PAYMENT_SORTS = [
  'payment_date',
  '-payment_date',
  'raw_price',
  '-raw_price',
  'name',
  '-name',
] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];
export const DEFAULT_PAYMENT_SORT: PaymentSort = '-payment_date';
export const PAYMENTS_PAGE_SIZE = 10;

/** `YYYY-MM` (filter[for_month]). */
const MONTH = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** GET /payments?page&limit&sort&filter[for_month|search|type] */
export const PaymentsQuerySchema = Type.Object({
  page: Type.Optional(Int({ min: 1, max: 1_000_000 })),
  limit: Type.Optional(Int()),
  sort: Type.Optional(OneOf(PAYMENT_SORTS)),
  filter: Type.Optional(
    Type.Object(
      {
        /** the month in the user's time zone; absent: the current one */
        for_month: Type.Optional(
          Str({
            pattern: { regex: MONTH, message: 'The filter.for_month field must be YYYY-MM.' },
          }),
        ),
        /** the other party's name or the order number ('#0007', '7') */
        search: Type.Optional(Str({ max: 255 })),
        type: Type.Optional(OneOf(PAYMENT_TYPES)),
      },
      { additionalProperties: false },
    ),
  ),
});
export type PaymentsQuery = Static<typeof PaymentsQuerySchema>;

/** One payment (§3 "Payment": id, type, raw_price, name, payment_date, status, payout_id). */
export const PaymentSchema = Type.Object({
  /** the ledger row's id */
  id: Int(),
  type: StringEnum(PAYMENT_TYPES),
  kind: StringEnum(PAYMENT_KINDS),
  /** cents */
  raw_price: Int(),
  /** to/from: the other party's profile (for a referral share, the person referred) */
  name: Type.String(),
  /** what it was: 'Booking #0007', 'Payout for booking #0007', … */
  description: Type.String(),
  booking_id: Int(),
  /** when it was paid, or asked for while pending; UTC */
  payment_date: Type.String(),
  status: StringEnum(['paid', 'pending'] as const),
  /** the provider's transfer of a payout or referral share once paid out */
  payout_id: Nullable(Type.String()),
  /** the receipt (PDF) of a paid payment; null while pending */
  download_url: Nullable(Type.String()),
});
export type Payment = Static<typeof PaymentSchema>;

/** The month's paid money in and out (cents), whatever the search and type filter. */
export const PaymentTotalsSchema = Type.Object({
  received: Int(),
  paid: Int(),
});
export type PaymentTotals = Static<typeof PaymentTotalsSchema>;

/** GET /payments */
export const PaymentsPageSchema = Type.Object({
  data: Type.Array(PaymentSchema),
  meta: Type.Object({
    pagination: PaginationSchema,
    /** the month shown, YYYY-MM */
    month: Type.String(),
    /** the zone the month is read in (the user's) */
    timezone: Type.String(),
    totals: PaymentTotalsSchema,
  }),
});
export type PaymentsPage = Static<typeof PaymentsPageSchema>;
