import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { devSurfaceOnly } from '../../http/dev-surface';

/**
 * The local outbox, for developers and tests: a development surface (decision 062), and only when
 * no SMTP server is configured (then no real email is ever stored here). GET /dev/outbox?to=email
 * lists the newest messages first.
 */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.devSurfaces || app.mailer.kind !== 'outbox') return;
  devSurfaceOnly(app);
  app.get<{ Querystring: { to?: string } }>('/dev/outbox', async (request) => {
    let query = app.db
      .selectFrom('outbox_emails')
      .select([
        'id',
        'to_email as to',
        'subject',
        'text_body as text',
        'html_body as html',
        'created_at',
      ])
      .orderBy('id', 'desc')
      .limit(50);
    const to = typeof request.query.to === 'string' ? request.query.to.trim().toLowerCase() : '';
    if (to) query = query.where(sql`lower(to_email)`, '=', to);
    return { data: await query.execute() };
  });
}
