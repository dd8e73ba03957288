import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { IdParam, NoBody, Nullable, Str } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import {
  acceptBooking,
  actingSide,
  type AllowedSides,
  type BookingParties,
  type MovesMoney,
  cancelAcceptedBooking,
  confirmProposedDate,
  eitherSide,
  guestSide,
  inviteeOf,
  refuseWhilePaused,
  rejectBooking,
  type SideActor,
} from './actions';
import { findBookingFor } from './create-service';
import { sessionImpersonator } from '../impersonation/service';

// A booking's answers (booking-management… §4 and §9): PATCH /bookings/{id}/accept, /reject,
// /cancel and /confirm, decision 103. Each answers the booking as GET /bookings shows it.

const MAX_REASON = 1000;

const params = Type.Object({ booking: IdParam() });
const OptionalReason = Type.Optional(
  Type.Object({ reason: Type.Optional(Nullable(Str({ max: MAX_REASON }))) }),
);

const ConfirmBody = Type.Object({ confirmed_date: Str({ max: 32 }) });

/** Captures, releases and refunds move money whatever the booking's state. */
const always: MovesMoney = () => true;

/** A reason as stored: trimmed, blank read as none. */
const reasonOf = (body: { reason?: string | null } | undefined) => body?.reason?.trim() || null;

export async function bookingActionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.db, payments: app.payments, now: app.config.now };

  /**
   * PATCH /bookings/{id}/{verb}: the caller acts for a side `allowed` may act (404 when the
   * booking is not theirs, 403 for the other side, and for a Basic team member when it
   * `movesMoney`), paused accounts only where `whilePaused`; the actor records who impersonates;
   * answers the booking as the caller now sees it.
   */
  function action<Body extends TSchema>(
    verb: string,
    body: Body,
    {
      allowed,
      whilePaused,
      movesMoney,
    }: { allowed: AllowedSides; whilePaused: boolean; movesMoney: MovesMoney },
    act: (booking: BookingParties, actor: SideActor, body: Static<Body>) => Promise<void>,
  ) {
    api.patch(
      `/bookings/:booking/${verb}`,
      { preValidation: authenticated, schema: { params, body } },
      async (request) => {
        const user = await requireUser(request);
        if (!whilePaused) refuseWhilePaused(user);
        const id = Number((request.params as { booking: string }).booking);
        const impersonator = await sessionImpersonator(request);
        const { booking, actor } = await actingSide(app.db, user, id, allowed, {
          movesMoney,
          impersonatorId: impersonator?.id ?? null,
        });
        await act(booking, actor, request.body as Static<Body>);
        return { data: await findBookingFor(app.db, booking.id, user.id) };
      },
    );
  }

  // The invitee says yes: the hold is captured.
  action(
    'accept',
    Type.Optional(NoBody),
    { allowed: inviteeOf, whilePaused: false, movesMoney: always },
    (booking, actor) => acceptBooking(deps, booking.id, actor),
  );

  // The invitee says no (before accepting): the hold is released, the credit comes back.
  action(
    'reject',
    OptionalReason,
    { allowed: inviteeOf, whilePaused: true, movesMoney: always },
    (booking, actor, body) =>
      rejectBooking(deps, booking.id, actor, { kind: 'rejected', reason: reasonOf(body) }),
  );

  // Either side calls it off: released while pending, refunded once accepted.
  action(
    'cancel',
    OptionalReason,
    { allowed: eitherSide, whilePaused: true, movesMoney: always },
    (booking, actor, body) =>
      booking.status === 'pending'
        ? rejectBooking(deps, booking.id, actor, { kind: 'canceled', reason: reasonOf(body) })
        : cancelAcceptedBooking(deps, booking.id, actor, reasonOf(body)),
  );

  // The guest picks one of the proposed times; on a pending booking that accepts (captures) it.
  action(
    'confirm',
    ConfirmBody,
    {
      allowed: guestSide,
      whilePaused: false,
      movesMoney: (booking) => booking.status === 'pending',
    },
    (booking, actor, body) => confirmProposedDate(deps, booking, actor, body.confirmed_date),
  );
}
