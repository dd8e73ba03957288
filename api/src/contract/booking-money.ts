import { Type, type Static } from 'typebox';
import { Cents, Id, Int, Nullable, Str, StringEnum, type Sendable } from './builders';
import { DataSchema } from './common';

// The money around a booking (issue 17, decision 101): the quote, the store credit balance,
// a guest's booking codes, the booking options and types.

// ---- The quote: POST /guests/{guest}/booking-quote and POST /shows/{show}/booking-quote ----

/** The choices of a booking that change its price (the booker's profile is checked, not priced). */
const QuoteChoices = {
  booking_option_id: Id(),
  /** minutes; null or absent: a pitch */
  interview_duration: Type.Optional(Int({ min: 1, max: 1440 })),
  upsells: Type.Optional(Type.Array(Id(), { maxItems: 20 })),
  code: Type.Optional(Str({ max: 255 })),
  /** cents of store credit to use; absent: as much as is available */
  store_credit_amount: Type.Optional(Cents()),
};

/** POST /guests/{guest}/booking-quote: the user's show books the guest. */
export const GuestQuoteBodySchema = Type.Object({ show_profile_id: Id(), ...QuoteChoices });
/** POST /shows/{show}/booking-quote: the user's guest profile books the show. */
export const ShowQuoteBodySchema = Type.Object({ guest_profile_id: Id(), ...QuoteChoices });

export type GuestBookingQuotePayload = Sendable<Static<typeof GuestQuoteBodySchema>>;
export type ShowBookingQuotePayload = Sendable<Static<typeof ShowQuoteBodySchema>>;
/** The choices both quotes send. */
export type BookingQuotePayload = Omit<ShowBookingQuotePayload, 'guest_profile_id'>;

/** One line of a quote: the option, an upsell or (a guest booking a show) the service fee. */
export const BookingPriceLineSchema = Type.Object({
  kind: StringEnum(['option', 'upsell', 'service-fee'] as const),
  label: Type.String(),
  /** cents */
  amount: Int(),
});

/** The server's price of a booking (priceBooking without the platform's split), in cents. */
export const BookingPriceSchema = Type.Object({
  lines: Type.Array(BookingPriceLineSchema),
  /** option + upsells */
  subtotal: Int(),
  codeDiscount: Int(),
  /** subtotal − code discount (+ the service fee when a guest books a show) */
  total: Int(),
  creditApplied: Int(),
  /** charged to the card: 0 or at least 50 */
  cardAmount: Int(),
  /** added to the card only when the whole total is under 50 cents */
  minimumChargeTopUp: Int(),
  requiresCard: Type.Boolean(),
});
export type BookingPriceLine = Static<typeof BookingPriceLineSchema>;
export type BookingPrice = Static<typeof BookingPriceSchema>;

export const BookingPriceAnswerSchema = DataSchema(BookingPriceSchema);

// ---- GET /balance ----

/**
 * The signed-in user's balance, in cents (decision 119): `total_balance` is the store credit plus
 * the earnings owed to them (payouts and referral shares of completed bookings not yet paid out);
 * `available_balance` what they can use now, the store credit a booking may use (earnings go to
 * their bank, never to a booking). `guestspot_cash` is that credit; `raw.guestspot_cash` (the
 * spec's name for the cents when `guestspot_cash` was dollars) is kept, equal to it.
 */
export const BalanceSchema = Type.Object({
  total_balance: Int(),
  available_balance: Int(),
  guestspot_cash: Int(),
  /** days until the soonest part of the store credit expires (90 with none) */
  guestspot_cash_expiration: Int(),
  raw: Type.Object({ guestspot_cash: Int() }),
});
export type Balance = Static<typeof BalanceSchema>;

export const BalanceAnswerSchema = DataSchema(BalanceSchema);

// ---- GET /guests/{guest}/booking-codes/{code} (404: not valid) ----

export const BookingCodeSchema = Type.Object({
  code: Type.String(),
  /** false: inactive or expired */
  isValid: Type.Boolean(),
  /** percent taken off the subtotal */
  percent_off: Nullable(Int()),
  /** cents taken off the subtotal */
  amount_off: Nullable(Int()),
});
export type BookingCode = Static<typeof BookingCodeSchema>;

export const BookingCodeAnswerSchema = DataSchema(BookingCodeSchema);

// ---- GET /booking-options, GET /booking-type ----

export const BookingOptionSummarySchema = Type.Object({
  id: Int(),
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  icon_url: Nullable(Type.String()),
});
export type BookingOptionSummary = Static<typeof BookingOptionSummarySchema>;

export const BookingOptionsAnswerSchema = DataSchema(Type.Array(BookingOptionSummarySchema));

/** The two kinds of booking the flow offers (connect's choice, §2.8). */
export const BookingTypeSchema = Type.Object({
  type: StringEnum(['normal', 'pitch'] as const),
  name: Type.String(),
  is_pitch: Type.Boolean(),
});
export type BookingType = Static<typeof BookingTypeSchema>;

export const BookingTypesAnswerSchema = DataSchema(Type.Array(BookingTypeSchema));
