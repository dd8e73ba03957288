import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { Notification } from '../../contract';
import { act, bookInterview } from '../../test/bookings';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { expireOverdueBookings } from '../bookings/actions';
import { formatTime } from '../notify/emails';
import { drainOutbox } from '../notify/outbox';
import { sent, winterMonth } from '../notify/testing';

// The notifications strip (issue 31, decision 113): each activity tells the side that did not
// act (both sides for the system's expiry): the profile's owner and the owner's team members,
// never the actor's side, once however many workers drain the outbox; GET /notifications and
// PATCH /notifications/{id} for their reader only. On PostgreSQL (CI's second run) the two
// workers drain on separate connections at once.

const SOFIA = 'show@guestspot.test'; // Morning Momentum
const SAM = 'standard@guestspot.test'; // a Basic member of Sofia's team (joined below)
const PETER = 'pending@guestspot.test'; // a member of Sofia's team whose account is pending
const PRIYA = 'pro@guestspot.test'; // Priya Patel (guest); her team: Jordan
const JORDAN = 'agency@guestspot.test';
const MAYA = 'guest@guestspot.test'; // Maya Brooks (guest), no team

let ctx: TestContext;
let other: FastifyInstance;
let sofia: TestClient;
let priya: TestClient;
let maya: TestClient;
let jordan: TestClient;
let priyaGuest: number;
let mayaGuest: number;
let morningShow: number;
const ids: Record<string, number> = {};

const MONTH = winterMonth();
let hour = 0;
/** A fresh hour of MONTH, from its 3rd (proposals and agreed times never overlap here). */
const slot = () => {
  hour += 3;
  return new Date(Date.UTC(MONTH.year, MONTH.month, 3 + Math.floor(hour / 24), hour % 24));
};

before(async () => {
  ctx = await startTestApp();
  // A second API instance on the same database, as a second process would be.
  other = await buildApp({
    db: ctx.db,
    events: ctx.events,
    config: { sessionSecret: 'test-secret', outboxPollMs: 0, bookingLimitScale: 1000 },
  });
  await other.ready();
  for (const email of [SOFIA, SAM, PETER, PRIYA, JORDAN, MAYA]) {
    ids[email] = await userIdOf(ctx.db, email);
  }
  const team = await ctx.db
    .insertInto('teams')
    .values({ owner_id: ids[SOFIA]! })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('team_members')
    .values([
      { team_id: team.id, user_id: ids[SAM]!, role: 'admin' },
      { team_id: team.id, user_id: ids[PETER]!, role: 'admin' },
    ])
    .execute();
  // Each reader's own zone: Priya in Paris (UTC+1 in winter), Jordan in California (UTC-8).
  await ctx.db
    .updateTable('users')
    .set({ timezone: 'Europe/Paris' })
    .where('id', '=', ids[PRIYA]!)
    .execute();
  await ctx.db
    .updateTable('users')
    .set({ timezone: 'US/Pacific' })
    .where('id', '=', ids[JORDAN]!)
    .execute();
  sofia = await signedIn(ctx.app, SOFIA);
  priya = await signedIn(ctx.app, PRIYA);
  maya = await signedIn(ctx.app, MAYA);
  jordan = await signedIn(ctx.app, JORDAN);
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(priya, priyaGuest);
  await openAvailability(maya, mayaGuest);
  await drainOutbox(ctx.app);
});
after(async () => {
  await other.close();
  await ctx.close();
});

interface Told {
  user: string;
  type: string;
  message: string;
  side: string;
}

const emailOf = (userId: number) =>
  Object.entries(ids).find(([, id]) => id === userId)?.[0] ?? String(userId);

/** Drains the outbox; the notifications of the booking's last activity, by user email. */
async function toldOf(bookingId: number): Promise<Told[]> {
  await drainOutbox(ctx.app);
  const last = await ctx.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('activity_id').as('activity'))
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  const rows = await ctx.db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'data', 'side'])
    .where('booking_id', '=', bookingId)
    .where('activity_id', '=', last.activity)
    .orderBy('user_id')
    .execute();
  return rows
    .map((row) => ({
      user: emailOf(row.user_id),
      type: row.type,
      message: row.data.message,
      side: row.side,
    }))
    .sort((a, b) => a.user.localeCompare(b.user));
}

const users = (told: Told[]) => told.map((item) => item.user).sort();
const GUEST_SIDE = [JORDAN, PRIYA].sort();
const SHOW_SIDE = [SAM, SOFIA].sort();

describe('who is told', () => {
  let booking: number;
  let agreed: Date;

  it('a booking request: the invitee’s owner and team, not the booker’s side', async () => {
    booking = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [slot(), slot()]);
    const told = await toldOf(booking);
    assert.deepEqual(users(told), GUEST_SIDE);
    for (const item of told) {
      assert.equal(item.type, 'booking_request');
      assert.equal(item.side, 'guest');
      assert.equal(item.message, 'Morning Momentum sent you a booking request');
    }
  });

  it('accepted: the booker’s owner and Basic member (not a pending member)', async () => {
    await act(priya, booking, 'accept');
    const told = await toldOf(booking);
    assert.deepEqual(users(told), SHOW_SIDE);
    assert.deepEqual(
      told.map((item) => [item.type, item.message]),
      [
        ['booking_accepted', 'Priya Patel accepted your booking request'],
        ['booking_accepted', 'Priya Patel accepted your booking request'],
      ],
    );
  });

  it('proposed dates, by a team member for the owner: the other side', async () => {
    agreed = slot();
    await act(jordan, booking, 'propose-date', { proposed_dates: [sent(slot()), sent(agreed)] });
    const told = await toldOf(booking);
    assert.deepEqual(users(told), SHOW_SIDE);
    assert.equal(told[0]!.type, 'dates_proposed');
    assert.equal(told[0]!.message, 'Priya Patel proposed interview times');
  });

  it('a date confirmed: each reader gets the time in their own zone', async () => {
    await act(sofia, booking, 'confirm', { confirmed_date: sent(agreed) });
    const told = await toldOf(booking);
    assert.deepEqual(users(told), GUEST_SIDE);
    const paris = formatTime(agreed, 'Europe/Paris');
    const pacific = formatTime(agreed, 'US/Pacific');
    assert.notEqual(paris, pacific);
    assert.deepEqual(
      told.map((item) => [item.user, item.type, item.message]),
      [
        [JORDAN, 'date_confirmed', `Morning Momentum confirmed the interview for ${pacific}`],
        [PRIYA, 'date_confirmed', `Morning Momentum confirmed the interview for ${paris}`],
      ],
    );
  });

  it('a date changed, and a reschedule asked', async () => {
    const moved = slot();
    await act(priya, booking, 'change-date', { confirmed_date: sent(moved) });
    const changed = await toldOf(booking);
    assert.deepEqual(users(changed), SHOW_SIDE);
    assert.equal(changed[0]!.type, 'date_changed');
    assert.equal(
      changed.find((item) => item.user === SOFIA)!.message,
      `Priya Patel moved the interview to ${formatTime(moved, 'US/Central')}`,
    );

    await act(sofia, booking, 'reschedule', { proposed_dates: [sent(slot())] });
    const asked = await toldOf(booking);
    assert.deepEqual(users(asked), GUEST_SIDE);
    assert.equal(asked[0]!.type, 'dates_proposed');
    assert.equal(asked[0]!.message, 'Morning Momentum asked to reschedule the interview');
  });

  it('a message: the other side, with its first 50 characters', async () => {
    const body = `  See you then!   I will bring the notes we talked about last week, and more.`;
    const response = await priya.post(`/api/v1/bookings/${booking}/messages`, { body });
    assert.equal(response.statusCode, 201, response.body);
    const told = await toldOf(booking);
    assert.deepEqual(users(told), SHOW_SIDE);
    assert.equal(told[0]!.type, 'new_message');
    assert.equal(
      told[0]!.message,
      'Priya Patel wrote: See you then! I will bring the notes we talked abo…',
    );
  });

  it('canceled: the other side', async () => {
    await act(sofia, booking, 'cancel', { reason: 'The show is on hold.' });
    const told = await toldOf(booking);
    assert.deepEqual(users(told), GUEST_SIDE);
    assert.equal(told[0]!.type, 'booking_canceled');
    assert.equal(told[0]!.message, 'Morning Momentum canceled the booking');
  });

  it('rejected, and a scheduling link (a side without a team: its owner)', async () => {
    const rejected = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot()]);
    assert.deepEqual(users(await toldOf(rejected)), [MAYA]);
    await act(maya, rejected, 'reject', { reason: 'Not my topic.' });
    const told = await toldOf(rejected);
    assert.deepEqual(users(told), SHOW_SIDE);
    assert.equal(told[0]!.type, 'booking_rejected');
    assert.equal(told[0]!.message, 'Maya Brooks declined your booking request');

    const linked = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot()]);
    await act(maya, linked, 'accept');
    await act(sofia, linked, 'scheduling-link', { url: 'https://cal.example.com/morning' });
    const shared = await toldOf(linked);
    assert.deepEqual(
      shared.map((item) => [item.user, item.type, item.message]),
      [[MAYA, 'scheduling_link', 'Morning Momentum shared a scheduling link']],
    );
  });

  it('accepted by confirming a date (one transaction): only the date is told', async () => {
    const start = slot();
    const id = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [start]);
    await act(priya, id, 'confirm', { confirmed_date: sent(start) });
    await drainOutbox(ctx.app);
    const rows = await ctx.db
      .selectFrom('notifications')
      .select(['type', 'user_id'])
      .where('booking_id', '=', id)
      .where('type', '!=', 'booking_request')
      .execute();
    assert.deepEqual(rows.map((row) => row.type).sort(), ['date_confirmed', 'date_confirmed']);
    assert.deepEqual(rows.map((row) => emailOf(row.user_id)).sort(), SHOW_SIDE);
  });

  it('expired: both sides, each worded for its own side', async () => {
    const id = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [slot()]);
    await drainOutbox(ctx.app);
    const later = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    await expireOverdueBookings({ db: ctx.db, payments: ctx.app.payments, now: () => later });
    const told = await toldOf(id);
    assert.deepEqual(users(told), [...GUEST_SIDE, ...SHOW_SIDE].sort());
    assert.deepEqual(
      told.map((item) => [item.user, item.type, item.message]),
      [
        [JORDAN, 'booking_expired', 'The booking request from Morning Momentum expired'],
        [PRIYA, 'booking_expired', 'The booking request from Morning Momentum expired'],
        [SAM, 'booking_expired', 'Your booking request to Priya Patel expired'],
        [SOFIA, 'booking_expired', 'Your booking request to Priya Patel expired'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
  });
});

describe('two workers at once', () => {
  it('write every notification exactly once', async () => {
    const made: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      made.push(await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [slot()]));
      made.push(await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot()]));
    }
    await act(priya, made[0]!, 'accept');
    await act(maya, made[1]!, 'reject', { reason: 'No.' });
    const rows = await ctx.db
      .selectFrom('activity_outbox')
      .select('id')
      .where('consumer', '=', 'notification')
      .where('done_at', 'is', null)
      .execute();
    assert.ok(rows.length >= 8, `strip rows to run: ${rows.length}`);

    const [a, b] = await Promise.all([drainOutbox(ctx.app), drainOutbox(other)]);
    assert.ok(a + b >= rows.length);
    const written = await ctx.db
      .selectFrom('notifications')
      .select(['activity_id', 'user_id', 'type'])
      .where('booking_id', 'in', made)
      .execute();
    const keys = written.map((row) => `${row.activity_id} ${row.user_id}`);
    assert.equal(new Set(keys).size, keys.length, 'none twice');
    // 3 requests to Priya's side (2 each), 3 to Maya (1 each), an acceptance (2), a rejection (2)
    assert.equal(written.length, 3 * 2 + 3 * 1 + 2 + 2);
    const again = await drainOutbox(ctx.app);
    assert.equal(again, 0, 'nothing left to run');
  });
});

describe('GET /notifications and PATCH /notifications/{id}', () => {
  const list = async (client: TestClient) => {
    const response = await client.get('/api/v1/notifications');
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { data: Notification[] }).data;
  };

  it('answer the reader’s unread ones, newest first, at most 20, with where they stand', async () => {
    const mine = await list(jordan);
    assert.ok(mine.length > 0);
    assert.ok(mine.length <= 20);
    const stored = await ctx.db
      .selectFrom('notifications')
      .select(['id'])
      .where('user_id', '=', ids[JORDAN]!)
      .where('read_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    assert.deepEqual(
      mine.map((item) => item.id),
      stored.map((row) => row.id),
    );
    const request = mine.find((item) => item.type === 'booking_request')!;
    assert.equal(request.read_at, null);
    assert.deepEqual(request.data, {
      type: 'booking_request',
      booking_id: request.data.booking_id,
      is_guest: true,
      is_show: false,
      is_initiator: false,
      show: { id: morningShow, name: 'Morning Momentum' },
      guest: { id: priyaGuest, name: 'Priya Patel' },
      message: 'Morning Momentum sent you a booking request',
    });
    const onShowSide = (await list(sofia)).find((item) => item.type === 'booking_accepted')!;
    assert.equal(onShowSide.data.is_show, true);
    assert.equal(onShowSide.data.is_initiator, true);
    assert.equal(onShowSide.data.is_guest, false);
  });

  it('keep to 20 when there are more', async () => {
    const [some] = await list(priya);
    await ctx.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 20 }, () => ({
          user_id: ids[PRIYA]!,
          type: 'booking_request' as const,
          booking_id: some!.data.booking_id,
          side: 'guest' as const,
          data: JSON.stringify({ message: 'An older one' }),
          created_at: new Date(Date.now() - 60 * 60 * 1000),
        })),
      )
      .execute();
    const unread = await ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', ids[PRIYA]!)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    assert.ok(Number(unread.n) > 20, `Priya has ${unread.n} unread`);
    const shown = await list(priya);
    assert.equal(shown.length, 20);
    assert.equal(shown[0]!.id, some!.id, 'the newest first');
  });

  it('mark one read (gone from the list), and unread again (back)', async () => {
    const [first] = await list(jordan);
    const read = await jordan.request('PATCH', `/api/v1/notifications/${first!.id}`, {
      body: {},
    });
    assert.equal(read.statusCode, 200, read.body);
    const answer = (read.json() as { data: Notification }).data;
    assert.equal(answer.id, first!.id);
    assert.ok(answer.read_at);
    assert.deepEqual(answer.data, first!.data);
    assert.ok(!(await list(jordan)).some((item) => item.id === first!.id));

    const again = await jordan.request('PATCH', `/api/v1/notifications/${first!.id}`, {
      body: { read: true },
    });
    assert.equal((again.json() as { data: Notification }).data.read_at, answer.read_at, 'kept');

    const reverted = await jordan.request('PATCH', `/api/v1/notifications/${first!.id}`, {
      body: { read: false },
    });
    assert.equal(reverted.statusCode, 200, reverted.body);
    assert.equal((reverted.json() as { data: Notification }).data.read_at, null);
    assert.equal((await list(jordan))[0]!.id, first!.id);
  });

  it('are 404 for another user’s notification or none, 401 to a visitor', async () => {
    const [jordans] = await list(jordan);
    const stranger = await priya.request('PATCH', `/api/v1/notifications/${jordans!.id}`, {
      body: { read: true },
    });
    assert.equal(stranger.statusCode, 404);
    const row = await ctx.db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', jordans!.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.read_at, null, 'left alone');
    const none = await jordan.request('PATCH', '/api/v1/notifications/999999', { body: {} });
    assert.equal(none.statusCode, 404);
    const notAnId = await jordan.request('PATCH', '/api/v1/notifications/abc', { body: {} });
    assert.equal(notAnId.statusCode, 404);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications' });
    assert.equal(visitor.statusCode, 401);
  });
});
