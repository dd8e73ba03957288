/**
 * How a date reads on screen: the one formatter (decision 079), in US English like the rest of
 * the site's copy and its money (formatMoney), so that the site's server and the browser write
 * the same text. These are luxon's DATE_MED, DATE_FULL and DATETIME_MED without the library: a
 * page that only shows a date does not download luxon (it stays for calendar arithmetic).
 * - `date`: 'Nov 25, 2026'
 * - `long-date`: 'November 25, 2026' (the spec's 'Month D, YYYY')
 * - `date-time`: 'Nov 25, 2026, 3:05 PM'
 *
 * `value` is an ISO 8601 string or a Date. A date without a time ('2026-11-25') is that day
 * wherever the reader is (not midnight UTC). `timeZone` (an IANA name) shows the moment in that
 * zone; an unknown one falls back to the reader's. An invalid date gives ''.
 */
export type DateStyle = 'date' | 'long-date' | 'date-time';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  'long-date': { year: 'numeric', month: 'long', day: 'numeric' },
  'date-time': {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const day = DATE_ONLY.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return new Date(value);
}

/** The months' English names, January first (the calendar picker's too). */
export const MONTHS = [
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

export function formatDate(
  value: string | Date,
  style: DateStyle = 'date',
  { timeZone }: { timeZone?: string | null } = {},
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  // A day in the reader's zone is written out: the first Intl object a page makes loads the
  // browser's locale data (~45 ms of main thread, decision 083), and a public profile's reviews
  // need only this. A time or another zone goes through Intl.
  if (style !== 'date-time' && !timeZone) {
    const month = MONTHS[date.getMonth()] ?? '';
    const name = style === 'date' ? month.slice(0, 3) : month;
    return `${name} ${date.getDate()}, ${date.getFullYear()}`;
  }
  try {
    return new Intl.DateTimeFormat('en-US', {
      ...OPTIONS[style],
      timeZone: timeZone ?? undefined,
    }).format(date);
  } catch {
    // An unknown zone name: the reader's own.
    return new Intl.DateTimeFormat('en-US', OPTIONS[style]).format(date);
  }
}
