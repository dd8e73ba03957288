import { sql, type Selectable } from 'kysely';
import type { CalendarEventsTable } from '../../db/schema';
import type { CalendarEvent, WrittenEvent } from './providers';
import { accessFor, calendarProvider, type IntegrationDeps, type IntegrationRow } from './service';

// A booking's event in its sides' connected calendars (decision 112). Each of the user's
// integrations gets the event in its chosen events calendar (params.events_calendar), created or
// updated under the booking's UID, and loses it when the date is withdrawn; calendar_events
// records where each was written (and is the LOCAL providers' calendar), so a change or a cancel
// reaches the same event, in the calendar it was written to, even after the user chose another.

type Recorded = Selectable<CalendarEventsTable>;

/** What a booking's event should now be: shown at its date, or withdrawn (canceled, expired). */
export type BookingEventState =
  | { uid: string; sequence: number; event: CalendarEvent }
  | { uid: string; sequence: number; event: null };

const writtenOf = (record: Recorded): WrittenEvent => ({
  uid: record.uid,
  calendarId: record.calendar_id,
  providerEventId: record.provider_event_id,
});

async function record(
  deps: IntegrationDeps,
  integrationId: number,
  values: Omit<Recorded, 'integration_id' | 'updated_at'>,
): Promise<void> {
  const { uid, ...rest } = values;
  await deps.db
    .insertInto('calendar_events')
    .values({ integration_id: integrationId, uid, ...rest })
    .onConflict((conflict) =>
      conflict.columns(['integration_id', 'uid']).doUpdateSet({ ...rest, updated_at: sql`now()` }),
    )
    .execute();
}

/** One integration brought to the state; throws what its provider throws. */
async function syncIntegration(
  deps: IntegrationDeps,
  row: IntegrationRow,
  recorded: Recorded | undefined,
  state: BookingEventState,
): Promise<void> {
  const provider = calendarProvider(deps, row.slug);
  const live = recorded?.status === 'confirmed' ? recorded : undefined;
  const target = state.event ? (row.params.events_calendar ?? null) : null;
  const access = () => accessFor(deps, row);

  const { event } = state;
  if (event && target !== null) {
    const current =
      live?.calendar_id === target &&
      live.sequence >= state.sequence &&
      live.starts_at.getTime() === event.startsAt.getTime() &&
      live.ends_at.getTime() === event.endsAt.getTime();
    if (current) return;
    const moved = live !== undefined && live.calendar_id !== target;
    if (moved) await provider.removeEvent(await access(), writtenOf(live));
    const previous = live && !moved ? writtenOf(live) : null;
    const providerEventId = await provider.upsertEvent(await access(), target, event, previous);
    await record(deps, row.id, {
      uid: state.uid,
      calendar_id: target,
      provider_event_id: providerEventId,
      summary: event.summary,
      starts_at: event.startsAt,
      ends_at: event.endsAt,
      sequence: state.sequence,
      status: 'confirmed',
    });
    return;
  }
  // Withdrawn, or no events calendar chosen any more: the event written before goes.
  if (!live) return;
  await provider.removeEvent(await access(), writtenOf(live));
  await deps.db
    .updateTable('calendar_events')
    .set({ status: 'cancelled', sequence: state.sequence, updated_at: sql`now()` })
    .where('integration_id', '=', row.id)
    .where('uid', '=', state.uid)
    .execute();
}

/**
 * Brings the user's connected calendars to the booking event's state. Every integration is
 * tried; when one fails, the others are still written and the first failure is thrown after
 * (the caller tries again later, and what was written already is left as it is).
 */
export async function syncBookingEvent(
  deps: IntegrationDeps,
  userId: number,
  state: BookingEventState,
): Promise<void> {
  const integrations = await deps.db
    .selectFrom('integrations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  if (integrations.length === 0) return;
  const records = await deps.db
    .selectFrom('calendar_events')
    .selectAll()
    .where('uid', '=', state.uid)
    .where(
      'integration_id',
      'in',
      integrations.map((row) => row.id),
    )
    .execute();
  const failures: unknown[] = [];
  for (const row of integrations) {
    const recorded = records.find((item) => item.integration_id === row.id);
    try {
      await syncIntegration(deps, row, recorded, state);
    } catch (error) {
      deps.log.warn({ err: error, integration: row.id, uid: state.uid }, 'calendar write failed');
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
