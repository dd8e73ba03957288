import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AvailabilitySettings, User } from '../../../contract';
import { DEMO_ACCOUNTS } from '../../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../../test/harness';
import type { SlotsByDate } from './slots';

// GET /guests/{id}/availability/slots with the app's clock fixed (config.now, decision 100).

const NOW = new Date('2026-03-01T12:00:00Z');
/** The app's clock: NOW, but for the test that lets time pass. */
let clock = NOW;

let ctx: TestContext;
let guestId: number;
before(async () => {
  ctx = await startTestApp({ config: { now: () => clock } });
  const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
  const me = (await owner.get('/api/v1/users/me')).json<{ data: User }>().data;
  guestId = me.guest?.id ?? 0;
  const settings: Partial<AvailabilitySettings> = {
    interview_durations: [
      { duration: 30, price: 0 },
      { duration: 60, price: 5000 },
    ],
    type: 'unlimited',
    minimum_notice: 0,
    buffer_before: 0,
    buffer_after: 0,
    spot_increments: 60,
    timezone: 'America/New_York',
    rules: [1, 2, 3, 4, 5].map((wday) => ({
      type: 'wday',
      wday,
      intervals: [{ from: '09:00', to: '17:00' }],
    })),
  };
  const saved = await owner.request('PUT', `/api/v1/guests/${guestId}/availability`, {
    body: settings,
  });
  assert.equal(saved.statusCode, 200, saved.body);
});
after(() => ctx.close());

const path = (id: unknown, query: string) =>
  `/api/v1/guests/${String(id)}/availability/slots?${query}`;

function startTimes(data: SlotsByDate, date: string): string[] {
  return (data[date] ?? []).map((slot) => slot.datetime.slice(11, 16));
}

/** A booking of the guest's with this time confirmed (guest_confirmed_times), as the tests need. */
async function confirmTime(startsAt: string, endsAt: string): Promise<void> {
  const show = await ctx.db.selectFrom('show_profiles').select('id').executeTakeFirstOrThrow();
  const booking = await ctx.db
    .insertInto('bookings')
    .values({ guest_profile_id: guestId, show_profile_id: show.id, initiator: 'show' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('guest_confirmed_times')
    .values({
      booking_id: booking.id,
      guest_profile_id: guestId,
      starts_at: new Date(startsAt),
      ends_at: new Date(endsAt),
    })
    .execute();
}

describe('GET /guests/{id}/availability/slots', () => {
  it('answers a public guest’s month to a visitor, in the visitor’s zone', async () => {
    const visitor = new TestClient(ctx.app);
    const response = await visitor.get(path(guestId, 'month=2026-03&timezone=Europe/London'));
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json<{ data: SlotsByDate }>();
    assert.deepEqual(data['2026-03-09']?.[0], {
      datetime: '2026-03-09 13:00:00',
      date: '2026-03-09',
      utc: '2026-03-09 13:00:00',
      status: 'available',
    });
    assert.deepEqual(startTimes(data, '2026-03-06'), [
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
    ]);
    assert.equal(data['2026-03-07'], undefined);

    const hourLong = await visitor.get(
      path(guestId, 'month=2026-03&timezone=America/New_York&duration=60'),
    );
    assert.equal(hourLong.statusCode, 200, hourLong.body);
    assert.equal(
      startTimes(hourLong.json<{ data: SlotsByDate }>().data, '2026-03-09').at(-1),
      '16:00',
    );
  });

  it('hides the guest’s confirmed times', async () => {
    await confirmTime('2026-03-10T14:00:00Z', '2026-03-10T14:30:00Z');
    const visitor = new TestClient(ctx.app);
    const response = await visitor.get(path(guestId, 'month=2026-03&timezone=UTC'));
    const day = startTimes(response.json<{ data: SlotsByDate }>().data, '2026-03-10');
    assert.ok(day.includes('13:00'));
    assert.ok(!day.includes('14:00'));
    assert.ok(day.includes('15:00'));
  });

  it('keeps a month for everyone for a minute at most, and forgets it when a time is confirmed', async () => {
    const url = path(guestId, 'month=2026-04&timezone=UTC');
    const visitor = new TestClient(ctx.app);
    const first = await visitor.get(url);
    assert.equal(first.statusCode, 200, first.body);
    const etag = first.headers.etag;
    assert.ok(etag, 'a kept answer carries an ETag');
    // A signed-in booker gets the kept answer too (only kept answers carry an ETag).
    const booker = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    assert.equal((await booker.get(url)).headers.etag, etag);

    // A confirmed time changes the data version: the month is made again without it.
    await confirmTime('2026-04-14T14:00:00Z', '2026-04-14T14:30:00Z');
    const afterConfirm = await booker.get(url);
    assert.notEqual(afterConfirm.headers.etag, etag);
    assert.ok(
      !startTimes(afterConfirm.json<{ data: SlotsByDate }>().data, '2026-04-14').includes('14:00'),
    );

    // Time passing: within the minute the same answer; past it, today's passed hours go.
    try {
      clock = new Date('2026-04-14T15:30:00Z');
      const made = await visitor.get(url);
      clock = new Date('2026-04-14T15:30:59Z');
      assert.equal((await visitor.get(url)).headers.etag, made.headers.etag);
      clock = new Date('2026-04-14T16:31:00Z');
      const later = await visitor.get(url);
      assert.notEqual(later.headers.etag, made.headers.etag);
      assert.deepEqual(startTimes(later.json<{ data: SlotsByDate }>().data, '2026-04-14'), [
        '17:00',
        '18:00',
        '19:00',
        '20:00',
      ]);
    } finally {
      clock = NOW;
    }
  });

  it('answers 422 with field errors for a bad month, zone or duration', async () => {
    const visitor = new TestClient(ctx.app);
    const errors = async (query: string) => {
      const response = await visitor.get(path(guestId, query));
      assert.equal(response.statusCode, 422, response.body);
      return response.json<{ errors: Record<string, string[]> }>().errors;
    };
    assert.deepEqual(await errors('timezone=UTC'), { month: ['The month field is required.'] });
    assert.deepEqual(await errors('month=2026-13&timezone=UTC&duration=abc'), {
      month: ['The month field must match the format Y-m.'],
      duration: ['The duration field must be an integer.'],
    });
    assert.deepEqual(await errors('month=2026-3'), {
      month: ['The month field must match the format Y-m.'],
      timezone: ['The timezone field is required.'],
    });
    assert.deepEqual(await errors('month=2026-03&timezone=Mars/Olympus'), {
      timezone: ['The timezone field must be a valid timezone.'],
    });
    assert.deepEqual(await errors('month=2026-03&timezone=UTC&duration=45'), {
      duration: ['The selected duration is invalid.'],
    });
  });

  it('is 404 for a hidden profile, except to its owner, and for no profile', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    await ctx.db
      .updateTable('guest_profiles')
      .set({ is_public: false })
      .where('id', '=', guestId)
      .execute();
    try {
      const query = 'month=2026-03&timezone=UTC';
      const visitor = new TestClient(ctx.app);
      assert.equal((await visitor.get(path(guestId, query))).statusCode, 404);
      const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
      assert.equal((await other.get(path(guestId, query))).statusCode, 404);
      assert.equal((await owner.get(path(guestId, query))).statusCode, 200);
      assert.equal((await visitor.get(path(99_999_999, query))).statusCode, 404);
      assert.equal((await visitor.get(path('abc', query))).statusCode, 404);
    } finally {
      await ctx.db
        .updateTable('guest_profiles')
        .set({ is_public: true })
        .where('id', '=', guestId)
        .execute();
    }
  });
});
