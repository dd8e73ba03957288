import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BOOKING_STATUSES } from '../../contract';
import type { OpenDatabase } from '../../db/database';
import { insertBooking, makeAccount, type BookingSeed } from '../../test/booking-list';
import { openTestDatabase } from '../../test/test-db';
import { LocalPaymentProvider } from '../payments/local-provider';
import type { CompletionDeps } from './completion';
import {
  askCompletionQuestions,
  askScheduledQuestions,
  completeSilentBookings,
  takeSilenceAsScheduled,
} from './completion-sweep';

// What the sweeps find due (decisions 116 and 121). Each look-up reads a partial index from the
// time its bookings fall due, so these pin what an index or a condition could leave out: a
// booking due exactly now (and one a millisecond short of it), every status, the scheduling
// link's time kept on the booking, and a backlog larger than a batch swept by two processes.

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** The sweeps' clock: before every demo booking, so only this file's bookings can be due. */
const NOW = new Date('2001-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const OTHER_STATUSES = BOOKING_STATUSES.filter((status) => status !== 'scheduled');

let database: OpenDatabase;
let deps: CompletionDeps;
let parties: Pick<BookingSeed, 'guest_profile_id' | 'show_profile_id'>;

before(async () => {
  database = await openTestDatabase();
  const db = database.db;
  deps = { db, payments: new LocalPaymentProvider(db), payouts: null };
  const guest = await makeAccount(db, 'Gail Sweep', { guest: 'Gail Sweep' });
  const show = await makeAccount(db, 'Sid Sweep', { show: 'Sweep Hour' });
  parties = { guest_profile_id: guest.guestId!, show_profile_id: show.showId! };
});
after(() => database.close());

/** The show's booking of the guest: scheduled on Guestspot, last changed a month before NOW, unless told. */
async function booking(fields: Partial<BookingSeed> = {}): Promise<number> {
  return insertBooking(database.db, {
    ...parties,
    initiator: 'show',
    status: 'scheduled',
    created_at: ago(30 * DAY),
    ...fields,
  });
}

/** Names each booking made by `make` (a name → booking id table). */
async function named(make: Record<string, () => Promise<number>>): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [name, made] of Object.entries(make)) ids[name] = await made();
  return ids;
}

/** The names of the bookings whose `column` the sweep set to NOW. */
async function touched(
  ids: Record<string, number>,
  column: 'completion_asked_at' | 'scheduled_asked_at',
): Promise<string[]> {
  const rows = await database.db
    .selectFrom('bookings')
    .select(['id', column])
    .where('id', 'in', Object.values(ids))
    .execute();
  return Object.keys(ids)
    .filter(
      (name) => rows.find((row) => row.id === ids[name])?.[column]?.getTime() === NOW.getTime(),
    )
    .sort();
}

async function schedulingLink(bookingId: number, at: Date): Promise<void> {
  await database.db
    .insertInto('booking_activities')
    .values({
      booking_id: bookingId,
      type: 'scheduling-link',
      actor_side: 'show',
      payload: JSON.stringify({ url: 'https://cal.example/sweep' }),
      created_at: at,
    })
    .execute();
}

describe('the completion question', () => {
  it('is asked once the interview has ended, or seven days after the yes to one scheduled outside', async () => {
    const at =
      (startedAgo: number, interview_duration: number | null = 60) =>
      () =>
        booking({ booking_date: ago(startedAgo), interview_duration });
    const outside = (fields: Partial<BookingSeed>) => () =>
      booking({ scheduled_without_date: true, ...fields });
    const ids = await named({
      'ended now': at(60 * MINUTE),
      'ended a day ago': at(DAY),
      'ended now, 30 minutes when no duration': at(30 * MINUTE, null),
      'four hours, ended now': at(240 * MINUTE, 240),
      'yes seven days ago': outside({ scheduled_confirmed_at: ago(7 * DAY) }),
      'yes a month ago, a date set too': outside({
        scheduled_confirmed_at: ago(30 * DAY),
        booking_date: ago(40 * DAY),
      }),
      // not due
      'ends in a millisecond': at(60 * MINUTE - 1),
      'four hours, started three hours ago': at(180 * MINUTE, 240),
      'starts now': at(0),
      ahead: () => booking({ booking_date: new Date(NOW.getTime() + DAY) }),
      'yes a millisecond short of seven days': outside({
        scheduled_confirmed_at: ago(7 * DAY - 1),
      }),
      // (asked yesterday whether it is scheduled: not due for that question either)
      'outside without a yes': outside({ booking_date: ago(DAY), scheduled_asked_at: ago(DAY) }),
      'a yes, but the date is on Guestspot and ahead': () =>
        booking({
          booking_date: new Date(NOW.getTime() + DAY),
          scheduled_confirmed_at: ago(30 * DAY),
        }),
      'asked already': () => booking({ booking_date: ago(2 * DAY), completion_asked_at: ago(DAY) }),
      ...Object.fromEntries(
        OTHER_STATUSES.flatMap((status) => [
          [`${status}, ended`, () => booking({ status, booking_date: ago(DAY) })],
          [
            `${status}, outside with an old yes`,
            () =>
              booking({
                status,
                scheduled_without_date: true,
                scheduled_confirmed_at: ago(30 * DAY),
              }),
          ],
        ]),
      ),
    });

    assert.equal(await askCompletionQuestions(deps, NOW), 6);
    assert.deepEqual(
      await touched(ids, 'completion_asked_at'),
      [
        'ended a day ago',
        'ended now',
        'ended now, 30 minutes when no duration',
        'four hours, ended now',
        'yes a month ago, a date set too',
        'yes seven days ago',
      ].sort(),
    );
    assert.equal(await askCompletionQuestions(deps, NOW), 0, 'each is asked once');
  });

  it('works through a backlog larger than a batch with two processes at once, asking each once', async () => {
    const dated = Array.from(
      { length: 130 },
      (_, i) => () => booking({ booking_date: ago(DAY + i * MINUTE) }),
    );
    const outside = Array.from(
      { length: 5 },
      (_, i) => () =>
        booking({
          scheduled_without_date: true,
          scheduled_confirmed_at: ago(8 * DAY + i * MINUTE),
        }),
    );
    const ids = await named(
      Object.fromEntries([...dated, ...outside].map((make, i) => [`backlog ${i}`, make])),
    );
    const runs: number[][] = [];
    for (;;) {
      const run = await Promise.all([
        askCompletionQuestions(deps, NOW),
        askCompletionQuestions(deps, NOW),
      ]);
      if (run[0] + run[1] === 0) break;
      runs.push(run);
    }
    assert.ok(
      runs.every((run) => run.every((asked) => asked <= 100)),
      `a batch is 100: ${JSON.stringify(runs)}`,
    );
    assert.equal(
      runs.flat().reduce((total, asked) => total + asked, 0),
      135,
    );
    assert.equal((await touched(ids, 'completion_asked_at')).length, 135);
    const questions = await database.db
      .selectFrom('booking_activities')
      .select(['booking_id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('booking_id', 'in', Object.values(ids))
      .where('type', '=', 'completion-asked')
      .groupBy('booking_id')
      .execute();
    assert.equal(questions.length, 135);
    assert.ok(questions.every((question) => Number(question.count) === 1));
  });
});

describe('the scheduled-outside question', () => {
  it('is asked three days after the last question, else the latest link, else the last change', async () => {
    const since = ago(3 * DAY);
    const justShort = ago(3 * DAY - 1);
    const outside =
      (fields: Partial<BookingSeed>, links: Date[] = []) =>
      async () => {
        const id = await booking({ scheduled_without_date: true, ...fields });
        for (const link of links) await schedulingLink(id, link);
        return id;
      };
    const ids = await named({
      'asked three days ago': outside({ scheduled_asked_at: since }),
      'link three days ago': outside({}, [since]),
      'changed three days ago, no link': outside({ created_at: since }),
      'asked three days ago, a link since': outside({ scheduled_asked_at: since }, [ago(DAY)]),
      // not due
      'asked a millisecond short': outside({ scheduled_asked_at: justShort }),
      'link a millisecond short, changed long before': outside({}, [justShort]),
      'a new link after an old one': outside({}, [ago(DAY), ago(10 * DAY)]),
      'changed a millisecond short, no link': outside({ created_at: justShort }),
      'asked a day ago, an old link': outside({ scheduled_asked_at: ago(DAY) }, [ago(10 * DAY)]),
      'said yes': outside({ scheduled_asked_at: ago(10 * DAY), scheduled_confirmed_at: ago(DAY) }),
      'a date on Guestspot': () =>
        booking({ booking_date: new Date(NOW.getTime() + DAY), scheduled_asked_at: ago(10 * DAY) }),
      ...Object.fromEntries(
        OTHER_STATUSES.map((status) => [
          status,
          outside({ status, scheduled_asked_at: ago(10 * DAY) }, [ago(10 * DAY)]),
        ]),
      ),
    });

    assert.equal(await askScheduledQuestions(deps, NOW), 4);
    assert.deepEqual(
      await touched(ids, 'scheduled_asked_at'),
      [
        'asked three days ago',
        'asked three days ago, a link since',
        'changed three days ago, no link',
        'link three days ago',
      ].sort(),
    );
    assert.equal(await askScheduledQuestions(deps, NOW), 0, 'asked again only in three days');
  });

  it('counts the silence from the first question left unanswered: a reminder keeps it', async () => {
    const ids = await named({
      first: () => booking({ scheduled_without_date: true, created_at: ago(3 * DAY) }),
      reminder: () =>
        booking({
          scheduled_without_date: true,
          scheduled_asked_at: ago(3 * DAY),
          scheduled_unanswered_since: ago(6 * DAY),
        }),
    });
    assert.equal(await askScheduledQuestions(deps, NOW), 2);
    const rows = await database.db
      .selectFrom('bookings')
      .select(['id', 'scheduled_unanswered_since'])
      .where('id', 'in', Object.values(ids))
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((row) => row.scheduled_unanswered_since?.getTime()),
      [NOW.getTime(), ago(6 * DAY).getTime()],
    );
  });

  it('left unanswered seven days, counts as a yes given when first asked; "did it happen?" follows', async () => {
    const outside = (fields: Partial<BookingSeed>) => () =>
      booking({ scheduled_without_date: true, scheduled_asked_at: ago(DAY), ...fields });
    const ids = await named({
      'unanswered seven days': outside({ scheduled_unanswered_since: ago(7 * DAY) }),
      'unanswered a month': outside({ scheduled_unanswered_since: ago(30 * DAY) }),
      // not taken
      'a millisecond short': outside({ scheduled_unanswered_since: ago(7 * DAY - 1) }),
      'answered not yet': outside({ scheduled_unanswered_since: null }),
      'said yes': outside({
        scheduled_unanswered_since: ago(30 * DAY),
        scheduled_confirmed_at: ago(DAY),
      }),
      'a date on Guestspot': () =>
        booking({
          booking_date: new Date(NOW.getTime() + DAY),
          scheduled_unanswered_since: ago(30 * DAY),
        }),
      ...Object.fromEntries(
        OTHER_STATUSES.map((status) => [
          status,
          outside({ status, scheduled_unanswered_since: ago(30 * DAY) }),
        ]),
      ),
    });

    assert.equal(await takeSilenceAsScheduled(deps, NOW), 2);
    const rows = await database.db
      .selectFrom('bookings')
      .select(['id', 'scheduled_confirmed_at', 'scheduled_unanswered_since'])
      .where('id', 'in', Object.values(ids))
      .execute();
    const of = (name: string) => rows.find((row) => row.id === ids[name]);
    const taken = Object.keys(ids)
      .filter((name) => name !== 'said yes' && of(name)?.scheduled_confirmed_at)
      .sort();
    assert.deepEqual(taken, ['unanswered a month', 'unanswered seven days']);
    assert.equal(
      of('unanswered seven days')?.scheduled_confirmed_at?.getTime(),
      ago(7 * DAY).getTime(),
    );
    assert.equal(of('unanswered a month')?.scheduled_unanswered_since, null);
    const entries = await database.db
      .selectFrom('booking_activities')
      .select(['booking_id', 'actor_side'])
      .where('booking_id', 'in', Object.values(ids))
      .where('type', '=', 'scheduled-confirmed')
      .execute();
    assert.deepEqual(
      entries.map((entry) => entry.actor_side),
      ['system', 'system'],
    );
    assert.equal(await takeSilenceAsScheduled(deps, NOW), 0, 'taken once');

    // The yes is seven days old: "did it happen?" is due at once.
    await askCompletionQuestions(deps, NOW);
    assert.deepEqual((await touched(ids, 'completion_asked_at')).sort(), [
      'unanswered a month',
      'unanswered seven days',
    ]);
  });
});

describe('seven days of silence', () => {
  it('complete a scheduled booking asked exactly seven days ago, and nothing else', async () => {
    const ids = await named({
      'asked seven days ago': () =>
        booking({ booking_date: ago(8 * DAY), completion_asked_at: ago(7 * DAY) }),
      'asked a millisecond short': () =>
        booking({ booking_date: ago(8 * DAY), completion_asked_at: ago(7 * DAY - 1) }),
      ...Object.fromEntries(
        OTHER_STATUSES.map((status) => [
          status,
          () =>
            booking({ status, booking_date: ago(40 * DAY), completion_asked_at: ago(30 * DAY) }),
        ]),
      ),
    });
    assert.equal(await completeSilentBookings(deps, NOW), 1);
    const rows = await database.db
      .selectFrom('bookings')
      .select(['id', 'status', 'completed_by'])
      .where('id', 'in', Object.values(ids))
      .execute();
    const completedNow = Object.keys(ids).filter((name) => {
      const row = rows.find((candidate) => candidate.id === ids[name]);
      return row?.completed_by === 'system';
    });
    assert.deepEqual(completedNow, ['asked seven days ago']);
    assert.equal(
      rows.find((row) => row.id === ids['asked a millisecond short'])?.status,
      'scheduled',
    );
  });
});
