import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { assertLedgerBalanced } from '../../test/ledger';
import { openTestDatabase } from '../../test/test-db';
import { BookingTimeConflictError, confirmBookingTime, TIME_TAKEN_MESSAGE } from './lifecycle';

let db: DB;
let close: () => Promise<void>;
/** The seed's bookings, before the tests add theirs. */
let seededIds: number[];
before(async () => {
  const opened = await openTestDatabase();
  db = opened.db;
  seededIds = (await db.selectFrom('bookings').select('id').execute()).map((row) => row.id);
  close = () => opened.close();
});
// The money balances after all of these tests (issue 28 §5).
after(() => assertLedgerBalanced(db, { onFailure: () => close() }));
after(() => close());

const at = (iso: string) => new Date(iso);

/** A new pending booking of this guest with the first seeded show. */
async function pendingBooking(guestProfileId: number): Promise<number> {
  const show = await db
    .selectFrom('show_profiles')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('bookings')
    .values({
      guest_profile_id: guestProfileId,
      show_profile_id: show.id,
      initiator: 'show',
      interview_duration: 30,
      // Proposals may overlap anything: every test booking proposes the same time.
      proposed_dates: JSON.stringify(['2031-03-03T15:00:00.000Z']),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function guestIds(): Promise<[number, number]> {
  const rows = await db.selectFrom('guest_profiles').select('id').orderBy('id').limit(2).execute();
  const [first, second] = rows;
  if (!first || !second) throw new Error('two seeded guests');
  return [first.id, second.id];
}

describe('migrations 032 and 039: booking lifecycle', () => {
  it('allows the six statuses, no longer rejected nor confirmed (scheduled)', async () => {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint
      where conname = 'bookings_status_check'
    `.execute(db);
    const def = rows[0]?.def ?? '';
    for (const status of ['pending', 'accepted', 'scheduled', 'completed', 'canceled', 'expired']) {
      assert.ok(def.includes(`'${status}'`), status);
    }
    assert.ok(!def.includes("'rejected'"));
    assert.ok(!def.includes("'confirmed'"));
    const [guest] = await guestIds();
    const id = await pendingBooking(guest);
    await assert.rejects(
      sql`update bookings set status = 'rejected' where id = ${id}`.execute(db),
      /bookings_status_check/,
    );
    // canceled needs canceled_at and cancel_kind
    await assert.rejects(
      db.updateTable('bookings').set({ status: 'canceled' }).where('id', '=', id).execute(),
      /bookings_canceled_check/,
    );
  });

  it('adds the stored booking fields and the lifecycle tables', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and table_name in ('bookings', 'booking_activities', 'booking_question_answers',
                           'booking_upsells', 'booking_payments', 'guest_confirmed_times')
    `.execute(db);
    const columns = new Set(rows.map((row) => `${row.table_name}.${row.column_name}`));
    const expected = [
      ...[
        'type',
        'canceled_at',
        'cancel_kind',
        'canceled_by',
        'cancel_reason',
        'confirmed_at',
        'confirmed_by_invitee',
        'expires_at',
        'guaranteed_response_by',
        'accepted_at',
        'scheduled_without_date',
        'full_booking_fee',
        'pitch_fee',
        'pitch_fee_options',
        'booking_option_variation',
        'booking_option_amount',
        'payment_status',
        'wants_guaranteed_response',
        'source',
        'code',
        'store_credit_amount',
        'idempotency_key',
        'booker_user_id',
      ].map((column) => `bookings.${column}`),
      'booking_activities.payload',
      'booking_question_answers.answer',
      'booking_upsells.social_handle',
      'booking_payments.direction',
      'guest_confirmed_times.ends_at',
    ];
    assert.deepEqual(
      expected.filter((column) => !columns.has(column)),
      [],
    );
  });

  it('keeps one idempotency key per booker', async () => {
    const [guest] = await guestIds();
    const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const first = await pendingBooking(guest);
    const second = await pendingBooking(guest);
    await db
      .updateTable('bookings')
      .set({ booker_user_id: user.id, idempotency_key: 'k-1' })
      .where('id', '=', first)
      .execute();
    await assert.rejects(
      db
        .updateTable('bookings')
        .set({ booker_user_id: user.id, idempotency_key: 'k-1' })
        .where('id', '=', second)
        .execute(),
      /bookings_idempotency_idx/,
    );
  });
});

describe('the seeded bookings', () => {
  it('have a timeline, a ledger that matches their status, and confirmed times', async () => {
    const bookings = await db
      .selectFrom('bookings')
      .selectAll()
      .where('id', 'in', seededIds)
      .orderBy('id')
      .execute();
    // the demo accounts' 12, and 16 completed interviews of marketplace profiles whose reviews
    // the seed ties to them (decision 114)
    assert.equal(bookings.length, 28);
    assert.equal(bookings.filter((booking) => booking.status === 'completed').length >= 16, true);
    assert.ok(!bookings.some((booking) => (booking.status as string) === 'rejected'));
    const rejected = bookings.filter((booking) => booking.cancel_kind === 'rejected');
    assert.equal(rejected.length, 1, 'the old rejected booking is canceled as rejected');
    assert.equal(rejected[0]?.status, 'canceled');
    assert.equal(rejected[0]?.canceled_by, rejected[0]?.initiator === 'guest' ? 'show' : 'guest');

    for (const booking of bookings) {
      const activities = await db
        .selectFrom('booking_activities')
        .select('type')
        .where('booking_id', '=', booking.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      assert.equal(activities[0]?.type, 'order-started', `booking ${booking.id}`);
      const types = activities.map((activity) => activity.type);
      if (booking.status === 'canceled') {
        assert.ok(types.includes(booking.cancel_kind ?? ''), `booking ${booking.id}: ${types}`);
      }
      if (booking.status === 'expired') assert.ok(types.includes('expired'));

      const ledger = await db
        .selectFrom('booking_payments')
        .selectAll()
        .where('booking_id', '=', booking.id)
        .execute();
      if (booking.price === 0) {
        assert.equal(ledger.length, 0);
        continue;
      }
      const charge = ledger.find((row) => row.kind === 'charge');
      assert.ok(charge, `booking ${booking.id} has a charge`);
      assert.equal(charge.side, booking.initiator);
      assert.equal(charge.amount, booking.full_booking_fee);
      const expected =
        booking.status === 'pending'
          ? 'pending'
          : booking.status === 'canceled' || booking.status === 'expired'
            ? 'void'
            : 'paid';
      assert.equal(charge.status, expected, `booking ${booking.id} (${booking.status})`);
      if (expected === 'void') assert.ok(ledger.every((row) => row.status === 'void'));
      if (booking.status === 'completed') assert.ok(ledger.every((row) => row.status === 'paid'));
    }

    const times = await db
      .selectFrom('guest_confirmed_times')
      .selectAll()
      .where('booking_id', 'in', seededIds)
      .execute();
    const dated = bookings.filter(
      (booking) => booking.booking_date && ['scheduled', 'completed'].includes(booking.status),
    );
    assert.deepEqual(
      times.map((time) => time.booking_id).sort((a, b) => a - b),
      dated.map((booking) => booking.id),
    );
    const answers = await db.selectFrom('booking_question_answers').select('booking_id').execute();
    const upsells = await db.selectFrom('booking_upsells').select('booking_id').execute();
    assert.ok(answers.length > 0 && upsells.length > 0);
  });
});

describe('the demo bookings of the booking page (decision 111)', () => {
  it('give Maya and show@ a pending request with 3 proposals, an accepted one with no date and a scheduled one', async () => {
    const rows = await db
      .selectFrom('bookings as b')
      .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
      .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
      .innerJoin('users as su', 'su.id', 's.user_id')
      .select([
        'b.id',
        'b.status',
        'b.initiator',
        'b.proposed_dates',
        'b.proposed_by',
        'b.booking_date',
        'b.scheduled_without_date',
      ])
      .where('b.id', 'in', seededIds)
      .where('g.name', '=', 'Maya Brooks')
      .where('su.email', '=', 'show@guestspot.test')
      .execute();
    const pending = rows.find((row) => row.status === 'pending' && row.initiator === 'show');
    assert.equal(pending?.proposed_dates.length, 3);
    assert.equal(pending?.proposed_by, 'show');
    const accepted = rows.find((row) => row.status === 'accepted');
    assert.equal(accepted?.booking_date, null);
    const scheduled = rows.find((row) => row.status === 'scheduled');
    assert.ok(scheduled?.booking_date);
    assert.equal(scheduled?.scheduled_without_date, false);
    const held = await db
      .selectFrom('guest_confirmed_times')
      .select('starts_at')
      .where('booking_id', '=', scheduled?.id ?? 0)
      .executeTakeFirstOrThrow();
    assert.equal(held.starts_at.getTime(), scheduled?.booking_date?.getTime());
    // Open proposals name their side; none are open once a date is agreed.
    const all = await db
      .selectFrom('bookings')
      .select(['status', 'proposed_dates', 'proposed_by', 'initiator'])
      .where('id', 'in', seededIds)
      .execute();
    for (const booking of all) {
      const open = booking.status === 'pending' && booking.proposed_dates.length > 0;
      assert.equal(booking.proposed_by, open ? booking.initiator : null);
    }
  });
});

describe('confirmBookingTime', () => {
  it('confirms: the time is taken, the status scheduled, the timeline says so', async () => {
    const [guest] = await guestIds();
    const id = await pendingBooking(guest);
    await confirmBookingTime(db, {
      bookingId: id,
      startsAt: at('2031-01-06T15:00:00Z'),
      endsAt: at('2031-01-06T15:30:00Z'),
    });
    const booking = await db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(booking.status, 'scheduled');
    assert.equal(booking.proposed_by, null);
    assert.equal(booking.booking_date?.toISOString(), '2031-01-06T15:00:00.000Z');
    const activity = await db
      .selectFrom('booking_activities')
      .select(['type', 'payload'])
      .where('booking_id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(activity.type, 'confirmed');
    assert.equal(activity.payload.date, '2031-01-06T15:00:00.000Z');
  });

  it('lets exactly one of two concurrent overlapping confirmations win', async () => {
    const [guest] = await guestIds();
    const first = await pendingBooking(guest);
    const second = await pendingBooking(guest);
    const results = await Promise.allSettled([
      confirmBookingTime(db, {
        bookingId: first,
        startsAt: at('2031-02-02T15:00:00Z'),
        endsAt: at('2031-02-02T16:00:00Z'),
      }),
      confirmBookingTime(db, {
        bookingId: second,
        startsAt: at('2031-02-02T15:30:00Z'),
        endsAt: at('2031-02-02T16:30:00Z'),
      }),
    ]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    assert.equal(won.length, 1);
    assert.equal(lost.length, 1);
    const reason: unknown = lost[0]?.status === 'rejected' ? lost[0].reason : null;
    assert.ok(reason instanceof BookingTimeConflictError);
    assert.equal(reason.message, TIME_TAKEN_MESSAGE);
    assert.equal(reason.statusCode, 409);
    assert.equal(TIME_TAKEN_MESSAGE, 'This time has just been booked. Please pick another time.');

    // The loser changed nothing: still pending, no confirmed time, no activity.
    const loser = results[0]?.status === 'rejected' ? first : second;
    const row = await db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', loser)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'pending');
    const held = await db
      .selectFrom('guest_confirmed_times')
      .select('booking_id')
      .where('booking_id', '=', loser)
      .execute();
    assert.equal(held.length, 0);
    const activities = await db
      .selectFrom('booking_activities')
      .select('id')
      .where('booking_id', '=', loser)
      .execute();
    assert.equal(activities.length, 0);
  });

  it('lets adjacent times and another guest’s same time through', async () => {
    const [guest, other] = await guestIds();
    const [a, b, c] = [
      await pendingBooking(guest),
      await pendingBooking(guest),
      await pendingBooking(other),
    ];
    await Promise.all([
      confirmBookingTime(db, {
        bookingId: a,
        startsAt: at('2031-04-01T10:00:00Z'),
        endsAt: at('2031-04-01T10:30:00Z'),
      }),
      confirmBookingTime(db, {
        bookingId: b,
        startsAt: at('2031-04-01T10:30:00Z'),
        endsAt: at('2031-04-01T11:00:00Z'),
      }),
      confirmBookingTime(db, {
        bookingId: c,
        startsAt: at('2031-04-01T10:00:00Z'),
        endsAt: at('2031-04-01T10:30:00Z'),
      }),
    ]);
    const statuses = await db
      .selectFrom('bookings')
      .select('status')
      .where('id', 'in', [a, b, c])
      .execute();
    assert.deepEqual(
      statuses.map((row) => row.status),
      ['scheduled', 'scheduled', 'scheduled'],
    );
  });

  it('refuses a canceled booking and frees nothing it does not own', async () => {
    const [guest] = await guestIds();
    const id = await pendingBooking(guest);
    await db
      .updateTable('bookings')
      .set({ status: 'canceled', canceled_at: new Date(), cancel_kind: 'canceled' })
      .where('id', '=', id)
      .execute();
    await assert.rejects(
      confirmBookingTime(db, {
        bookingId: id,
        startsAt: at('2031-05-01T10:00:00Z'),
        endsAt: at('2031-05-01T10:30:00Z'),
      }),
      { statusCode: 409, message: 'The booking status is canceled.' },
    );
  });
});
