import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { remoteProvider } from '../oauth/providers';
import {
  CalendarAuthError,
  CalendarUnavailableError,
  googleCalendarProvider,
  iCloudCalDavProvider,
  localICloudProvider,
  microsoftCalendarProvider,
} from './providers';

type Call = { url: string; method: string; headers: Record<string, string>; body: string };

/** A fetch that answers from a table of `METHOD url` → response, recording every call. */
function stubFetch(routes: Record<string, () => Response>, calls: Call[] = []): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({
      url,
      method,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const route = routes[`${method} ${url}`];
    return route ? route() : new Response('not found', { status: 404 });
  }) as typeof fetch;
}

const multistatus = (body: string) =>
  new Response(`<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">${body}</d:multistatus>`, {
    status: 207,
  });

describe('the local iCloud provider', () => {
  it('accepts an app-specific password of the Apple shape and refuses anything else', async () => {
    const provider = localICloudProvider();
    const calendars = await provider.listCalendars({
      account: 'a@icloud.test',
      credentials: { email: 'a@icloud.test', password: 'ABCD-efgh-ijkl-mnop' },
    });
    assert.deepEqual(
      calendars.map((calendar) => calendar.name),
      ['Home', 'Work', 'Family'],
    );
    for (const password of [
      'wrong',
      'abcd-efgh-ijkl',
      'abcd-efgh-ijkl-mnop-qrst',
      '1234-5678-9012-3456',
    ]) {
      await assert.rejects(
        provider.listCalendars({ account: 'a', credentials: { email: 'a', password } }),
        CalendarAuthError,
        password,
      );
    }
  });
});

describe('iCloud over CalDAV', () => {
  const base = 'https://caldav.icloud.test';
  const routes = {
    [`PROPFIND ${base}/`]: () =>
      multistatus(
        '<d:response><d:href>/</d:href><d:propstat><d:prop><d:current-user-principal><d:href>/1234/principal/</d:href></d:current-user-principal></d:prop></d:propstat></d:response>',
      ),
    [`PROPFIND ${base}/1234/principal/`]: () =>
      multistatus(
        '<d:response><d:href>/1234/principal/</d:href><d:propstat><d:prop><cal:calendar-home-set xmlns:cal="urn:ietf:params:xml:ns:caldav"><d:href>https://p42-caldav.icloud.test:443/1234/calendars/</d:href></cal:calendar-home-set></d:prop></d:propstat></d:response>',
      ),
    ['PROPFIND https://p42-caldav.icloud.test/1234/calendars/']: () =>
      multistatus(`
        <d:response><d:href>/1234/calendars/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop></d:propstat></d:response>
        <d:response><d:href>/1234/calendars/home/</d:href><d:propstat><d:prop>
          <d:displayname>Home &amp; Family</d:displayname>
          <d:resourcetype><d:collection/><c:calendar xmlns:c="urn:ietf:params:xml:ns:caldav"/></d:resourcetype>
          <c:supported-calendar-component-set xmlns:c="urn:ietf:params:xml:ns:caldav"><c:comp name="VEVENT"/></c:supported-calendar-component-set>
        </d:prop></d:propstat></d:response>
        <d:response><d:href>/1234/calendars/tasks/</d:href><d:propstat><d:prop>
          <d:displayname>Reminders</d:displayname>
          <d:resourcetype><d:collection/><c:calendar xmlns:c="urn:ietf:params:xml:ns:caldav"/></d:resourcetype>
          <c:supported-calendar-component-set xmlns:c="urn:ietf:params:xml:ns:caldav"><c:comp name="VTODO"/></c:supported-calendar-component-set>
        </d:prop></d:propstat></d:response>
        <d:response><d:href>/1234/calendars/inbox/</d:href><d:propstat><d:prop>
          <d:resourcetype><d:collection/><c:schedule-inbox xmlns:c="urn:ietf:params:xml:ns:caldav"/></d:resourcetype>
        </d:prop></d:propstat></d:response>`),
  };

  it('finds the principal, the calendar home and its event calendars with Basic auth', async () => {
    const calls: Call[] = [];
    const provider = iCloudCalDavProvider(base, stubFetch(routes, calls));
    const calendars = await provider.listCalendars({
      account: 'me@icloud.test',
      credentials: { email: 'me@icloud.test', password: 'abcd-efgh-ijkl-mnop' },
    });
    assert.deepEqual(calendars, [
      { id: 'https://p42-caldav.icloud.test/1234/calendars/home/', name: 'Home & Family' },
    ]);
    assert.deepEqual(
      calls.map((call) => [call.method, call.headers.depth]),
      [
        ['PROPFIND', '0'],
        ['PROPFIND', '0'],
        ['PROPFIND', '1'],
      ],
    );
    const expectedAuth = `Basic ${Buffer.from('me@icloud.test:abcd-efgh-ijkl-mnop').toString('base64')}`;
    assert.ok(calls.every((call) => call.headers.authorization === expectedAuth));
  });

  it('reports a refused password as an auth error and an outage as unavailable', async () => {
    const refused = iCloudCalDavProvider(
      base,
      stubFetch({ [`PROPFIND ${base}/`]: () => new Response('', { status: 401 }) }),
    );
    const access = { account: 'a', credentials: { email: 'a', password: 'b' } };
    await assert.rejects(refused.listCalendars(access), CalendarAuthError);
    const down = iCloudCalDavProvider(
      base,
      stubFetch({ [`PROPFIND ${base}/`]: () => new Response('', { status: 503 }) }),
    );
    await assert.rejects(down.listCalendars(access), CalendarUnavailableError);
  });
});

describe('Google Calendar and Microsoft Graph', () => {
  it('list the calendars with the bearer token', async () => {
    const calls: Call[] = [];
    const google = googleCalendarProvider(
      stubFetch(
        {
          'GET https://www.googleapis.com/calendar/v3/users/me/calendarList?minAccessRole=reader':
            () =>
              Response.json({
                items: [
                  { id: 'me@gmail.test', summary: 'me@gmail.test' },
                  { id: 'team@group', summary: 'Team', summaryOverride: 'Our team' },
                ],
              }),
        },
        calls,
      ),
    );
    assert.deepEqual(await google.listCalendars({ account: 'me', accessToken: 'tok' }), [
      { id: 'me@gmail.test', name: 'me@gmail.test' },
      { id: 'team@group', name: 'Our team' },
    ]);
    assert.equal(calls[0]?.headers.authorization, 'Bearer tok');

    const microsoft = microsoftCalendarProvider(
      stubFetch({
        'GET https://graph.microsoft.com/v1.0/me/calendars?$select=id,name&$top=100': () =>
          Response.json({ value: [{ id: 'AAMk', name: 'Calendar' }] }),
      }),
    );
    assert.deepEqual(await microsoft.listCalendars({ account: 'me', accessToken: 'tok' }), [
      { id: 'AAMk', name: 'Calendar' },
    ]);
  });

  it('treat a missing or refused token as an auth error', async () => {
    const refused = googleCalendarProvider(
      stubFetch({
        'GET https://www.googleapis.com/calendar/v3/users/me/calendarList?minAccessRole=reader':
          () => new Response('', { status: 401 }),
      }),
    );
    await assert.rejects(
      refused.listCalendars({ account: 'a', accessToken: 'x' }),
      CalendarAuthError,
    );
    await assert.rejects(
      microsoftCalendarProvider(stubFetch({})).listCalendars({ account: 'a', accessToken: null }),
      CalendarAuthError,
    );
  });

  it('ask Google for offline access and the calendar scope when connecting', () => {
    const provider = remoteProvider('google', { clientId: 'cid', clientSecret: 's' });
    const url = new URL(
      provider.authorizeUrl({
        state: 's',
        scopes: provider.scopes('link'),
        redirectUri: 'https://app.test/google/authorization',
        codeChallenge: null,
      }),
    );
    assert.equal(url.searchParams.get('access_type'), 'offline');
    assert.ok(
      url.searchParams
        .get('scope')
        ?.split(' ')
        .includes('https://www.googleapis.com/auth/calendar'),
    );
  });
});
