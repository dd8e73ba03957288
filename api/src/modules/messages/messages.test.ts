import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BookingMessage, BookingTimelineEntry, Notification } from '../../contract';
import {
  act,
  bookInterview,
  impersonating,
  joinTeam,
  setPaused,
  timeSlots,
} from '../../test/bookings';
import {
  errorsOf,
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { drainOutbox } from '../notify/outbox';
import { PAUSED_WRITER_MESSAGE } from './routes';
import { BODY_REQUIRED, MESSAGES_CLOSED, UPDATE_REQUIRED } from './service';

// A booking's conversation (issue 31; booking-management… §2, §3 Booking message, §4, §5, §7):
// GET/POST /bookings/{id}/messages, PUT …/messages/{messageId}, PATCH …/messages/read, who may
// read and write them (either side, their team members; strangers 404), the state and length
// rules, and the 'message' entries each side reads in the booking's timeline.

let ctx: TestContext;
let sofia: TestClient;
let priya: TestClient;
let maya: TestClient;
let jordan: TestClient;
let priyaGuest: number;
let morningShow: number;
const nextTime = timeSlots(40);

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  // Jordan Blake: an agency member of Priya's team (the seed's)
  jordan = await signedIn(ctx.app, 'agency@guestspot.test');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(priya, priyaGuest);
});
after(() => ctx.close());

/** Morning Momentum (show@, Sofia Ramirez) asks Priya Patel (pro@) for an interview. */
const book = () => bookInterview(ctx.db, sofia, priyaGuest, morningShow, [nextTime()]);

const url = (booking: number, rest = '') => `/api/v1/bookings/${booking}/messages${rest}`;

async function send(client: TestClient, booking: number, body: string): Promise<BookingMessage> {
  const response = await client.post(url(booking), { body });
  assert.equal(response.statusCode, 201, response.body);
  return (response.json() as { data: BookingMessage }).data;
}

async function messages(client: TestClient, booking: number): Promise<BookingMessage[]> {
  const response = await client.get(url(booking));
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: BookingMessage[] }).data;
}

const update = (client: TestClient, booking: number, message: number, body: unknown) =>
  client.request('PUT', url(booking, `/${message}`), { body });

const markRead = (client: TestClient, booking: number) =>
  client.request('PATCH', url(booking, '/read'));

async function timeline(client: TestClient, booking: number): Promise<BookingTimelineEntry[]> {
  const response = await client.get(`/api/v1/bookings/${booking}/activities?sort=asc`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: BookingTimelineEntry[] }).data;
}

const messageEntries = async (client: TestClient, booking: number) =>
  (await timeline(client, booking)).filter((entry) => entry.type === 'message');

describe('GET and POST /bookings/{id}/messages', () => {
  it('lets either side write and read, oldest first, each reading its own as mine', async () => {
    const id = await book();
    assert.deepEqual(await messages(priya, id), []);
    const first = await send(sofia, id, '  Looking forward to it!  ');
    assert.equal(first.body, 'Looking forward to it!', 'trimmed');
    assert.equal(first.booking_id, id);
    assert.equal(first.is_mine, true);
    assert.equal(first.read_at, null);
    assert.equal(first.edited_at, null);
    assert.equal(first.contains_schedule_link, false);
    assert.deepEqual(first.sender, {
      user_id: await userIdOf(ctx.db, 'show@guestspot.test'),
      name: 'Morning Momentum',
      imageUrl: `/api/v1/images/shows/${morningShow}.svg`,
      side: 'show',
      written_by: null,
    });
    const second = await send(priya, id, 'Me too.');
    assert.equal(second.sender.name, 'Priya Patel');
    assert.equal(second.sender.side, 'guest');

    const read = await messages(priya, id);
    assert.deepEqual(
      read.map((message) => [message.body, message.is_mine]),
      [
        ['Looking forward to it!', false],
        ['Me too.', true],
      ],
    );
    assert.deepEqual(
      (await messages(sofia, id)).map((message) => message.is_mine),
      [true, false],
    );
    assert.deepEqual(read[0], { ...first, is_mine: false });
  });

  it('is 401 to visitors and 404 to strangers and for no such booking', async () => {
    const id = await book();
    const message = await send(sofia, id, 'Hello');
    const visitor = await ctx.app.inject({ method: 'GET', url: url(id) });
    assert.equal(visitor.statusCode, 401);
    assert.equal((await maya.get(url(id))).statusCode, 404);
    assert.equal((await maya.post(url(id), { body: 'Hi' })).statusCode, 404);
    assert.equal((await update(maya, id, message.id, { body: 'Hijacked' })).statusCode, 404);
    assert.equal((await markRead(maya, id)).statusCode, 404);
    assert.equal((await sofia.get(url(2147483647))).statusCode, 404);
    assert.equal((await sofia.post(url(2147483647), { body: 'Hi' })).statusCode, 404);
    assert.equal((await messages(sofia, id)).length, 1, 'nothing was written');
  });

  it('refuses a blank, missing or too long text (422), and takes 300 characters', async () => {
    const id = await book();
    const blank = await sofia.post(url(id), { body: '   ' });
    assert.equal(blank.statusCode, 422, blank.body);
    assert.deepEqual(errorsOf(blank), { body: [BODY_REQUIRED] });
    for (const body of [{ body: '' }, {}]) {
      const refused = await sofia.post(url(id), body);
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual(errorsOf(refused), { body: ['The body field is required.'] });
    }
    const long = await sofia.post(url(id), { body: 'x'.repeat(301) });
    assert.equal(long.statusCode, 422, long.body);
    assert.deepEqual(errorsOf(long), {
      body: ['The body field must not be greater than 300 characters.'],
    });
    assert.equal((await send(sofia, id, 'y'.repeat(300))).body.length, 300);
    assert.equal((await messages(priya, id)).length, 1);
  });

  it('is closed once the booking is canceled or expired (409), still readable', async () => {
    const canceled = await book();
    const before = await send(priya, canceled, 'Before the cancel');
    await act(sofia, canceled, 'cancel', { reason: 'Plans changed' });
    for (const client of [sofia, priya]) {
      const refused = await client.post(url(canceled), { body: 'Still there?' });
      assert.equal(refused.statusCode, 409, refused.body);
      assert.equal(refused.json().message, MESSAGES_CLOSED);
    }
    const edit = await update(priya, canceled, before.id, { body: 'Changed' });
    assert.equal(edit.statusCode, 409, edit.body);
    // Answering the "update the booking date?" prompt changes no text: still taken.
    const flag = await update(priya, canceled, before.id, { contains_schedule_link: true });
    assert.equal(flag.statusCode, 200, flag.body);
    assert.equal((await messages(sofia, canceled))[0]?.body, 'Before the cancel');

    // A request past its time to answer is expired, before the sweep marks it too.
    const overdue = await book();
    await ctx.db
      .updateTable('bookings')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', overdue)
      .execute();
    const late = await sofia.post(url(overdue), { body: 'Are you there?' });
    assert.equal(late.statusCode, 409, late.body);
    await ctx.db
      .updateTable('bookings')
      .set({ status: 'expired' })
      .where('id', '=', overdue)
      .execute();
    assert.equal((await priya.post(url(overdue), { body: 'Sorry!' })).statusCode, 409);
  });

  it('is refused to a paused account (403), which still reads', async () => {
    const id = await book();
    await setPaused(ctx.db, 'show@guestspot.test', true);
    try {
      const refused = await sofia.post(url(id), { body: 'Hello' });
      assert.equal(refused.statusCode, 403, refused.body);
      assert.equal(refused.json().message, PAUSED_WRITER_MESSAGE);
      assert.deepEqual(await messages(sofia, id), []);
    } finally {
      await setPaused(ctx.db, 'show@guestspot.test', false);
    }
  });
});

describe('team members and impersonation', () => {
  it('lets agency and Basic members read and write for the owner, naming who wrote', async () => {
    const id = await book();
    const mine = await send(jordan, id, 'Priya is looking forward to it.');
    assert.equal(mine.is_mine, true);
    assert.deepEqual(mine.sender, {
      user_id: await userIdOf(ctx.db, 'pro@guestspot.test'),
      name: 'Priya Patel',
      imageUrl: `/api/v1/images/guests/${priyaGuest}.svg`,
      side: 'guest',
      written_by: 'Jordan Blake',
    });
    const seen = (await messages(sofia, id))[0];
    assert.equal(seen?.is_mine, false);
    assert.equal(seen?.sender.written_by, 'Jordan Blake');
    assert.equal((await messages(priya, id))[0]?.is_mine, true, 'the owner’s side wrote it');

    await joinTeam(ctx.db, 'pro@guestspot.test', 'standard@guestspot.test', 'admin');
    const sam = await signedIn(ctx.app, 'standard@guestspot.test');
    assert.equal((await messages(sam, id)).length, 1);
    const basic = await send(sam, id, 'Sam here, from Priya’s team.');
    assert.equal(basic.sender.name, 'Priya Patel');
    assert.equal(basic.sender.written_by, 'Sam Carter');

    const stored = await ctx.db
      .selectFrom('booking_messages')
      .select(['sender_user_id', 'author_user_id'])
      .where('booking_id', '=', id)
      .orderBy('id')
      .execute();
    const priyaId = await userIdOf(ctx.db, 'pro@guestspot.test');
    assert.deepEqual(stored, [
      { sender_user_id: priyaId, author_user_id: await userIdOf(ctx.db, 'agency@guestspot.test') },
      {
        sender_user_id: priyaId,
        author_user_id: await userIdOf(ctx.db, 'standard@guestspot.test'),
      },
    ]);
  });

  it('records who impersonated the owner, on the message and on its activity', async () => {
    const id = await book();
    const acting = await impersonating(
      ctx.app,
      ctx.db,
      'agency@guestspot.test',
      'pro@guestspot.test',
    );
    const message = await send(acting, id, 'Written while acting as Priya.');
    assert.equal(message.sender.written_by, 'Jordan Blake');
    const priyaId = await userIdOf(ctx.db, 'pro@guestspot.test');
    const jordanId = await userIdOf(ctx.db, 'agency@guestspot.test');
    const stored = await ctx.db
      .selectFrom('booking_messages')
      .select(['sender_user_id', 'author_user_id'])
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, { sender_user_id: priyaId, author_user_id: jordanId });
    const activity = await ctx.db
      .selectFrom('booking_activities')
      .select(['actor_side', 'actor_user_id', 'impersonator_id'])
      .where('booking_id', '=', id)
      .where('type', '=', 'message')
      .executeTakeFirstOrThrow();
    assert.deepEqual(activity, {
      actor_side: 'guest',
      actor_user_id: priyaId,
      impersonator_id: jordanId,
    });
  });
});

describe('PUT /bookings/{id}/messages/{messageId}', () => {
  it('edits its own side’s text (marked edited) and flags it; never the other side’s', async () => {
    const id = await book();
    const message = await send(sofia, id, 'Can we do 3pm? https://cal.example/sofia');
    const edited = await update(sofia, id, message.id, { body: '  Can we do 4pm instead?  ' });
    assert.equal(edited.statusCode, 200, edited.body);
    const answer = (edited.json() as { data: BookingMessage }).data;
    assert.equal(answer.body, 'Can we do 4pm instead?');
    assert.ok(answer.edited_at);
    assert.equal(answer.contains_schedule_link, false);

    const flagged = await update(sofia, id, message.id, { contains_schedule_link: true });
    assert.equal(flagged.statusCode, 200, flagged.body);
    assert.equal(flagged.json().data.contains_schedule_link, true);
    assert.equal(flagged.json().data.edited_at, answer.edited_at, 'a flag is no edit');
    assert.equal((await messages(priya, id))[0]?.contains_schedule_link, true);

    for (const body of [{ body: 'Not yours' }, { contains_schedule_link: false }]) {
      const refused = await update(priya, id, message.id, body);
      assert.equal(refused.statusCode, 403, refused.body);
    }
    assert.equal((await messages(priya, id))[0]?.body, 'Can we do 4pm instead?');
  });

  it('lets the side’s team member edit it, and answers 422 with nothing to change', async () => {
    const id = await book();
    const message = await send(priya, id, 'Draft');
    const byTeam = await update(jordan, id, message.id, { body: 'Final' });
    assert.equal(byTeam.statusCode, 200, byTeam.body);
    assert.equal(byTeam.json().data.body, 'Final');

    for (const body of [{}, { body: null, contains_schedule_link: null }]) {
      const empty = await update(priya, id, message.id, body);
      assert.equal(empty.statusCode, 422, empty.body);
      assert.deepEqual(errorsOf(empty), { body: [UPDATE_REQUIRED] });
    }
    const blank = await update(priya, id, message.id, { body: '  ' });
    assert.deepEqual(errorsOf(blank), { body: [BODY_REQUIRED] });
    const long = await update(priya, id, message.id, { body: 'x'.repeat(301) });
    assert.equal(long.statusCode, 422, long.body);
  });

  it('answers 404 for a message of another booking', async () => {
    const [one, other] = [await book(), await book()];
    const message = await send(sofia, one, 'On the first booking');
    assert.equal((await update(sofia, other, message.id, { body: 'x' })).statusCode, 404);
    assert.equal((await update(sofia, one, 2147483647, { body: 'x' })).statusCode, 404);
  });
});

describe('PATCH /bookings/{id}/messages/read', () => {
  it('marks the other side’s messages read for the reader’s side, once', async () => {
    const id = await book();
    await send(sofia, id, 'One');
    await send(sofia, id, 'Two');
    await send(priya, id, 'Three');
    const first = await markRead(priya, id);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), { data: { read: 2 } });
    assert.deepEqual((await markRead(priya, id)).json(), { data: { read: 0 } });

    const seen = await messages(sofia, id);
    assert.ok(seen[0]?.read_at && seen[1]?.read_at, 'Sofia’s two are read');
    assert.equal(seen[2]?.read_at, null, 'Priya’s own is not marked by her reading');
    assert.deepEqual((await markRead(sofia, id)).json(), { data: { read: 1 } });
  });

  it('reads for the whole side: a team member’s read is the owner’s', async () => {
    const id = await book();
    await send(sofia, id, 'Hello team');
    assert.deepEqual((await markRead(jordan, id)).json(), { data: { read: 1 } });
    assert.deepEqual((await markRead(priya, id)).json(), { data: { read: 0 } });
  });

  it('reads the side’s “wrote” notifications of the booking with them, not the other side’s', async () => {
    const id = await book();
    const other = await book();
    await send(sofia, id, 'Is the studio booked?');
    await send(sofia, other, 'About the other one');
    await send(priya, id, 'Yes, all set');
    await drainOutbox(ctx.app);
    const unreadWrote = async (client: TestClient) => {
      const response = await client.get('/api/v1/notifications');
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as { data: Notification[] }).data
        .filter((notification) => notification.type === 'new_message')
        .map((notification) => notification.data.booking_id);
    };
    assert.ok((await unreadWrote(priya)).includes(id));
    assert.ok((await unreadWrote(jordan)).includes(id), 'her team member was told too');
    assert.ok((await unreadWrote(sofia)).includes(id));

    assert.deepEqual((await markRead(priya, id)).json(), { data: { read: 1 } });
    assert.ok(!(await unreadWrote(priya)).includes(id), 'read with the messages');
    assert.ok(!(await unreadWrote(jordan)).includes(id), 'for her whole side');
    assert.ok((await unreadWrote(priya)).includes(other), 'another booking’s stay');
    assert.ok((await unreadWrote(sofia)).includes(id), 'the other side’s stay');
  });

  it('leaves them unread while a site admin looks at the account', async () => {
    const id = await book();
    await send(sofia, id, 'For Priya');
    const support = await impersonating(
      ctx.app,
      ctx.db,
      'admin@guestspot.test',
      'pro@guestspot.test',
    );
    assert.equal((await messages(support, id)).length, 1);
    assert.deepEqual((await markRead(support, id)).json(), { data: { read: 0 } });
    assert.equal((await messages(priya, id))[0]?.read_at, null);
  });
});

describe('the message activity', () => {
  it('is written with the message, in its transaction, and tells the other side', async () => {
    const id = await book();
    const message = await send(sofia, id, 'Hi Priya');
    const stored = await ctx.db
      .selectFrom('booking_messages')
      .select('created_at')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    const activity = await ctx.db
      .selectFrom('booking_activities')
      .select(['id', 'payload', 'actor_side', 'created_at'])
      .where('booking_id', '=', id)
      .where('type', '=', 'message')
      .executeTakeFirstOrThrow();
    assert.deepEqual(activity.payload, { message_id: message.id });
    assert.equal(activity.actor_side, 'show');
    // now() is the transaction's start: the same instant only within one transaction
    assert.equal(activity.created_at.getTime(), stored.created_at.getTime());
    const outbox = await ctx.db
      .selectFrom('activity_outbox')
      .select('consumer')
      .where('activity_id', '=', activity.id)
      .execute();
    assert.ok(outbox.length > 0, 'the activity outbox has it');
    assert.ok(
      !outbox.some((row) => row.consumer === 'email' || row.consumer === 'calendar'),
      'a message sends no email of the booking’s and no calendar change',
    );
  });

  it('is nothing when the message is refused: no message, no activity', async () => {
    const id = await book();
    await act(sofia, id, 'cancel', { reason: 'No longer needed' });
    assert.equal((await sofia.post(url(id), { body: 'Too late' })).statusCode, 409);
    const activities = await ctx.db
      .selectFrom('booking_activities')
      .select('id')
      .where('booking_id', '=', id)
      .where('type', '=', 'message')
      .execute();
    assert.deepEqual(activities, []);
  });

  it('shows in both sides’ timelines as a message entry, as the message is now', async () => {
    const id = await book();
    const message = await send(sofia, id, 'See you soon');
    await send(jordan, id, 'Priya will be there.');

    const theirs = await messageEntries(priya, id);
    assert.deepEqual(
      theirs.map((entry) => [entry.description, entry.by_viewer]),
      [
        ['Morning Momentum wrote', false],
        ['Jordan Blake wrote for Priya Patel', true],
      ],
    );
    assert.deepEqual(
      (await messageEntries(sofia, id)).map((entry) => entry.description),
      ['You wrote', 'Jordan Blake wrote for Priya Patel'],
    );
    assert.deepEqual(theirs[0]?.properties, {
      message_id: message.id,
      message: 'See you soon',
      edited_at: null,
      read_at: null,
      written_by: null,
      contains_schedule_link: false,
    });
    assert.equal(theirs[1]?.properties.written_by, 'Jordan Blake');

    await update(sofia, id, message.id, {
      body: 'See you on Tuesday',
      contains_schedule_link: true,
    });
    await markRead(priya, id);
    const now = (await messageEntries(sofia, id))[0]?.properties;
    assert.equal(now?.message, 'See you on Tuesday');
    assert.ok(now?.edited_at);
    assert.ok(now?.read_at);
    assert.equal(now?.contains_schedule_link, true);
    const page = await priya.get(`/api/v1/bookings/${id}`);
    const entries = (page.json() as { data: { timeline: BookingTimelineEntry[] } }).data.timeline;
    assert.deepEqual(
      entries.filter((entry) => entry.type === 'message').map((entry) => entry.description),
      ['Morning Momentum wrote', 'Jordan Blake wrote for Priya Patel'],
    );
  });
});
