import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DatabaseEvents } from '../../db/database';
import { authenticated, requireUser } from '../auth/require-user';
import { LiveHub, pruneUserEvents } from './hub';

// GET /events: the signed-in tab's live stream (Server-Sent Events, decision 113). One per tab;
// the browser's EventSource reconnects by itself and says where it stopped (Last-Event-ID).

/** How often a serving process deletes the events older than a day. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const EVENT_ID = '^[0-9]{1,18}$';

const EventsQuery = Type.Object({
  /** where to resume when the Last-Event-ID header cannot be set (a new EventSource) */
  last_event_id: Type.Optional(Type.String({ pattern: EVENT_ID })),
});

/** Where the tab stopped: the header an EventSource sends on reconnecting, else the query. */
function resumePoint(request: FastifyRequest, query: { last_event_id?: string }): number | null {
  const header = request.headers['last-event-id'];
  const value =
    typeof header === 'string' && new RegExp(EVENT_ID).test(header.trim())
      ? header.trim()
      : query.last_event_id;
  return value === undefined ? null : Number(value);
}

export interface LiveRoutesOptions {
  /** The database's notifications (buildApp's `events`): the stream's source. */
  events?: DatabaseEvents;
}

export async function liveRoutes(
  app: FastifyInstance,
  { events }: LiveRoutesOptions,
): Promise<void> {
  const hub = new LiveHub({
    db: app.db,
    events,
    heartbeatMs: app.config.liveHeartbeatMs,
    streamsPerUser: app.config.liveStreamsPerUser,
    log: app.log,
  });
  // Before the server waits for its connections to end: open streams never would.
  app.addHook('preClose', () => hub.close());

  // A serving process sweeps the events no reconnecting tab will ask for any more.
  let sweep: NodeJS.Timeout | undefined;
  const prune = () =>
    pruneUserEvents(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'live events: prune failed'),
    );
  app.addHook('onListen', async () => {
    if (sweep) return;
    sweep = setInterval(() => void prune(), PRUNE_EVERY_MS);
    sweep.unref();
    void prune();
  });
  app.addHook('onClose', async () => clearInterval(sweep));

  const options = {
    preValidation: authenticated,
    // A stream lasts minutes: the request log's "slow request" would name every one.
    logLevel: 'error' as const,
    schema: { querystring: EventsQuery },
  };
  app.withTypeProvider<TypeBoxTypeProvider>().get('/events', options, async (request, reply) => {
    const user = await requireUser(request);
    await hub.open(user.id, reply, resumePoint(request, request.query));
  });
}
