import type { ProfileSide } from '../../booking-facts';
import type { BookingAction } from '../../contract';
import { BOOKING_ACTION_RULES, type SideActor } from './action-rules';
import { cancelAcceptedBooking, lockedBooking, refuse } from './actions';
import { answerQuestions, completeBooking, type CompletionDeps } from './completion';
import { completionRefusal } from './completion-rules';
import { recordActivity } from './lifecycle';

// The answers to the questions after the interview (decision 116), besides It Happened
// (completion.ts): the show asks for a new date, or says it will not happen (canceled, the
// booker refunded less the service fee); a booking scheduled outside the product is said to be
// scheduled, not yet, or not outside after all. Each re-checks its rule under the row lock and
// writes its timeline entry in the same transaction.

/** What the completion questions' calls answer (booking-management… §8). */
export const ANSWER_MESSAGES = {
  thanks: 'Thanks for your feedback.',
  reschedule: 'Booking marked for rescheduling.',
  cancel: 'Booking marked for cancellation.',
} as const;

/** The cancel reason recorded when the show says the interview did not take place. */
export const DID_NOT_HAPPEN = 'The interview did not take place.';

const clockOf = (deps: CompletionDeps) => (deps.now ?? (() => new Date()))();

/**
 * Runs `change` on the locked booking when `action`'s rule still allows it for the actor,
 * then marks the question `answered` read for everyone.
 */
async function answer(
  deps: CompletionDeps,
  bookingId: number,
  actor: SideActor,
  action: BookingAction,
  change: (now: Date) => Record<string, unknown>,
  entry: { type: string; answered: 'confirm_completed_booking' | 'confirm_scheduled_booking' },
): Promise<void> {
  const now = clockOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    const booking = await lockedBooking(trx, bookingId);
    refuse(BOOKING_ACTION_RULES[action].refusal(booking, actor.side, now));
    await trx
      .updateTable('bookings')
      .set({ ...change(now), updated_at: now })
      .where('id', '=', bookingId)
      .execute();
    if (action === 'completed-action/reschedule' || action === 'undo-scheduled-outside') {
      // no date is agreed any more: the guest's time is free again
      await trx.deleteFrom('guest_confirmed_times').where('booking_id', '=', bookingId).execute();
    }
    await answerQuestions(trx, bookingId, entry.answered, now);
    await recordActivity(trx, bookingId, entry.type, actor);
  });
}

/** Back to accepted without a date: the sides propose dates again (and are asked again after). */
const backToAccepted = () => ({
  status: 'accepted' as const,
  booking_date: null,
  confirmed_at: null,
  confirmed_by_invitee: false,
  scheduled_without_date: false,
  scheduling_link: null,
  proposed_by: null,
  completion_asked_at: null,
  scheduled_asked_at: null,
  scheduled_confirmed_at: null,
  scheduled_unanswered_since: null,
});

/** Runs one answer; the message the caller shows. */
export async function answerAfterInterview(
  deps: CompletionDeps,
  bookingId: number,
  actor: SideActor & { side: ProfileSide },
  action: BookingAction,
): Promise<string> {
  switch (action) {
    case 'completed-action/confirm':
    case 'confirm-happened':
      await completeBooking(deps, bookingId, actor);
      return ANSWER_MESSAGES.thanks;
    case 'completed-action/reschedule':
      await answer(deps, bookingId, actor, action, backToAccepted, {
        type: 'completion-rescheduled',
        answered: 'confirm_completed_booking',
      });
      return ANSWER_MESSAGES.reschedule;
    case 'completed-action/cancel':
      await cancelAcceptedBooking(deps, bookingId, actor, DID_NOT_HAPPEN, completionRefusal);
      return ANSWER_MESSAGES.cancel;
    case 'confirm-scheduled':
      await answer(
        deps,
        bookingId,
        actor,
        action,
        (now) => ({ scheduled_confirmed_at: now, scheduled_unanswered_since: null }),
        { type: 'scheduled-confirmed', answered: 'confirm_scheduled_booking' },
      );
      return ANSWER_MESSAGES.thanks;
    case 'confirm-not-scheduled-yet':
      // asked again SCHEDULED_QUESTION_DAYS from now, and the silence counted from that question
      // (completion-sweep.ts)
      await answer(
        deps,
        bookingId,
        actor,
        action,
        (now) => ({ scheduled_asked_at: now, scheduled_unanswered_since: null }),
        { type: 'scheduled-not-yet', answered: 'confirm_scheduled_booking' },
      );
      return ANSWER_MESSAGES.thanks;
    case 'undo-scheduled-outside':
      await answer(deps, bookingId, actor, action, backToAccepted, {
        type: 'scheduled-undone',
        answered: 'confirm_scheduled_booking',
      });
      return ANSWER_MESSAGES.thanks;
    default:
      throw new Error(`not an answer after the interview: ${action}`);
  }
}
