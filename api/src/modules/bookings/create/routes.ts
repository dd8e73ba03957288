import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  BookingAnswerSchema,
  GuestBookingBodySchema,
  ShowBookingBodySchema,
} from '../../../contract';
import { ValidationError } from '../../../http/errors';
import { IdParam, MAX_STRING } from '../../../http/schema';
import { authenticated, requireUser } from '../../auth/require-user';
import { sessionImpersonator } from '../../impersonation/service';
import type { ProfileSide } from '../../../booking-facts';
import { createBooking, IDEMPOTENCY_KEY_FIELD } from './service';
import type { CreateBookingInput } from './types';

// POST /guests/{guest}/book (a show of the user books the guest, with proposed dates, a
// booking code and miniview answers) and POST /shows/{show}/book (the user's guest profile
// books the show): marketplace… §7 "Booking", decisions 099 and 109. The bodies are the
// contract's (contract/bookings.ts); a top-level null reads as not sent (http/schema.ts).

export const IDEMPOTENCY_HEADER = 'idempotency-key';

type CommonBody = Omit<Static<typeof ShowBookingBodySchema>, 'guest_profile_id'>;
type GuestOnly = Omit<Static<typeof GuestBookingBodySchema>, 'show_profile_id'>;

/** The Idempotency-Key header: required, one attempt of one booking (1 to 255 characters). */
export function idempotencyKeyOf(request: FastifyRequest): string {
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
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The request an Idempotency-Key stands for: the URL's profile and the body as validated. */
function requestHashOf(bookedSide: ProfileSide, bookedProfileId: number, body: unknown): string {
  return createHash('sha256')
    .update(canonical({ booked: [bookedSide, bookedProfileId], body }))
    .digest('hex');
}

function inputOf(
  bookedSide: ProfileSide,
  bookedProfileId: number,
  bookerProfileId: number,
  key: string,
  body: CommonBody & Partial<GuestOnly>,
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
  const response = { 200: BookingAnswerSchema, 201: BookingAnswerSchema };

  api.post(
    '/guests/:guest/book',
    {
      preValidation: authenticated,
      schema: { params: Type.Object({ guest: IdParam() }), body: GuestBookingBodySchema, response },
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
      schema: { params: Type.Object({ show: IdParam() }), body: ShowBookingBodySchema, response },
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
