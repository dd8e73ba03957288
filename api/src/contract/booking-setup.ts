import { Type, type Static } from 'typebox';
import { Int, Nullable } from './builders';

// What a profile sets up to be booked (issue 16, decisions 089 and 095): its booking questions,
// the booking flow's optional steps, its upsell packages, pitch settings and option prices.

/** A question a booker answers: `booking` in the flow's questions step, `pitch` with a pitch. */
export const BookingQuestionSchema = Type.Object({
  id: Int(),
  type: Type.Union([Type.Literal('booking'), Type.Literal('pitch')]),
  body: Type.String(),
  /** 0 first, among the profile's questions of this type */
  position: Int(),
  profile_type: Type.Union([Type.Literal('guest'), Type.Literal('show')]),
  profile_id: Int(),
});

/**
 * The optional steps of a profile's booking flow that are on (spec §2.7). `miniview-questions`
 * is a guest-side step: a show's answer has no such key.
 */
export const BookingFlowPreferencesSchema = Type.Object({
  pitch: Type.Boolean(),
  'miniview-questions': Type.Optional(Type.Boolean()),
  questions: Type.Boolean(),
  upsells: Type.Boolean(),
  payment: Type.Boolean(),
});

/** A paid extra a booker may add; `price` in cents, USD only. */
export const UpsellPackageSchema = Type.Object({
  id: Int(),
  title: Type.String(),
  description: Nullable(Type.String()),
  /** cents */
  price: Int(),
  currency: Type.Literal('USD'),
  url: Nullable(Type.String()),
  social_handle: Nullable(Type.String()),
  profile_type: Type.Union([Type.Literal('guest'), Type.Literal('show')]),
  profile_name: Type.String(),
  profile_id: Int(),
});

/**
 * GET /{guests|shows}/{id}/pitch-settings: the card's pitch_settings plus the profile's
 * highest bookable price (cents; null without options), the most `price` may be.
 */
export const PitchSettingsDetailSchema = Type.Object({
  is_enabled: Type.Boolean(),
  price: Nullable(Int()),
  highest_price: Nullable(Int()),
});

/**
 * GET/PUT /{guests|shows}/{id}/option-prices (decision 095): the booking options the profile may
 * sell (`editable` false: set elsewhere, a guest's virtual interview by its availability
 * settings) and its price per option and interview duration, `price` in cents.
 */
export const OptionPricesDetailSchema = Type.Object({
  booking_options: Type.Array(
    Type.Object({
      id: Int(),
      name: Type.String(),
      slug: Type.String(),
      editable: Type.Boolean(),
    }),
  ),
  option_prices: Type.Array(
    Type.Object({
      booking_option_id: Int(),
      slug: Type.String(),
      interview_duration: Int(),
      /** cents */
      price: Int(),
    }),
  ),
});

// ---- Their types ----

/** GET /{guests|shows}/{id}/booking-questions[?type=pitch] (in order) */
export type BookingQuestion = Static<typeof BookingQuestionSchema>;

export type BookingQuestionType = BookingQuestion['type'];

/** GET/PUT /{guests|shows}/{id}/booking-flow-preferences */
export type BookingFlowPreferences = Static<typeof BookingFlowPreferencesSchema>;

/** The optional booking steps a profile can switch on or off. */
export type BookingFlowStep = keyof BookingFlowPreferences;

/** GET /{guests|shows}/{id}/upsell-packages; price in cents */
export type UpsellPackage = Static<typeof UpsellPackageSchema>;

/** GET/PUT /{guests|shows}/{id}/pitch-settings; prices in cents */
export type PitchSettingsDetail = Static<typeof PitchSettingsDetailSchema>;

/**
 * GET/PUT /{guests|shows}/{id}/option-prices (decision 095): the options the profile may sell
 * (`editable` false: availability writes their prices) and a price per interview duration, in
 * cents.
 */
export type OptionPricesDetail = Static<typeof OptionPricesDetailSchema>;

export type SellableBookingOption = OptionPricesDetail['booking_options'][number];

export type OptionDurationPrice = OptionPricesDetail['option_prices'][number];
