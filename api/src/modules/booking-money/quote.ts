import type { DB } from '../../db/database';
import { ValidationError, type FieldErrors } from '../../http/errors';
import { creditBalanceOf } from './ledger';
import { priceBooking, type BookingCodeDiscount, type BookingPrice } from './pricing';
import type { ProfileSide } from '../../booking-facts';

// The quote (issue 17, decision 101): what a booking would cost, priced from the server's own
// rows by priceBooking. The booking flow shows it and the booking create charges it: one
// pricing, never the browser's.

export const OPTION_NOT_OFFERED =
  'The selected booking option is not offered at this interview duration.';
export const UPSELL_INVALID = 'The selected upsell is invalid.';
export const CODE_INVALID = 'This booking code is not valid.';

/** A code no row can match (too long, odd characters) is refused without a query. */
const CODE_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

export interface QuoteInput {
  /** the profile booked: a show books a guest ('guest'), a guest books a show ('show') */
  bookedSide: ProfileSide;
  bookedProfileId: number;
  /** who pays: their store credit and referral count */
  bookerUserId: number;
  bookingOptionId: number;
  /** null: a pitch, priced by the booked profile's pitch settings */
  interviewDuration: number | null;
  upsells: readonly number[];
  code: string | null;
  /** cents of store credit asked for; undefined: as much as is available */
  storeCreditAmount?: number;
  now: Date;
}

export interface Quote {
  price: BookingPrice;
  /** the option booked (the pitch option for a pitch; null when no pitch option exists) */
  optionId: number | null;
  /**
   * the option price row (guest_/show_option_prices) the option's price came from; null for a
   * pitch priced by the pitch settings, or free for want of any row
   */
  priceId: number | null;
  /** the code as stored, when one applied */
  code: string | null;
  /** the booker's store credit usable now (cents), of which the price applied some */
  availableCredit: number;
  upsells: {
    id: number;
    title: string;
    description: string | null;
    url: string | null;
    social_handle: string | null;
    price: number;
  }[];
}

const fkOf = (side: ProfileSide) => (side === 'guest' ? 'guest_profile_id' : 'show_profile_id');

async function optionPricesOf(db: DB, side: ProfileSide, profileId: number, optionId: number) {
  const columns = ['id', 'price', 'interview_duration'] as const;
  return side === 'guest'
    ? db
        .selectFrom('guest_option_prices')
        .select(columns)
        .where('guest_profile_id', '=', profileId)
        .where('booking_option_id', '=', optionId)
        .orderBy('price')
        .execute()
    : db
        .selectFrom('show_option_prices')
        .select(columns)
        .where('show_profile_id', '=', profileId)
        .where('booking_option_id', '=', optionId)
        .orderBy('price')
        .execute();
}

async function pitchPriceOf(db: DB, side: ProfileSide, profileId: number): Promise<number | null> {
  const row =
    side === 'guest'
      ? await db
          .selectFrom('guest_profiles')
          .select('pitch_price')
          .where('id', '=', profileId)
          .executeTakeFirst()
      : await db
          .selectFrom('show_profiles')
          .select('pitch_price')
          .where('id', '=', profileId)
          .executeTakeFirst();
  return row?.pitch_price ?? null;
}

type Fail = (field: string, message: string) => void;

interface PricedOption {
  option: { name: string; price: number };
  optionId: number | null;
  priceId: number | null;
}

/**
 * The option's price for the duration; a pitch (no duration): the pitch settings' price, else
 * the pitch option's cheapest price, else 0 (decision 089).
 */
async function optionPriceOf(db: DB, input: QuoteInput, fail: Fail): Promise<PricedOption> {
  const booked = await db
    .selectFrom('booking_options')
    .select(['id', 'name', 'slug'])
    .where('id', '=', input.bookingOptionId)
    .executeTakeFirst();
  if (input.interviewDuration === null) {
    const pitch =
      booked?.slug === 'pitch'
        ? booked
        : await db
            .selectFrom('booking_options')
            .select(['id', 'name', 'slug'])
            .where('slug', '=', 'pitch')
            .executeTakeFirst();
    let price = await pitchPriceOf(db, input.bookedSide, input.bookedProfileId);
    let priceId: number | null = null;
    if (price === null && pitch) {
      const rows = await optionPricesOf(db, input.bookedSide, input.bookedProfileId, pitch.id);
      price = rows[0]?.price ?? null;
      priceId = rows[0]?.id ?? null;
    }
    const option = { name: pitch?.name ?? 'Pitch', price: price ?? 0 };
    return { option, optionId: pitch?.id ?? null, priceId };
  }
  const rows =
    booked && booked.slug !== 'pitch'
      ? await optionPricesOf(db, input.bookedSide, input.bookedProfileId, booked.id)
      : [];
  const row = rows.find((candidate) => candidate.interview_duration === input.interviewDuration);
  if (!booked || !row) {
    fail('booking_option_id', OPTION_NOT_OFFERED);
    return { option: { name: 'Pitch', price: 0 }, optionId: null, priceId: null };
  }
  const name = `${booked.name}, ${row.interview_duration} minutes`;
  return { option: { name, price: row.price }, optionId: booked.id, priceId: row.id };
}

/** The booked profile's upsells, each once, in the order asked. */
async function upsellsOf(db: DB, input: QuoteInput, fail: Fail): Promise<Quote['upsells']> {
  const upsells: Quote['upsells'] = [];
  if (input.upsells.length === 0) return upsells;
  const rows = await db
    .selectFrom('upsell_packages')
    .select(['id', 'title', 'description', 'url', 'social_handle', 'price'])
    .where(fkOf(input.bookedSide), '=', input.bookedProfileId)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const seen = new Set<number>();
  input.upsells.forEach((id, index) => {
    const upsell = byId.get(id);
    if (!upsell || seen.has(id)) fail(`upsells.${index}`, UPSELL_INVALID);
    else {
      seen.add(id);
      upsells.push(upsell);
    }
  });
  return upsells;
}

/** The guest's code, active and unexpired. Codes belong to guest profiles: a show has none. */
async function codeOf(db: DB, input: QuoteInput, fail: Fail): Promise<BookingCodeDiscount | null> {
  const sent = input.code?.trim() ?? '';
  if (sent === '') return null;
  const row =
    input.bookedSide === 'guest' && CODE_SHAPE.test(sent)
      ? await db
          .selectFrom('booking_codes')
          .select(['code', 'active', 'expires_at', 'percent_off', 'amount_off'])
          .where('guest_profile_id', '=', input.bookedProfileId)
          .where((eb) => eb(eb.fn('lower', ['code']), '=', sent.toLowerCase()))
          .executeTakeFirst()
      : undefined;
  if (!row || !row.active || (row.expires_at !== null && row.expires_at <= input.now)) {
    fail('code', CODE_INVALID);
    return null;
  }
  return { code: row.code, percentOff: row.percent_off, amountOff: row.amount_off };
}

/**
 * Prices a booking of `bookedProfileId` from the database: the option's price for the duration
 * (a pitch: the pitch settings' price, else the pitch option's cheapest price, else 0 — decision
 * 089), the booked profile's upsells, the guest's booking code and the booker's store credit.
 * Throws a 422 with field errors for an option, upsell or code the booked profile has not.
 */
export async function quoteBooking(db: DB, input: QuoteInput): Promise<Quote> {
  const errors: FieldErrors = {};
  const fail: Fail = (field, message) => {
    (errors[field] ??= []).push(message);
  };
  const { option, optionId, priceId } = await optionPriceOf(db, input, fail);
  const upsells = await upsellsOf(db, input, fail);
  const code = await codeOf(db, input, fail);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const [credit, booker] = await Promise.all([
    creditBalanceOf(db, input.bookerUserId, input.now),
    db
      .selectFrom('users')
      .select('referred_by')
      .where('id', '=', input.bookerUserId)
      .executeTakeFirst(),
  ]);
  const price = priceBooking({
    bookedSide: input.bookedSide,
    option,
    upsells,
    code,
    availableCredit: credit.available,
    ...(input.storeCreditAmount !== undefined ? { requestedCredit: input.storeCreditAmount } : {}),
    bookerReferred: Boolean(booker?.referred_by),
  });
  return {
    price,
    optionId,
    priceId,
    code: code?.code ?? null,
    availableCredit: credit.available,
    upsells,
  };
}
