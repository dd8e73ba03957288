// The calendar picker's dates: months and days as the viewer reads them, proposed times as the
// API sends and reads them (UTC 'YYYY-MM-DD HH:mm:ss', booking-management… §9). Written with
// Intl and plain arithmetic, not luxon: luxon is no shared singleton of the federation, so a
// shared-ui module that imported it would bring a second copy to the page (decision 079 keeps
// shared-ui's dates library-free the same way). Text is US English, like formatDate's.
import { MONTHS } from '@guestspot/shared-ui';
import { MAX_PROPOSED_DATES } from '@guestspot/shared-api/booking-facts';

/** Spec §5: Save (or Next) with no time picked. */
export const DATES_REQUIRED = 'Please select at least 1 date and time';
/** Spec §9: proposed dates travel in UTC as 'YYYY-MM-DD HH:mm:ss' (luxon/Unicode tokens). */
export const UTC_FORMAT = 'yyyy-MM-dd HH:mm:ss';

export type CalendarPickerMode = 'multiple' | 'single';

/** One free start as the availability slots call answers it (its other fields are not read). */
export interface CalendarSlot {
  /** UTC 'YYYY-MM-DD HH:mm:ss' */
  utc: string;
  status: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const UTC_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Picks a slot, or unpicks it. Multiple: a fourth pick drops the oldest; single keeps one. */
export function togglePick(
  picks: string[],
  utc: string,
  mode: CalendarPickerMode = 'multiple',
): string[] {
  if (picks.includes(utc)) return picks.filter((pick) => pick !== utc);
  if (mode === 'single') return [utc];
  const next = [...picks, utc];
  return next.length > MAX_PROPOSED_DATES ? next.slice(next.length - MAX_PROPOSED_DATES) : next;
}

/** The instant of a UTC 'YYYY-MM-DD HH:mm:ss' (an invalid Date for anything else). */
export function utcToDate(utc: string): Date {
  const match = UTC_TIME.exec(utc);
  if (!match) return new Date(Number.NaN);
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
}

/** A slot that has not started yet (the server's list may be a few minutes old). */
export function isFutureSlot(slot: CalendarSlot, now: Date = new Date()): boolean {
  const start = utcToDate(slot.utc).getTime();
  return !Number.isNaN(start) && start > now.getTime() && slot.status === 'available';
}

export function viewerTimezone(userTimezone: string | null | undefined): string {
  if (userTimezone) return userTimezone;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// One formatter per zone: making one loads the locale's data, a grid shows dozens of times.
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(zone: string): Intl.DateTimeFormat {
  const cached = zoneFormatters.get(zone);
  if (cached) return cached;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
  } catch {
    // An unknown zone name: the reader's own, as formatDate does.
    formatter = new Intl.DateTimeFormat('en-US', options);
  }
  zoneFormatters.set(zone, formatter);
  return formatter;
}

/** The wall-clock date and time of `at` in `zone`. */
function zonedParts(at: Date, zone: string): ZonedParts {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of zoneFormatter(zone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

/** 0 (Sunday) to 6 of a calendar date. */
function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** '4:00 PM' */
function clockTime({ hour, minute }: ZonedParts): string {
  return `${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** '4:00 PM': a slot's start in the viewer's zone. */
export function formatSlotTime(utc: string, zone: string): string {
  const at = utcToDate(utc);
  return Number.isNaN(at.getTime()) ? utc : clockTime(zonedParts(at, zone));
}

/** 'Tue, Mar 10, 4:00 PM': a pick in the viewer's zone. */
export function formatPick(utc: string, zone: string): string {
  const at = utcToDate(utc);
  if (Number.isNaN(at.getTime())) return utc;
  const parts = zonedParts(at, zone);
  const weekday = WEEKDAYS[weekdayOf(parts.year, parts.month, parts.day)]!.slice(0, 3);
  const month = MONTHS[parts.month - 1]!.slice(0, 3);
  return `${weekday}, ${month} ${parts.day}, ${clockTime(parts)}`;
}

/** The viewer's local date 'YYYY-MM-DD' of a UTC time. */
export function localDayOf(utc: string, zone: string): string {
  const at = utcToDate(utc);
  if (Number.isNaN(at.getTime())) return '';
  const { year, month, day } = zonedParts(at, zone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** 'YYYY-MM' of a UTC time in the viewer's zone: the month to open on a kept pick. */
export function monthOf(utc: string, zone: string): string {
  return localDayOf(utc, zone).slice(0, 7);
}

// ---- Times of a booking (its page): ISO instants read in the viewer's zone ----

/** The wall-clock parts of an ISO instant in `zone`, or null when it is no date. */
function zonedIso(iso: string, zone: string): ZonedParts | null {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : zonedParts(at, zone);
}

const shortMonth = (parts: ZonedParts) => MONTHS[parts.month - 1]!.slice(0, 3);
const shortWeekday = (parts: ZonedParts) =>
  WEEKDAYS[weekdayOf(parts.year, parts.month, parts.day)]!.slice(0, 3);

/** A timeline entry's time, the spec's 'MMM D, h:mm A': 'Dec 2, 3:00 PM'. */
export function formatEntryTime(iso: string, zone: string): string {
  const parts = zonedIso(iso, zone);
  return parts ? `${shortMonth(parts)} ${parts.day}, ${clockTime(parts)}` : '';
}

/** A deadline or a proposed time: 'Tue 2 Dec, 3:00 PM'. */
export function formatDayTime(iso: string, zone: string): string {
  const parts = zonedIso(iso, zone);
  return parts
    ? `${shortWeekday(parts)} ${parts.day} ${shortMonth(parts)}, ${clockTime(parts)}`
    : '';
}

/** An interview's start and end: 'Tue 2 Dec, 3:00 PM – 3:30 PM'. */
export function formatTimeRange(startIso: string, endIso: string, zone: string): string {
  const end = zonedIso(endIso, zone);
  const start = formatDayTime(startIso, zone);
  return end && start ? `${start} – ${clockTime(end)}` : start;
}

/** The agreed date, the spec's 'LLL' ('MMMM D, YYYY h:mm A'): 'December 2, 2026 3:00 PM'. */
export function formatAgreedDate(iso: string, zone: string): string {
  const parts = zonedIso(iso, zone);
  return parts ? `${MONTHS[parts.month - 1]} ${parts.day}, ${parts.year} ${clockTime(parts)}` : '';
}

/** An ISO time as the API reads a date: UTC 'YYYY-MM-DD HH:mm:ss' (spec §9). */
export function toUtcDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toISOString().slice(0, 19).replace('T', ' ');
}

/** 'YYYY-MM' of now in the viewer's zone: the first month a booker may look at. */
export function currentMonth(zone: string, now: Date = new Date()): string {
  const { year, month } = zonedParts(now, zone);
  return `${pad(year, 4)}-${pad(month)}`;
}

function parseMonth(month: string): { year: number; month: number } {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`Not a 'YYYY-MM' month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

export function shiftMonth(month: string, by: number): string {
  const parsed = parseMonth(month);
  const index = parsed.year * 12 + parsed.month - 1 + by;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** 'March 2026' */
export function formatMonth(month: string): string {
  const parsed = parseMonth(month);
  return `${MONTHS[parsed.month - 1]} ${parsed.year}`;
}

/** 'Tuesday, March 10' of a 'YYYY-MM-DD' date (a calendar day: no zone). */
export function formatDay(date: string): string {
  const match = DAY.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return `${WEEKDAYS[weekdayOf(year, month, day)]}, ${MONTHS[month - 1]} ${day}`;
}

/** The days of `month`, padded with nulls so the first falls under its weekday (Monday first). */
export function monthGrid(month: string): (string | null)[] {
  const { year, month: number } = parseMonth(month);
  const padding = Array.from({ length: (weekdayOf(year, number, 1) + 6) % 7 }, () => null);
  const daysInMonth = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const days = Array.from({ length: daysInMonth }, (_, index) => `${month}-${pad(index + 1)}`);
  return [...padding, ...days];
}
