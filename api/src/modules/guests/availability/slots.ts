import { DateTime, IANAZone } from 'luxon';
import type { AvailabilitySettings, AvailabilitySlots } from '../../../contract';

// A guest's free interview start times in one month (decision 100). Pure: the settings, the
// guest's confirmed times, the current time, the month and the viewer's zone in; the slots by the
// viewer's local date out. Everything about time zones happens here.
//
// The guest's weekly rules are wall-clock times in the guest's zone, so the day is cut into
// 15-minute cells of real time and each cell is read on the guest's clock: a cell is open when
// its guest-local time lies inside one of that weekday's intervals. A time the clock skips
// (spring forward) has no cell; a time the clock repeats (autumn) has two, one per instant. A slot
// is a run of open cells of one interval as long as the interview, so it never starts or ends at
// a time that does not exist, and each instant is offered at most once.

/** The grid of start times: every quarter hour of the guest's day (the date picker's step). */
export const SLOT_MINUTES = 15;
/** No slot further ahead than this, whatever the window says ('unlimited' included). */
export const HORIZON_DAYS = 365;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const CELL = SLOT_MINUTES * MINUTE;

/** A confirmed interview of the guest (table guest_confirmed_times). */
export interface ConfirmedTime {
  starts_at: Date;
  ends_at: Date;
}

/**
 * The month's slots keyed by the viewer's local date, as GET …/availability/slots answers them
 * (contract/availability.ts); days without one are left out.
 */
export type SlotsByDate = AvailabilitySlots;

export interface SlotRequest {
  settings: AvailabilitySettings;
  /** the guest's confirmed times around the month (see slotSearchRange) */
  confirmed: readonly ConfirmedTime[];
  now: Date;
  /** 'YYYY-MM' in the viewer's zone */
  month: string;
  /** the viewer's IANA zone */
  timezone: string;
  /** interview minutes; default the guest's shortest */
  duration?: number;
}

/** The interview length a request without one is for: the guest's shortest. */
export function defaultDuration(settings: AvailabilitySettings): number {
  const minutes = settings.interview_durations.map((option) => option.duration);
  return minutes.length ? Math.min(...minutes) : 30;
}

/**
 * The spacing of offered starts: the guest's spot_increments rounded up to whole quarter hours
 * (at least one), counted on the guest's clock from each interval's first quarter hour.
 */
export function slotIncrement(spotIncrements: number): number {
  return Math.max(SLOT_MINUTES, Math.ceil(spotIncrements / SLOT_MINUTES) * SLOT_MINUTES);
}

function monthStart(month: string, zone: string): DateTime | null {
  const start = DateTime.fromFormat(month, 'yyyy-MM', { zone });
  return start.isValid ? start : null;
}

/**
 * The confirmed times that can matter to a month's slots: those within 32 days of it (the
 * guest's months around it for the monthly limit; buffers are at most a day).
 */
export function slotSearchRange(month: string, timezone: string): { from: Date; to: Date } {
  const start = monthStart(month, timezone) ?? DateTime.fromMillis(0);
  return {
    from: start.minus({ days: 32 }).toJSDate(),
    to: start.plus({ months: 1, days: 32 }).toJSDate(),
  };
}

/** The day a clock `offset` minutes from UTC shows at an instant, as days since 1970-01-01. */
function localDay(at: number, offset: number): number {
  return Math.floor((at + offset * MINUTE) / DAY);
}

/** Days whose 'YYYY-MM-DD' is remembered: a few years' worth, then it starts over. */
const REMEMBERED_DAYS = 2000;
const isoDates = new Map<number, string>();

/**
 * A day's 'YYYY-MM-DD', remembered across calls (a day's date never changes): a month's thousands
 * of cells and hundreds of slots fall on a few dozen days, and a Date for each would be most of
 * what a call costs.
 */
function isoDate(day: number): string {
  let date = isoDates.get(day);
  if (date === undefined) {
    if (isoDates.size >= REMEMBERED_DAYS) isoDates.clear();
    date = new Date(day * DAY).toISOString().slice(0, 10);
    isoDates.set(day, date);
  }
  return date;
}

/** A day's weekday, 0 = Sunday ... 6 = Saturday: day 0, 1 January 1970, was a Thursday. */
function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'YYYY-MM-DD HH:mm:ss' on a clock `offset` minutes from UTC. */
function format(at: number, offset: number): string {
  const local = at + offset * MINUTE;
  const day = Math.floor(local / DAY);
  const seconds = Math.floor((local - day * DAY) / 1000);
  const hours = twoDigits(Math.floor(seconds / 3600));
  const minutes = twoDigits(Math.floor(seconds / 60) % 60);
  return `${isoDate(day)} ${hours}:${minutes}:${twoDigits(seconds % 60)}`;
}

function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

interface Interval {
  from: number;
  to: number;
  /** the first quarter hour at or after `from`: starts are counted from it */
  anchor: number;
}

/** Where in `intervals` the quarter hour from `minutes` lies whole; -1 if in none. */
function intervalAt(intervals: readonly Interval[], minutes: number): number {
  for (let position = 0; position < intervals.length; position += 1) {
    const interval = intervals[position];
    if (interval && interval.from <= minutes && minutes + SLOT_MINUTES <= interval.to) {
      return position;
    }
  }
  return -1;
}

/** Cells in a week: no zone changes its clock twice within one. */
const WEEK = (7 * DAY) / CELL;

/**
 * A zone's offset at `count` cell starts from `first`. Intl is the costly part, so it is asked
 * once a week of cells, and in between only where the offset may change: where two cells under a
 * week apart agree, so do those between; where they differ, halving finds the change.
 */
function offsetsAt(zone: IANAZone, first: number, count: number): number[] {
  const offsets = new Array<number>(count);
  const read = (index: number) => (offsets[index] = zone.offset(first + index * CELL));
  const fill = (low: number, high: number): void => {
    if (high - low <= 1) return;
    if (offsets[low] === offsets[high]) {
      offsets.fill(offsets[low] ?? 0, low + 1, high);
      return;
    }
    const middle = Math.floor((low + high) / 2);
    read(middle);
    fill(low, middle);
    fill(middle, high);
  };
  if (count > 0) read(0);
  for (let low = 0; low < count - 1; low += WEEK) {
    const high = Math.min(low + WEEK, count - 1);
    read(high);
    fill(low, high);
  }
  return offsets;
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** The guest's free start times in the viewer's month, keyed by the viewer's local date. */
export function availabilitySlots(request: SlotRequest): SlotsByDate {
  const { settings, timezone } = request;
  const guestZone = IANAZone.create(settings.timezone);
  const viewerZone = IANAZone.create(timezone);
  const start = monthStart(request.month, timezone);
  if (!guestZone.isValid || !viewerZone.isValid || !start) return {};
  const duration = request.duration ?? defaultDuration(settings);
  const now = request.now.getTime();

  // Starts from now + notice, inside the month, before the horizon.
  const from = Math.max(start.toMillis(), now + settings.minimum_notice * MINUTE);
  const to = Math.min(start.plus({ months: 1 }).toMillis(), now + HORIZON_DAYS * DAY);
  if (from >= to) return {};

  // The window, in guest-local dates: [first, last) ('' = open).
  const today = isoDate(localDay(now, guestZone.offset(now)));
  let first = '';
  let last = '';
  if (settings.type === 'rolling') {
    last = addDays(today, settings.rolling_days);
  } else if (settings.type === 'date_range') {
    first = settings.start_date ?? '';
    last = settings.end_date ? addDays(settings.end_date, 1) : '';
  }

  const intervalsByWday: Interval[][] = [[], [], [], [], [], [], []];
  for (const rule of settings.rules) {
    intervalsByWday[rule.wday] = rule.intervals.map(({ from: begin, to: end }) => ({
      from: toMinutes(begin),
      to: toMinutes(end),
      anchor: Math.ceil(toMinutes(begin) / SLOT_MINUTES) * SLOT_MINUTES,
    }));
  }
  const increment = slotIncrement(settings.spot_increments);

  // Real-time cells on the UTC quarter-hour grid: with every zone's offset a whole number of
  // quarter hours, they are the guest's quarter hours too. A cell a clock change cuts is closed.
  // A month has thousands of cells and this runs per request, so each is read with arithmetic
  // on the offset, not with a Date, into typed arrays: the guest-local day, the position of the
  // interval it lies in (-1: closed), and whether a start there is on the guest's increments.
  const firstCell = Math.ceil(from / CELL) * CELL;
  const length = Math.ceil(duration / SLOT_MINUTES);
  const count = Math.ceil((to - firstCell) / CELL) + length;
  const offsets = offsetsAt(guestZone, firstCell, count + 1);
  // A viewer in the guest's zone reads the same offsets: no need to ask Intl twice.
  const viewerOffsets = viewerZone.equals(guestZone)
    ? offsets
    : offsetsAt(viewerZone, firstCell, count);
  const days = new Int32Array(count);
  const positions = new Int32Array(count).fill(-1);
  const onIncrement = new Uint8Array(count);
  for (let index = 0; index < count; index += 1) {
    const at = firstCell + index * CELL;
    const offset = offsets[index] ?? guestZone.offset(at);
    if (offset !== offsets[index + 1] && offset !== guestZone.offset(at + CELL - 1)) continue;
    const day = localDay(at, offset);
    const minutes = Math.floor((at + offset * MINUTE - day * DAY) / MINUTE);
    const intervals = intervalsByWday[weekday(day)] ?? [];
    const position = intervalAt(intervals, minutes);
    // intervals[-1] is undefined too, but looked up as a property: slow, once per closed cell
    const interval = position < 0 ? undefined : intervals[position];
    if (!interval) continue;
    days[index] = day;
    positions[index] = position;
    onIncrement[index] = (minutes - interval.anchor) % increment === 0 ? 1 : 0;
  }

  // How many cells from each one on belong to the same interval of the same day, counted
  // backwards in one pass: a start needs `length` of them.
  const runs = new Int32Array(count);
  for (let index = count - 1; index >= 0; index -= 1) {
    const position = positions[index] ?? -1;
    if (position < 0) continue;
    const continues = positions[index + 1] === position && days[index + 1] === days[index];
    runs[index] = continues ? (runs[index + 1] ?? 0) + 1 : 1;
  }

  const confirmed = request.confirmed.map((time) => ({
    start: time.starts_at.getTime(),
    end: time.ends_at.getTime(),
    date: isoDate(localDay(time.starts_at.getTime(), guestZone.offset(time.starts_at.getTime()))),
  }));
  const perDay = countBy(confirmed.map((time) => time.date));
  const perMonth = countBy(confirmed.map((time) => time.date.slice(0, 7)));
  const busy = confirmed.map((time) => ({
    start: time.start - settings.buffer_before * MINUTE,
    end: time.end + settings.buffer_after * MINUTE,
  }));

  // The window and the limits are the same for a whole guest-local day: decided once per day.
  const { max_interviews_per_day: maxPerDay, max_interviews_per_month: maxPerMonth } = settings;
  const dayOpen = new Map<number, boolean>();
  const isDayOpen = (day: number): boolean => {
    const known = dayOpen.get(day);
    if (known !== undefined) return known;
    const date = isoDate(day);
    const open =
      !(first && date < first) &&
      !(last && date >= last) &&
      !(maxPerDay !== null && (perDay.get(date) ?? 0) >= maxPerDay) &&
      !(maxPerMonth !== null && (perMonth.get(date.slice(0, 7)) ?? 0) >= maxPerMonth);
    dayOpen.set(day, open);
    return open;
  };

  const slots: SlotsByDate = {};
  for (let index = 0; firstCell + index * CELL < to; index += 1) {
    if (!onIncrement[index] || (runs[index] ?? 0) < length) continue;
    if (!isDayOpen(days[index] ?? 0)) continue;
    const slotStart = firstCell + index * CELL;
    const slotEnd = slotStart + duration * MINUTE;
    if (busy.some((range) => range.start < slotEnd && slotStart < range.end)) continue;

    const datetime = format(slotStart, viewerOffsets[index] ?? viewerZone.offset(slotStart));
    const date = datetime.slice(0, 10);
    (slots[date] ??= []).push({ datetime, date, utc: format(slotStart, 0), status: 'available' });
  }
  return slots;
}
