import { syncBookingEvent, type BookingEventState } from '../integrations/events';
import type { IntegrationDeps } from '../integrations/service';
import { bookingEventUid, dateState, type NotifyContext } from './context';
import { storedInterviewEvent } from './invitation';

// The 'calendar' consumer (decision 112): both sides' connected calendars follow the booking's
// date. It writes the state the whole timeline arrives at, not the one activity's, so outbox rows
// run late or out of order (a retried 'confirmed' after the 'canceled') cannot bring back an
// event that was withdrawn.

/** Writes (or removes) the booking's event in each side's connected calendars. */
export async function syncCalendars(
  deps: IntegrationDeps,
  context: NotifyContext,
  appUrl: string,
): Promise<void> {
  const state = dateState(context);
  if (!state.date || !state.at) return;
  const uid = bookingEventUid(context.booking.id);
  const eventState: BookingEventState = state.withdrawn
    ? { uid, sequence: state.sequence, event: null }
    : {
        uid,
        sequence: state.sequence,
        event: storedInterviewEvent(context, state.date, state.sequence, appUrl, state.at),
      };
  const owners = new Set([context.parties.guest.userId, context.parties.show.userId]);
  const failures: unknown[] = [];
  for (const userId of owners) {
    try {
      await syncBookingEvent(deps, userId, eventState);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
