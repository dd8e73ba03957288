import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { CalendarRef, IntegrationSlug } from '../../contract';
import { HttpError, notFound, type FieldErrors } from '../../http/errors';
import { parseId, Validator } from '../../http/validation';
import { requireUser } from '../auth/require-user';
import { onConnected, type ConnectedAccount } from '../oauth/connections';
import { CalendarAuthError } from './providers';
import {
  calendarProvider,
  checkIntegration,
  encryptCredentials,
  INTEGRATION_NAMES,
  INTEGRATION_SLUGS,
  OAUTH_PROVIDER_OF,
  toIntegration,
  upsertIntegration,
  type IntegrationRow,
} from './service';

export const ICLOUD_CONNECTION_ERROR = 'iCloud connection error';
export const ICLOUD_REFUSED =
  'iCloud did not accept this email and app-specific password. Check both and try again.';

/** 422 with the spec's message and the fields to look at. */
class ConnectionError extends HttpError {
  constructor(readonly errors: FieldErrors) {
    super(422, ICLOUD_CONNECTION_ERROR);
    this.name = 'ConnectionError';
  }
}

// Google and Microsoft calendars connect through the OAuth machinery (GET /oauth/{provider}/
// redirect → consent in a new tab → /{provider}/authorization → POST /oauth/{provider}/complete);
// once the connection is stored, this creates or refreshes the matching integration. Registered
// once per process: the hook receives the app it runs for.
let hooksRegistered = false;
function registerOAuthHooks(): void {
  if (hooksRegistered) return;
  hooksRegistered = true;
  for (const [slug, provider] of Object.entries(OAUTH_PROVIDER_OF) as [
    keyof typeof OAUTH_PROVIDER_OF,
    'google' | 'microsoft',
  ][]) {
    onConnected(provider, async (app, account: ConnectedAccount) => {
      const name = account.profile.email ?? account.profile.name ?? INTEGRATION_NAMES[slug];
      const row = await upsertIntegration(app, {
        userId: account.userId,
        slug,
        name: INTEGRATION_NAMES[slug],
        account: name.slice(0, 255),
        credentials: null,
        calendars: null,
      });
      // A calendar listing that fails leaves the integration inactive; the connection stands.
      await checkIntegration(app, row);
    });
  }
}

export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  registerOAuthHooks();

  /** The caller's own integration; anyone else's is 404 (its existence is not revealed). */
  async function ownIntegration(request: FastifyRequest<{ Params: { id: string } }>) {
    const user = await requireUser(request);
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    const row = await app.db
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  const respond = (row: IntegrationRow) => ({ data: toIntegration(app, row) });

  app.get('/integrations', async (request) => {
    const user = await requireUser(request);
    const input = new Validator(request.query);
    const filter = input.object('filter', ['slug']);
    const slugs = filter.list('slug', INTEGRATION_SLUGS.length);
    if (slugs?.some((slug) => !(INTEGRATION_SLUGS as readonly string[]).includes(slug))) {
      filter.fail('slug', 'The selected filter.slug is invalid.');
    }
    input.throwIfInvalid();
    let query = app.db
      .selectFrom('integrations')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id');
    if (slugs?.length) query = query.where('slug', 'in', slugs as IntegrationSlug[]);
    const rows = await query.execute();
    return { data: rows.map((row) => toIntegration(app, row)) };
  });

  app.post('/integrations', async (request, reply) => {
    const user = await requireUser(request);
    const input = new Validator(request.body);
    // Only iCloud is created here: Google and Office 365 come from their OAuth connection.
    input.oneOf('slug', ['icloud-calendar'] as const);
    if (!input.has('slug')) input.fail('slug', 'The slug field is required.');
    const slug = 'icloud-calendar';
    const name = input.string('name', { max: 255 })?.trim();
    const account = input.string('account', { max: 255 })?.trim();
    const credentials = input.object('credentials', ['email', 'password']);
    const rawEmail = credentials.string('email', { required: true, email: true, max: 255 });
    const password = credentials.string('password', { required: true, max: 255 });
    input.throwIfInvalid();
    const email = rawEmail.trim();

    let calendars: CalendarRef[];
    try {
      calendars = await calendarProvider(app, slug).listCalendars({
        account: email,
        credentials: { email, password },
      });
    } catch (error) {
      if (error instanceof CalendarAuthError) {
        throw new ConnectionError({ 'credentials.password': [ICLOUD_REFUSED] });
      }
      request.log.warn({ err: error }, 'iCloud unreachable');
      throw new HttpError(502, ICLOUD_CONNECTION_ERROR);
    }
    const row = await upsertIntegration(app, {
      userId: user.id,
      slug,
      name: name || INTEGRATION_NAMES[slug],
      account: account || email,
      credentials: encryptCredentials(app, { email, password }),
      calendars,
    });
    return reply.code(201).send(respond(row));
  });

  app.get<{ Params: { id: string } }>('/integrations/:id', async (request) =>
    respond(await ownIntegration(request)),
  );

  app.get<{ Params: { id: string } }>('/integrations/:id/check', async (request) =>
    respond(await checkIntegration(app, await ownIntegration(request))),
  );

  app.put<{ Params: { id: string } }>('/integrations/:id', async (request) => {
    const row = await ownIntegration(request);
    const available = new Set(row.data.available_calendars.map((calendar) => calendar.id));
    const input = new Validator(request.body);
    if (!input.has('params')) input.fail('params', 'The params field is required.');
    const params = input.object('params', ['events_calendar', 'conflict_calendars']);
    const events = params.string('events_calendar', { max: 1024 });
    if (events !== undefined && !available.has(events)) {
      params.fail('events_calendar', 'The selected params.events calendar is invalid.');
    }
    const rawConflicts = (request.body as { params?: { conflict_calendars?: unknown } } | null)
      ?.params?.conflict_calendars;
    let conflicts: string[] = [];
    if (rawConflicts !== undefined && rawConflicts !== null) {
      if (!Array.isArray(rawConflicts) || !rawConflicts.every((id) => typeof id === 'string')) {
        params.fail('conflict_calendars', 'The params.conflict calendars field must be an array.');
      } else if (rawConflicts.some((id) => !available.has(id))) {
        params.fail('conflict_calendars', 'The selected params.conflict calendars is invalid.');
      } else {
        conflicts = [...new Set(rawConflicts)];
      }
    }
    input.throwIfInvalid();
    const updated = await app.db
      .updateTable('integrations')
      .set({
        params: JSON.stringify({ events_calendar: events ?? null, conflict_calendars: conflicts }),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return respond(updated);
  });

  app.delete<{ Params: { id: string } }>('/integrations/:id', async (request, reply) => {
    const row = await ownIntegration(request);
    await app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('integrations').where('id', '=', row.id).execute();
      // Disabling a Google or Office 365 calendar also forgets its tokens.
      if (row.slug !== 'icloud-calendar') {
        await trx
          .deleteFrom('oauth_connections')
          .where('user_id', '=', row.user_id)
          .where('provider', '=', OAUTH_PROVIDER_OF[row.slug])
          .execute();
      }
    });
    return reply.code(204).send();
  });
}
