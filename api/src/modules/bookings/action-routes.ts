import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParam, NoBody, Nullable, Str } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import {
  acceptBooking,
  actingSide,
  cancelAcceptedBooking,
  confirmProposedDate,
  eitherSide,
  guestSide,
  inviteeOf,
  refuseWhilePaused,
  rejectBooking,
} from './actions';
import { findBookingFor } from './create-service';

// A booking's answers (booking-management… §4 and §9): PATCH /bookings/{id}/accept, /reject,
// /cancel and /confirm, decision 103. Each answers the booking as GET /bookings shows it.

const MAX_REASON = 1000;

const params = Type.Object({ booking: IdParam() });
const ReasonBody = Type.Object({ reason: Type.Optional(Nullable(Str({ max: MAX_REASON }))) });
const ConfirmBody = Type.Object({ confirmed_date: Str({ max: 32 }) });

export async function bookingActionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.db, payments: app.payments, now: app.config.now };
  const reasonOf = (body: { reason?: string | null } | undefined) => body?.reason?.trim() || null;

  // The invitee says yes: the hold is captured.
  api.patch(
    '/bookings/:booking/accept',
    { preValidation: authenticated, schema: { params, body: Type.Optional(NoBody) } },
    async (request) => {
      const user = await requireUser(request);
      refuseWhilePaused(user);
      const { booking, actor } = await actingSide(
        app.db,
        user,
        Number(request.params.booking),
        inviteeOf,
      );
      await acceptBooking(deps, booking.id, actor);
      return { data: await findBookingFor(app.db, booking.id, user.id) };
    },
  );

  // The invitee says no (before accepting): the hold is released, the credit comes back.
  api.patch(
    '/bookings/:booking/reject',
    { preValidation: authenticated, schema: { params, body: Type.Optional(ReasonBody) } },
    async (request) => {
      const user = await requireUser(request);
      const { booking, actor } = await actingSide(
        app.db,
        user,
        Number(request.params.booking),
        inviteeOf,
      );
      await rejectBooking(deps, booking.id, actor, {
        kind: 'rejected',
        reason: reasonOf(request.body),
      });
      return { data: await findBookingFor(app.db, booking.id, user.id) };
    },
  );

  // Either side calls it off: released while pending, refunded once accepted.
  api.patch(
    '/bookings/:booking/cancel',
    { preValidation: authenticated, schema: { params, body: Type.Optional(ReasonBody) } },
    async (request) => {
      const user = await requireUser(request);
      const { booking, actor } = await actingSide(
        app.db,
        user,
        Number(request.params.booking),
        eitherSide,
      );
      const reason = reasonOf(request.body);
      if (booking.status === 'pending') {
        await rejectBooking(deps, booking.id, actor, { kind: 'canceled', reason });
      } else {
        await cancelAcceptedBooking(deps, booking.id, actor, reason);
      }
      return { data: await findBookingFor(app.db, booking.id, user.id) };
    },
  );

  // The guest picks one of the proposed times.
  api.patch(
    '/bookings/:booking/confirm',
    { preValidation: authenticated, schema: { params, body: ConfirmBody } },
    async (request) => {
      const user = await requireUser(request);
      refuseWhilePaused(user);
      const { booking, actor } = await actingSide(
        app.db,
        user,
        Number(request.params.booking),
        guestSide,
      );
      await confirmProposedDate(deps, booking, actor, request.body.confirmed_date);
      return { data: await findBookingFor(app.db, booking.id, user.id) };
    },
  );
}
