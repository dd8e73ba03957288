import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { Type, type Static } from 'typebox';
import { notFound, ValidationError } from '../../http/errors';
import { Cents, Id, IdParam, Int, Str } from '../../http/schema';
import { authenticated, requireUser, type AuthUser } from '../auth/require-user';
import { presentCoupon } from '../billing/service';
import { findVisibleGuestId } from '../guests/queries';
import { findVisibleShowId } from '../shows/queries';
import { creditBalanceOf, daysUntil, STORE_CREDIT_DAYS } from './credit';
import type { BookedSide } from './pricing';
import { quoteBooking } from './quote';
import { refuseUnlessOwnBookerProfile } from './who-pays';

// The money around a booking (issue 17, decision 101): the booker's balance and store credit,
// a guest's booking codes, the booking options and types, the referral programme's coupons.

export const BOOKING_CODE_NOT_FOUND = 'This booking code is not valid.';

/** A code in the path: any text; one no code can match (too long, odd characters) is a 404. */
const BOOKING_CODE = /^[A-Za-z0-9_-]{1,64}$/;

const BookingCodeParams = Type.Object({ guest: IdParam(), code: Type.String() });
const GuestParams = Type.Object({ guest: IdParam() });
const ShowParams = Type.Object({ show: IdParam() });

/** The choices of a booking that change its price (the booker's profile is checked, not priced). */
const QuoteChoices = {
  booking_option_id: Id(),
  /** minutes; null or absent (null reads as absent): a pitch */
  interview_duration: Type.Optional(Int({ min: 1, max: 1440 })),
  upsells: Type.Optional(Type.Array(Id(), { maxItems: 20 })),
  code: Type.Optional(Str({ max: 255 })),
  /** cents of store credit to use; absent: as much as is available */
  store_credit_amount: Type.Optional(Cents()),
};
const GuestQuoteBody = Type.Object({ show_profile_id: Id(), ...QuoteChoices });
const ShowQuoteBody = Type.Object({ guest_profile_id: Id(), ...QuoteChoices });

/**
 * The booker's own profile of the other kind: unknown is a field error, anyone else's (a team
 * owner's included) is 403, as the booking create answers (who-pays.ts).
 */
async function checkBookerProfile(
  db: DB,
  user: AuthUser,
  side: BookedSide,
  profileId: number,
): Promise<void> {
  const field = side === 'guest' ? 'show_profile_id' : 'guest_profile_id';
  const row =
    side === 'guest'
      ? await db
          .selectFrom('show_profiles')
          .select('user_id')
          .where('id', '=', profileId)
          .executeTakeFirst()
      : await db
          .selectFrom('guest_profiles')
          .select('user_id')
          .where('id', '=', profileId)
          .executeTakeFirst();
  if (!row) throw ValidationError.single(field, `The selected ${field} is invalid.`);
  refuseUnlessOwnBookerProfile(user, row.user_id);
}

/** GET /booking-type: the two kinds of booking the flow offers (connect's choice, §2.8). */
export const BOOKING_TYPES = [
  { type: 'normal', name: 'Regular Booking', is_pitch: false },
  { type: 'pitch', name: 'Pitch', is_pitch: true },
] as const;

export async function bookingMoneyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /**
   * The signed-in user's balance (amounts in cents): earnings are not ledgered yet, so the
   * balance is the store credit; guestspot_cash is that credit in dollars, raw.guestspot_cash
   * in cents, guestspot_cash_expiration the days until its soonest part expires.
   */
  api.get('/balance', { preValidation: authenticated }, async (request) => {
    const user = await requireUser(request);
    const now = new Date();
    const credit = await creditBalanceOf(app.db, user.id, now);
    return {
      data: {
        total_balance: credit.available,
        available_balance: credit.available,
        guestspot_cash: credit.available / 100,
        guestspot_cash_expiration: credit.nextExpiry
          ? daysUntil(credit.nextExpiry, now)
          : STORE_CREDIT_DAYS,
        raw: { guestspot_cash: credit.available },
      },
    };
  });

  api.get(
    '/guests/:guest/booking-codes/:code',
    { preValidation: authenticated, schema: { params: BookingCodeParams } },
    async (request, reply) => {
      const user = await requireUser(request);
      const guest = await findVisibleGuestId(app.db, { id: Number(request.params.guest) }, user.id);
      if (guest === null) throw notFound();
      const { code } = request.params;
      const row = BOOKING_CODE.test(code)
        ? await app.db
            .selectFrom('booking_codes')
            .select(['code', 'active', 'expires_at', 'percent_off', 'amount_off'])
            .where('guest_profile_id', '=', guest)
            .where(sql<string>`lower(code)`, '=', code.toLowerCase())
            .executeTakeFirst()
        : undefined;
      if (!row) return reply.code(404).send({ message: BOOKING_CODE_NOT_FOUND });
      const isValid = row.active && (row.expires_at === null || row.expires_at > new Date());
      return {
        data: { code: row.code, isValid, percent_off: row.percent_off, amount_off: row.amount_off },
      };
    },
  );

  /**
   * What a booking would cost (decision 101, "The quote"): priceBooking on the server's own
   * prices, without the platform split. The booking create charges the same quoteBooking.
   */
  api.post(
    '/guests/:guest/booking-quote',
    { preValidation: authenticated, schema: { params: GuestParams, body: GuestQuoteBody } },
    async (request) => {
      const user = await requireUser(request);
      const guest = await findVisibleGuestId(app.db, { id: Number(request.params.guest) }, user.id);
      if (guest === null) throw notFound();
      const { show_profile_id, ...choices } = request.body;
      await checkBookerProfile(app.db, user, 'guest', show_profile_id);
      return { data: await quote(user, 'guest', guest, choices) };
    },
  );

  api.post(
    '/shows/:show/booking-quote',
    { preValidation: authenticated, schema: { params: ShowParams, body: ShowQuoteBody } },
    async (request) => {
      const user = await requireUser(request);
      const show = await findVisibleShowId(app.db, { id: Number(request.params.show) }, user.id);
      if (show === null) throw notFound();
      const { guest_profile_id, ...choices } = request.body;
      await checkBookerProfile(app.db, user, 'show', guest_profile_id);
      return { data: await quote(user, 'show', show, choices) };
    },
  );

  async function quote(
    user: AuthUser,
    side: BookedSide,
    profileId: number,
    choices: Omit<Static<typeof GuestQuoteBody>, 'show_profile_id'>,
  ) {
    const { price } = await quoteBooking(app.db, {
      bookedSide: side,
      bookedProfileId: profileId,
      bookerUserId: user.id,
      bookingOptionId: choices.booking_option_id,
      interviewDuration: choices.interview_duration ?? null,
      upsells: choices.upsells ?? [],
      code: choices.code ?? null,
      ...(choices.store_credit_amount !== undefined
        ? { storeCreditAmount: choices.store_credit_amount }
        : {}),
      now: new Date(),
    });
    // The platform's split is not the booker's business: the lines carry the service fee.
    const { split: _split, ...shown } = price;
    return shown;
  }

  api.get('/booking-type', async () => ({ data: BOOKING_TYPES }));

  api.get('/booking-options', async () => {
    const rows = await app.db
      .selectFrom('booking_options')
      .select(['id', 'name', 'slug', 'description'])
      .orderBy('position')
      .orderBy('id')
      .execute();
    return { data: rows.map((row) => ({ ...row, icon_url: null })) };
  });

  /** The Pro coupons for people who signed up through a referral link; none for the others. */
  api.get('/referrer-coupons', { preValidation: authenticated }, async (request) => {
    const user = await requireUser(request);
    const referred = await app.db
      .selectFrom('users')
      .select('referred_by')
      .where('id', '=', user.id)
      .executeTakeFirst();
    if (!referred?.referred_by) return { data: [] };
    const coupons = await app.db
      .selectFrom('coupons')
      .selectAll()
      .where('for_referred', '=', true)
      .where('active', '=', true)
      .orderBy('code')
      .execute();
    const now = new Date();
    return { data: coupons.map((coupon) => presentCoupon(coupon, now)) };
  });
}
