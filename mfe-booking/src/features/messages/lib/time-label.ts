import { formatDate } from '@guestspot/shared-ui';
import { formatSlotTime, localDayOf, toUtcDateTime } from '@guestspot/shared-ui/calendar-picker';

// How the inbox dates a message (booking-management… §2 "Messages inbox", §9), in the viewer's
// zone: the same day shows the time, under 7 days a relative day, otherwise the date.

const DAY_MS = 86_400_000;

let relativeDays: Intl.RelativeTimeFormat | null = null;

/** The viewer's calendar day 'YYYY-MM-DD' of an instant. */
function dayOf(at: string | Date, zone: string): string {
  return localDayOf(toUtcDateTime(typeof at === 'string' ? at : at.toISOString()), zone);
}

/** Whole calendar days from `iso`'s day to today's, in `zone` (0: today; negative: later). */
export function daysAgo(iso: string, zone: string, now: Date = new Date()): number | null {
  const day = dayOf(iso, zone);
  if (day === '') return null;
  return Math.round((Date.parse(dayOf(now, zone)) - Date.parse(day)) / DAY_MS);
}

/** The list's time label: '3:05 PM' today, 'yesterday' or '2 days ago', else 'Nov 25, 2026'. */
export function conversationTimeLabel(iso: string, zone: string, now: Date = new Date()): string {
  const days = daysAgo(iso, zone, now);
  if (days === null) return '';
  // A message stamped a little ahead of this device's clock is still today's.
  if (days <= 0) return formatSlotTime(toUtcDateTime(iso), zone);
  if (days < 7) {
    relativeDays ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    return relativeDays.format(-days, 'day');
  }
  return formatDate(iso, 'date', { timeZone: zone });
}

/** A day separator of the conversation: 'Today', 'Yesterday', else 'November 25, 2026'. */
export function daySeparatorLabel(iso: string, zone: string, now: Date = new Date()): string {
  const days = daysAgo(iso, zone, now);
  if (days === null) return '';
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return formatDate(iso, 'long-date', { timeZone: zone });
}

/** The viewer's day of a message, to group a conversation by. */
export function messageDay(iso: string, zone: string): string {
  return dayOf(iso, zone);
}

/** The time of a message in the conversation: '3:05 PM'. */
export function messageTime(iso: string, zone: string): string {
  return formatSlotTime(toUtcDateTime(iso), zone);
}
