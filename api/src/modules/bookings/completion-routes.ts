import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import {
  BookingActionMessageSchema,
  BookingNoShowBodySchema,
  BookingNoShowResolveBodySchema,
  type BookingAction,
} from '../../contract';
import { IdParam, NoBody } from '../../http/schema';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import {
  actingSide,
  BOOKING_ACTION_RULES,
  refuseWhilePaused,
  type SideActor,
} from './action-rules';
import { answerAfterInterview } from './completion-answers';
import type { CompletionDeps } from './completion';
import { reportNoShow, resolveNoShow } from './no-show';

// After the interview (booking-management… §2 "Completed-action page", "Notification flows",
// §7; decision 116): PATCH /bookings/{id}/completed-action/{confirm,reschedule,cancel}, POST
// /bookings/{id}/{confirm-scheduled,confirm-not-scheduled-yet,undo-scheduled-outside,
// confirm-happened}, POST /bookings/{id}/no-show, and support's POST
// /bookings/{id}/no-show/resolve. Who may call each is the rules table's (action-rules.ts,
// completion-rules.ts); each answers `{message}`, the words the strip or the page shows.

const params = Type.Object({ booking: IdParam() });
const answer = { 200: BookingActionMessageSchema };

export async function completionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps: CompletionDeps = {
    db: app.db,
    payments: app.payments,
    payouts: app.payouts,
    now: app.config.now,
    onError: (error) => app.log.error({ err: error }, 'releasing a payout failed'),
  };

  /** `verb` as its rule allows it: 404 not theirs, 403 the other side or a Basic member. */
  function route<Body extends TSchema>(
    method: 'PATCH' | 'POST',
    verb: BookingAction,
    body: Body,
    act: (id: number, actor: SideActor, body: Static<Body>) => Promise<string>,
  ) {
    const rule = BOOKING_ACTION_RULES[verb];
    api.route({
      method,
      url: `/bookings/:booking/${verb}`,
      preValidation: authenticated,
      schema: { params, body, response: answer },
      handler: async (request) => {
        const user = await requireUser(request);
        if (!rule.whilePaused) refuseWhilePaused(user);
        const id = Number((request.params as { booking: string }).booking);
        const impersonator = await sessionImpersonator(request);
        const { booking, actor } = await actingSide(app.db, user, id, rule, impersonator?.id);
        return { message: await act(booking.id, actor, request.body as Static<Body>) };
      },
    });
  }

  const answers: [BookingAction, 'PATCH' | 'POST'][] = [
    ['completed-action/confirm', 'PATCH'],
    ['completed-action/reschedule', 'PATCH'],
    ['completed-action/cancel', 'PATCH'],
    ['confirm-scheduled', 'POST'],
    ['confirm-not-scheduled-yet', 'POST'],
    ['undo-scheduled-outside', 'POST'],
    ['confirm-happened', 'POST'],
  ];
  for (const [verb, method] of answers) {
    route(method, verb, Type.Optional(NoBody), (id, actor) =>
      answerAfterInterview(deps, id, actor, verb),
    );
  }

  route('POST', 'no-show', Type.Optional(BookingNoShowBodySchema), (id, actor, body) =>
    reportNoShow(deps, id, actor, body?.details?.trim() || null),
  );

  api.post(
    '/bookings/:booking/no-show/resolve',
    {
      preValidation: adminOnly,
      schema: { params, body: BookingNoShowResolveBodySchema, response: answer },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const id = Number(request.params.booking);
      await resolveNoShow(deps, id, { side: 'system', userId: admin.id }, request.body.outcome);
      return { message: 'The no-show report was resolved.' };
    },
  );
}
