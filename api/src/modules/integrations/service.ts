import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type { CalendarRef, Integration, IntegrationParams, IntegrationSlug } from '../../contract';
import type { IntegrationsTable } from '../../db/schema';
import { decryptToken, encryptToken } from '../oauth/connections';
import { REMOTE_SPECS, resolveProvider } from '../oauth/providers';
import {
  googleCalendarProvider,
  iCloudCalDavProvider,
  localGoogleProvider,
  localICloudProvider,
  localMicrosoftProvider,
  microsoftCalendarProvider,
  type CalendarAccess,
  type CalendarProvider,
} from './providers';

export type IntegrationRow = Selectable<IntegrationsTable>;

/** What the calendar services read: the database, the settings and a log (an app has them). */
export type IntegrationDeps = Pick<FastifyInstance, 'db' | 'config' | 'log'>;

export const INTEGRATION_SLUGS = [
  'icloud-calendar',
  'google-calendar',
  'office365-calendar',
] as const satisfies readonly IntegrationSlug[];

export const INTEGRATION_NAMES: Record<IntegrationSlug, string> = {
  'icloud-calendar': 'iCloud Calendar',
  'google-calendar': 'Google Calendar',
  'office365-calendar': 'Office 365 Calendar',
};

/** The OAuth provider whose connection (oauth_connections) holds the integration's tokens. */
export const OAUTH_PROVIDER_OF = {
  'google-calendar': 'google',
  'office365-calendar': 'microsoft',
} as const;
type OAuthCalendarSlug = keyof typeof OAUTH_PROVIDER_OF;

const isOAuthSlug = (slug: IntegrationSlug): slug is OAuthCalendarSlug => slug in OAUTH_PROVIDER_OF;

/** Real providers when configured (iCloud CalDAV URL, Google/Microsoft client), local otherwise. */
export function calendarProvider(
  { config }: Pick<IntegrationDeps, 'config'>,
  slug: IntegrationSlug,
): CalendarProvider {
  if (slug === 'icloud-calendar') {
    const url = config.icloudCaldavUrl;
    return url ? iCloudCalDavProvider(url) : localICloudProvider();
  }
  const oauth = resolveProvider(config, OAUTH_PROVIDER_OF[slug]);
  const real = oauth !== null && !oauth.local;
  if (slug === 'google-calendar') return real ? googleCalendarProvider() : localGoogleProvider();
  return real ? microsoftCalendarProvider() : localMicrosoftProvider();
}

export function encryptCredentials(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): string {
  return encryptToken(app.config.sessionSecret, JSON.stringify(credentials));
}

function readCredentials(
  { config }: Pick<IntegrationDeps, 'config'>,
  row: IntegrationRow,
): { email: string; password: string } | null {
  if (!row.credentials) return null;
  try {
    const parsed = JSON.parse(decryptToken(config.sessionSecret, row.credentials)) as unknown;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'email' in parsed &&
      'password' in parsed &&
      typeof parsed.email === 'string' &&
      typeof parsed.password === 'string'
    ) {
      return { email: parsed.email, password: parsed.password };
    }
  } catch {
    // a changed SESSION_SECRET: the integration needs reconnecting (the check says inactive)
  }
  return null;
}

export function toIntegration(app: FastifyInstance, row: IntegrationRow): Integration {
  const credentials = readCredentials(app, row);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    account: row.account,
    credentials:
      row.slug === 'icloud-calendar' ? { email: credentials?.email ?? row.account } : null,
    status: row.status,
    checked_at: row.checked_at?.toISOString() ?? null,
    params: {
      events_calendar: row.params.events_calendar ?? null,
      conflict_calendars: row.params.conflict_calendars ?? [],
    },
    data: { available_calendars: row.data.available_calendars ?? [] },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The OAuth access token of the user's Google or Microsoft connection, refreshed with the stored
 * refresh token when it has expired (real providers only). Null: no usable token.
 */
async function oauthAccessToken(
  app: IntegrationDeps,
  userId: number,
  slug: OAuthCalendarSlug,
): Promise<string | null> {
  const providerName = OAUTH_PROVIDER_OF[slug];
  const secret = app.config.sessionSecret;
  const row = await app.db
    .selectFrom('oauth_connections')
    .select(['id', 'access_token', 'refresh_token', 'token_expires_at'])
    .where('user_id', '=', userId)
    .where('provider', '=', providerName)
    .executeTakeFirst();
  if (!row?.access_token) return null;
  const expired =
    row.token_expires_at !== null && row.token_expires_at.getTime() < Date.now() + 60_000;
  const client = app.config.oauthCredentials[providerName];
  try {
    if (!expired) return decryptToken(secret, row.access_token);
    if (!row.refresh_token || !client) return null;
    const response = await fetch(REMOTE_SPECS[providerName].tokenEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: decryptToken(secret, row.refresh_token),
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    const token = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || typeof token.access_token !== 'string') return null;
    const expiresIn = Number(token.expires_in);
    await app.db
      .updateTable('oauth_connections')
      .set({
        access_token: encryptToken(secret, token.access_token),
        ...(typeof token.refresh_token === 'string'
          ? { refresh_token: encryptToken(secret, token.refresh_token) }
          : {}),
        token_expires_at:
          Number.isFinite(expiresIn) && expiresIn > 0
            ? new Date(Date.now() + expiresIn * 1000)
            : null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', row.id)
      .execute();
    return token.access_token;
  } catch (error) {
    app.log.warn({ err: error, provider: providerName }, 'calendar token unavailable');
    return null;
  }
}

/** What the provider needs to reach the integration's account: its token or its credentials. */
export async function accessFor(
  app: IntegrationDeps,
  row: IntegrationRow,
): Promise<CalendarAccess> {
  if (isOAuthSlug(row.slug)) {
    return {
      account: row.account,
      accessToken: await oauthAccessToken(app, row.user_id, row.slug),
    };
  }
  return { account: row.account, credentials: readCredentials(app, row) };
}

/** Keeps the chosen calendars that still exist. */
export function pruneParams(
  params: IntegrationParams,
  calendars: CalendarRef[],
): IntegrationParams {
  const ids = new Set(calendars.map((calendar) => calendar.id));
  return {
    events_calendar:
      params.events_calendar !== null && ids.has(params.events_calendar)
        ? params.events_calendar
        : null,
    conflict_calendars: params.conflict_calendars.filter((id) => ids.has(id)),
  };
}

/**
 * The check (spec §4): asks the provider for the calendars. Success: active, the calendar list
 * refreshed and choices of vanished calendars dropped. Any failure: inactive, the last list kept.
 */
export async function checkIntegration(
  app: FastifyInstance,
  row: IntegrationRow,
): Promise<IntegrationRow> {
  let calendars: CalendarRef[] | null = null;
  try {
    calendars = await calendarProvider(app, row.slug).listCalendars(await accessFor(app, row));
  } catch (error) {
    app.log.info({ err: error, integration: row.id }, 'calendar check failed');
  }
  return app.db
    .updateTable('integrations')
    .set(
      calendars === null
        ? { status: 'inactive', checked_at: sql<Date>`now()`, updated_at: sql<Date>`now()` }
        : {
            status: 'active',
            checked_at: sql<Date>`now()`,
            updated_at: sql<Date>`now()`,
            data: JSON.stringify({ available_calendars: calendars }),
            params: JSON.stringify(pruneParams(toIntegration(app, row).params, calendars)),
          },
    )
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Creates the user's integration for this slug, or refreshes the existing one (a reconnect). */
export async function upsertIntegration(
  app: FastifyInstance,
  values: {
    userId: number;
    slug: IntegrationSlug;
    name: string;
    account: string;
    credentials: string | null;
    calendars: CalendarRef[] | null;
  },
): Promise<IntegrationRow> {
  const calendars = values.calendars ?? [];
  const row = await app.db
    .insertInto('integrations')
    .values({
      user_id: values.userId,
      slug: values.slug,
      name: values.name,
      account: values.account,
      credentials: values.credentials,
      status: values.calendars === null ? 'inactive' : 'active',
      checked_at: values.calendars === null ? null : new Date(),
      data: JSON.stringify({ available_calendars: calendars }),
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'slug']).doUpdateSet({
        name: values.name,
        account: values.account,
        credentials: values.credentials,
        status: sql`excluded.status`,
        checked_at: sql`excluded.checked_at`,
        data: sql`excluded.data`,
        // another account's calendars have other ids: start the choices again
        params: sql`CASE WHEN integrations.account = excluded.account THEN integrations.params
          ELSE '{"events_calendar": null, "conflict_calendars": []}'::jsonb END`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  if (values.calendars === null) return row;
  const params = toIntegration(app, row).params;
  const pruned = pruneParams(params, values.calendars);
  if (JSON.stringify(pruned) === JSON.stringify(params)) return row;
  return app.db
    .updateTable('integrations')
    .set({ params: JSON.stringify(pruned) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's own integration, else undefined (anyone else's is not revealed). */
export async function findOwnIntegration(
  app: FastifyInstance,
  userId: number,
  id: number,
): Promise<IntegrationRow | undefined> {
  return app.db
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's integrations (oldest first), only those of the slugs given when there are any. */
export async function listIntegrations(
  app: FastifyInstance,
  userId: number,
  slugs: readonly IntegrationSlug[] | undefined,
): Promise<IntegrationRow[]> {
  let query = app.db
    .selectFrom('integrations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id');
  if (slugs?.length) query = query.where('slug', 'in', slugs);
  return query.execute();
}

/** Saves the events calendar and the conflict calendars chosen. */
export async function saveIntegrationParams(
  app: FastifyInstance,
  id: number,
  params: IntegrationParams,
): Promise<IntegrationRow> {
  return app.db
    .updateTable('integrations')
    .set({ params: JSON.stringify(params), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Disables an integration; for Google or Office 365 its connection's tokens go too. */
export async function deleteIntegration(app: FastifyInstance, row: IntegrationRow): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('integrations').where('id', '=', row.id).execute();
    if (isOAuthSlug(row.slug)) {
      await trx
        .deleteFrom('oauth_connections')
        .where('user_id', '=', row.user_id)
        .where('provider', '=', OAUTH_PROVIDER_OF[row.slug])
        .execute();
    }
  });
}
