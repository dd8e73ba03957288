import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { ValidationError } from '../../http/errors';
import { Bool, Cents, Id, IdParam, MAX_STRING, Nullable, OneOf, Str } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import {
  createBooking,
  IDEMPOTENCY_KEY_FIELD,
  MAX_PITCH_TEXT,
  MAX_PROPOSED_DATES,
  type CreateBookingInput,
  type Side,
} from './create-service';

// POST /guests/{guest}/book (a show of the user books the guest, with proposed dates, a
// booking code and miniview answers) and POST /shows/{show}/book (the user's guest profile
// books the show): marketplace… §7 "Booking", decision 099 "Creating a booking". A top-level
// null reads as not sent (http/schema.ts), so nullable fields need no null in their schema.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_ANSWER = 5000;
/** Interview durations in minutes (marketplace… §9). */
const DURATIONS = [15, 30, 45, 60, 75, 90, 120, 180] as const;

const BookingOptionChoice = Type.Object({
  booking_option_id: Id(),
  price_id: Type.Optional(Nullable(Id())),
  amount: Type.Optional(Nullable(Cents())),
});

const Pitch = Type.Object({
  type: Type.Optional(OneOf(['text', 'audio', 'video'] as const)),
  text: Type.Optional(Nullable(Str({ max: MAX_PITCH_TEXT }))),
  media_uuid: Type.Optional(Nullable(Str({ max: 64 }))),
  media_type: Type.Optional(
    Type.Unsafe<'audio' | 'video' | null>({
      type: ['string', 'null'],
      enum: ['audio', 'video', null],
    }),
  ),
});

const common = {
  interview_duration: Type.Optional(OneOf(DURATIONS)),
  store_credit_amount: Type.Optional(Cents()),
  /** what the payment step's quote said the card would be held for; another amount is a 409 */
  card_amount: Type.Optional(Cents()),
  questions: Type.Optional(
    Type.Array(
      Type.Object({ question_id: Id(), answer: Type.Optional(Nullable(Str({ max: MAX_ANSWER }))) }),
      { maxItems: 20 },
    ),
  ),
  upsells: Type.Optional(Type.Array(Id(), { maxItems: 20 })),
  payment_method: Type.Optional(Str({ max: MAX_STRING })),
  save_payment_method: Type.Optional(Bool()),
  booking_options: Type.Optional(Type.Array(BookingOptionChoice, { maxItems: 1 })),
  pitch: Type.Optional(Pitch),
  source: Type.Optional(OneOf(['web'] as const)),
  is_pitch: Type.Optional(Bool()),
  wants_guaranteed_response: Type.Optional(Bool()),
};

const GuestBookBody = Type.Object({
  show_profile_id: Id(),
  proposed_dates: Type.Optional(Type.Array(Str({ max: 32 }), { maxItems: MAX_PROPOSED_DATES })),
  code: Type.Optional(Str({ max: 64 })),
  miniview: Type.Optional(
    Type.Object({
      answers: Type.Optional(
        Type.Array(
          Type.Object({
            question: Str({ max: 1000 }),
            answer: Type.Optional(Nullable(Str({ max: MAX_ANSWER }))),
          }),
          { maxItems: 20 },
        ),
      ),
    }),
  ),
  ...common,
});

const ShowBookBody = Type.Object({ guest_profile_id: Id(), ...common });

type CommonBody = Omit<Static<typeof ShowBookBody>, 'guest_profile_id'>;

/** The Idempotency-Key header: required, one attempt of one booking (1 to 255 characters). */
function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof value === 'string' ? value.trim() : '';
  if (key === '' || key.length > MAX_STRING) {
    throw ValidationError.single(
      IDEMPOTENCY_KEY_FIELD,
      'The Idempotency-Key header is required (at most 255 characters).',
    );
  }
  return key;
}

/** JSON with object keys sorted, so one request hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The request an Idempotency-Key stands for: the URL's profile and the body as validated. */
function requestHashOf(bookedSide: Side, bookedProfileId: number, body: unknown): string {
  return createHash('sha256')
    .update(canonical({ booked: [bookedSide, bookedProfileId], body }))
    .digest('hex');
}

function inputOf(
  bookedSide: Side,
  bookedProfileId: number,
  bookerProfileId: number,
  key: string,
  body: CommonBody & Partial<Omit<Static<typeof GuestBookBody>, 'show_profile_id'>>,
): CreateBookingInput {
  return {
    bookedSide,
    bookedProfileId,
    bookerProfileId,
    idempotencyKey: key,
    requestHash: requestHashOf(bookedSide, bookedProfileId, body),
    proposedDates: body.proposed_dates ?? [],
    interviewDuration: body.interview_duration ?? null,
    code: body.code?.trim() || null,
    storeCreditAmount: body.store_credit_amount ?? 0,
    cardAmount: body.card_amount ?? null,
    questions: body.questions ?? [],
    upsells: body.upsells ?? [],
    paymentMethod: body.payment_method?.trim() || null,
    savePaymentMethod: body.save_payment_method ?? false,
    bookingOptions: body.booking_options ?? [],
    miniview: body.miniview ?? null,
    pitch: body.pitch ?? null,
    source: body.source ?? 'web',
    isPitch: body.is_pitch ?? false,
    wantsGuaranteedResponse: body.wants_guaranteed_response ?? false,
  };
}

export async function bookingCreateRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.db, payments: app.payments, now: app.config.now };

  api.post(
    '/guests/:guest/book',
    {
      preValidation: authenticated,
      schema: { params: Type.Object({ guest: IdParam() }), body: GuestBookBody },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const key = idempotencyKeyOf(request);
      const { body } = request;
      const input = inputOf('guest', Number(request.params.guest), body.show_profile_id, key, body);
      const impersonator = await sessionImpersonator(request);
      const { booking, created } = await createBooking(deps, user, input, impersonator);
      return reply.code(created ? 201 : 200).send({ data: booking });
    },
  );

  api.post(
    '/shows/:show/book',
    {
      preValidation: authenticated,
      schema: { params: Type.Object({ show: IdParam() }), body: ShowBookBody },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const key = idempotencyKeyOf(request);
      const { body } = request;
      const input = inputOf('show', Number(request.params.show), body.guest_profile_id, key, body);
      const impersonator = await sessionImpersonator(request);
      const { booking, created } = await createBooking(deps, user, input, impersonator);
      return reply.code(created ? 201 : 200).send({ data: booking });
    },
  );
}
