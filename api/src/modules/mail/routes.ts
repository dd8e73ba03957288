import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { devSurfaceOnly } from '../../http/dev-surface';
import { outboxMessages } from './mailer';

/** ?to=email (a value that is no text lists every message, as before) */
const OutboxQuery = Type.Object({ to: Type.Optional(Type.Unknown()) });

/**
 * The local outbox, for developers and tests: a development surface (decision 062), and only when
 * no SMTP server is configured (then no real email is ever stored here). GET /dev/outbox?to=email
 * lists the newest messages first, each with its `attachments` ({filename, content_type,
 * content}: e.g. a booking's calendar invitation, invite.ics, decision 112).
 */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.devSurfaces || app.mailer.kind !== 'outbox') return;
  devSurfaceOnly(app);
  const options = { schema: { querystring: OutboxQuery } };
  app.withTypeProvider<TypeBoxTypeProvider>().get('/dev/outbox', options, async (request) => {
    const { to } = request.query;
    return { data: await outboxMessages(app.db, typeof to === 'string' ? to.trim() : null) };
  });
}
