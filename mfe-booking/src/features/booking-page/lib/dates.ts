// The booking page's times, in the viewer's zone (all times travel as UTC). Written with Intl,
// like shared-ui's calendar picker, rather than luxon: no other page of the site loads luxon any
// more, and these few formats are not worth its 20 KiB. The luxon token of each format is named.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

// One formatter per zone: making one loads the locale's data, and a feed shows many times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  const cached = formatters.get(zone);
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
  formatters.set(zone, formatter);
  return formatter;
}

function zoned(iso: string, zone: string): ZonedParts | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(zone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? 1970;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  return {
    year,
    month,
    day,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

/** 'h:mm a': '3:05 PM' */
function clock({ hour, minute }: ZonedParts): string {
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

const shortMonth = (parts: ZonedParts) => MONTHS[parts.month - 1]!.slice(0, 3);

/** A timeline entry's time, the spec's 'MMM D, h:mm A' (luxon 'LLL d, h:mm a'): 'Dec 2, 3:00 PM'. */
export function formatEntryTime(iso: string, zone: string): string {
  const parts = zoned(iso, zone);
  return parts ? `${shortMonth(parts)} ${parts.day}, ${clock(parts)}` : '';
}

/** A deadline or a proposed time, luxon 'ccc d LLL, h:mm a': 'Tue 2 Dec, 3:00 PM'. */
export function formatDayTime(iso: string, zone: string): string {
  const parts = zoned(iso, zone);
  return parts
    ? `${WEEKDAYS[parts.weekday]} ${parts.day} ${shortMonth(parts)}, ${clock(parts)}`
    : '';
}

/** The interview's start and end: 'Tue 2 Dec, 3:00 PM – 3:30 PM'. */
export function formatTimeRange(startIso: string, endIso: string, zone: string): string {
  const end = zoned(endIso, zone);
  const start = formatDayTime(startIso, zone);
  return end && start ? `${start} – ${clock(end)}` : start;
}

/**
 * The agreed date in the details, the spec's 'LLL' (moment's: 'MMMM D, YYYY h:mm A'; luxon
 * 'LLLL d, yyyy h:mm a'): 'December 2, 2026 3:00 PM'.
 */
export function formatAgreedDate(iso: string, zone: string): string {
  const parts = zoned(iso, zone);
  return parts ? `${MONTHS[parts.month - 1]} ${parts.day}, ${parts.year} ${clock(parts)}` : '';
}

/** An ISO time as the API reads a date: UTC 'YYYY-MM-DD HH:mm:ss' (spec §9). */
export function toUtcDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toISOString().slice(0, 19).replace('T', ' ');
}
