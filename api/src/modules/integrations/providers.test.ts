import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { remoteProvider } from '../oauth/providers';
import {
  CalendarAuthError,
  CalendarUnavailableError,
  googleCalendarProvider,
  iCloudCalDavProvider,
  localGoogleProvider,
  localICloudProvider,
  microsoftCalendarProvider,
  type CalendarEvent,
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

// Writing a booking's event (decision 112): what each real provider is asked, and how an
// event already gone is treated.

const EVENT: CalendarEvent = {
  uid: 'booking-7@guestspot',
  summary: 'Interview: Maya Brooks on Morning Momentum',
  description: 'The booking: https://app.test/bookings/7',
  url: 'https://app.test/bookings/7',
  startsAt: new Date('2027-01-05T14:00:00Z'),
  endsAt: new Date('2027-01-05T14:30:00Z'),
  sequence: 2,
  ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
};
const GOOGLE_EVENTS = 'https://www.googleapis.com/calendar/v3/calendars/me%40gmail.test/events';
const GRAPH = 'https://graph.microsoft.com/v1.0/me';

describe('writing an event', () => {
  it('Google: imports it by its iCalendar UID, removes it by the id Google gave', async () => {
    const calls: Call[] = [];
    const google = googleCalendarProvider(
      stubFetch(
        {
          [`POST ${GOOGLE_EVENTS}/import`]: () => Response.json({ id: 'g123' }),
          [`DELETE ${GOOGLE_EVENTS}/g123`]: () => new Response(null, { status: 410 }),
        },
        calls,
      ),
    );
    const access = { account: 'me', accessToken: 'tok' };
    const id = await google.upsertEvent(access, 'me@gmail.test', EVENT, null);
    assert.equal(id, 'g123');
    const body = JSON.parse(calls[0]!.body) as Record<string, unknown>;
    assert.deepEqual(body, {
      iCalUID: 'booking-7@guestspot',
      summary: EVENT.summary,
      description: EVENT.description,
      source: { title: 'Guestspot', url: EVENT.url },
      start: { dateTime: '2027-01-05T14:00:00.000Z' },
      end: { dateTime: '2027-01-05T14:30:00.000Z' },
      sequence: 2,
      status: 'confirmed',
    });
    assert.equal(calls[0]!.headers.authorization, 'Bearer tok');
    // 410 Gone: deleted already, which is what was asked
    await google.removeEvent(access, {
      uid: EVENT.uid,
      calendarId: 'me@gmail.test',
      providerEventId: 'g123',
    });
    assert.equal(calls[1]!.method, 'DELETE');
  });

  it('Google: finds an event written without a known id by its iCalUID before removing it', async () => {
    const calls: Call[] = [];
    const google = googleCalendarProvider(
      stubFetch(
        {
          [`GET ${GOOGLE_EVENTS}?iCalUID=booking-7%40guestspot`]: () =>
            Response.json({ items: [{ id: 'g9' }] }),
          [`DELETE ${GOOGLE_EVENTS}/g9`]: () => new Response(null, { status: 204 }),
        },
        calls,
      ),
    );
    await google.removeEvent(
      { account: 'me', accessToken: 'tok' },
      { uid: EVENT.uid, calendarId: 'me@gmail.test', providerEventId: null },
    );
    assert.deepEqual(
      calls.map((call) => call.method),
      ['GET', 'DELETE'],
    );
  });

  it('Microsoft: creates it in the calendar, then updates and removes it by its id', async () => {
    const calls: Call[] = [];
    let patchStatus = 200;
    const microsoft = microsoftCalendarProvider(
      stubFetch(
        {
          [`POST ${GRAPH}/calendars/AAMk/events`]: () => Response.json({ id: 'ev1' }),
          [`PATCH ${GRAPH}/events/ev1`]: () => new Response('{}', { status: patchStatus }),
          [`DELETE ${GRAPH}/events/ev1`]: () => new Response(null, { status: 204 }),
        },
        calls,
      ),
    );
    const access = { account: 'me', accessToken: 'tok' };
    assert.equal(await microsoft.upsertEvent(access, 'AAMk', EVENT, null), 'ev1');
    const created = JSON.parse(calls[0]!.body) as Record<string, unknown>;
    assert.deepEqual(created.start, { dateTime: '2027-01-05T14:00:00', timeZone: 'UTC' });
    assert.equal(created.subject, EVENT.summary);
    assert.equal(created.transactionId, 'booking-7@guestspot#2');

    const written = { uid: EVENT.uid, calendarId: 'AAMk', providerEventId: 'ev1' };
    assert.equal(await microsoft.upsertEvent(access, 'AAMk', EVENT, written), 'ev1');
    assert.equal(calls[1]!.method, 'PATCH');

    // deleted in Outlook meanwhile: created again
    patchStatus = 404;
    assert.equal(await microsoft.upsertEvent(access, 'AAMk', EVENT, written), 'ev1');
    assert.deepEqual(
      calls.slice(2).map((call) => call.method),
      ['PATCH', 'POST'],
    );
    await microsoft.removeEvent(access, written);
    assert.equal(calls.at(-1)!.method, 'DELETE');
  });

  it('iCloud: PUTs {uid}.ics into the calendar with Basic auth, DELETE of a gone one is fine', async () => {
    const calendar = 'https://p42-caldav.icloud.test/1234/calendars/home/';
    const resource = `${calendar}booking-7%40guestspot.ics`;
    const calls: Call[] = [];
    const icloud = iCloudCalDavProvider(
      'https://caldav.icloud.test',
      stubFetch(
        {
          [`PUT ${resource}`]: () => new Response(null, { status: 201 }),
          [`DELETE ${resource}`]: () => new Response(null, { status: 404 }),
        },
        calls,
      ),
    );
    const access = {
      account: 'me',
      credentials: { email: 'me@icloud.test', password: 'abcd-efgh-ijkl-mnop' },
    };
    assert.equal(await icloud.upsertEvent(access, calendar, EVENT, null), null);
    assert.equal(calls[0]!.body, EVENT.ics);
    assert.equal(calls[0]!.headers['content-type'], 'text/calendar; charset=utf-8');
    assert.match(calls[0]!.headers.authorization ?? '', /^Basic /);
    await icloud.removeEvent(access, {
      uid: EVENT.uid,
      calendarId: calendar,
      providerEventId: null,
    });
    assert.equal(calls[1]!.method, 'DELETE');
  });

  it('a refused token or password is an auth error, an outage unavailable (tried again later)', async () => {
    const access = { account: 'me', accessToken: 'tok' };
    const refused = googleCalendarProvider(
      stubFetch({ [`POST ${GOOGLE_EVENTS}/import`]: () => new Response('', { status: 401 }) }),
    );
    await assert.rejects(
      refused.upsertEvent(access, 'me@gmail.test', EVENT, null),
      CalendarAuthError,
    );
    const down = microsoftCalendarProvider(
      stubFetch({
        [`POST ${GRAPH}/calendars/AAMk/events`]: () => new Response('', { status: 503 }),
      }),
    );
    await assert.rejects(down.upsertEvent(access, 'AAMk', EVENT, null), CalendarUnavailableError);
    const unreachable = microsoftCalendarProvider((async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch);
    await assert.rejects(
      unreachable.upsertEvent(access, 'AAMk', EVENT, null),
      CalendarUnavailableError,
    );
    await assert.rejects(
      googleCalendarProvider(stubFetch({})).upsertEvent(
        { account: 'me', accessToken: null },
        'me@gmail.test',
        EVENT,
        null,
      ),
      CalendarAuthError,
    );
  });

  it('the LOCAL providers write offline (iCloud only with a password it would accept)', async () => {
    const good = { account: 'a', credentials: { email: 'a', password: 'abcd-efgh-ijkl-mnop' } };
    assert.equal(
      await localICloudProvider().upsertEvent(good, 'local-icloud-home', EVENT, null),
      null,
    );
    await assert.rejects(
      localICloudProvider().upsertEvent(
        { account: 'a', credentials: { email: 'a', password: 'wrong' } },
        'local-icloud-home',
        EVENT,
        null,
      ),
      CalendarAuthError,
    );
    assert.equal(await localGoogleProvider().upsertEvent({ account: 'a' }, 'a', EVENT, null), null);
  });
});
