import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  BalanceAnswerSchema,
  BookingCodeAnswerSchema,
  BookingOptionsAnswerSchema,
  BookingPriceAnswerSchema,
  BookingTypesAnswerSchema,
  CouponSchema,
  DataSchema,
  GuestQuoteBodySchema,
  MessageSchema,
  ShowQuoteBodySchema,
  type BookingType,
} from '../../contract';
import type { DB } from '../../db/database';
import { notFound, ValidationError } from '../../http/errors';
import { IdParam } from '../../http/schema';
import { authenticated, requireUser, type AuthUser } from '../auth/require-user';
import { presentCoupon } from '../billing/service';
import { findVisibleGuestId } from '../guests/queries';
import { findVisibleShowId } from '../shows/queries';
import { balanceOf } from './ledger';
import {
  bookerProfileOwner,
  findBookingCode,
  listBookingOptions,
  referrerCouponsFor,
} from './queries';
import { quoteBooking } from './quote';
import { refuseUnlessOwnBookerProfile } from './who-pays';
import type { ProfileSide } from '../../booking-facts';
import { PRIVATE_ANSWER } from '../../http/private-cache';

// The money around a booking (issue 17, decision 101): the booker's balance and store credit,
// a guest's booking codes, the booking options and types, the referral programme's coupons.

export const BOOKING_CODE_NOT_FOUND = 'This booking code is not valid.';

const BookingCodeParams = Type.Object({ guest: IdParam(), code: Type.String() });
const GuestParams = Type.Object({ guest: IdParam() });
const ShowParams = Type.Object({ show: IdParam() });

/**
 * The booker's own profile of the other kind: unknown is a field error, anyone else's (a team
 * owner's included) is 403, as the booking create answers (who-pays.ts).
 */
async function checkBookerProfile(
  db: DB,
  user: AuthUser,
  side: ProfileSide,
  profileId: number,
): Promise<void> {
  const field = side === 'guest' ? 'show_profile_id' : 'guest_profile_id';
  const ownerId = await bookerProfileOwner(db, side, profileId);
  if (ownerId === undefined)
    throw ValidationError.single(field, `The selected ${field} is invalid.`);
  refuseUnlessOwnBookerProfile(user, ownerId);
}

/** GET /booking-type: the two kinds of booking the flow offers (connect's choice, §2.8). */
export const BOOKING_TYPES: readonly BookingType[] = [
  { type: 'normal', name: 'Regular Booking', is_pitch: false },
  { type: 'pitch', name: 'Pitch', is_pitch: true },
];

/** The quote as the booker sees it: the price without the platform's split. */
async function quoteFor(
  db: DB,
  user: AuthUser,
  side: ProfileSide,
  profileId: number,
  choices: Omit<Static<typeof GuestQuoteBodySchema>, 'show_profile_id'>,
) {
  const { price } = await quoteBooking(db, {
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

/**
 * What a booking would cost (decision 101, "The quote"): priceBooking on the server's own
 * prices, without the platform split. The booking create charges the same quoteBooking.
 */
async function bookingQuoteRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/guests/:guest/booking-quote',
    {
      preValidation: authenticated,
      schema: {
        params: GuestParams,
        body: GuestQuoteBodySchema,
        response: { 200: BookingPriceAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const guest = await findVisibleGuestId(app.db, { id: Number(request.params.guest) }, user.id);
      if (guest === null) throw notFound();
      const { show_profile_id, ...choices } = request.body;
      await checkBookerProfile(app.db, user, 'guest', show_profile_id);
      return { data: await quoteFor(app.db, user, 'guest', guest, choices) };
    },
  );

  api.post(
    '/shows/:show/booking-quote',
    {
      preValidation: authenticated,
      schema: {
        params: ShowParams,
        body: ShowQuoteBodySchema,
        response: { 200: BookingPriceAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const show = await findVisibleShowId(app.db, { id: Number(request.params.show) }, user.id);
      if (show === null) throw notFound();
      const { guest_profile_id, ...choices } = request.body;
      await checkBookerProfile(app.db, user, 'show', guest_profile_id);
      return { data: await quoteFor(app.db, user, 'show', show, choices) };
    },
  );
}

export async function bookingMoneyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /** The signed-in user's balance (cents): the store credit, until earnings are ledgered. */
  api.get(
    '/balance',
    {
      preValidation: authenticated,
      config: PRIVATE_ANSWER,
      schema: { response: { 200: BalanceAnswerSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return { data: await balanceOf(app.db, user.id, new Date()) };
    },
  );

  api.get(
    '/guests/:guest/booking-codes/:code',
    {
      preValidation: authenticated,
      schema: {
        params: BookingCodeParams,
        response: { 200: BookingCodeAnswerSchema, 404: MessageSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const guest = await findVisibleGuestId(app.db, { id: Number(request.params.guest) }, user.id);
      if (guest === null) throw notFound();
      const code = await findBookingCode(app.db, guest, request.params.code, new Date());
      if (!code) return reply.code(404).send({ message: BOOKING_CODE_NOT_FOUND });
      return { data: code };
    },
  );

  await bookingQuoteRoutes(app);

  const typesOptions = { schema: { response: { 200: BookingTypesAnswerSchema } } };
  api.get('/booking-type', typesOptions, async () => ({ data: [...BOOKING_TYPES] }));

  const optionsOptions = { schema: { response: { 200: BookingOptionsAnswerSchema } } };
  api.get('/booking-options', optionsOptions, async () => ({
    data: await listBookingOptions(app.db),
  }));

  /** The Pro coupons for people who signed up through a referral link; none for the others. */
  api.get(
    '/referrer-coupons',
    {
      preValidation: authenticated,
      schema: { response: { 200: DataSchema(Type.Array(CouponSchema)) } },
    },
    async (request) => {
      const user = await requireUser(request);
      const coupons = await referrerCouponsFor(app.db, user.id);
      const now = new Date();
      return { data: coupons.map((coupon) => presentCoupon(coupon, now)) };
    },
  );
}
