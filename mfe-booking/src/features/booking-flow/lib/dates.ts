import { DateTime } from 'luxon';
import type { AvailabilitySlot } from '@guestspot/shared-api/booking-flow';
import { MAX_PROPOSED_DATES } from '@guestspot/shared-api/booking-facts';

/** Spec §9: at most 3 proposed dates. */
export const DATES_REQUIRED = 'Please select at least 1 date and time';
/** Spec §9: proposed dates travel in UTC as 'YYYY-MM-DD HH:mm:ss'. */
export const UTC_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** Picks a slot, or unpicks it; a fourth pick drops the oldest one. */
export function togglePick(picks: string[], utc: string): string[] {
  if (picks.includes(utc)) return picks.filter((pick) => pick !== utc);
  const next = [...picks, utc];
  return next.length > MAX_PROPOSED_DATES ? next.slice(next.length - MAX_PROPOSED_DATES) : next;
}

export function utcToDateTime(utc: string): DateTime {
  return DateTime.fromFormat(utc, UTC_FORMAT, { zone: 'utc' });
}

/** A slot that has not started yet (the server's list may be a few minutes old). */
export function isFutureSlot(slot: AvailabilitySlot, now: DateTime = DateTime.utc()): boolean {
  const start = utcToDateTime(slot.utc);
  return start.isValid && start > now && slot.status === 'available';
}

/** 'Tue, Dec 1, 9:00 AM' in the viewer's zone. */
export function formatPick(utc: string, zone: string): string {
  return utcToDateTime(utc).setZone(zone).toFormat('ccc, LLL d, h:mm a');
}

/** 'YYYY-MM' of now in the viewer's zone: the first month a booker may look at. */
export function currentMonth(zone: string, now: DateTime = DateTime.now()): string {
  return now.setZone(zone).toFormat('yyyy-MM');
}

export function shiftMonth(month: string, by: number): string {
  return DateTime.fromFormat(month, 'yyyy-MM').plus({ months: by }).toFormat('yyyy-MM');
}

/** The days of `month`, padded with nulls so the first falls under its weekday (Monday first). */
export function monthGrid(month: string): (string | null)[] {
  const first = DateTime.fromFormat(month, 'yyyy-MM');
  const padding = Array.from({ length: first.weekday - 1 }, () => null);
  const days = Array.from({ length: first.daysInMonth ?? 30 }, (_, index) =>
    first.plus({ days: index }).toFormat('yyyy-MM-dd'),
  );
  return [...padding, ...days];
}

export function viewerTimezone(userTimezone: string | null | undefined): string {
  if (userTimezone) return userTimezone;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
