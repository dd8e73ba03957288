import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import {
  BookingAnswerSchema,
  BookingConfirmBodySchema,
  BookingProposeBodySchema,
  BookingReasonBodySchema,
  BookingSchedulingLinkBodySchema,
  type BookingAction,
} from '../../contract';
import { IdParam, NoBody } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import {
  actingSide,
  BOOKING_ACTION_RULES,
  refuseWhilePaused,
  type BookingParties,
  type SideActor,
} from './action-rules';
import { acceptBooking, cancelAcceptedBooking, rejectBooking } from './actions';
import { findBookingFor } from './queries';
import { changeDate, confirmProposedDate, proposeDates, shareSchedulingLink } from './scheduling';

// A booking's actions (booking-management… §4, §7 and §9; decisions 103 and 111): PATCH
// /bookings/{id}/accept, /reject, /cancel, /confirm, /propose-date, /reschedule, /change-date
// and /scheduling-link. Who may call each is action-rules.ts's table (the booking page's
// allowed_actions reads the same); each answers the booking as GET /bookings shows it.

const params = Type.Object({ booking: IdParam() });

/** A reason as stored: trimmed, blank read as none. */
const reasonOf = (body: { reason?: string | null } | undefined) => body?.reason?.trim() || null;

export async function bookingActionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.db, payments: app.payments, now: app.config.now };

  /**
   * PATCH /bookings/{id}/{verb}: the caller acts for a side its rule allows (404 when the
   * booking is not theirs, 403 for the other side, and for a Basic team member when it moves
   * money), paused accounts only where the rule says; the actor records who impersonates;
   * answers the booking as the caller now sees it.
   */
  function action<Body extends TSchema>(
    verb: BookingAction,
    body: Body,
    act: (booking: BookingParties, actor: SideActor, body: Static<Body>) => Promise<void>,
  ) {
    const rule = BOOKING_ACTION_RULES[verb];
    api.patch(
      `/bookings/:booking/${verb}`,
      {
        preValidation: authenticated,
        schema: { params, body, response: { 200: BookingAnswerSchema } },
      },
      async (request) => {
        const user = await requireUser(request);
        if (!rule.whilePaused) refuseWhilePaused(user);
        const id = Number((request.params as { booking: string }).booking);
        const impersonator = await sessionImpersonator(request);
        const { booking, actor } = await actingSide(app.db, user, id, rule, impersonator?.id);
        await act(booking, actor, request.body as Static<Body>);
        return { data: await findBookingFor(app.db, booking.id, user.id) };
      },
    );
  }

  action('accept', Type.Optional(NoBody), (booking, actor) =>
    acceptBooking(deps, booking.id, actor),
  );

  action('reject', Type.Optional(BookingReasonBodySchema), (booking, actor, body) =>
    rejectBooking(deps, booking.id, actor, { kind: 'rejected', reason: reasonOf(body) }),
  );

  action('cancel', Type.Optional(BookingReasonBodySchema), (booking, actor, body) =>
    booking.status === 'pending'
      ? rejectBooking(deps, booking.id, actor, { kind: 'canceled', reason: reasonOf(body) })
      : cancelAcceptedBooking(deps, booking.id, actor, reasonOf(body)),
  );

  action('confirm', BookingConfirmBodySchema, (booking, actor, body) =>
    confirmProposedDate(deps, booking, actor, body.confirmed_date),
  );

  action('propose-date', BookingProposeBodySchema, (booking, actor, body) =>
    proposeDates(deps, booking, actor, body.proposed_dates, { rescheduled: false }),
  );

  action('reschedule', BookingProposeBodySchema, (booking, actor, body) =>
    proposeDates(deps, booking, actor, body.proposed_dates, { rescheduled: true }),
  );

  action('change-date', BookingConfirmBodySchema, (booking, actor, body) =>
    changeDate(deps, booking, actor, body.confirmed_date),
  );

  action('scheduling-link', BookingSchedulingLinkBodySchema, (booking, actor, body) =>
    shareSchedulingLink(deps, booking, actor, body.url),
  );
}
