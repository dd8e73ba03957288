import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { AvailabilitySettings } from '../../../contract';
import {
  availabilitySlots,
  slotIncrement,
  type ConfirmedTime,
  type SlotRequest,
  type SlotsByDate,
} from './slots';

// Fixed clocks throughout: `now` is always given, so these answers never change with the date.

const NEW_YORK = 'America/New_York';
const LONDON = 'Europe/London';
const FORMAT = 'yyyy-MM-dd HH:mm:ss';

function weekdays(from = '09:00', to = '17:00'): AvailabilitySettings['rules'] {
  return [1, 2, 3, 4, 5].map((wday) => ({ type: 'wday', wday, intervals: [{ from, to }] }));
}

/** Plain rules: no notice, buffers or limits unless a test asks for them. */
function settings(overrides: Partial<AvailabilitySettings> = {}): AvailabilitySettings {
  return {
    interview_durations: [{ duration: 30, price: 0 }],
    type: 'unlimited',
    rolling_days: 30,
    start_date: null,
    end_date: null,
    max_interviews_per_day: null,
    max_interviews_per_month: null,
    minimum_notice: 0,
    buffer_before: 0,
    buffer_after: 0,
    spot_increments: 60,
    timezone: NEW_YORK,
    rules: weekdays(),
    ...overrides,
  };
}

function slots(
  request: Partial<SlotRequest> & Pick<SlotRequest, 'month' | 'timezone' | 'now'>,
): SlotsByDate {
  return availabilitySlots({ settings: settings(), confirmed: [], ...request });
}

/** The viewer's local start times ('HH:mm') on one of their days. */
function times(result: SlotsByDate, date: string): string[] {
  return (result[date] ?? []).map((slot) => slot.datetime.slice(11, 16));
}

function hours(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${String(first + i).padStart(2, '0')}:00`);
}

function all(result: SlotsByDate) {
  return Object.values(result).flat();
}

/** Every slot's three fields say the same instant, and no instant is offered twice. */
function assertConsistent(result: SlotsByDate, viewerZone: string): void {
  const utcs = all(result).map((slot) => slot.utc);
  assert.equal(new Set(utcs).size, utcs.length, 'an instant is offered twice');
  for (const [date, daySlots] of Object.entries(result)) {
    for (const slot of daySlots) {
      assert.equal(slot.date, date);
      assert.equal(slot.datetime.slice(0, 10), date);
      assert.equal(slot.status, 'available');
      const instant = DateTime.fromFormat(slot.utc, FORMAT, { zone: 'utc' });
      assert.equal(instant.setZone(viewerZone).toFormat(FORMAT), slot.datetime);
      // a time the viewer's clock skips would come back as another time
      const local = DateTime.fromFormat(slot.datetime, FORMAT, { zone: viewerZone });
      assert.equal(local.toFormat(FORMAT), slot.datetime);
    }
  }
}

const utc = (iso: string) => new Date(`${iso}Z`);
const confirmed = (start: string, end: string, zone = NEW_YORK): ConfirmedTime => ({
  starts_at: DateTime.fromISO(start, { zone }).toJSDate(),
  ends_at: DateTime.fromISO(end, { zone }).toJSDate(),
});

describe('availability slots across daylight-saving changes', () => {
  const marchNow = utc('2026-03-01T00:00:00');

  it('spring: a New York guest seen from London moves an hour between the US and EU changes', () => {
    const result = slots({ month: '2026-03', timezone: LONDON, now: marchNow });
    assertConsistent(result, LONDON);
    // both on standard time: 09:00 New York is 14:00 London
    assert.deepEqual(times(result, '2026-03-06'), hours(14, 8));
    // the US sprang forward on Sunday 8 March, London has not: 13:00
    assert.deepEqual(times(result, '2026-03-09'), hours(13, 8));
    assert.deepEqual(times(result, '2026-03-27'), hours(13, 8));
    // London sprang forward on Sunday 29 March: 14:00 again
    assert.deepEqual(times(result, '2026-03-30'), hours(14, 8));
    // 22 weekdays, 8 hourly starts each: none lost, none doubled
    assert.equal(all(result).length, 22 * 8);
    assert.deepEqual(times(result, '2026-03-08'), []);
    assert.equal(result['2026-03-09']?.[0]?.utc, '2026-03-09 13:00:00');
  });

  it('spring: a London guest seen from New York', () => {
    const result = slots({
      settings: settings({ timezone: LONDON }),
      month: '2026-03',
      timezone: NEW_YORK,
      now: marchNow,
    });
    assertConsistent(result, NEW_YORK);
    assert.deepEqual(times(result, '2026-03-06'), hours(4, 8));
    assert.deepEqual(times(result, '2026-03-09'), hours(5, 8));
    assert.deepEqual(times(result, '2026-03-27'), hours(5, 8));
    assert.deepEqual(times(result, '2026-03-30'), hours(4, 8));
    assert.equal(all(result).length, 22 * 8);
  });

  it('autumn: London falls back on 25 October, New York on 1 November', () => {
    const now = utc('2026-10-01T00:00:00');
    const october = slots({ month: '2026-10', timezone: LONDON, now });
    const november = slots({ month: '2026-11', timezone: LONDON, now });
    assertConsistent(october, LONDON);
    assertConsistent(november, LONDON);
    assert.deepEqual(times(october, '2026-10-23'), hours(14, 8));
    assert.deepEqual(times(october, '2026-10-26'), hours(13, 8));
    assert.deepEqual(times(october, '2026-10-30'), hours(13, 8));
    assert.deepEqual(times(november, '2026-11-02'), hours(14, 8));
    // October 2026: 22 weekdays; November: 21
    assert.equal(all(october).length, 22 * 8);
    assert.equal(all(november).length, 21 * 8);

    const reverse = (month: string) =>
      slots({ settings: settings({ timezone: LONDON }), month, timezone: NEW_YORK, now });
    assert.deepEqual(times(reverse('2026-10'), '2026-10-23'), hours(4, 8));
    assert.deepEqual(times(reverse('2026-10'), '2026-10-26'), hours(5, 8));
    assert.deepEqual(times(reverse('2026-10'), '2026-10-30'), hours(5, 8));
    assert.deepEqual(times(reverse('2026-11'), '2026-11-02'), hours(4, 8));
    assertConsistent(reverse('2026-11'), NEW_YORK);
  });

  it('a night rule on the spring-forward day never offers a time the clock skips', () => {
    const sunday = (from: string, to: string) =>
      settings({
        spot_increments: 15,
        rules: [{ type: 'wday', wday: 0, intervals: [{ from, to }] }],
      });
    const night = slots({
      settings: sunday('01:00', '04:00'),
      month: '2026-03',
      timezone: NEW_YORK,
      now: marchNow,
    });
    assertConsistent(night, NEW_YORK);
    // 02:00-03:00 does not exist: two real hours, seven 30-minute starts
    assert.deepEqual(times(night, '2026-03-08'), [
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '03:00',
      '03:15',
      '03:30',
    ]);
    // a week earlier the same rule has three hours
    assert.equal(times(night, '2026-03-01').length, 11);

    const halfPast = slots({
      settings: sunday('02:30', '04:00'),
      month: '2026-03',
      timezone: NEW_YORK,
      now: marchNow,
    });
    assertConsistent(halfPast, NEW_YORK);
    assert.deepEqual(times(halfPast, '2026-03-08'), ['03:00', '03:15', '03:30']);
    assert.deepEqual(
      halfPast['2026-03-08']?.map((slot) => slot.utc),
      ['2026-03-08 07:00:00', '2026-03-08 07:15:00', '2026-03-08 07:30:00'],
    );
  });

  it('the hour New York repeats in autumn is offered once for each real hour', () => {
    const settingsForNight = settings({
      interview_durations: [{ duration: 60, price: 0 }],
      rules: [{ type: 'wday', wday: 0, intervals: [{ from: '00:00', to: '03:00' }] }],
    });
    const now = utc('2026-10-01T00:00:00');
    const inNewYork = slots({
      settings: settingsForNight,
      month: '2026-11',
      timezone: NEW_YORK,
      now,
    });
    assertConsistent(inNewYork, NEW_YORK);
    assert.deepEqual(times(inNewYork, '2026-11-01'), ['00:00', '01:00', '01:00', '02:00']);
    assert.deepEqual(
      inNewYork['2026-11-01']?.map((slot) => slot.utc.slice(11, 16)),
      ['04:00', '05:00', '06:00', '07:00'],
    );
    const inLondon = slots({ settings: settingsForNight, month: '2026-11', timezone: LONDON, now });
    assert.deepEqual(times(inLondon, '2026-11-01'), ['04:00', '05:00', '06:00', '07:00']);
  });

  it('keys slots by the viewer’s date and month, not the guest’s', () => {
    const result = slots({
      settings: settings({ timezone: 'Asia/Tokyo' }),
      month: '2026-06',
      timezone: 'America/Los_Angeles',
      now: utc('2026-05-01T00:00:00'),
    });
    assertConsistent(result, 'America/Los_Angeles');
    // Monday 1 June 09:00 in Tokyo is Sunday 31 May 17:00 in Los Angeles: May, not June
    assert.ok(Object.keys(result).every((date) => date.startsWith('2026-06-')));
    // Monday 16:00 in Tokyo is Monday 00:00 in Los Angeles; Tuesday 2 June 09:00-15:00 in Tokyo
    // is Monday 1 June 17:00-23:00 there
    assert.deepEqual(times(result, '2026-06-01'), ['00:00', ...hours(17, 7)]);
    // Saturday 6 June in Tokyo is off: nothing on Friday evening 5 June in Los Angeles
    assert.deepEqual(times(result, '2026-06-05'), hours(0, 1));
  });
});

describe('availability slot rules', () => {
  // Monday 9 March 2026, 10:00 in New York
  const mondayTen = utc('2026-03-09T14:00:00');
  const newYork = (request: Partial<SlotRequest> = {}) =>
    slots({ month: '2026-03', timezone: NEW_YORK, now: mondayTen, ...request });

  it('offers no time before now', () => {
    assert.deepEqual(times(newYork(), '2026-03-09'), hours(10, 7));
    const later = newYork({ now: utc('2026-03-09T14:20:00') });
    assert.deepEqual(times(later, '2026-03-09'), hours(11, 6));
    assert.deepEqual(times(later, '2026-03-06'), []);
    assert.deepEqual(newYork({ month: '2026-02' }), {});
  });

  it('offers no time before now plus the minimum notice', () => {
    const result = newYork({ settings: settings({ minimum_notice: 240 }) });
    assert.deepEqual(times(result, '2026-03-09'), hours(14, 3));
    assert.deepEqual(times(result, '2026-03-10'), hours(9, 8));
    const twoDays = newYork({ settings: settings({ minimum_notice: 48 * 60 }) });
    assert.deepEqual(times(twoDays, '2026-03-10'), []);
    assert.deepEqual(times(twoDays, '2026-03-11'), hours(10, 7));
  });

  it('keeps to a rolling window counted in the guest’s days from today', () => {
    const result = newYork({ settings: settings({ type: 'rolling', rolling_days: 3 }) });
    assert.deepEqual(Object.keys(result), ['2026-03-09', '2026-03-10', '2026-03-11']);
  });

  it('keeps to a date range, both ends included', () => {
    const result = newYork({
      settings: settings({ type: 'date_range', start_date: '2026-03-12', end_date: '2026-03-16' }),
    });
    assert.deepEqual(Object.keys(result), ['2026-03-12', '2026-03-13', '2026-03-16']);
  });

  it('offers nothing beyond a year ahead, even when unlimited', () => {
    assert.deepEqual(newYork({ month: '2027-04' }), {});
    const lastMonth = newYork({ month: '2027-03' });
    assert.ok(Object.keys(lastMonth).length > 0);
    assert.ok(Object.keys(lastMonth).every((date) => date <= '2027-03-09'));
  });

  it('fits the whole interview inside an interval, on the guest’s increments', () => {
    const quarter = settings({ spot_increments: 15 });
    assert.deepEqual(times(newYork({ settings: quarter }), '2026-03-10').slice(-2), [
      '16:15',
      '16:30',
    ]);
    const hourLong = newYork({ settings: quarter, duration: 60 });
    assert.deepEqual(times(hourLong, '2026-03-10').slice(-2), ['15:45', '16:00']);
    const shortest = newYork({
      settings: settings({
        spot_increments: 15,
        interview_durations: [
          { duration: 45, price: 100 },
          { duration: 90, price: 200 },
        ],
      }),
    });
    assert.deepEqual(times(shortest, '2026-03-10').at(-1), '16:15');
    // two intervals: nothing across the gap between them
    const split = newYork({
      settings: settings({
        spot_increments: 30,
        rules: [
          {
            type: 'wday',
            wday: 2,
            intervals: [
              { from: '09:10', to: '10:00' },
              { from: '10:15', to: '11:00' },
            ],
          },
        ],
      }),
    });
    assert.deepEqual(times(split, '2026-03-10'), ['09:15', '10:15']);
    assert.equal(slotIncrement(20), 30);
    assert.equal(slotIncrement(5), 15);
  });

  it('closes a day at its maximum of confirmed interviews, and a month at its', () => {
    const two = [
      confirmed('2026-03-10T09:00', '2026-03-10T09:30'),
      confirmed('2026-03-10T11:00', '2026-03-10T11:30'),
    ];
    const full = newYork({ settings: settings({ max_interviews_per_day: 2 }), confirmed: two });
    assert.deepEqual(times(full, '2026-03-10'), []);
    assert.deepEqual(times(full, '2026-03-11'), hours(9, 8));
    const room = newYork({ settings: settings({ max_interviews_per_day: 3 }), confirmed: two });
    assert.deepEqual(times(room, '2026-03-10'), ['10:00', ...hours(12, 5)]);
    const month = newYork({ settings: settings({ max_interviews_per_month: 2 }), confirmed: two });
    assert.deepEqual(month, {});
    const april = newYork({
      month: '2026-04',
      settings: settings({ max_interviews_per_month: 2 }),
      confirmed: two,
    });
    assert.deepEqual(times(april, '2026-04-01'), hours(9, 8));
  });

  it('hides confirmed times and keeps the buffers free around them', () => {
    const quarter = { spot_increments: 15 };
    const noon = [confirmed('2026-03-10T12:00', '2026-03-10T12:30')];
    const bare = times(newYork({ settings: settings(quarter), confirmed: noon }), '2026-03-10');
    assert.ok(bare.includes('11:30'));
    assert.ok(!bare.includes('11:45'));
    assert.ok(!bare.includes('12:00'));
    assert.ok(!bare.includes('12:15'));
    assert.ok(bare.includes('12:30'));

    const buffered = times(
      newYork({
        settings: settings({ ...quarter, buffer_before: 60, buffer_after: 60 }),
        confirmed: noon,
      }),
      '2026-03-10',
    );
    assert.ok(buffered.includes('10:30'));
    assert.ok(!buffered.includes('10:45'));
    assert.ok(!buffered.includes('13:15'));
    assert.ok(buffered.includes('13:30'));
  });
});

describe('availability slots in zones off the whole hour', () => {
  const UTC = 'UTC';

  it('Lord Howe turns its clock back half an hour: the repeated half hour is offered twice', () => {
    // first Sunday of April: 02:00 (UTC+11) becomes 01:30 (UTC+10:30)
    const result = slots({
      settings: settings({
        timezone: 'Australia/Lord_Howe',
        spot_increments: 30,
        rules: [{ type: 'wday', wday: 0, intervals: [{ from: '01:00', to: '03:00' }] }],
      }),
      month: '2026-04',
      timezone: UTC,
      now: utc('2026-03-01T00:00:00'),
    });
    assertConsistent(result, UTC);
    // Sunday 5 April in Lord Howe is Saturday 4 April in UTC: 01:00, 01:30 (+11), 01:30, 02:00
    // and 02:30 (+10:30)
    assert.deepEqual(times(result, '2026-04-04'), ['14:00', '14:30', '15:00', '15:30', '16:00']);
    // a week later, on standard time throughout: two hours, four starts
    assert.deepEqual(times(result, '2026-04-11'), ['14:30', '15:00', '15:30', '16:00']);
  });

  it('Chatham, 12:45 ahead of UTC, offers its whole hours at a quarter past in UTC', () => {
    const result = slots({
      settings: settings({ timezone: 'Pacific/Chatham' }),
      month: '2026-06',
      timezone: UTC,
      now: utc('2026-05-01T00:00:00'),
    });
    assertConsistent(result, UTC);
    // Monday 1 June 13:00-16:00 in Chatham, then Tuesday 2 June 09:00-12:00
    assert.deepEqual(times(result, '2026-06-01'), [
      '00:15',
      '01:15',
      '02:15',
      '03:15',
      '20:15',
      '21:15',
      '22:15',
      '23:15',
    ]);
  });
});
