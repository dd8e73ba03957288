import { sql } from 'kysely';
import { expireOverdueBookings } from './actions';
import { answerQuestions, completeSilently, type CompletionDeps } from './completion';
import { releasePayouts } from './completion-payouts';
import { COMPLETION_SILENCE_DAYS, DAY_MS } from './completion-rules';
import { recordActivity } from './lifecycle';

// The booking sweeps (decisions 103 and 116), run every BOOKING_EXPIRY_SWEEP_MS in each API
// process and at once by the test clock (POST /dev/clock): unanswered requests expire; a
// scheduled interview whose time has ended is asked about (the show's strip and email); a
// booking scheduled outside the product is asked whether it is scheduled, and seven days of
// silence to that question count as a yes; seven days of silence after "did it happen?"
// complete it; owed payouts go to payees who have set up payouts. Each step claims its bookings
// with FOR NO KEY UPDATE SKIP LOCKED (or re-checks under the row lock), so processes sweeping
// at once never do one twice. Each step's look-up walks a partial index of
// the bookings waiting for it, from the oldest due (migration 050, decision 121): with nothing
// due it reads nothing, however many bookings there are.

/** Days after a scheduling link (or a "not yet") before the show is asked whether it is scheduled. */
export const SCHEDULED_QUESTION_DAYS = 3;

const BATCH = 100;

/**
 * Asks the show "did it happen?" of each booking due: a date agreed whose interview has ended,
 * or scheduled outside and said (or, silent, taken) to be scheduled COMPLETION_SILENCE_DAYS
 * ago (completion-rules.ts interviewOver). One transaction claims them (skipping those another
 * process holds), the longest due first, and writes each question. Each kind is read from its
 * own index (migration 050, decision 121): only the bookings waiting for the question, from the
 * time they fall due.
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
        .set({
          scheduled_asked_at: now,
          // a reminder leaves the silence counted from the first question unanswered
          scheduled_unanswered_since: sql<Date>`coalesce(scheduled_unanswered_since, ${now})`,
        })
        .where('id', '=', id)
        .execute();
      await recordActivity(trx, id, 'scheduled-asked', { side: 'system', userId: null });
    }
    return due.length;
  });
}

/**
 * Seven days after the first "Is it scheduled?" left unanswered (reminders included), silence
 * counts as a yes, as the terms have it for "did it happen?": the yes is recorded as of that
 * question, so "did it happen?" is due at once (askCompletionQuestions, run next), and seven
 * more days of silence complete the booking. Without it a show that never answers kept the
 * booking, and the invitee's payout, open forever (decision 116, amendment of 2026-11-28). The
 * strip's question is marked answered; the timeline says why. By bookings_scheduled_silence_idx
 * (migration 058), the longest silent first.
 */
export async function takeSilenceAsScheduled(deps: CompletionDeps, now: Date): Promise<number> {
  const silence = new Date(now.getTime() - COMPLETION_SILENCE_DAYS * DAY_MS);
  return deps.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('bookings')
      .select(['id', 'scheduled_unanswered_since'])
      .where('status', '=', 'scheduled')
      .where('scheduled_without_date', '=', true)
      .where('scheduled_confirmed_at', 'is', null)
      .where('scheduled_unanswered_since', '<=', silence)
      .orderBy('scheduled_unanswered_since')
      .limit(BATCH)
      .forNoKeyUpdate()
      .skipLocked()
      .execute();
    for (const { id, scheduled_unanswered_since: since } of due) {
      await trx
        .updateTable('bookings')
        .set({ scheduled_confirmed_at: since, scheduled_unanswered_since: null })
        .where('id', '=', id)
        .execute();
      await answerQuestions(trx, id, 'confirm_scheduled_booking', now);
      await recordActivity(trx, id, 'scheduled-confirmed', { side: 'system', userId: null });
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
  /** scheduled outside: silence to "Is it scheduled?" taken as a yes */
  scheduledBySilence: number;
  asked: number;
  scheduledAsked: number;
  completed: number;
  released: number;
}

/**
 * Every booking sweep once, in order (a booking can be asked and, days later, completed; a
 * silence taken as scheduled is asked "did it happen?" in the same run).
 */
export async function runBookingSweeps(deps: CompletionDeps): Promise<SweepCounts> {
  const now = (deps.now ?? (() => new Date()))();
  const expired = await expireOverdueBookings(deps);
  const scheduledBySilence = await takeSilenceAsScheduled(deps, now);
  const asked = await askCompletionQuestions(deps, now);
  const scheduledAsked = await askScheduledQuestions(deps, now);
  const completed = await completeSilentBookings(deps, now);
  const { released } = await releasePayouts(deps);
  return { expired, scheduledBySilence, asked, scheduledAsked, completed, released };
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
