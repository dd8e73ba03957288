import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it, type TestContext as NodeTestContext } from 'node:test';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { act, bookInterview, patchBooking, timeSlots } from '../../test/bookings';
import {
  interviewBooking,
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { assertLedgerBalanced } from '../../test/ledger';
import { lockSpender } from '../booking-money/ledger';
import { lockedBooking, expireOverdueBookings } from './actions';
import { recordActivity } from './lifecycle';

// Writes under contention (decisions 122 and 124): what `npm run bench:bookings` found on
// PostgreSQL, each made to happen at will. (1) A booking transaction waited on another's bump of
// the data version while holding its booker's row, which the other needed: a deadlock. (2) The
// money moved at the provider, then the transaction recording it failed. (3) A confirm decided
// to accept from what it read before an accept landed, and accepted a second time. Morning
// Momentum (Sofia, show@) books Priya (pro@) throughout.

let ctx: TestContext;
let sofia: TestClient;
let priya: TestClient;
let priyaGuest: number;
let morningShow: number;
const nextTime = timeSlots(40);
let faults = 0;

const onPostgres = Boolean(process.env.DATABASE_URL);
const ONE_CONNECTION =
  'PGlite has one connection: two transactions never run at once, so neither waits on the other';

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(priya, priyaGuest);
});
// The money balances after all of these tests (issue 28 §5).
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

/** A pending booking of Priya by Sofia with these proposals (two fresh ones by default). */
const book = (proposed = [nextTime(), nextTime()]) =>
  bookInterview(ctx.db, sofia, priyaGuest, morningShow, proposed);

async function statusOf(id: number): Promise<string> {
  const row = await ctx.db
    .selectFrom('bookings')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** The provider's state of the booking's card charge (LOCAL). */
async function chargeStatus(id: number): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('booking_payments as p')
    .innerJoin('local_charges as c', 'c.id', 'p.provider_reference')
    .select('c.status')
    .where('p.booking_id', '=', id)
    .where('p.kind', '=', 'charge')
    .executeTakeFirst();
  return row?.status;
}

/** The booking's timeline entries of `type`. */
async function entries(id: number, type: string): Promise<number> {
  const rows = await ctx.db
    .selectFrom('booking_activities')
    .select('id')
    .where('booking_id', '=', id)
    .where('type', '=', type)
    .execute();
  return rows.length;
}

/** The guest's times held for the booking, as ISO starts. */
async function heldTimes(id: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('guest_confirmed_times')
    .select('starts_at')
    .where('booking_id', '=', id)
    .execute();
  return rows.map((row) => row.starts_at.toISOString());
}

/**
 * From now on, the inserts into `table` numbered `from` to `to` (1: the next one) fail as the
 * loser of a deadlock does (SQLSTATE 40P01). The count is a sequence: a rolled-back transaction
 * does not give its number back. Returns how many inserts were tried so far, and the remover.
 */
async function deadlocking(
  db: DB,
  table: 'bookings' | 'booking_activities',
  from: number,
  to: number,
) {
  faults += 1;
  const name = `test_deadlock_${faults}`;
  await sql
    .raw(
      `create sequence ${name};
       create function ${name}() returns trigger language plpgsql as $$
       declare
         tried bigint := nextval('${name}');
       begin
         if tried between ${from} and ${to} then
           raise exception 'deadlock detected (made by the test)' using errcode = 'deadlock_detected';
         end if;
         return new;
       end $$;
       create trigger ${name} before insert on ${table}
         for each row execute function ${name}();`,
    )
    .execute(db);
  return {
    async tried(): Promise<number> {
      const { rows } = await sql
        .raw<{
          last_value: string;
          is_called: boolean;
        }>(`select last_value, is_called from ${name}`)
        .execute(db);
      return rows[0]?.is_called ? Number(rows[0].last_value) : 0;
    },
    async remove(): Promise<void> {
      await sql
        .raw(`drop trigger ${name} on ${table}; drop function ${name}(); drop sequence ${name};`)
        .execute(db);
    },
  };
}

/**
 * Whether another backend of this database waits on a lock before `work` settles (polled every
 * 20 ms, for 5 s at most): the statement it waits in, or null.
 */
async function lockWaitDuring(work: Promise<unknown>): Promise<string | null> {
  let settled = false;
  const done = () => {
    settled = true;
  };
  work.then(done, done);
  const until = Date.now() + 5_000;
  while (!settled && Date.now() < until) {
    const { rows } = await sql<{ query: string }>`
      select query from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
    `.execute(ctx.db);
    if (rows[0]) return rows[0].query;
    await sleep(20);
  }
  return null;
}

describe('a booking transaction and the others under way (the deadlocks)', () => {
  it(
    'books for someone another booking transaction is telling, without waiting or deadlocking',
    { skip: onPostgres ? false : ONE_CONNECTION },
    async () => {
      // Sofia is one of the people of this booking: its timeline entries tell her (user_events,
      // whose foreign key share-locks her users row).
      const other = await book();
      const body = await interviewBooking(ctx.db, priyaGuest, morningShow, [nextTime()]);
      const trx = await ctx.db.startTransaction().execute();
      let response;
      let waited: string | null;
      try {
        // Another booking transaction changes a public table (the data version's bump) ...
        await trx
          .updateTable('bookings')
          .set({ updated_at: new Date() })
          .where('id', '=', other)
          .execute();
        // ... while Sofia books: her create locks her users row.
        const create = sofia.request('POST', `/api/v1/guests/${priyaGuest}/book`, {
          headers: { 'Idempotency-Key': `contention-${Date.now()}` },
          body,
        });
        waited = await lockWaitDuring(create);
        // The other transaction then tells Sofia something.
        await recordActivity(trx, other, 'message', { side: 'system', userId: null });
        await trx.commit().execute();
        response = await create;
      } catch (error) {
        await trx.rollback().execute();
        throw error;
      }
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(waited, null, `the create waited on the other transaction in: ${waited}`);
    },
  );

  it(
    'lets another booking’s timeline tell a booker whose spending is locked',
    { skip: onPostgres ? false : ONE_CONNECTION },
    async () => {
      const other = await book();
      const spending = await ctx.db.startTransaction().execute();
      try {
        await lockSpender(spending, await userIdOf(ctx.db, 'show@guestspot.test'));
        await ctx.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '1s'`.execute(trx);
          await recordActivity(trx, other, 'message', { side: 'system', userId: null });
        });
      } finally {
        await spending.rollback().execute();
      }
    },
  );

  it(
    'does not hold up, while a booking is locked to act on it, a write that only refers to it',
    { skip: onPostgres ? false : ONE_CONNECTION },
    async () => {
      const id = await book();
      const acting = await ctx.db.startTransaction().execute();
      try {
        await lockedBooking(acting, id);
        // A timeline entry, a review, a notification: a foreign key to the booking (KEY SHARE).
        await ctx.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '1s'`.execute(trx);
          await recordActivity(trx, id, 'message', { side: 'system', userId: null });
        });
      } finally {
        await acting.rollback().execute();
      }
    },
  );
});

describe('money moved at the provider, then the transaction after it failed', () => {
  const paths: {
    name: string;
    /** a booking in the state the call starts from */
    setup: () => Promise<{ id: number; at: string }>;
    call: (booking: { id: number; at: string }) => ReturnType<typeof patchBooking>;
    status: string;
    charge: string;
  }[] = [
    {
      name: 'accept (the hold captured)',
      setup: async () => ({ id: await book(), at: '' }),
      call: ({ id }) => patchBooking(priya, id, 'accept'),
      status: 'accepted',
      charge: 'succeeded',
    },
    {
      name: 'confirm of a pending request (the hold captured)',
      setup: async () => {
        const at = nextTime();
        return { id: await book([at]), at };
      },
      call: ({ id, at }) => patchBooking(priya, id, 'confirm', { confirmed_date: at }),
      status: 'scheduled',
      charge: 'succeeded',
    },
    {
      name: 'reject (the hold released)',
      setup: async () => ({ id: await book(), at: '' }),
      call: ({ id }) => patchBooking(priya, id, 'reject', { reason: 'Not now.' }),
      status: 'canceled',
      charge: 'canceled',
    },
    {
      name: 'cancel after acceptance (the card refunded)',
      setup: async () => {
        const id = await book();
        await act(priya, id, 'accept');
        return { id, at: '' };
      },
      call: ({ id }) => patchBooking(sofia, id, 'cancel', { reason: 'Plans changed.' }),
      status: 'canceled',
      charge: 'refunded',
    },
  ];

  for (const path of paths) {
    it(`${path.name}: the transaction is tried again after a deadlock`, async () => {
      const booking = await path.setup();
      const fault = await deadlocking(ctx.db, 'booking_activities', 1, 1);
      let response;
      try {
        response = await path.call(booking);
      } finally {
        await fault.remove();
      }
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(await statusOf(booking.id), path.status);
      assert.equal(await chargeStatus(booking.id), path.charge);
    });
  }

  it('a failure that outlasts the retries is completed by the same request sent again', async () => {
    const id = await book();
    await act(priya, id, 'accept');
    const fault = await deadlocking(ctx.db, 'booking_activities', 1, 100);
    let failed;
    try {
      failed = await patchBooking(sofia, id, 'cancel', { reason: 'Plans changed.' });
      assert.ok((await fault.tried()) > 1, 'tried more than once');
    } finally {
      await fault.remove();
    }
    assert.equal(failed.statusCode, 500, failed.body);
    // The refund went out; the booking did not follow. The same call again finishes it, once.
    assert.equal(await chargeStatus(id), 'refunded');
    await act(sofia, id, 'cancel', { reason: 'Plans changed.' });
    assert.equal(await statusOf(id), 'canceled');
    assert.equal(await entries(id, 'canceled'), 1);
  });

  it('the expiry sweep tries its transaction again after a deadlock', async () => {
    const id = await book();
    const { expires_at } = await ctx.db
      .selectFrom('bookings')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const later = new Date(expires_at!.getTime() + 1000);
    const fault = await deadlocking(ctx.db, 'booking_activities', 1, 1);
    try {
      await expireOverdueBookings({ db: ctx.db, payments: ctx.app.payments, now: () => later });
    } finally {
      await fault.remove();
    }
    assert.equal(await statusOf(id), 'expired');
    assert.equal(await chargeStatus(id), 'canceled');
  });

  it("never releases the winner's hold when a create sent again with its key fails", async (t) => {
    const key = `same-key-${Date.now()}`;
    const body = await interviewBooking(ctx.db, priyaGuest, morningShow, [nextTime()]);
    const send = () =>
      sofia.request('POST', `/api/v1/guests/${priyaGuest}/book`, {
        headers: { 'Idempotency-Key': key },
        body,
      });
    // Both pass the look-up of the key before either has booked: the first to reach the
    // provider waits there for the second. The second gets the same hold once the first has
    // made its booking, and its own transaction then fails.
    const authorize = ctx.app.payments.authorizeCharge.bind(ctx.app.payments);
    let secondArrived!: () => void;
    const bothArrived = new Promise<void>((resolve) => {
      secondArrived = resolve;
    });
    let authorized = 0;
    t.mock.method(
      ctx.app.payments,
      'authorizeCharge',
      async (input: Parameters<typeof authorize>[0]) => {
        authorized += 1;
        if (authorized === 1) {
          await Promise.race([bothArrived, sleep(5_000)]);
        } else {
          secondArrived();
          for (let polls = 0; polls < 250; polls += 1) {
            const made = await ctx.db
              .selectFrom('bookings')
              .select('id')
              .where('idempotency_key', '=', key)
              .executeTakeFirst();
            if (made) break;
            await sleep(20);
          }
        }
        return authorize(input);
      },
    );
    const fault = await deadlocking(ctx.db, 'bookings', 2, 2);
    let answers;
    try {
      answers = await Promise.all([send(), send()]);
      assert.equal(authorized, 2, 'both reached the provider');
      assert.ok((await fault.tried()) >= 2, 'the second create reached its insert');
    } finally {
      await fault.remove();
    }
    const winner = answers.find((answer) => answer.statusCode === 201);
    assert.ok(winner, answers.map((answer) => answer.body).join('\n'));
    const id = (winner.json() as { data: { id: number } }).data.id;
    assert.equal(await chargeStatus(id), 'requires_capture', "the winner's hold is still there");
    const other = answers.find((answer) => answer !== winner)!;
    assert.equal(other.statusCode, 200, other.body);
    assert.equal((other.json() as { data: { id: number } }).data.id, id);
    await act(sofia, id, 'cancel');
  });
});

describe('confirm and accept of one pending request at once', () => {
  /** Runs `meanwhile` when confirm reaches the provider (between its two transactions). */
  function duringConfirmCapture(t: NodeTestContext, meanwhile: () => Promise<void>) {
    const capture = ctx.app.payments.captureCharge.bind(ctx.app.payments);
    let calls = 0;
    t.mock.method(ctx.app.payments, 'captureCharge', async (id: string) => {
      calls += 1;
      if (calls === 1) await meanwhile();
      return capture(id);
    });
  }

  it('an accept between confirm’s transactions: confirm answers 409, the booking is accepted once', async (t) => {
    const at = nextTime();
    const id = await book([at, nextTime()]);
    duringConfirmCapture(t, async () => {
      await act(priya, id, 'accept');
    });
    const confirm = await patchBooking(priya, id, 'confirm', { confirmed_date: at });
    assert.equal(confirm.statusCode, 409, confirm.body);
    assert.equal(
      (confirm.json() as { message: string }).message,
      'The booking status is accepted.',
    );
    assert.equal(await statusOf(id), 'accepted');
    assert.equal(await entries(id, 'accepted'), 1);
    assert.equal(await entries(id, 'confirmed'), 0);
    assert.deepEqual(await heldTimes(id), [], 'an accepted booking holds no time');
    // The date can still be confirmed, now of an accepted booking.
    await act(priya, id, 'confirm', { confirmed_date: at });
    assert.deepEqual(await heldTimes(id), [new Date(`${at.replace(' ', 'T')}Z`).toISOString()]);
    await act(sofia, id, 'cancel');
  });

  it('a second confirm between the first’s transactions: scheduled at the time it holds', async (t) => {
    const [first, second] = [nextTime(), nextTime()];
    const id = await book([first, second]);
    let secondAnswer: Awaited<ReturnType<typeof patchBooking>> | undefined;
    let firstDone!: () => void;
    const firstAnswered = new Promise<void>((resolve) => {
      firstDone = resolve;
    });
    const capture = ctx.app.payments.captureCharge.bind(ctx.app.payments);
    let calls = 0;
    let secondAtProvider!: () => void;
    const secondWaiting = new Promise<void>((resolve) => {
      secondAtProvider = resolve;
    });
    t.mock.method(ctx.app.payments, 'captureCharge', async (charge: string) => {
      calls += 1;
      if (calls === 1) {
        // The first confirm holds its time; the second takes the booking's hold for its own ...
        void patchBooking(priya, id, 'confirm', { confirmed_date: second }).then((answer) => {
          secondAnswer = answer;
        });
        await secondWaiting;
      } else {
        // ... and finishes after the first.
        secondAtProvider();
        await firstAnswered;
      }
      return capture(charge);
    });
    const confirm = await patchBooking(priya, id, 'confirm', { confirmed_date: first });
    firstDone();
    while (!secondAnswer) await sleep(10);
    assert.equal(confirm.statusCode, 200, confirm.body);
    assert.equal(secondAnswer.statusCode, 409, secondAnswer.body);
    const booking = await ctx.db
      .selectFrom('bookings')
      .select(['status', 'booking_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(booking.status, 'scheduled');
    assert.deepEqual(await heldTimes(id), [booking.booking_date!.toISOString()]);
    assert.equal(await entries(id, 'accepted'), 1);
    await act(sofia, id, 'cancel');
  });
});
