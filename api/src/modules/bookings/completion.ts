import type { Transaction } from 'kysely';
import type { ProfileSide } from '../../booking-facts';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { payoutsOf, settleOnCompletion } from '../booking-money/ledger';
import type { PayoutProvider } from '../payouts/provider';
import { refuse } from './actions';
import { COMPLETION_SILENCE_DAYS, completionRefusal, DAY_MS } from './completion-rules';
import { releasePayouts } from './completion-payouts';
import { otherSide, recordActivity, type BookingActor, type BookingDeps } from './lifecycle';

// A booking completes (decision 116): the show says It Happened (completed-action/confirm,
// confirm-happened), or seven days pass after it was asked without an answer (the terms:
// "no response counts as confirmation"; completion-sweep.ts). One transaction marks it
// completed, keeps the service fee, names who each payout and referral share is owed to
// (booking-money/ledger.ts) and writes the 'completed' entry; the transfers follow the commit
// (completion-payouts.ts), so a provider outage never undoes a completion.

type Trx = Transaction<Database>;

/** What completion needs besides the booking services': the payout provider (null: none). */
export interface CompletionDeps extends BookingDeps {
  payouts: PayoutProvider | null;
  /** where a failed release is reported (it is retried by the sweep) */
  onError?: (error: unknown) => void;
}

/** The booking as completion reads it, locked (SKIP LOCKED for the sweep: another has it). */
export async function lockedForCompletion(trx: Trx, id: number, skipLocked = false) {
  let query = trx
    .selectFrom('bookings as b')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .leftJoin('users as booker', 'booker.id', 'b.booker_user_id')
    .select([
      'b.id',
      'b.status',
      'b.initiator',
      'b.booking_date',
      'b.scheduled_without_date',
      'b.scheduled_confirmed_at',
      'b.completion_asked_at',
      'b.interview_duration',
      'g.user_id as guest_owner',
      's.user_id as show_owner',
      'booker.referred_by',
    ])
    .where('b.id', '=', id)
    .forNoKeyUpdate('b');
  if (skipLocked) query = query.skipLocked();
  return query.executeTakeFirst();
}

export type CompletionRow = NonNullable<Awaited<ReturnType<typeof lockedForCompletion>>>;

/** The questions about this booking are answered: their strip entries are read for everyone. */
export async function answerQuestions(
  trx: Trx,
  bookingId: number,
  type: 'confirm_completed_booking' | 'confirm_scheduled_booking',
  now: Date,
): Promise<void> {
  await trx
    .updateTable('notifications')
    .set({ read_at: now })
    .where('booking_id', '=', bookingId)
    .where('type', '=', type)
    .where('read_at', 'is', null)
    .execute();
}

/**
 * Inside `trx`, the booking locked: completed by `actor` (the show's side, or the system), the
 * fee kept, the payouts owed to the invitee's owner and the referral shares to the booker's
 * referrer, and the timeline says so (with the payout's amount, for the emails).
 */
async function markCompleted(trx: Trx, booking: CompletionRow, actor: BookingActor, now: Date) {
  await trx
    .updateTable('bookings')
    .set({
      status: 'completed',
      completed_at: now,
      completed_by: actor.side,
      updated_at: now,
    })
    .where('id', '=', booking.id)
    .execute();
  const invitee: ProfileSide = otherSide(booking.initiator);
  await settleOnCompletion(trx, {
    bookingId: booking.id,
    payeeUserId: invitee === 'guest' ? booking.guest_owner : booking.show_owner,
    referrerUserId: booking.referred_by,
    now,
  });
  const payout = (await payoutsOf(trx, booking.id))
    .filter((row) => row.kind === 'payout' && row.status !== 'void')
    .reduce((total, row) => total + row.amount, 0);
  await answerQuestions(trx, booking.id, 'confirm_completed_booking', now);
  await answerQuestions(trx, booking.id, 'confirm_scheduled_booking', now);
  await recordActivity(trx, booking.id, 'completed', actor, { payout });
}

/** Releases what the booking owes now; a failure is left for the sweep to retry. */
export async function releaseQuietly(deps: CompletionDeps, bookingId: number): Promise<void> {
  try {
    await releasePayouts(deps, { bookingId });
  } catch (error) {
    deps.onError?.(error);
  }
}

/**
 * The show's It Happened: the booking completes now (409 when the completion rules refuse it
 * under the row lock), then its payouts are released.
 */
export async function completeBooking(
  deps: CompletionDeps,
  bookingId: number,
  actor: BookingActor & { side: ProfileSide },
): Promise<void> {
  const now = (deps.now ?? (() => new Date()))();
  await deps.db.transaction().execute(async (trx) => {
    const booking = await lockedForCompletion(trx, bookingId);
    if (!booking) throw notFound();
    refuse(completionRefusal(booking, actor.side, now));
    await markCompleted(trx, booking, actor, now);
  });
  await releaseQuietly(deps, bookingId);
}

/**
 * Seven days after the question without an answer, the booking completes by itself. False
 * when it is not due after all (answered meanwhile), or another process holds it.
 */
export async function completeSilently(
  deps: CompletionDeps,
  bookingId: number,
  now: Date,
): Promise<boolean> {
  const due = (booking: CompletionRow) =>
    booking.status === 'scheduled' &&
    booking.completion_asked_at !== null &&
    booking.completion_asked_at.getTime() <= now.getTime() - COMPLETION_SILENCE_DAYS * DAY_MS;
  const completed = await deps.db.transaction().execute(async (trx) => {
    const booking = await lockedForCompletion(trx, bookingId, true);
    if (!booking || !due(booking)) return false;
    await markCompleted(trx, booking, { side: 'system', userId: null }, now);
    return true;
  });
  if (completed) await releaseQuietly(deps, bookingId);
  return completed;
}
