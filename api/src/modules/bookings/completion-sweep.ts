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
// claims its bookings with FOR NO KEY UPDATE SKIP LOCKED (or re-checks under the row lock), so
// processes sweeping at once never do one twice. Each step's look-up walks a partial index of
// the bookings waiting for it, from the oldest due (migration 050, decision 121): with nothing
// due it reads nothing, however many bookings there are.

/** Days after a scheduling link (or a "not yet") before the show is asked whether it is scheduled. */
export const SCHEDULED_QUESTION_DAYS = 3;

const BATCH = 100;

/**
 * Asks the show "did it happen?" of each booking due: a date agreed whose interview has ended,
 * or scheduled outside and said to be scheduled COMPLETION_SILENCE_DAYS ago. One transaction
 * claims them (skipping those another process holds), the longest due first, and writes each
 * question. Each kind is read from its own index (migration 050, decision 121): only the
 * bookings waiting for the question, from the time they fall due.
 */
export async function askCompletionQuestions(deps: CompletionDeps, now: Date): Promise<number> {
  const silence = new Date(now.getTime() - COMPLETION_SILENCE_DAYS * DAY_MS);
  return deps.db.transaction().execute(async (trx) => {
    const waiting = trx
      .selectFrom('bookings')
      .select('id')
      .where('status', '=', 'scheduled')
      .where('completion_asked_at', 'is', null);
    // An interview lasts a positive number of minutes: once it has ended it has started, and
    // the start is the index's range.
    const dated = await waiting
      .where('scheduled_without_date', '=', false)
      .where('booking_date', '<=', now)
      .where(sql`booking_date + make_interval(mins => coalesce(interview_duration, 30))`, '<=', now)
      .orderBy('booking_date')
      .limit(BATCH)
      .forNoKeyUpdate()
      .skipLocked()
      .execute();
    const outside =
      dated.length < BATCH
        ? await waiting
            .where('scheduled_without_date', '=', true)
            .where('scheduled_confirmed_at', '<=', silence)
            .orderBy('scheduled_confirmed_at')
            .limit(BATCH - dated.length)
            .forNoKeyUpdate()
            .skipLocked()
            .execute()
        : [];
    const due = [...dated, ...outside];
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
 * What the scheduled-outside question counts its days from: the last question (or "not yet"),
 * else the latest scheduling link (kept on the booking by migration 050's trigger), else the
 * booking's last change. bookings_scheduled_question_idx indexes this expression.
 */
const scheduledQuestionFrom = sql<Date>`coalesce(b.scheduled_asked_at, b.scheduling_link_at, b.updated_at)`;

/**
 * Asks the show whether a booking scheduled outside the product is scheduled: the link shared
 * (or the last "not yet") SCHEDULED_QUESTION_DAYS ago and no yes since. The longest due first.
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
      .where(scheduledQuestionFrom, '<=', since)
      .orderBy(scheduledQuestionFrom)
      .limit(BATCH)
      .forNoKeyUpdate('b')
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

/**
 * Completes each booking asked about seven days ago without an answer (by
 * bookings_completion_asked_idx, migration 050).
 */
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
