import { sql } from 'kysely';
import { expireOverdueBookings } from './actions';
import {
  completeSilently,
  COMPLETION_SILENCE_DAYS,
  DAY_MS,
  type CompletionDeps,
} from './completion';
import { releasePayouts } from './completion-payouts';
import { recordActivity } from './lifecycle';

// The booking sweeps (decisions 103 and 116), run every BOOKING_EXPIRY_SWEEP_MS in each API
// process and at once by the test clock (POST /dev/clock): unanswered requests expire; a
// scheduled interview whose time has ended is asked about (the show's strip and email); a
// booking scheduled outside the product is asked whether it is scheduled; seven days of silence
// after the question complete it; owed payouts go to payees who have set up payouts. Each step
// claims its bookings with FOR UPDATE SKIP LOCKED (or re-checks under the row lock), so
// processes sweeping at once never do one twice.

/** Days after a scheduling link (or a "not yet") before the show is asked whether it is scheduled. */
export const SCHEDULED_QUESTION_DAYS = 3;

const BATCH = 100;

/**
 * Asks the show "did it happen?" of each booking due: a date agreed whose interview has ended,
 * or scheduled outside and said to be scheduled COMPLETION_SILENCE_DAYS ago. One transaction
 * claims them (skipping those another process holds) and writes each question.
 */
export async function askCompletionQuestions(deps: CompletionDeps, now: Date): Promise<number> {
  const silence = new Date(now.getTime() - COMPLETION_SILENCE_DAYS * DAY_MS);
  return deps.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('bookings')
      .select('id')
      .where('status', '=', 'scheduled')
      .where('completion_asked_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('scheduled_without_date', '=', false),
            eb(
              sql`booking_date + make_interval(mins => coalesce(interview_duration, 30))`,
              '<=',
              now,
            ),
          ]),
          eb.and([
            eb('scheduled_without_date', '=', true),
            eb('scheduled_confirmed_at', '<=', silence),
          ]),
        ]),
      )
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const { id } of due) {
      await trx
        .updateTable('bookings')
        .set({ completion_asked_at: now })
        .where('id', '=', id)
        .execute();
      await recordActivity(trx, id, 'completion-asked', { side: 'system', userId: null });
    }
    return due.length;
  });
}

/**
 * Asks the show whether a booking scheduled outside the product is scheduled: the link shared
 * (or the last "not yet") SCHEDULED_QUESTION_DAYS ago and no yes since.
 */
export async function askScheduledQuestions(deps: CompletionDeps, now: Date): Promise<number> {
  const since = new Date(now.getTime() - SCHEDULED_QUESTION_DAYS * DAY_MS);
  return deps.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('bookings as b')
      .select('b.id')
      .where('b.status', '=', 'scheduled')
      .where('b.scheduled_without_date', '=', true)
      .where('b.scheduled_confirmed_at', 'is', null)
      .where(
        sql`coalesce(b.scheduled_asked_at, (select max(a.created_at) from booking_activities a
              where a.booking_id = b.id and a.type = 'scheduling-link'), b.updated_at)`,
        '<=',
        since,
      )
      .orderBy('b.id')
      .limit(BATCH)
      .forUpdate('b')
      .skipLocked()
      .execute();
    for (const { id } of due) {
      await trx
        .updateTable('bookings')
        .set({ scheduled_asked_at: now })
        .where('id', '=', id)
        .execute();
      await recordActivity(trx, id, 'scheduled-asked', { side: 'system', userId: null });
    }
    return due.length;
  });
}

/** Completes each booking asked about seven days ago without an answer. */
export async function completeSilentBookings(deps: CompletionDeps, now: Date): Promise<number> {
  const silence = new Date(now.getTime() - COMPLETION_SILENCE_DAYS * DAY_MS);
  const due = await deps.db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('completion_asked_at', '<=', silence)
    .orderBy('completion_asked_at')
    .limit(BATCH)
    .execute();
  let completed = 0;
  for (const { id } of due) if (await completeSilently(deps, id, now)) completed += 1;
  return completed;
}

export interface SweepCounts {
  expired: number;
  asked: number;
  scheduledAsked: number;
  completed: number;
  released: number;
}

/** Every booking sweep once, in order (a booking can be asked and, days later, completed). */
export async function runBookingSweeps(deps: CompletionDeps): Promise<SweepCounts> {
  const now = (deps.now ?? (() => new Date()))();
  const expired = await expireOverdueBookings(deps);
  const asked = await askCompletionQuestions(deps, now);
  const scheduledAsked = await askScheduledQuestions(deps, now);
  const completed = await completeSilentBookings(deps, now);
  const { released } = await releasePayouts(deps);
  return { expired, asked, scheduledAsked, completed, released };
}

/** Runs `runBookingSweeps` every `intervalMs` (never two at once in a process) until stopped. */
export function startBookingSweeps(
  deps: CompletionDeps,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop: () => void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runBookingSweeps({ ...deps, onError })
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
