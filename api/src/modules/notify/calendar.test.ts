import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { encryptCredentials } from '../integrations/service';
import { drainOutbox, type OutboxDeps } from './outbox';
import { act, bookInterview } from '../../test/bookings';
import { parseIcs, sent, winterMonth } from './testing';

// The sides' connected calendars follow the booking's date (decision 112): pro@'s seeded Google
// Calendar (the LOCAL provider: calendar_events is its calendar) and, for show@, iCloud over
// CalDAV against a CalDAV stand-in on loopback (the real provider's PUT and DELETE).

let ctx: TestContext;
let sofia: TestClient; // show@: Morning Momentum
let priya: TestClient; // pro@: Priya Patel (guest), Google Calendar connected by the seed
let priyaGuest: number;
let morningShow: number;
let proIntegration: number;
let caldav: http.Server;
let base: string;
let deps: OutboxDeps;

interface DavCall {
  method: string;
  path: string;
  body: string;
}
const davCalls: DavCall[] = [];
/** What the CalDAV stand-in answers to PUT and DELETE (503: iCloud is down). */
let davStatus = 201;

const MONTH = winterMonth();
let day = 0;
const slot = (hour: number) =>
  new Date(Date.UTC(MONTH.year, MONTH.month, 14 + Math.floor((day += 1) / 3), hour));

const HOME = '/1234/calendars/home/';
const WORK = '/1234/calendars/work/';

before(async () => {
  ctx = await startTestApp();
  caldav = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      davCalls.push({ method: request.method ?? '', path: request.url ?? '', body });
      response.writeHead(request.method === 'DELETE' && davStatus === 201 ? 204 : davStatus);
      response.end();
    });
  });
  await new Promise<void>((resolve) => caldav.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(caldav.address() as AddressInfo).port}`;
  deps = {
    db: ctx.db,
    config: { ...ctx.app.config, icloudCaldavUrl: base },
    log: ctx.app.log,
    mailer: ctx.app.mailer,
  };

  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(priya, priyaGuest);
  const pro = await userIdOf(ctx.db, 'pro@guestspot.test');
  proIntegration = (
    await ctx.db
      .selectFrom('integrations')
      .select('id')
      .where('user_id', '=', pro)
      .where('slug', '=', 'google-calendar')
      .executeTakeFirstOrThrow()
  ).id;
});
after(async () => {
  await ctx.close();
  await new Promise((resolve) => caldav.close(resolve));
});

async function eventsOf(uid: string) {
  return ctx.db
    .selectFrom('calendar_events')
    .selectAll()
    .where('uid', '=', uid)
    .orderBy('integration_id')
    .execute();
}

/** A booking of Priya by Morning Momentum, confirmed by Priya at its one proposal. */
async function scheduledBooking(start: Date): Promise<number> {
  const id = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [start]);
  await act(priya, id, 'confirm', { confirmed_date: sent(start) });
  return id;
}

const HALF_HOUR = 30 * 60_000;

describe('a LOCAL connected calendar (pro@’s Google Calendar)', () => {
  let id: number;
  let uid: string;

  it('gets the event when the date is agreed; a side without a calendar is skipped', async () => {
    const start = slot(9);
    id = await scheduledBooking(start);
    uid = `booking-${id}@guestspot`;
    await drainOutbox(deps);
    const [event, ...others] = await eventsOf(uid);
    assert.deepEqual(others, [], 'show@ has no calendar connected');
    assert.equal(event!.integration_id, proIntegration);
    assert.equal(event!.calendar_id, 'pro@guestspot.test', 'the chosen events calendar');
    assert.equal(event!.summary, 'Interview: Priya Patel on Morning Momentum');
    assert.equal(event!.starts_at.getTime(), start.getTime());
    assert.equal(event!.ends_at.getTime(), start.getTime() + HALF_HOUR);
    assert.equal(event!.sequence, 1);
    assert.equal(event!.status, 'confirmed');
  });

  it('moves it when the date changes (same UID, next SEQUENCE)', async () => {
    const moved = slot(11);
    await act(sofia, id, 'change-date', { confirmed_date: sent(moved) });
    await drainOutbox(deps);
    const events = await eventsOf(uid);
    assert.equal(events.length, 1);
    assert.equal(events[0]!.starts_at.getTime(), moved.getTime());
    assert.equal(events[0]!.sequence, 2);
    assert.equal(events[0]!.status, 'confirmed');
  });

  it('removes it when the booking is canceled', async () => {
    await act(priya, id, 'cancel', { reason: 'Travelling.' });
    await drainOutbox(deps);
    const events = await eventsOf(uid);
    assert.equal(events.length, 1);
    assert.equal(events[0]!.status, 'cancelled');
    assert.equal(events[0]!.sequence, 3);
  });

  it('writes nothing when no events calendar is chosen', async () => {
    const params = { events_calendar: null, conflict_calendars: [] };
    await ctx.db
      .updateTable('integrations')
      .set({ params: JSON.stringify(params) })
      .where('id', '=', proIntegration)
      .execute();
    try {
      const other = await scheduledBooking(slot(13));
      await drainOutbox(deps);
      assert.deepEqual(await eventsOf(`booking-${other}@guestspot`), []);
      const pending = await ctx.db
        .selectFrom('activity_outbox')
        .select('id')
        .where('done_at', 'is', null)
        .execute();
      assert.deepEqual(pending, []);
    } finally {
      await ctx.db
        .updateTable('integrations')
        .set({
          params: JSON.stringify({
            events_calendar: 'pro@guestspot.test',
            conflict_calendars: [],
          }),
        })
        .where('id', '=', proIntegration)
        .execute();
    }
  });
});

describe('iCloud over CalDAV (show@)', () => {
  let integration: number;
  let id: number;
  let path: string;

  before(async () => {
    const sofiaId = await userIdOf(ctx.db, 'show@guestspot.test');
    const row = await ctx.db
      .insertInto('integrations')
      .values({
        user_id: sofiaId,
        slug: 'icloud-calendar',
        name: 'iCloud Calendar',
        account: 'sofia@icloud.test',
        credentials: encryptCredentials(ctx.app, {
          email: 'sofia@icloud.test',
          password: 'abcd-efgh-ijkl-mnop',
        }),
        params: JSON.stringify({ events_calendar: `${base}${HOME}`, conflict_calendars: [] }),
        data: JSON.stringify({
          available_calendars: [
            { id: `${base}${HOME}`, name: 'Home' },
            { id: `${base}${WORK}`, name: 'Work' },
          ],
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    integration = row.id;
  });

  it('PUTs the event as {uid}.ics in the events calendar (no METHOD, its SEQUENCE)', async () => {
    davCalls.length = 0;
    const start = slot(10);
    id = await scheduledBooking(start);
    path = `${HOME}booking-${id}%40guestspot.ics`;
    await drainOutbox(deps);
    assert.deepEqual(
      davCalls.map((call) => `${call.method} ${call.path}`),
      [`PUT ${path}`],
    );
    const ics = parseIcs(davCalls[0]!.body);
    assert.equal(ics.method, null, 'a stored calendar object has no METHOD');
    assert.equal(ics.uid, `booking-${id}@guestspot`);
    assert.equal(ics.sequence, 1);
    const [recorded] = (await eventsOf(ics.uid)).filter(
      (event) => event.integration_id === integration,
    );
    assert.equal(recorded!.calendar_id, `${base}${HOME}`);
    assert.equal(recorded!.status, 'confirmed');
  });

  it('a provider failure is tried again later; the emails and the other side go on', async () => {
    davStatus = 503;
    davCalls.length = 0;
    const moved = slot(12);
    await act(priya, id, 'change-date', { confirmed_date: sent(moved) });
    await drainOutbox(deps);
    const rows = await ctx.db
      .selectFrom('activity_outbox as o')
      .innerJoin('booking_activities as a', 'a.id', 'o.activity_id')
      .select(['o.id', 'o.consumer', 'o.done_at', 'o.attempts', 'o.last_error'])
      .where('a.booking_id', '=', id)
      .where('a.type', '=', 'confirmed')
      .orderBy('o.id', 'desc')
      .limit(2)
      .execute();
    const email = rows.find((row) => row.consumer === 'email');
    const calendar = rows.find((row) => row.consumer === 'calendar');
    assert.ok(email!.done_at, 'the emails went out');
    assert.equal(calendar!.done_at, null);
    assert.equal(calendar!.attempts, 1);
    assert.equal(calendar!.last_error, 'CalendarUnavailableError: HTTP 503');
    const uid = `booking-${id}@guestspot`;
    const google = (await eventsOf(uid)).find((event) => event.integration_id === proIntegration);
    assert.equal(google!.starts_at.getTime(), moved.getTime(), 'the other side’s calendar moved');

    davStatus = 201;
    davCalls.length = 0;
    await ctx.db
      .updateTable('activity_outbox')
      .set({ run_after: sql`now() - interval '1 second'` })
      .where('id', '=', calendar!.id)
      .execute();
    assert.equal(await drainOutbox(deps), 1);
    assert.deepEqual(
      davCalls.map((call) => `${call.method} ${call.path}`),
      [`PUT ${path}`],
      'only the side that failed is written again',
    );
    assert.equal(parseIcs(davCalls[0]!.body).sequence, 2);
  });

  it('follows a change of events calendar: removed from the old one, written in the new', async () => {
    await ctx.db
      .updateTable('integrations')
      .set({
        params: JSON.stringify({ events_calendar: `${base}${WORK}`, conflict_calendars: [] }),
      })
      .where('id', '=', integration)
      .execute();
    davCalls.length = 0;
    await act(sofia, id, 'change-date', { confirmed_date: sent(slot(15)) });
    await drainOutbox(deps);
    assert.deepEqual(
      davCalls.map((call) => `${call.method} ${call.path}`),
      [`DELETE ${path}`, `PUT ${WORK}booking-${id}%40guestspot.ics`],
    );
    path = `${WORK}booking-${id}%40guestspot.ics`;
  });

  it('DELETEs it when the booking is canceled', async () => {
    davCalls.length = 0;
    await act(sofia, id, 'cancel', { reason: 'Schedule clash.' });
    await drainOutbox(deps);
    assert.deepEqual(
      davCalls.map((call) => `${call.method} ${call.path}`),
      [`DELETE ${path}`],
    );
    const [recorded] = (await eventsOf(`booking-${id}@guestspot`)).filter(
      (event) => event.integration_id === integration,
    );
    assert.equal(recorded!.status, 'cancelled');
    assert.equal(recorded!.sequence, 4);
  });
});
