import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { GuestProfile, Paginated, Reputation } from '../../contract';
import {
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
} from '../../test/harness';
import { assertLedgerBalanced } from '../../test/ledger';
import { REPUTATION_MIN_REQUESTS } from './queries';
import { refreshReputation } from './refresh';

// How a profile answers requests (decision 114), on a fixed clock: requests written as the
// booking wing writes them (a booking, its 'order-started' and its answer), the figures counted
// as of NOW by the refresh, and read through the public cards and browse's sort. Pitches are
// sent and answered through the API (they move money: the ledger check runs after the suite).

const NOW = new Date('2030-06-15T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let ctx: TestContext;
/** Marketplace guests and a show with no demo bookings. */
let guests: number[];
let show: number;
let reader: TestClient;

before(async () => {
  ctx = await startTestApp();
  reader = await signedIn(ctx.app, 'standard@guestspot.test');
  const rows = await ctx.db
    .selectFrom('guest_profiles as g')
    .select('g.id')
    .where('g.is_public', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bookings as b').select('b.id').whereRef('b.guest_profile_id', '=', 'g.id'),
        ),
      ),
    )
    .orderBy('g.id')
    .limit(6)
    .execute();
  guests = rows.map((row) => row.id);
  const shows = await ctx.db
    .selectFrom('show_profiles')
    .select('id')
    .where('name', '=', 'The Sofia Ramirez Show')
    .executeTakeFirstOrThrow();
  show = shows.id;
});
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

type Outcome = 'accepted' | 'rejected' | 'expired' | 'canceled' | null;

/**
 * The show asks guest `guest` at `askedAt`; `outcome` comes `after` ms later (null: still
 * pending; 'canceled': the show withdrew it).
 */
async function request(guest: number, askedAt: Date, outcome: Outcome, after = HOUR) {
  const answeredAt = new Date(askedAt.getTime() + after);
  const status =
    outcome === null
      ? 'pending'
      : outcome === 'accepted'
        ? 'accepted'
        : outcome === 'expired'
          ? 'expired'
          : 'canceled';
  const booking = await ctx.db
    .insertInto('bookings')
    .values({
      guest_profile_id: guest,
      show_profile_id: show,
      initiator: 'show',
      status,
      price: 0,
      created_at: askedAt,
      updated_at: askedAt,
      ...(status === 'canceled'
        ? { canceled_at: answeredAt, cancel_kind: outcome === 'rejected' ? 'rejected' : 'canceled' }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('booking_activities')
    .values({
      booking_id: booking.id,
      type: 'order-started',
      actor_side: 'show',
      created_at: askedAt,
    })
    .execute();
  if (outcome !== null) {
    await ctx.db
      .insertInto('booking_activities')
      .values({
        booking_id: booking.id,
        type: outcome,
        actor_side: outcome === 'expired' ? 'system' : outcome === 'canceled' ? 'show' : 'guest',
        created_at: answeredAt,
      })
      .execute();
  }
}

const ago = (ms: number) => new Date(NOW.getTime() - ms);

/**
 * The guest's card as a signed-in user reads it (a visitor's answer is kept until this process
 * hears of the data version's change, which these direct writes announce asynchronously).
 */
async function cardOf(guest: number): Promise<Reputation | null | undefined> {
  const response = await reader.get(`/api/v1/guests/${guest}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: GuestProfile }).data.reputation;
}

async function dataVersion(): Promise<string> {
  const { rows } = await sql<{ version: string }>`select version from data_version`.execute(ctx.db);
  return String(rows[0]?.version);
}

describe('profile reputation', () => {
  it('counts the last 90 days of requests: the share accepted and the median time to answer', async () => {
    const [guest] = guests;
    assert.ok(guest);
    await request(guest, ago(2 * DAY), 'accepted', 1 * HOUR);
    await request(guest, ago(3 * DAY), 'accepted', 3 * HOUR);
    await request(guest, ago(4 * DAY), 'rejected', 10 * HOUR);
    await request(guest, ago(5 * DAY), 'accepted', 20 * HOUR);
    // expired: a request not accepted, with no answer time
    await request(guest, ago(20 * DAY), 'expired', 7 * DAY);
    // not counted: older than 90 days, still pending, withdrawn, answered after NOW
    await request(guest, ago(91 * DAY), 'rejected', HOUR);
    await request(guest, ago(DAY), null);
    await request(guest, ago(6 * DAY), 'canceled', HOUR);
    await request(guest, ago(HOUR), 'accepted', 2 * HOUR);

    await refreshReputation(ctx.db, NOW);
    // 5 requests with an outcome, 3 accepted; answers 1 h, 3 h, 10 h, 20 h: median 6.5 h.
    assert.deepEqual(await cardOf(guest), {
      requests: 5,
      accepted_percent: 60,
      median_answer_minutes: 390,
    });
  });

  it('slides with the clock: a request leaves the window after 90 days', async () => {
    const [, guest] = guests;
    assert.ok(guest);
    for (const days of [10, 30, 89]) await request(guest, ago(days * DAY), 'accepted', 2 * HOUR);
    await refreshReputation(ctx.db, NOW);
    assert.equal((await cardOf(guest))?.requests, 3);
    // A day later the oldest is out: below the minimum, so hidden.
    await refreshReputation(ctx.db, new Date(NOW.getTime() + 2 * DAY));
    assert.equal(await cardOf(guest), null);
    const kept = await ctx.db
      .selectFrom('profile_reputation')
      .select('requests')
      .where('profile_type', '=', 'guest')
      .where('profile_id', '=', guest)
      .executeTakeFirstOrThrow();
    assert.equal(kept.requests, 2);
  });

  it(`is hidden below ${REPUTATION_MIN_REQUESTS} requests, and shown with no median when none was answered`, async () => {
    const [, , few, silent] = guests;
    assert.ok(few && silent);
    await request(few, ago(3 * DAY), 'accepted');
    await request(few, ago(4 * DAY), 'rejected');
    for (const days of [10, 11, 12]) await request(silent, ago(days * DAY), 'expired', 7 * DAY);
    await refreshReputation(ctx.db, NOW);
    assert.equal(await cardOf(few), null);
    assert.deepEqual(await cardOf(silent), {
      requests: 3,
      accepted_percent: 0,
      median_answer_minutes: null,
    });
  });

  it('is recounted by the answer itself, as of its time, without waiting for the refresh', async () => {
    const [, , , , guest] = guests;
    assert.ok(guest);
    const now = new Date();
    for (const hours of [5, 4, 3]) {
      await request(guest, new Date(now.getTime() - hours * HOUR), 'accepted', 30 * MINUTE);
    }
    assert.deepEqual(await cardOf(guest), {
      requests: 3,
      accepted_percent: 100,
      median_answer_minutes: 30,
    });
  });

  it('writes nothing, and keeps public answers, when a refresh finds nothing new', async () => {
    await refreshReputation(ctx.db, NOW);
    const version = await dataVersion();
    await refreshReputation(ctx.db, NOW);
    assert.equal(await dataVersion(), version);
    const [guest] = guests;
    assert.ok(guest);
    await request(guest, ago(7 * DAY), 'accepted', 30 * MINUTE);
    await refreshReputation(ctx.db, NOW);
    assert.notEqual(await dataVersion(), version);
  });

  it('orders browse by it: fastest first, hidden figures last', async () => {
    await refreshReputation(ctx.db, NOW);
    const response = await reader.get('/api/v1/guests?sort=response&limit=100');
    assert.equal(response.statusCode, 200, response.body);
    const cards = (response.json() as Paginated<GuestProfile>).data;
    const shown = cards.filter((card) => card.reputation);
    assert.ok(shown.length >= 3);
    // The shown ones lead, fastest first.
    assert.deepEqual(
      cards.slice(0, shown.length).map((card) => card.id),
      shown.map((card) => card.id),
    );
    const minutes = shown.map((card) => card.reputation?.median_answer_minutes ?? Infinity);
    assert.deepEqual(
      minutes,
      [...minutes].sort((a, b) => a - b),
    );
    const bad = await new TestClient(ctx.app).get('/api/v1/guests?sort=fastest');
    assert.equal(bad.statusCode, 422);
  });
});

describe('a pitch answered', () => {
  let keys = 0;

  /** pro@'s Priya pitches Morning Momentum (show@) through the API, the card held for it. */
  async function priyaPitches(priya: TestClient, guestId: number, showId: number) {
    const questions = await ctx.db
      .selectFrom('booking_questions')
      .select('id')
      .where('show_profile_id', '=', showId)
      .where('type', '=', 'pitch')
      .execute();
    const option = await ctx.db
      .selectFrom('booking_options')
      .select('id')
      .where('slug', '=', 'pitch')
      .executeTakeFirstOrThrow();
    const response = await priya.request('POST', `/api/v1/shows/${showId}/book`, {
      headers: { 'Idempotency-Key': `reputation-pitch-${process.pid}-${(keys += 1)}` },
      body: {
        guest_profile_id: guestId,
        is_pitch: true,
        pitch: { type: 'text', text: 'Stories your listeners can use tomorrow.' },
        questions: questions.map((q) => ({ question_id: q.id, answer: 'An answer.' })),
        booking_options: [{ booking_option_id: option.id }],
        payment_method: 'pm_card_visa',
        source: 'web',
      },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().data.id as number;
  }

  async function keptOf(showId: number) {
    const row = await ctx.db
      .selectFrom('profile_reputation')
      .select(['requests', 'accepted'])
      .where('profile_type', '=', 'show')
      .where('profile_id', '=', showId)
      .executeTakeFirst();
    return row ?? { requests: 0, accepted: 0 };
  }

  it('counts a pitch accepted with accept-pitch as accepted, at once and on the refresh', async () => {
    const priya = await signedIn(ctx.app, 'pro@guestspot.test');
    const sofia = await signedIn(ctx.app, 'show@guestspot.test');
    const priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
    const morning = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
    await ctx.db
      .updateTable('show_profiles')
      .set({ pitch_enabled: true, pitch_price: 2000 })
      .where('id', '=', morning)
      .execute();
    // Counted as of now (the suite's other refreshes count as of its fixed clock, years ahead).
    await refreshReputation(ctx.db, new Date());
    const before = await keptOf(morning);

    const acceptedPitch = await priyaPitches(priya, priyaGuest, morning);
    const accept = await sofia.request('PATCH', `/api/v1/bookings/${acceptedPitch}/accept-pitch`, {
      body: { action: 'accept' },
    });
    assert.equal(accept.statusCode, 200, accept.body);
    const rejectedPitch = await priyaPitches(priya, priyaGuest, morning);
    const reject = await sofia.request('PATCH', `/api/v1/bookings/${rejectedPitch}/accept-pitch`, {
      body: { action: 'reject' },
    });
    assert.equal(reject.statusCode, 200, reject.body);

    // The answers' own trigger recounted the show: two requests answered, one accepted.
    const expected = { requests: before.requests + 2, accepted: before.accepted + 1 };
    assert.deepEqual(await keptOf(morning), expected);
    // The hourly recount agrees.
    await refreshReputation(ctx.db, new Date());
    assert.deepEqual(await keptOf(morning), expected);
  });
});
