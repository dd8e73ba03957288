import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  BookingAnswerSchema,
  ExtraPaymentBodySchema,
  ExtraPaymentQuoteAnswerSchema,
  ExtraPaymentQuoteQuerySchema,
  PitchAnswerBodySchema,
  PitchFeeBodySchema,
  PitchRecordingBodySchema,
  type BookingAction,
} from '../../contract';
import { IdParam } from '../../http/schema';
import { authenticated, requireUser, type AuthUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import { actingSide, BOOKING_ACTION_RULES, refuseWhilePaused } from './action-rules';
import { canonical, idempotencyKeyOf } from './create/routes';
import { findBookingFor } from './queries';
import { answerPitch, changePitchFee } from './pitch-answers';
import { chargeExtraPayment, quoteExtraPayment } from './pitch-payment';
import { sendPitchRecording } from './pitch-recordings';

// A pitch answered and paid (booking-management… §7, decision 115): PATCH /bookings/{id}/
// accept-pitch, /update-pitch-fee and /charge-extra-payment (with an Idempotency-Key), GET
// /bookings/{id}/extra-payment-quote, and POST /bookings/{id}/video-pitch and /audio-pitch.
// Who may call each is action-rules.ts's table, as for the other actions; each answers the
// booking as GET /bookings shows it to the caller.

const params = Type.Object({ booking: IdParam() });
const answer = { 200: BookingAnswerSchema };

/** The caller, the booking and the side they act for by `verb`'s rule (404, 403, paused 403). */
async function actorFor(app: FastifyInstance, request: FastifyRequest, verb: BookingAction) {
  const rule = BOOKING_ACTION_RULES[verb];
  const user = await requireUser(request);
  if (!rule.whilePaused) refuseWhilePaused(user);
  const id = Number((request.params as { booking: string }).booking);
  const impersonator = await sessionImpersonator(request);
  const acting = await actingSide(app.db, user, id, rule, impersonator?.id);
  return { user, impersonator, ...acting };
}

const answered = async (app: FastifyInstance, bookingId: number, user: AuthUser) => ({
  data: await findBookingFor(app.db, bookingId, user.id),
});

export async function pitchRoutes(app: FastifyInstance): Promise<void> {
  answerRoutes(app);
  paymentRoutes(app);
  recordingRoutes(app);
}

/** accept-pitch and update-pitch-fee: the invitee's. */
function answerRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.db, payments: app.payments, now: app.config.now };

  api.patch(
    '/bookings/:booking/accept-pitch',
    {
      preValidation: authenticated,
      schema: { params, body: PitchAnswerBodySchema, response: answer },
    },
    async (request) => {
      const { user, booking, actor } = await actorFor(app, request, 'accept-pitch');
      await answerPitch(deps, booking, actor, request.body);
      return answered(app, booking.id, user);
    },
  );

  api.patch(
    '/bookings/:booking/update-pitch-fee',
    {
      preValidation: authenticated,
      schema: { params, body: PitchFeeBodySchema, response: answer },
    },
    async (request) => {
      const { user, booking, actor } = await actorFor(app, request, 'update-pitch-fee');
      await changePitchFee(deps, booking, actor, request.body);
      return answered(app, booking.id, user);
    },
  );
}

/** The extra payment's quote and charge: the initiator's. */
function paymentRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.db, payments: app.payments, now: app.config.now };

  api.get(
    '/bookings/:booking/extra-payment-quote',
    {
      preValidation: authenticated,
      schema: {
        params,
        querystring: ExtraPaymentQuoteQuerySchema,
        response: { 200: ExtraPaymentQuoteAnswerSchema },
      },
    },
    async (request) => {
      const { user, booking } = await actorFor(app, request, 'charge-extra-payment');
      const asked = request.query.guestspot_cash;
      return { data: await quoteExtraPayment(app.db, user, booking.id, app.config.now(), asked) };
    },
  );

  api.patch(
    '/bookings/:booking/charge-extra-payment',
    {
      preValidation: authenticated,
      schema: { params, body: Type.Optional(ExtraPaymentBodySchema), response: answer },
    },
    async (request) => {
      const { user, impersonator, booking, actor } = await actorFor(
        app,
        request,
        'charge-extra-payment',
      );
      const key = idempotencyKeyOf(request);
      const body = request.body ?? {};
      await chargeExtraPayment(deps, user, impersonator, booking.id, actor, {
        idempotencyKey: key,
        requestHash: createHash('sha256')
          .update(canonical({ booking: booking.id, body }))
          .digest('hex'),
        credit: body.guestspot_cash ?? 0,
        cardAmount: body.card_amount ?? null,
        paymentMethod: body.payment_method?.trim() || null,
        saveCard: body.save_card ?? false,
      });
      return answered(app, booking.id, user);
    },
  );
}

/** POST /bookings/{id}/video-pitch and /audio-pitch. */
function recordingRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const kind of ['video', 'audio'] as const) {
    api.post(
      `/bookings/:booking/${kind}-pitch`,
      {
        preValidation: authenticated,
        schema: { params, body: PitchRecordingBodySchema, response: answer },
      },
      async (request) => {
        const { user, booking, actor } = await actorFor(app, request, `${kind}-pitch`);
        const now = app.config.now();
        await sendPitchRecording(app.db, user, booking, actor, kind, request.body, now);
        return answered(app, booking.id, user);
      },
    );
  }
}
