import { DateTime } from 'luxon';
import {
  UTC_FORMAT,
  currentMonth,
  formatDay,
  formatMonth,
  formatPick,
  formatSlotTime,
  isFutureSlot,
  localDayOf,
  monthGrid,
  monthOf,
  shiftMonth,
  togglePick,
  utcToDate,
  viewerTimezone,
} from './calendar-dates';

describe('togglePick', () => {
  it('adds up to three picks; a fourth drops the oldest', () => {
    let picks: string[] = [];
    for (const time of ['a', 'b', 'c', 'd']) picks = togglePick(picks, time);
    expect(picks).toEqual(['b', 'c', 'd']);
  });

  it('unpicks a picked time', () => {
    expect(togglePick(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('keeps one pick in single mode', () => {
    expect(togglePick(['a'], 'b', 'single')).toEqual(['b']);
    expect(togglePick(['b'], 'b', 'single')).toEqual([]);
  });
});

it('keeps only slots that have not started', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  // the server answers free slots only (status 'available', contract/availability.ts)
  const slot = (utc: string) => ({ utc, status: 'available' });
  expect(isFutureSlot(slot('2026-03-10 11:59:00'), now)).toBe(false);
  expect(isFutureSlot(slot('2026-03-10 12:00:00'), now)).toBe(false);
  expect(isFutureSlot(slot('2026-03-10 12:30:00'), now)).toBe(true);
  expect(isFutureSlot({ utc: '2026-03-10 12:30:00', status: 'booked' }, now)).toBe(false);
  expect(isFutureSlot(slot('2026-03-10T12:30:00Z'), now)).toBe(false);
});

it('pads the month grid so the 1st falls under its weekday, Monday first', () => {
  // 1 March 2026 is a Sunday
  const grid = monthGrid('2026-03');
  expect(grid.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-03-01']);
  expect(grid.filter(Boolean)).toHaveLength(31);
  // 1 June 2026 is a Monday; February 2028 has 29 days
  expect(monthGrid('2026-06')[0]).toBe('2026-06-01');
  expect(monthGrid('2028-02').filter(Boolean).at(-1)).toBe('2028-02-29');
});

it('moves across years', () => {
  expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  expect(shiftMonth('2026-03', 14)).toBe('2027-05');
});

describe('in the viewer’s zone', () => {
  it('writes picks and times as luxon did ("ccc, LLL d, h:mm a")', () => {
    expect(formatPick('2026-03-10 16:00:00', 'UTC')).toBe('Tue, Mar 10, 4:00 PM');
    expect(formatPick('2026-09-01 00:05:00', 'UTC')).toBe('Tue, Sep 1, 12:05 AM');
    // 10 March 2026 16:00 UTC is 11:00 in Chicago (daylight time from 8 March)
    expect(formatPick('2026-03-10 16:00:00', 'America/Chicago')).toBe('Tue, Mar 10, 11:00 AM');
    // and the previous day in Honolulu
    expect(formatPick('2026-03-10 03:30:00', 'Pacific/Honolulu')).toBe('Mon, Mar 9, 5:30 PM');
    expect(formatSlotTime('2026-03-10 12:00:00', 'UTC')).toBe('12:00 PM');
  });

  it('finds the local day and month of a UTC time', () => {
    expect(localDayOf('2026-04-01 03:00:00', 'America/New_York')).toBe('2026-03-31');
    expect(monthOf('2026-04-01 03:00:00', 'America/New_York')).toBe('2026-03');
    expect(monthOf('2026-04-01 03:00:00', 'UTC')).toBe('2026-04');
  });

  it('says which month it is now there', () => {
    const now = new Date('2026-04-01T02:00:00Z');
    expect(currentMonth('UTC', now)).toBe('2026-04');
    expect(currentMonth('America/Los_Angeles', now)).toBe('2026-03');
    // an unknown zone name reads as the reader's own instead of failing
    expect(currentMonth('Nowhere/Else', now)).toMatch(/^2026-0[34]$/);
  });

  it('falls back to the browser’s zone when the account has none', () => {
    expect(viewerTimezone('Europe/Paris')).toBe('Europe/Paris');
    expect(viewerTimezone(null)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

it('writes what the booking flow wrote with luxon, in every month and across zones', () => {
  const zones = ['UTC', 'America/Chicago', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Sydney'];
  for (let month = 1; month <= 12; month += 1) {
    for (const hour of [0, 5, 11, 12, 13, 23]) {
      const utc = `2027-${String(month).padStart(2, '0')}-15 ${String(hour).padStart(2, '0')}:45:00`;
      const instant = DateTime.fromFormat(utc, UTC_FORMAT, { zone: 'utc' });
      for (const zone of zones) {
        const local = instant.setZone(zone);
        expect(formatPick(utc, zone)).toBe(local.toFormat('ccc, LLL d, h:mm a'));
        expect(formatSlotTime(utc, zone)).toBe(local.toFormat('h:mm a'));
        expect(monthOf(utc, zone)).toBe(local.toFormat('yyyy-MM'));
        expect(currentMonth(zone, instant.toJSDate())).toBe(local.toFormat('yyyy-MM'));
      }
      const day = instant.toFormat('yyyy-MM-dd');
      expect(formatDay(day)).toBe(instant.toFormat('cccc, LLLL d'));
      expect(formatMonth(day.slice(0, 7))).toBe(instant.toFormat('LLLL yyyy'));
    }
  }
});

it('names months and days in US English', () => {
  expect(formatMonth('2026-03')).toBe('March 2026');
  expect(formatDay('2026-03-10')).toBe('Tuesday, March 10');
});

it('reads only the API’s UTC format', () => {
  expect(utcToDate('2026-03-10 16:00:00').toISOString()).toBe('2026-03-10T16:00:00.000Z');
  expect(Number.isNaN(utcToDate('2026-03-10').getTime())).toBe(true);
});
