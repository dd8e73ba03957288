import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app';
import { bookInterview, timeSlots } from '../../test/bookings';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { MESSAGE_LIMITS, tooManyMessages } from './limits';

// How much one person may write (issue 31): 30 messages a minute and 300 a day per author, in
// login_throttles. Here through a second API instance on the same database whose allowances are
// scaled to 1 a minute and 10 a day (config.bookingLimitScale 1/30), the bookings being made on
// the harness's relaxed one.

const SCALE = 1 / 30;
const [minute = 0, day = 0] = MESSAGE_LIMITS.map((entry) => Math.round(entry.limit.max * SCALE));

let ctx: TestContext;
let limited: FastifyInstance;
let sofia: TestClient;
let priya: TestClient;
let booking: number;

before(async () => {
  ctx = await startTestApp();
  limited = await buildApp({
    db: ctx.db,
    events: ctx.events,
    config: { sessionSecret: 'test-secret', outboxPollMs: 0, bookingLimitScale: SCALE },
  });
  await limited.ready();
  const owner = await signedIn(ctx.app, 'show@guestspot.test');
  const guest = await signedIn(ctx.app, 'pro@guestspot.test');
  const priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  await openAvailability(guest, priyaGuest);
  const show = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  booking = await bookInterview(ctx.db, owner, priyaGuest, show, [timeSlots(60)()]);
  sofia = await signedIn(limited, 'show@guestspot.test');
  priya = await signedIn(limited, 'pro@guestspot.test');
});
after(async () => {
  await limited.close();
  await ctx.close();
});

const send = (client: TestClient, body = 'Hello') =>
  client.post(`/api/v1/bookings/${booking}/messages`, { body });

/** The 429 with its Retry-After, within `[min, max]` seconds. */
function assertRefused(response: LightMyRequestResponse, min: number, max: number) {
  assert.equal(response.statusCode, 429, response.body);
  const wait = Number(response.headers['retry-after']);
  assert.ok(wait >= min && wait <= max, `Retry-After ${wait}`);
  assert.equal(response.json().message, tooManyMessages(wait));
}

/** A new minute for every writer (the day's windows stay). */
const nextMinute = () =>
  ctx.db.deleteFrom('login_throttles').where('key', 'like', 'message-minute:%').execute();

describe('the message limits', () => {
  it('are scaled here to 1 a minute and 10 a day', () => {
    assert.deepEqual([minute, day], [1, 10]);
  });

  it('refuse a writer past the minute’s allowance (429, Retry-After), not the other side', async () => {
    assert.equal((await send(sofia)).statusCode, 201);
    assertRefused(await send(sofia), 1, 60);
    assert.equal((await send(priya)).statusCode, 201, 'each writer has their own count');
    // Edits count too: writing cannot be spun out of PUT either.
    const [first] = await ctx.db
      .selectFrom('booking_messages')
      .select('id')
      .where('booking_id', '=', booking)
      .orderBy('id')
      .execute();
    const edit = await sofia.request('PUT', `/api/v1/bookings/${booking}/messages/${first?.id}`, {
      body: { body: 'Edited' },
    });
    assertRefused(edit, 1, 60);
  });

  it('refuse a writer past the day’s allowance, with the day’s wait', async () => {
    await nextMinute();
    // Sofia has written 1 (the refused ones count for the minute only)
    for (let sent = 1; sent < day; sent += 1) {
      const response = await send(sofia, `Message ${sent}`);
      assert.equal(response.statusCode, 201, `message ${sent + 1}: ${response.body}`);
      await nextMinute();
    }
    assertRefused(await send(sofia), 61, 24 * 60 * 60);
    const stored = await ctx.db
      .selectFrom('booking_messages')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('booking_id', '=', booking)
      .where('sender_side', '=', 'show')
      .executeTakeFirstOrThrow();
    assert.equal(Number(stored.count), day);
  });
});
