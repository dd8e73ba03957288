import type { CalendarRef, IntegrationSlug } from '../../contract';

// One interface per calendar provider: list the account's calendars with what the integration
// holds (iCloud: email + app-specific password; Google/Microsoft: an OAuth access token), and
// write or remove a booking's event in one of them. A check is a listing that succeeds. Real
// providers talk to iCloud CalDAV, the Google Calendar API and Microsoft Graph; the LOCAL
// providers work offline with demo calendars (decision 032), their events being the rows
// integrations/events.ts keeps in calendar_events (decision 112).

/** The provider refused the credentials or token (wrong password, revoked access). */
export class CalendarAuthError extends Error {
  constructor(message = 'The calendar provider refused the credentials.') {
    super(message);
    this.name = 'CalendarAuthError';
  }
}

/** The provider could not be reached or answered something unexpected. */
export class CalendarUnavailableError extends Error {
  constructor(message = 'The calendar provider is unavailable.') {
    super(message);
    this.name = 'CalendarUnavailableError';
  }
}

export interface CalendarAccess {
  /** the connected account (an email address) */
  account: string;
  /** iCloud: what the user typed */
  credentials?: { email: string; password: string } | null;
  /** Google / Microsoft: a current OAuth access token, null when there is none */
  accessToken?: string | null;
}

/** A booking's interview as written into a calendar, the same everywhere it is written. */
export interface CalendarEvent {
  /** the iCalendar UID (booking-{id}@guestspot): one event per booking, whatever its changes */
  uid: string;
  summary: string;
  description: string;
  /** the booking's page */
  url: string;
  startsAt: Date;
  endsAt: Date;
  /** the iCalendar SEQUENCE: grows with every change of the date */
  sequence: number;
  /** the event as an iCalendar object without METHOD (what CalDAV stores), made by ical.ts */
  ics: string;
}

/** Where an event was written (calendar_events): the calendar and the provider's own id, if any. */
export interface WrittenEvent {
  uid: string;
  calendarId: string;
  /** Google's and Microsoft's event id; null where the UID names the event (CalDAV, LOCAL) */
  providerEventId: string | null;
}

export interface CalendarProvider {
  readonly slug: IntegrationSlug;
  readonly local: boolean;
  /** The account's calendars that can hold events; throws CalendarAuthError when refused. */
  listCalendars(access: CalendarAccess): Promise<CalendarRef[]>;
  /**
   * Creates the event in the calendar, or updates the one written before (`previous`, in the
   * same calendar); answers the provider's event id (null where the UID is the id). Throws
   * CalendarAuthError / CalendarUnavailableError.
   */
  upsertEvent(
    access: CalendarAccess,
    calendarId: string,
    event: CalendarEvent,
    previous: WrittenEvent | null,
  ): Promise<string | null>;
  /** Removes an event written before; one already gone counts as removed. */
  removeEvent(access: CalendarAccess, written: WrittenEvent): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// LOCAL providers

/**
 * Apple's app-specific passwords are four groups of four letters (abcd-efgh-ijkl-mnop). The local
 * iCloud provider accepts any email with a password of that shape and refuses anything else, so
 * the failure path ('iCloud connection error') can be tried offline with e.g. 'wrong'.
 */
export const APP_PASSWORD_PATTERN = /^[a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}$/i;

export const LOCAL_ICLOUD_CALENDARS: CalendarRef[] = [
  { id: 'local-icloud-home', name: 'Home' },
  { id: 'local-icloud-work', name: 'Work' },
  { id: 'local-icloud-family', name: 'Family' },
];

/**
 * The LOCAL providers' writes: nothing leaves the machine, so they succeed (iCloud's only with
 * credentials it would accept) and the event is the row integrations/events.ts records.
 */
const localEvents = (accepts: (access: CalendarAccess) => boolean) => ({
  async upsertEvent(access: CalendarAccess) {
    if (!accepts(access)) throw new CalendarAuthError();
    return null;
  },
  async removeEvent(access: CalendarAccess) {
    if (!accepts(access)) throw new CalendarAuthError();
  },
});

const acceptsAppPassword = ({ credentials }: CalendarAccess) =>
  !!credentials && APP_PASSWORD_PATTERN.test(credentials.password);

export function localICloudProvider(): CalendarProvider {
  return {
    slug: 'icloud-calendar',
    local: true,
    async listCalendars(access) {
      if (!acceptsAppPassword(access)) throw new CalendarAuthError();
      return LOCAL_ICLOUD_CALENDARS;
    },
    ...localEvents(acceptsAppPassword),
  };
}

export function localGoogleProvider(): CalendarProvider {
  return {
    slug: 'google-calendar',
    local: true,
    // Google names the primary calendar after the account's email, and so do we.
    async listCalendars({ account }) {
      return [
        { id: account, name: account },
        { id: 'local-google-work', name: 'Work' },
        { id: 'local-google-holidays', name: 'Holidays in United States' },
      ];
    },
    ...localEvents(() => true),
  };
}

export function localMicrosoftProvider(): CalendarProvider {
  return {
    slug: 'office365-calendar',
    local: true,
    ...localEvents(() => true),
    async listCalendars() {
      return [
        { id: 'local-office365-calendar', name: 'Calendar' },
        { id: 'local-office365-birthdays', name: 'Birthdays' },
        { id: 'local-office365-holidays', name: 'United States holidays' },
      ];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Real providers

async function getJson(
  fetchImpl: typeof fetch,
  url: string,
  token: string | null | undefined,
): Promise<Record<string, unknown>> {
  if (!token) throw new CalendarAuthError('No access token.');
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
  } catch (error) {
    throw new CalendarUnavailableError(String(error));
  }
  if (response.status === 401 || response.status === 403) throw new CalendarAuthError();
  if (!response.ok) throw new CalendarUnavailableError(`HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A calendar write that takes longer counts as unavailable (the outbox tries again later). */
const WRITE_TIMEOUT_MS = 30_000;

/**
 * One write call. 401/403 → CalendarAuthError; no answer or another failure →
 * CalendarUnavailableError; 404/410 → null when `gone` says the target may be missing.
 */
async function write(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  { gone = false }: { gone?: boolean } = {},
): Promise<Response | null> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(WRITE_TIMEOUT_MS) });
  } catch (error) {
    throw new CalendarUnavailableError(String(error));
  }
  if (response.status === 401 || response.status === 403) throw new CalendarAuthError();
  if (gone && (response.status === 404 || response.status === 410)) return null;
  if (!response.ok) throw new CalendarUnavailableError(`HTTP ${response.status}`);
  return response;
}

function bearer(token: string | null | undefined): Record<string, string> {
  if (!token) throw new CalendarAuthError('No access token.');
  return {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    'content-type': 'application/json',
  };
}

async function idIn(response: Response | null): Promise<string | null> {
  const body = (await response?.json().catch(() => null)) as Record<string, unknown> | null;
  return text(body?.id);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function items(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && !!item)
    : [];
}

const GOOGLE_CALENDARS = 'https://www.googleapis.com/calendar/v3/calendars';

/**
 * Google Calendar API v3: the calendars in the user's list; events by their iCalendar UID
 * (events.import creates the event or updates the one with that iCalUID), removed by the id
 * Google gave back.
 */
export function googleCalendarProvider(fetchImpl: typeof fetch = fetch): CalendarProvider {
  const eventsOf = (calendarId: string) =>
    `${GOOGLE_CALENDARS}/${encodeURIComponent(calendarId)}/events`;
  return {
    slug: 'google-calendar',
    local: false,
    async listCalendars({ accessToken }) {
      const body = await getJson(
        fetchImpl,
        'https://www.googleapis.com/calendar/v3/users/me/calendarList?minAccessRole=reader',
        accessToken,
      );
      return items(body.items).flatMap((item) => {
        const id = text(item.id);
        const name = text(item.summaryOverride) ?? text(item.summary) ?? id;
        return id && name ? [{ id, name }] : [];
      });
    },
    async upsertEvent({ accessToken }, calendarId, event, previous) {
      const imported = await write(fetchImpl, `${eventsOf(calendarId)}/import`, {
        method: 'POST',
        headers: bearer(accessToken),
        body: JSON.stringify({
          iCalUID: event.uid,
          summary: event.summary,
          description: event.description,
          source: { title: 'Guestspot', url: event.url },
          start: { dateTime: event.startsAt.toISOString() },
          end: { dateTime: event.endsAt.toISOString() },
          sequence: event.sequence,
          status: 'confirmed',
        }),
      });
      return (await idIn(imported)) ?? previous?.providerEventId ?? null;
    },
    async removeEvent({ accessToken }, written) {
      const headers = bearer(accessToken);
      let id = written.providerEventId;
      if (!id) {
        const found = await write(
          fetchImpl,
          `${eventsOf(written.calendarId)}?iCalUID=${encodeURIComponent(written.uid)}`,
          { headers },
          { gone: true },
        );
        const body = (await found?.json().catch(() => null)) as Record<string, unknown> | null;
        id = text(items(body?.items)[0]?.id);
        if (!id) return;
      }
      await write(
        fetchImpl,
        `${eventsOf(written.calendarId)}/${encodeURIComponent(id)}`,
        { method: 'DELETE', headers },
        { gone: true },
      );
    },
  };
}

const GRAPH_ME = 'https://graph.microsoft.com/v1.0/me';

/** Graph's dateTime (no offset; the time zone is said beside it). */
const graphTime = (date: Date) => ({ dateTime: date.toISOString().slice(0, 19), timeZone: 'UTC' });

/**
 * Microsoft Graph: the signed-in user's calendars; an event is created in the calendar
 * (POST /me/calendars/{id}/events), then updated and removed by the id Graph gave back.
 */
export function microsoftCalendarProvider(fetchImpl: typeof fetch = fetch): CalendarProvider {
  return {
    slug: 'office365-calendar',
    local: false,
    async listCalendars({ accessToken }) {
      const body = await getJson(
        fetchImpl,
        'https://graph.microsoft.com/v1.0/me/calendars?$select=id,name&$top=100',
        accessToken,
      );
      return items(body.value).flatMap((item) => {
        const id = text(item.id);
        const name = text(item.name) ?? id;
        return id && name ? [{ id, name }] : [];
      });
    },
    async upsertEvent({ accessToken }, calendarId, event, previous) {
      const headers = bearer(accessToken);
      const fields = {
        subject: event.summary,
        body: { contentType: 'text', content: event.description },
        start: graphTime(event.startsAt),
        end: graphTime(event.endsAt),
      };
      if (previous?.providerEventId) {
        const updated = await write(
          fetchImpl,
          `${GRAPH_ME}/events/${encodeURIComponent(previous.providerEventId)}`,
          { method: 'PATCH', headers, body: JSON.stringify(fields) },
          { gone: true },
        );
        // deleted by its owner meanwhile: written again below
        if (updated) return previous.providerEventId;
      }
      const created = await write(
        fetchImpl,
        `${GRAPH_ME}/calendars/${encodeURIComponent(calendarId)}/events`,
        {
          method: 'POST',
          headers,
          // Graph drops a repeated create with the same transactionId (a retry after a lost answer).
          body: JSON.stringify({ ...fields, transactionId: `${event.uid}#${event.sequence}` }),
        },
      );
      const id = await idIn(created);
      if (!id) throw new CalendarUnavailableError('No event id in the answer.');
      return id;
    },
    async removeEvent({ accessToken }, written) {
      if (!written.providerEventId) return;
      await write(
        fetchImpl,
        `${GRAPH_ME}/events/${encodeURIComponent(written.providerEventId)}`,
        { method: 'DELETE', headers: bearer(accessToken) },
        { gone: true },
      );
    },
  };
}

// iCloud CalDAV: three PROPFINDs (RFC 4791 / RFC 5397): the principal, its calendar home, and the
// calendars in the home that hold events. Basic auth with the app-specific password.

const PRINCIPAL_BODY =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>';
const HOME_BODY =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-home-set/></d:prop></d:propfind>';
const CALENDARS_BODY =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:displayname/><d:resourcetype/><c:supported-calendar-component-set/></d:prop></d:propfind>';

/** The inner XML of the first <prefix:name> element in `xml` (namespace prefixes ignored). */
function element(xml: string, name: string): string | null {
  const match = new RegExp(
    `<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`,
  ).exec(xml);
  return match ? match[1]! : null;
}

function decodeXml(value: string): string {
  return value
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

function hrefIn(xml: string | null): string | null {
  const href = xml === null ? null : element(xml, 'href');
  return href === null ? null : decodeXml(href);
}

function basicAuth(credentials: CalendarAccess['credentials']): string {
  if (!credentials) throw new CalendarAuthError();
  return `Basic ${Buffer.from(`${credentials.email}:${credentials.password}`).toString('base64')}`;
}

export function iCloudCalDavProvider(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
): CalendarProvider {
  async function propfind(
    url: string,
    depth: '0' | '1',
    body: string,
    auth: string,
  ): Promise<string> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'PROPFIND',
        headers: {
          authorization: auth,
          depth,
          'content-type': 'application/xml; charset=utf-8',
        },
        body,
      });
    } catch (error) {
      throw new CalendarUnavailableError(String(error));
    }
    if (response.status === 401 || response.status === 403) throw new CalendarAuthError();
    if (response.status !== 207 && !response.ok) {
      throw new CalendarUnavailableError(`HTTP ${response.status}`);
    }
    return response.text();
  }

  /** The event's resource in the calendar collection: {uid}.ics (RFC 4791 §5.3.2). */
  const eventUrl = (calendarId: string, uid: string) =>
    new URL(
      `${encodeURIComponent(uid)}.ics`,
      calendarId.endsWith('/') ? calendarId : `${calendarId}/`,
    ).toString();

  return {
    slug: 'icloud-calendar',
    local: false,
    async listCalendars({ credentials }) {
      const auth = basicAuth(credentials);
      const root = new URL('/', baseUrl).toString();
      const principal = hrefIn(
        element(await propfind(root, '0', PRINCIPAL_BODY, auth), 'current-user-principal'),
      );
      if (!principal) throw new CalendarUnavailableError('No principal in the answer.');
      const principalUrl = new URL(principal, root).toString();
      const home = hrefIn(
        element(await propfind(principalUrl, '0', HOME_BODY, auth), 'calendar-home-set'),
      );
      if (!home) throw new CalendarUnavailableError('No calendar home in the answer.');
      const homeUrl = new URL(home, principalUrl).toString();
      const listing = await propfind(homeUrl, '1', CALENDARS_BODY, auth);

      const calendars: CalendarRef[] = [];
      for (const [response] of listing.matchAll(
        /<(?:[\w-]+:)?response[\s>][\s\S]*?<\/(?:[\w-]+:)?response>/g,
      )) {
        const type = element(response, 'resourcetype') ?? '';
        if (!/<(?:[\w-]+:)?calendar[\s/>]/.test(type)) continue;
        const components = element(response, 'supported-calendar-component-set');
        if (components !== null && !/name="VEVENT"/.test(components)) continue;
        const href = hrefIn(response);
        if (!href) continue;
        const id = new URL(href, homeUrl).toString();
        const name = decodeXml(element(response, 'displayname') ?? '') || href;
        calendars.push({ id, name });
      }
      return calendars;
    },
    async upsertEvent({ credentials }, calendarId, event) {
      await write(fetchImpl, eventUrl(calendarId, event.uid), {
        method: 'PUT',
        headers: {
          authorization: basicAuth(credentials),
          'content-type': 'text/calendar; charset=utf-8',
        },
        body: event.ics,
      });
      return null;
    },
    async removeEvent({ credentials }, written) {
      await write(
        fetchImpl,
        eventUrl(written.calendarId, written.uid),
        { method: 'DELETE', headers: { authorization: basicAuth(credentials) } },
        { gone: true },
      );
    },
  };
}
