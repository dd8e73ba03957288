import type { CalendarRef, IntegrationSlug } from '../../contract';

// One interface per calendar provider: list the account's calendars with what the integration
// holds (iCloud: email + app-specific password; Google/Microsoft: an OAuth access token). A check
// is a listing that succeeds. Real providers talk to iCloud CalDAV, the Google Calendar API and
// Microsoft Graph; the LOCAL providers work offline with demo calendars (decision 032).

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

export interface CalendarProvider {
  readonly slug: IntegrationSlug;
  readonly local: boolean;
  /** The account's calendars that can hold events; throws CalendarAuthError when refused. */
  listCalendars(access: CalendarAccess): Promise<CalendarRef[]>;
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

export function localICloudProvider(): CalendarProvider {
  return {
    slug: 'icloud-calendar',
    local: true,
    async listCalendars({ credentials }) {
      if (!credentials || !APP_PASSWORD_PATTERN.test(credentials.password)) {
        throw new CalendarAuthError();
      }
      return LOCAL_ICLOUD_CALENDARS;
    },
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
  };
}

export function localMicrosoftProvider(): CalendarProvider {
  return {
    slug: 'office365-calendar',
    local: true,
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

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function items(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && !!item)
    : [];
}

/** Google Calendar API v3: the calendars in the user's list. */
export function googleCalendarProvider(fetchImpl: typeof fetch = fetch): CalendarProvider {
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
  };
}

/** Microsoft Graph: the signed-in user's calendars. */
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

  return {
    slug: 'icloud-calendar',
    local: false,
    async listCalendars({ credentials }) {
      if (!credentials) throw new CalendarAuthError();
      const auth = `Basic ${Buffer.from(`${credentials.email}:${credentials.password}`).toString('base64')}`;
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
  };
}
