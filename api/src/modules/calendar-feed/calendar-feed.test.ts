import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { act, bookInterview, impersonating } from '../../test/bookings';
import { drainOutbox } from '../notify/outbox';
import { emailsAfter, icsTime, lastEmailId, parseIcs, sent, winterMonth } from '../notify/testing';
import { FEED_MAX_AGE_SECONDS, FEED_OWNER_ONLY } from './routes';

// The private calendar feed (decision 118): made, rotated and revoked from Settings; read by
// calendar apps without cookies; its events are the invitations' own (UID, SEQUENCE, times).

let ctx: TestContext;
let sofia: TestClient; // show@: Morning Momentum
let priya: TestClient; // pro@: Priya Patel (guest); agency@ is in her team
let priyaGuest: number;
let morningShow: number;

const MONTH = winterMonth();
let day = 0;
const slot = (hour: number) => new Date(Date.UTC(MONTH.year, MONTH.month, 3 + (day += 1), hour));

const STATUS = '/api/v1/users/me/calendar-feed';

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(priya, priyaGuest);
});
after(async () => ctx.close());

interface FeedEvent {
  uid: string;
  sequence: number;
  dtstart: string;
  dtend: string;
  dtstamp: string;
  summary: string;
  status: string;
}

/**
 * Reads a feed strictly enough to catch a broken one: CRLF lines of at most 75 octets, unfolded,
 * one VCALENDAR without METHOD, its refresh hints, and each VEVENT's properties.
 */
function parseFeed(text: string): { name: string | null; events: FeedEvent[] } {
  assert.ok(text.endsWith('\r\n'), 'ends with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    assert.ok(Buffer.byteLength(line) <= 75, `line too long: ${line}`);
    assert.ok(!line.includes('\n'), 'bare LF');
  }
  const lines = physical.reduce<string[]>((all, line) => {
    if (line.startsWith(' ')) all[all.length - 1] += line.slice(1);
    else all.push(line);
    return all;
  }, []);
  assert.equal(lines[0], 'BEGIN:VCALENDAR');
  assert.equal(lines.at(-1), 'END:VCALENDAR');
  assert.ok(!lines.some((line) => line.startsWith('METHOD')), 'a published calendar, no METHOD');
  assert.ok(lines.includes('X-PUBLISHED-TTL:PT1H'));
  assert.ok(lines.includes('REFRESH-INTERVAL;VALUE=DURATION:PT1H'));
  const events: FeedEvent[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT' && current) {
      events.push({
        uid: current.get('UID') ?? '',
        sequence: Number(current.get('SEQUENCE')),
        dtstart: current.get('DTSTART') ?? '',
        dtend: current.get('DTEND') ?? '',
        dtstamp: current.get('DTSTAMP') ?? '',
        summary: current.get('SUMMARY') ?? '',
        status: current.get('STATUS') ?? '',
      });
      current = null;
    } else if (current) {
      const name = line.slice(0, line.search(/[:;]/));
      if (!current.has(name)) current.set(name, line.slice(line.indexOf(':') + 1));
    }
  }
  const name = lines.find((line) => line.startsWith('X-WR-CALNAME:'));
  return { name: name ? name.slice('X-WR-CALNAME:'.length) : null, events };
}

/** The feed read as a calendar app reads it: no cookie, no session. */
function readFeed(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
}

async function makeFeed(client: TestClient): Promise<string> {
  const response = await client.post(STATUS);
  assert.equal(response.statusCode, 201, response.body);
  const { data } = response.json() as { data: { url: string; webcal_url: string } };
  assert.match(data.url, /^https?:\/\/[^/]+\/api\/v1\/calendar-feed\/[0-9a-f]{64}\.ics$/);
  assert.equal(data.webcal_url, data.url.replace(/^https?:/, 'webcal:'));
  return data.url;
}

/** A booking of Priya by Morning Momentum that Priya confirms at its one proposal. */
async function scheduledBooking(start: Date): Promise<number> {
  const id = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [start]);
  await act(priya, id, 'confirm', { confirmed_date: sent(start) });
  return id;
}

/** The newest invitation (invite.ics) emailed to `email` about booking `id`, parsed. */
async function lastInvitation(afterId: number, email: string, id: number) {
  const files = (await emailsAfter(ctx.db, afterId))
    .filter((mail) => mail.to === email)
    .flatMap((mail) => mail.attachments)
    .filter((file) => file.filename === 'invite.ics')
    .map((file) => parseIcs(file.content))
    .filter((ics) => ics.uid === `booking-${id}@guestspot`);
  assert.ok(files.length > 0, `an invitation about booking ${id} to ${email}`);
  return files.at(-1)!;
}

describe('managing the feed from Settings', () => {
  it('is off until made; visitors get 401', async () => {
    const status = await priya.get(STATUS);
    assert.equal(status.statusCode, 200);
    assert.deepEqual((status.json() as { data: unknown }).data, {
      active: false,
      created_at: null,
      last_used_at: null,
    });
    const visitor = await ctx.app.inject({ method: 'GET', url: STATUS });
    assert.equal(visitor.statusCode, 401);
  });

  it('shows the URL once and keeps only its SHA-256', async () => {
    const url = await makeFeed(priya);
    const token = /([0-9a-f]{64})\.ics$/.exec(url)![1]!;
    const row = await ctx.db
      .selectFrom('calendar_feed_tokens')
      .select('token_hash')
      .where('user_id', '=', await userIdOf(ctx.db, 'pro@guestspot.test'))
      .executeTakeFirstOrThrow();
    assert.equal(row.token_hash, createHash('sha256').update(token).digest('hex'));
    assert.ok(!JSON.stringify(row).includes(token));

    const status = (await priya.get(STATUS)).json() as {
      data: { active: boolean; created_at: string; last_used_at: string | null };
    };
    assert.equal(status.data.active, true);
    assert.ok(!Number.isNaN(Date.parse(status.data.created_at)));
    assert.equal(status.data.last_used_at, null);
    assert.ok(!JSON.stringify(status).includes(token), 'the status never repeats the URL');

    assert.equal((await readFeed(url)).statusCode, 200);
    const read = (await priya.get(STATUS)).json() as { data: { last_used_at: string | null } };
    assert.ok(read.data.last_used_at, 'a read is recorded');
  });

  it('rotating gives a new URL and the old one answers 404 at once', async () => {
    const before = await makeFeed(priya);
    const rotated = await makeFeed(priya);
    assert.notEqual(rotated, before);
    assert.equal((await readFeed(before)).statusCode, 404);
    assert.equal((await readFeed(rotated)).statusCode, 200);
  });

  it('revoking stops the URL (404) and turns the row off', async () => {
    const url = await makeFeed(sofia);
    const revoked = await sofia.request('DELETE', STATUS);
    assert.equal(revoked.statusCode, 204);
    assert.equal((await readFeed(url)).statusCode, 404);
    assert.equal(
      ((await sofia.get(STATUS)).json() as { data: { active: boolean } }).data.active,
      false,
    );
    // Revoking twice is not an error.
    assert.equal((await sofia.request('DELETE', STATUS)).statusCode, 204);
  });

  it('an unknown or malformed token is 404, never a hint', async () => {
    for (const path of [
      `/api/v1/calendar-feed/${'0'.repeat(64)}.ics`,
      '/api/v1/calendar-feed/not-a-token.ics',
      `/api/v1/calendar-feed/${'a'.repeat(64)}`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: path });
      assert.equal(response.statusCode, 404, path);
    }
  });

  it('someone acting as the owner may not make or revoke the owner’s feed (403)', async () => {
    const agency = await impersonating(
      ctx.app,
      ctx.db,
      'agency@guestspot.test',
      'pro@guestspot.test',
    );
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await agency.request(method, STATUS);
      assert.equal(response.statusCode, 403, method);
      assert.equal((response.json() as { message: string }).message, FEED_OWNER_ONLY);
    }
  });
});

describe('reading the feed', () => {
  let feed: string;
  let scheduled: number;
  let start: Date;
  let mailMark: number;

  before(async () => {
    mailMark = await lastEmailId(ctx.db);
    start = slot(9);
    scheduled = await scheduledBooking(start);
    await drainOutbox(ctx.app);
    feed = await makeFeed(priya);
  });

  it('answers text/calendar without a cookie, cacheable privately, with an ETag (304 again)', async () => {
    const response = await readFeed(feed);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/calendar; charset=utf-8');
    assert.equal(response.headers['cache-control'], `private, max-age=${FEED_MAX_AGE_SECONDS}`);
    assert.equal(response.headers['set-cookie'], undefined, 'no cookie set');
    assert.equal(response.headers['x-robots-tag'], 'noindex, nofollow');
    const etag = String(response.headers.etag);
    assert.match(etag, /^".+"$/);
    assert.equal(parseFeed(response.body).name, 'Guestspot interviews');

    const again = await readFeed(feed, { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it('lists the interview with the UID, SEQUENCE and times of its invitation', async () => {
    const invitation = await lastInvitation(mailMark, 'pro@guestspot.test', scheduled);
    const event = parseFeed((await readFeed(feed)).body).events.find(
      (item) => item.uid === `booking-${scheduled}@guestspot`,
    );
    assert.ok(event, 'the scheduled booking is in the feed');
    assert.equal(event.uid, invitation.uid);
    assert.equal(event.sequence, invitation.sequence);
    assert.equal(event.sequence, 1);
    assert.equal(event.dtstart, invitation.dtstart);
    assert.equal(event.dtstart, icsTime(start));
    assert.equal(event.dtend, invitation.dtend);
    assert.equal(event.summary, invitation.summary);
    assert.equal(event.status, 'CONFIRMED');
  });

  it('follows a moved date: the next SEQUENCE, as the new invitation, and a new ETag', async () => {
    const etag = String((await readFeed(feed)).headers.etag);
    const mark = await lastEmailId(ctx.db);
    const moved = slot(11);
    await act(sofia, scheduled, 'change-date', { confirmed_date: sent(moved) });
    await drainOutbox(ctx.app);
    const invitation = await lastInvitation(mark, 'pro@guestspot.test', scheduled);
    const response = await readFeed(feed, { 'if-none-match': etag });
    assert.equal(response.statusCode, 200, 'the old ETag no longer matches');
    const event = parseFeed(response.body).events.find(
      (item) => item.uid === `booking-${scheduled}@guestspot`,
    );
    assert.equal(event?.sequence, 2);
    assert.equal(event?.sequence, invitation.sequence);
    assert.equal(event?.dtstart, icsTime(moved));
  });

  it('lists only scheduled bookings of the feed owner’s side', async () => {
    const pending = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [slot(14)]);
    const canceled = await scheduledBooking(slot(15));
    await act(priya, canceled, 'cancel', { reason: 'Travelling.' });

    const uids = new Set(parseFeed((await readFeed(feed)).body).events.map((item) => item.uid));
    assert.ok(uids.has(`booking-${scheduled}@guestspot`));
    assert.ok(!uids.has(`booking-${pending}@guestspot`), 'a pending booking is not listed');
    assert.ok(!uids.has(`booking-${canceled}@guestspot`), 'a canceled booking is not listed');

    // Exactly the scheduled bookings in which one of Priya's profiles is a side.
    const pro = await userIdOf(ctx.db, 'pro@guestspot.test');
    const expected = await ctx.db
      .selectFrom('bookings as b')
      .innerJoin('guest_profiles as gp', 'gp.id', 'b.guest_profile_id')
      .innerJoin('show_profiles as sp', 'sp.id', 'b.show_profile_id')
      .select('b.id')
      .where('b.status', '=', 'scheduled')
      .where('b.booking_date', 'is not', null)
      .where((eb) => eb.or([eb('gp.user_id', '=', pro), eb('sp.user_id', '=', pro)]))
      .execute();
    assert.deepEqual([...uids].sort(), expected.map((row) => `booking-${row.id}@guestspot`).sort());
    const others = await ctx.db
      .selectFrom('bookings as b')
      .innerJoin('guest_profiles as gp', 'gp.id', 'b.guest_profile_id')
      .innerJoin('show_profiles as sp', 'sp.id', 'b.show_profile_id')
      .select('b.id')
      .where('b.status', '=', 'scheduled')
      .where('gp.user_id', '<>', pro)
      .where('sp.user_id', '<>', pro)
      .execute();
    assert.ok(others.length > 0, 'the seed has scheduled bookings of others');
    for (const other of others) assert.ok(!uids.has(`booking-${other.id}@guestspot`));
  });

  it('a team member’s feed holds the owner’s bookings too; another user’s does not', async () => {
    const agency = await signedIn(ctx.app, 'agency@guestspot.test');
    const agencyFeed = parseFeed((await readFeed(await makeFeed(agency))).body);
    assert.ok(agencyFeed.events.some((item) => item.uid === `booking-${scheduled}@guestspot`));

    const stranger = await signedIn(ctx.app, 'guest@guestspot.test');
    const strangerFeed = parseFeed((await readFeed(await makeFeed(stranger))).body);
    assert.ok(!strangerFeed.events.some((item) => item.uid === `booking-${scheduled}@guestspot`));
  });

  it('ignores the session of whoever opens it: the token decides', async () => {
    const stranger = await signedIn(ctx.app, 'standard@guestspot.test');
    const response = await ctx.app.inject({
      method: 'GET',
      url: new URL(feed).pathname,
      headers: { cookie: stranger.cookieHeader() },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['set-cookie'], undefined);
    const uids = parseFeed(response.body).events.map((item) => item.uid);
    assert.ok(uids.includes(`booking-${scheduled}@guestspot`));
  });
});
