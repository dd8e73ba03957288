import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEFAULT_TIMEZONE,
  findTimezoneOption,
  gmtLabel,
  isTimezoneOption,
  TIMEZONE_OPTIONS,
} from './timezones';

describe('timezone options', () => {
  it('has about 90 distinct zones from UTC-12 to UTC+13, ordered by offset', () => {
    assert.ok(TIMEZONE_OPTIONS.length >= 85 && TIMEZONE_OPTIONS.length <= 115);
    const zones = new Set(TIMEZONE_OPTIONS.map((option) => option.timezone));
    assert.equal(zones.size, TIMEZONE_OPTIONS.length, 'no zone twice');
    assert.equal(TIMEZONE_OPTIONS[0]?.offset, -12);
    assert.equal(TIMEZONE_OPTIONS.at(-1)?.offset, 13);
    const offsets = TIMEZONE_OPTIONS.map((option) => option.offset);
    assert.deepEqual(
      offsets,
      [...offsets].sort((a, b) => a - b),
    );
  });

  it('names only zones the runtime knows, with their standard-time offset', () => {
    const january = new Date(Date.UTC(2026, 0, 15, 12));
    const july = new Date(Date.UTC(2026, 6, 15, 12));
    const offsetAt = (zone: string, date: Date) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        timeZoneName: 'longOffset',
      }).formatToParts(date);
      const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
      const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name);
      if (!match?.[1]) return 0;
      const hours = Number(match[2]) + Number(match[3]) / 60;
      return match[1] === '-' ? -hours : hours;
    };
    for (const option of TIMEZONE_OPTIONS) {
      // Standard time is the smaller of the two offsets of the year (DST adds an hour or so).
      const standard = Math.min(
        offsetAt(option.timezone, january),
        offsetAt(option.timezone, july),
      );
      assert.equal(
        standard,
        option.offset,
        `${option.timezone} is ${standard}, listed ${option.offset}`,
      );
    }
  });

  it('labels each option with its offset, and finds the default', () => {
    assert.equal(
      findTimezoneOption(DEFAULT_TIMEZONE)?.label,
      '(GMT-06:00) Central Time (US & Canada)',
    );
    assert.equal(
      findTimezoneOption('Asia/Kolkata')?.label,
      '(GMT+05:30) Chennai, Kolkata, Mumbai, New Delhi',
    );
    assert.equal(
      findTimezoneOption('Etc/GMT+12')?.label,
      '(GMT-12:00) International Date Line West',
    );
    assert.equal(isTimezoneOption('Europe/London'), true);
    assert.equal(isTimezoneOption('Nowhere/Special'), false);
    assert.equal(isTimezoneOption('us/central'), false, 'names are case-sensitive');
  });

  it('shows an offset as GMT+n or GMT-n', () => {
    assert.equal(gmtLabel(-6), 'GMT-6');
    assert.equal(gmtLabel(0), 'GMT+0');
    assert.equal(gmtLabel(5.5), 'GMT+5:30');
    assert.equal(gmtLabel(-3.5), 'GMT-3:30');
    assert.equal(gmtLabel(12.75), 'GMT+12:45');
  });
});
