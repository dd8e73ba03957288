import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { CalendarRef } from '../../contract';
import { HttpError, notFound, type FieldErrors } from '../../http/errors';
import {
  AnyValue,
  bodyRules,
  Email,
  IdParam,
  idOf,
  List,
  MAX_STRING,
  OneOf,
  Str,
} from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { onConnected, type ConnectedAccount } from '../oauth/connections';
import { CalendarAuthError } from './providers';
import {
  calendarProvider,
  checkIntegration,
  deleteIntegration,
  encryptCredentials,
  findOwnIntegration,
  INTEGRATION_NAMES,
  INTEGRATION_SLUGS,
  listIntegrations,
  OAUTH_PROVIDER_OF,
  saveIntegrationParams,
  toIntegration,
  upsertIntegration,
  type IntegrationRow,
} from './service';
import { oncePerRequest } from '../../http/per-request';

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

const ListQuery = Type.Object({
  filter: Type.Optional(
    Type.Object(
      { slug: Type.Optional(List(OneOf(INTEGRATION_SLUGS), { max: INTEGRATION_SLUGS.length })) },
      { additionalProperties: false },
    ),
  ),
});

const Credentials = Type.Object(
  { email: Email(), password: Str({ max: MAX_STRING }) },
  { additionalProperties: false },
);
const NewICloud = Type.Object(
  {
    // Only iCloud is created here: Google and Office 365 come from their OAuth connection.
    slug: OneOf(['icloud-calendar']),
    name: Type.Optional(Str({ max: MAX_STRING })),
    account: Type.Optional(Str({ max: MAX_STRING })),
    credentials: Type.Optional(Credentials),
  },
  {
    // credentials missing or not an object: its fields are missing too ("The credentials.email
    // field is required."), as the old reader had it
    if: { not: { required: ['credentials'], properties: { credentials: { type: 'object' } } } },
    then: { required: ['credentials.email', 'credentials.password'] },
  },
);

const IdParams = Type.Object({ id: IdParam() });

/** One of the integration's available calendars (choiceRules), by its id. */
const CalendarId = () => Str({ max: 1024 });
const Choices = Type.Object({
  params: Type.Object(
    {
      events_calendar: Type.Optional(CalendarId()),
      /** a list of available calendars' ids (null: none) */
      conflict_calendars: Type.Optional(AnyValue()),
    },
    { additionalProperties: false },
  ),
});
const CALENDAR_ID = CalendarId();

type IntegrationRequest = FastifyRequest<{ Params: Static<typeof IdParams> }>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The calendar ids of a checked conflict_calendars, without repeats. */
function calendarIds(value: unknown): string[] {
  const ids: unknown[] = Array.isArray(value) ? value : [];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  registerOAuthHooks();
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /** The caller's own integration (401, then 404: anyone else's is not revealed). */
  const ownIntegration = oncePerRequest(async (request): Promise<IntegrationRow> => {
    const user = await requireUser(request);
    const id = idOf((request.params as { id: string }).id);
    const row = id === null ? undefined : await findOwnIntegration(app, user.id, id);
    if (!row) throw notFound();
    return row;
  });
  /** Who may see the integration comes before what the request holds. */
  const owner = async (request: IntegrationRequest) => {
    await ownIntegration(request);
  };

  /**
   * The calendars chosen must be among the integration's available calendars. Read from the
   * whole body: they are checked even when params fails its schema (an unknown key, an events
   * calendar that is no text), as before.
   */
  const choiceRules = bodyRules(Choices, async (_accepted, request) => {
    const errors: FieldErrors = {};
    const row = await ownIntegration(request);
    const available = new Set(row.data.available_calendars.map((calendar) => calendar.id));
    const body = request.body;
    const params = isRecord(body) && isRecord(body.params) ? body.params : {};
    const events = params.events_calendar;
    if (Value.Check(CALENDAR_ID, events) && !available.has(events)) {
      errors['params.events_calendar'] = ['The selected params.events calendar is invalid.'];
    }
    const conflicts = params.conflict_calendars;
    if (conflicts !== undefined && conflicts !== null) {
      if (!Array.isArray(conflicts) || !conflicts.every((id) => typeof id === 'string')) {
        errors['params.conflict_calendars'] = [
          'The params.conflict calendars field must be an array.',
        ];
      } else if (conflicts.some((id) => !available.has(id))) {
        errors['params.conflict_calendars'] = [
          'The selected params.conflict calendars is invalid.',
        ];
      }
    }
    return errors;
  });

  const respond = (row: IntegrationRow) => ({ data: toIntegration(app, row) });

  api.get(
    '/integrations',
    { preValidation: authenticated, schema: { querystring: ListQuery } },
    async (request) => {
      const user = await requireUser(request);
      const list = await listIntegrations(app, user.id, request.query.filter?.slug);
      return { data: list.map((row) => toIntegration(app, row)) };
    },
  );

  api.post(
    '/integrations',
    { preValidation: authenticated, schema: { body: NewICloud } },
    async (request, reply) => {
      const user = await requireUser(request);
      const slug = 'icloud-calendar';
      const { name, account } = request.body;
      // (the schema requires them)
      const credentials = request.body.credentials!;
      const email = credentials.email.trim();
      const password = credentials.password;

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
        name: name?.trim() || INTEGRATION_NAMES[slug],
        account: account?.trim() || email,
        credentials: encryptCredentials(app, { email, password }),
        calendars,
      });
      return reply.code(201).send(respond(row));
    },
  );

  const one = { preValidation: owner, schema: { params: IdParams } };
  api.get('/integrations/:id', one, async (request) => respond(await ownIntegration(request)));

  api.get('/integrations/:id/check', one, async (request) =>
    respond(await checkIntegration(app, await ownIntegration(request))),
  );

  const choose = {
    preValidation: owner,
    config: { rules: choiceRules },
    schema: { params: IdParams, body: Choices },
  };
  api.put('/integrations/:id', choose, async (request) => {
    const row = await ownIntegration(request);
    const { events_calendar: events, conflict_calendars: conflicts } = request.body.params;
    return respond(
      await saveIntegrationParams(app, row.id, {
        events_calendar: events ?? null,
        conflict_calendars: calendarIds(conflicts),
      }),
    );
  });

  api.delete('/integrations/:id', one, async (request, reply) => {
    await deleteIntegration(app, await ownIntegration(request));
    return reply.code(204).send();
  });
}
