import type { AvailabilitySettings } from '../../../contract';
import type { DB } from '../../../db/database';
import { loadAvailability, ownerTimezone } from './settings';
import { availabilitySlots, slotSearchRange, type ConfirmedTime, type SlotsByDate } from './slots';

// A guest's slots from the database (decision 100): what GET …/availability/slots shows and what
// a booking's proposed dates are checked against (decision 104), read the same way for both.

/**
 * The guest's confirmed interviews that overlap [from, to): table guest_confirmed_times
 * (migration 032, one row per confirmed booking). The one place slots read bookings from.
 */
async function confirmedTimes(
  db: DB,
  guestId: number,
  from: Date,
  to: Date,
): Promise<ConfirmedTime[]> {
  return db
    .selectFrom('guest_confirmed_times')
    .select(['starts_at', 'ends_at'])
    .where('guest_profile_id', '=', guestId)
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .orderBy('starts_at')
    .execute();
}

/** The guest's availability settings, in their owner's zone when they saved none. */
export async function guestAvailability(db: DB, guestId: number): Promise<AvailabilitySettings> {
  const { user_id: ownerId } = await db
    .selectFrom('guest_profiles')
    .select('user_id')
    .where('id', '=', guestId)
    .executeTakeFirstOrThrow();
  return loadAvailability(db, guestId, await ownerTimezone(db, ownerId));
}

export interface MonthOfSlots {
  /** 'YYYY-MM' in `timezone` */
  month: string;
  timezone: string;
  /** interview minutes; the guest's shortest when undefined */
  duration?: number | undefined;
  now: Date;
}

/** The guest's free starts in one month of the viewer's zone, their confirmed times left out. */
export async function guestMonthSlots(
  db: DB,
  guestId: number,
  settings: AvailabilitySettings,
  { month, timezone, duration, now }: MonthOfSlots,
): Promise<SlotsByDate> {
  const range = slotSearchRange(month, timezone);
  const confirmed = await confirmedTimes(db, guestId, range.from, range.to);
  return availabilitySlots({
    settings,
    confirmed,
    now,
    month,
    timezone,
    ...(duration === undefined ? {} : { duration }),
  });
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC, as slots and proposed dates are written. */
const utcText = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/**
 * For each proposed start, whether it is one of the guest's free slots for an interview of
 * `duration` minutes at `now` (the dates step offers nothing else).
 */
export async function proposalsAreFree(
  db: DB,
  guestId: number,
  proposed: readonly Date[],
  duration: number,
  now: Date,
): Promise<boolean[]> {
  const settings = await guestAvailability(db, guestId);
  const free = new Set<string>();
  const months = new Set(proposed.map((at) => at.toISOString().slice(0, 7)));
  for (const month of months) {
    const slots = await guestMonthSlots(db, guestId, settings, {
      month,
      timezone: 'UTC',
      duration,
      now,
    });
    for (const day of Object.values(slots)) for (const slot of day) free.add(slot.utc);
  }
  return proposed.map((at) => free.has(utcText(at)));
}
