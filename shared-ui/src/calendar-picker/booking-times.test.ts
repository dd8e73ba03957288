import {
  formatAgreedDate,
  formatDayTime,
  formatEntryTime,
  formatTimeRange,
  toUtcDateTime,
} from './calendar-dates';

describe('the booking page’s times', () => {
  it('reads a timeline entry as the spec’s MMM D, h:mm A in the viewer’s zone', () => {
    expect(formatEntryTime('2026-11-28T15:00:00Z', 'US/Central')).toBe('Nov 28, 9:00 AM');
    expect(formatEntryTime('2026-11-28T15:00:00Z', 'Europe/Paris')).toBe('Nov 28, 4:00 PM');
    expect(formatEntryTime('2026-11-29T00:05:00Z', 'UTC')).toBe('Nov 29, 12:05 AM');
  });

  it('reads a deadline as ccc d LLL, h:mm a', () => {
    expect(formatDayTime('2025-12-02T21:00:00Z', 'US/Central')).toBe('Tue 2 Dec, 3:00 PM');
    // The day is the viewer's: late on the 1st in Chicago is the 2nd in UTC.
    expect(formatDayTime('2026-12-02T03:30:00Z', 'US/Central')).toBe('Tue 1 Dec, 9:30 PM');
  });

  it('follows the zone’s summer time', () => {
    expect(formatDayTime('2026-07-01T12:00:00Z', 'America/New_York')).toBe('Wed 1 Jul, 8:00 AM');
    expect(formatDayTime('2026-01-01T12:00:00Z', 'America/New_York')).toBe('Thu 1 Jan, 7:00 AM');
  });

  it('reads a proposed time with its end', () => {
    expect(formatTimeRange('2026-12-07T20:00:00Z', '2026-12-07T20:30:00Z', 'US/Central')).toBe(
      'Mon 7 Dec, 2:00 PM – 2:30 PM',
    );
  });

  it('reads the agreed date as LLL', () => {
    expect(formatAgreedDate('2026-12-07T20:00:00Z', 'US/Central')).toBe('December 7, 2026 2:00 PM');
  });

  it('falls back to the reader’s zone for an unknown one, and to nothing for no date', () => {
    expect(formatEntryTime('2026-11-28T15:00:00Z', 'Nowhere/Atlantis')).not.toBe('');
    expect(formatEntryTime('not a date', 'UTC')).toBe('');
  });

  it('sends a date as UTC YYYY-MM-DD HH:mm:ss', () => {
    expect(toUtcDateTime('2026-12-07T20:00:00Z')).toBe('2026-12-07 20:00:00');
    expect(toUtcDateTime('2026-12-07T14:00:00-06:00')).toBe('2026-12-07 20:00:00');
  });
});
