import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ValidationError } from '../../http/errors';
import { devSurfaceOnly } from '../../http/dev-surface';
import { Int } from '../../http/schema';
import { runBookingSweeps } from '../bookings/completion-sweep';
import type { AdjustableClock } from './clock';

/** At most a year at a time: a journey needs days, a typo should not jump decades. */
const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

const ClockBody = Type.Object({
  advance_ms: Type.Optional(Int({ min: 0, max: MAX_ADVANCE_MS })),
  /** an ISO instant, not before the real time */
  now: Type.Optional(Type.String({ maxLength: 40 })),
  reset: Type.Optional(Type.Boolean()),
});

/**
 * GET /dev/clock and POST /dev/clock {advance_ms} | {now} | {reset: true} (decision 116): a
 * development surface (decision 062: loopback callers only, never in production). A move runs
 * the booking sweeps at once (expiry, the completion questions, completion by silence, payouts)
 * and answers what they did; the outbox worker tells people as usual.
 */
export async function devClockRoutes(
  app: FastifyInstance,
  { clock }: { clock: AdjustableClock | null },
): Promise<void> {
  if (!app.config.devSurfaces || !clock) return;
  devSurfaceOnly(app);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const state = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs() });

  api.get('/dev/clock', async () => ({ data: state() }));

  api.post('/dev/clock', { schema: { body: ClockBody } }, async (request) => {
    const { advance_ms: advance, now, reset } = request.body;
    if (reset) clock.reset();
    if (now !== undefined) {
      const date = new Date(now);
      if (Number.isNaN(date.getTime())) {
        throw ValidationError.single('now', 'The now field must be an ISO 8601 time.');
      }
      clock.set(date);
    }
    if (advance !== undefined) clock.advance(advance);
    const swept = await runBookingSweeps({
      db: app.db,
      payments: app.payments,
      payouts: app.payouts,
      now: app.config.now,
      onError: (error) => app.log.error({ err: error }, 'releasing a payout failed'),
    });
    return { data: { ...state(), swept } };
  });
}
