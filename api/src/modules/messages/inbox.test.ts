import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Conversation } from '../../contract';
import { act, bookInterview, timeSlots } from '../../test/bookings';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { PREVIEW_LENGTH } from './inbox';

// The /messages inbox (issue 31; booking-management… §2 "Messages inbox", §7, §9): GET
// /users/{id}/all-messages (the conversations, newest first, with a 50-character preview and
// the unread count) and GET /users/{id}/unread-messages (the badges' figures), for the user,
// their team members, and nobody else.

let ctx: TestContext;
let sofia: TestClient;
let priya: TestClient;
let jordan: TestClient;
let maya: TestClient;
let ids: { sofia: number; priya: number; jordan: number; maya: number };
let priyaGuest: number;
let morningShow: number;
let sofiaShow: number;
const nextTime = timeSlots(50);

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  jordan = await signedIn(ctx.app, 'agency@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  ids = {
    sofia: await userIdOf(ctx.db, 'show@guestspot.test'),
    priya: await userIdOf(ctx.db, 'pro@guestspot.test'),
    jordan: await userIdOf(ctx.db, 'agency@guestspot.test'),
    maya: await userIdOf(ctx.db, 'guest@guestspot.test'),
  };
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  sofiaShow = await profileIdOf(ctx.db, 'show_profiles', 'The Sofia Ramirez Show');
  await openAvailability(priya, priyaGuest);
});
after(() => ctx.close());

const book = (show: number) => bookInterview(ctx.db, sofia, priyaGuest, show, [nextTime()]);

async function send(client: TestClient, booking: number, body: string): Promise<void> {
  const response = await client.post(`/api/v1/bookings/${booking}/messages`, { body });
  assert.equal(response.statusCode, 201, response.body);
}

async function inbox(client: TestClient, userId: number): Promise<Conversation[]> {
  const response = await client.get(`/api/v1/users/${userId}/all-messages`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: Conversation[] }).data;
}

async function unread(client: TestClient, userId: number) {
  const response = await client.get(`/api/v1/users/${userId}/unread-messages`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: { count: number; conversations: number } }).data;
}

/** The conversations of `bookings` only, in the inbox's order. */
const only = (conversations: Conversation[], bookings: number[]) =>
  conversations.filter((conversation) => bookings.includes(conversation.booking_id));

describe('GET /users/{id}/all-messages', () => {
  it('lists the bookings with messages, newest first, each from the reader’s side', async () => {
    const first = await book(morningShow);
    const second = await book(sofiaShow);
    const silent = await book(morningShow);
    await send(sofia, first, 'Hello from Morning Momentum');
    await send(sofia, second, 'Hello from the Sofia Ramirez Show');
    const long = 'A message that is much longer than fifty characters, so it is cut.';
    await send(priya, first, long);
    const bookings = [first, second, silent];

    const priyas = only(await inbox(priya, ids.priya), bookings);
    assert.deepEqual(
      priyas.map((conversation) => conversation.booking_id),
      [first, second],
      'newest message first; a booking without messages is not a conversation',
    );
    assert.deepEqual(priyas[0], {
      booking_id: first,
      booking_status: 'pending',
      counterpart: {
        type: 'show',
        id: morningShow,
        name: 'Morning Momentum',
        imageUrl: `/api/v1/images/shows/${morningShow}.svg`,
      },
      last_message: {
        preview: long.slice(0, PREVIEW_LENGTH),
        created_at: priyas[0]?.last_message.created_at,
        is_mine: true,
      },
      unread_count: 1,
    });
    assert.equal(priyas[0]?.last_message.preview.length, 50);
    assert.deepEqual(priyas[1]?.last_message.preview, 'Hello from the Sofia Ramirez Show');
    assert.equal(priyas[1]?.last_message.is_mine, false);
    assert.equal(priyas[1]?.unread_count, 1);

    const sofias = only(await inbox(sofia, ids.sofia), bookings);
    assert.deepEqual(
      sofias.map((conversation) => [
        conversation.booking_id,
        conversation.counterpart.name,
        conversation.counterpart.type,
        conversation.last_message.is_mine,
        conversation.unread_count,
      ]),
      [
        [first, 'Priya Patel', 'guest', false, 1],
        [second, 'Priya Patel', 'guest', true, 0],
      ],
    );
  });

  it('follows what happens: a new message moves its booking up, reading clears its count', async () => {
    const older = await book(morningShow);
    const newer = await book(morningShow);
    await send(sofia, older, 'First');
    await send(sofia, older, 'Second');
    await send(sofia, newer, 'Third');
    const order = async () =>
      only(await inbox(priya, ids.priya), [older, newer]).map((c) => [
        c.booking_id,
        c.unread_count,
      ]);
    assert.deepEqual(await order(), [
      [newer, 1],
      [older, 2],
    ]);
    await send(priya, older, 'Answering the first');
    const read = await priya.request('PATCH', `/api/v1/bookings/${older}/messages/read`);
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(await order(), [
      [older, 0],
      [newer, 1],
    ]);
    // A canceled booking keeps its conversation, readable.
    await act(sofia, newer, 'cancel', { reason: 'Double booked' });
    const canceled = only(await inbox(priya, ids.priya), [newer])[0];
    assert.equal(canceled?.booking_status, 'canceled');
  });

  it('shows a team member their owner’s conversations', async () => {
    const id = await book(morningShow);
    await send(sofia, id, 'For Priya’s team');
    const team = only(await inbox(jordan, ids.jordan), [id]);
    assert.deepEqual(team, only(await inbox(priya, ids.priya), [id]));
    assert.equal(team[0]?.unread_count, 1);
  });

  it('is only the signed-in user’s: another id 403, no id 404, a visitor 401', async () => {
    for (const path of ['all-messages', 'unread-messages']) {
      const other = await maya.get(`/api/v1/users/${ids.priya}/${path}`);
      assert.equal(other.statusCode, 403, other.body);
      const team = await jordan.get(`/api/v1/users/${ids.priya}/${path}`);
      assert.equal(team.statusCode, 403, 'a team member reads through their own id');
      assert.equal((await maya.get(`/api/v1/users/abc/${path}`)).statusCode, 404);
      const visitor = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/users/${ids.maya}/${path}`,
      });
      assert.equal(visitor.statusCode, 401);
    }
    // Her own id answers her own conversations (the seed's, as a guest).
    const own = await inbox(maya, ids.maya);
    assert.ok(own.length > 0, 'the seeded conversations of Maya');
    assert.ok(own.every((row) => row.counterpart.type === 'show'));
    const figures = await unread(maya, ids.maya);
    assert.equal(figures.conversations, own.filter((row) => row.unread_count > 0).length);
  });
});

describe('GET /users/{id}/unread-messages', () => {
  it('counts the other sides’ unread messages and their bookings, as the user’s badge', async () => {
    const start = await unread(priya, ids.priya);
    const startSofia = await unread(sofia, ids.sofia);
    const one = await book(morningShow);
    const two = await book(sofiaShow);
    await send(sofia, one, 'One');
    await send(sofia, one, 'Two');
    await send(sofia, two, 'Three');
    await send(priya, two, 'Four');
    assert.deepEqual(await unread(priya, ids.priya), {
      count: start.count + 3,
      conversations: start.conversations + 2,
    });
    assert.deepEqual(await unread(sofia, ids.sofia), {
      count: startSofia.count + 1,
      conversations: startSofia.conversations + 1,
    });
    assert.deepEqual(await unread(jordan, ids.jordan), await unread(priya, ids.priya));
    const me = await priya.get('/api/v1/users/me');
    assert.equal(me.json().data.unread_messages_count, start.count + 3);

    await priya.request('PATCH', `/api/v1/bookings/${one}/messages/read`);
    assert.deepEqual(await unread(priya, ids.priya), {
      count: start.count + 1,
      conversations: start.conversations + 1,
    });
    const sofiaMe = await sofia.get('/api/v1/users/me');
    assert.equal(sofiaMe.json().data.unread_messages_count, startSofia.count + 1);
  });
});
