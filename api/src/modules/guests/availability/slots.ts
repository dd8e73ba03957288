import { DateTime, IANAZone } from 'luxon';
import type { AvailabilitySettings } from '../../../contract';

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

/** One free start time, as GET /guests/{id}/availability/slots answers it. */
export interface AvailabilitySlot {
  /** the viewer's local date and time, 'YYYY-MM-DD HH:mm:ss' */
  datetime: string;
  /** the viewer's local date, 'YYYY-MM-DD' */
  date: string;
  /** the same instant in UTC, 'YYYY-MM-DD HH:mm:ss' */
  utc: string;
  status: 'available';
}

/** The month's slots keyed by the viewer's local date; days without one are left out. */
export type SlotsByDate = Record<string, AvailabilitySlot[]>;

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

interface Wall {
  /** 'YYYY-MM-DD' on the guest's clock */
  date: string;
  /** minutes since the guest's midnight */
  minutes: number;
  /** 0 = Sunday ... 6 = Saturday */
  wday: number;
}

/** What a clock `offset` minutes from UTC shows at an instant. */
function wallTime(at: number, offset: number): Wall {
  const local = new Date(at + offset * MINUTE);
  return {
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    wday: local.getUTCDay(),
  };
}

/** 'YYYY-MM-DD HH:mm:ss' on a clock `offset` minutes from UTC. */
function format(at: number, offset: number): string {
  return new Date(at + offset * MINUTE).toISOString().slice(0, 19).replace('T', ' ');
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

/** An open cell: which interval of which guest-local day it belongs to. */
interface Cell {
  key: string;
  date: string;
  minutes: number;
  anchor: number;
}

/** Cells in a week: no zone changes its clock twice within one. */
const WEEK = (7 * DAY) / CELL;

/**
 * A zone's offset at `count` cell starts from `first`. Intl is the costly part, so it is asked
 * only where the offset may change: where two cells under a week apart agree, so do those between.
 */
function offsetsAt(zone: IANAZone, first: number, count: number): number[] {
  const offsets = new Array<number>(count);
  const read = (index: number) => (offsets[index] = zone.offset(first + index * CELL));
  const fill = (low: number, high: number): void => {
    if (high - low <= 1) return;
    if (offsets[low] === offsets[high] && high - low <= WEEK) {
      offsets.fill(offsets[low] ?? 0, low + 1, high);
      return;
    }
    const middle = Math.floor((low + high) / 2);
    read(middle);
    fill(low, middle);
    fill(middle, high);
  };
  if (count > 0) read(0);
  if (count > 1) read(count - 1);
  fill(0, count - 1);
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
  const today = wallTime(now, guestZone.offset(now)).date;
  let first = '';
  let last = '';
  if (settings.type === 'rolling') {
    last = addDays(today, settings.rolling_days);
  } else if (settings.type === 'date_range') {
    first = settings.start_date ?? '';
    last = settings.end_date ? addDays(settings.end_date, 1) : '';
  }

  const intervalsByDay = new Map<number, Interval[]>(
    settings.rules.map((rule) => [
      rule.wday,
      rule.intervals.map(({ from: begin, to: end }) => ({
        from: toMinutes(begin),
        to: toMinutes(end),
        anchor: Math.ceil(toMinutes(begin) / SLOT_MINUTES) * SLOT_MINUTES,
      })),
    ]),
  );

  // Real-time cells on the UTC quarter-hour grid: with every zone's offset a whole number of
  // quarter hours, they are the guest's quarter hours too. A cell a clock change cuts is closed.
  const firstCell = Math.ceil(from / CELL) * CELL;
  const length = Math.ceil(duration / SLOT_MINUTES);
  const count = Math.ceil((to - firstCell) / CELL) + length;
  const offsets = offsetsAt(guestZone, firstCell, count + 1);
  const viewerOffsets = offsetsAt(viewerZone, firstCell, count);
  const cellAt = (index: number): Cell | null => {
    const at = firstCell + index * CELL;
    const offset = offsets[index] ?? guestZone.offset(at);
    if (offset !== offsets[index + 1] && offset !== guestZone.offset(at + CELL - 1)) return null;
    const wall = wallTime(at, offset);
    const intervals = intervalsByDay.get(wall.wday) ?? [];
    const position = intervals.findIndex(
      (interval) => interval.from <= wall.minutes && wall.minutes + SLOT_MINUTES <= interval.to,
    );
    const interval = intervals[position];
    if (!interval) return null;
    return {
      key: `${wall.date}#${position}`,
      date: wall.date,
      minutes: wall.minutes,
      anchor: interval.anchor,
    };
  };
  const cells = Array.from({ length: count }, (_, index) => cellAt(index));

  const confirmed = request.confirmed.map((time) => ({
    start: time.starts_at.getTime(),
    end: time.ends_at.getTime(),
    date: wallTime(time.starts_at.getTime(), guestZone.offset(time.starts_at.getTime())).date,
  }));
  const perDay = countBy(confirmed.map((time) => time.date));
  const perMonth = countBy(confirmed.map((time) => time.date.slice(0, 7)));
  const busy = confirmed.map((time) => ({
    start: time.start - settings.buffer_before * MINUTE,
    end: time.end + settings.buffer_after * MINUTE,
  }));
  const increment = slotIncrement(settings.spot_increments);

  const slots: SlotsByDate = {};
  for (let index = 0; firstCell + index * CELL < to; index += 1) {
    const cell = cells[index];
    if (!cell || (cell.minutes - cell.anchor) % increment !== 0) continue;
    if ((first && cell.date < first) || (last && cell.date >= last)) continue;
    const run = cells.slice(index, index + length);
    if (run.length < length || run.some((next) => next?.key !== cell.key)) continue;
    const { max_interviews_per_day: maxPerDay, max_interviews_per_month: maxPerMonth } = settings;
    if (maxPerDay !== null && (perDay.get(cell.date) ?? 0) >= maxPerDay) continue;
    if (maxPerMonth !== null && (perMonth.get(cell.date.slice(0, 7)) ?? 0) >= maxPerMonth) {
      continue;
    }
    const slotStart = firstCell + index * CELL;
    const slotEnd = slotStart + duration * MINUTE;
    if (busy.some((range) => range.start < slotEnd && slotStart < range.end)) continue;

    const datetime = format(slotStart, viewerOffsets[index] ?? viewerZone.offset(slotStart));
    const date = datetime.slice(0, 10);
    (slots[date] ??= []).push({ datetime, date, utc: format(slotStart, 0), status: 'available' });
  }
  return slots;
}
