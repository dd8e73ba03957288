import { DateTime } from 'luxon';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('reads as luxon DATE_MED, DATE_FULL and DATETIME_MED did, in US English', () => {
    const iso = '2026-11-25T15:05:00.000Z';
    const moment = DateTime.fromISO(iso).setLocale('en-US');
    expect(formatDate(iso)).toBe(moment.toLocaleString(DateTime.DATE_MED));
    expect(formatDate(iso, 'long-date')).toBe(moment.toLocaleString(DateTime.DATE_FULL));
    expect(formatDate(iso, 'date-time')).toBe(moment.toLocaleString(DateTime.DATETIME_MED));
    expect(formatDate(iso, 'long-date', { timeZone: 'UTC' })).toBe('November 25, 2026');
    expect(formatDate(iso, 'date-time', { timeZone: 'UTC' })).toBe('Nov 25, 2026, 3:05 PM');
  });

  it('shows a date without a time as that day, wherever the reader is', () => {
    expect(formatDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatDate('2026-03-01', 'long-date')).toBe('March 1, 2026');
  });

  it('shows the moment in the zone asked for, and the reader’s when the zone is unknown', () => {
    const iso = '2026-11-25T23:30:00.000Z';
    expect(formatDate(iso, 'date-time', { timeZone: 'Asia/Tokyo' })).toBe('Nov 26, 2026, 8:30 AM');
    expect(formatDate(iso, 'date-time', { timeZone: 'Nowhere/Atlantis' })).toBe(
      formatDate(iso, 'date-time'),
    );
  });

  it('gives nothing for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it('writes a day as Intl.DateTimeFormat does, in every month', () => {
    for (let month = 0; month < 12; month += 1) {
      const day = new Date(2027, month, month + 9, 23, 59);
      const intl = (style: 'short' | 'long') =>
        new Intl.DateTimeFormat('en-US', { year: 'numeric', month: style, day: 'numeric' });
      expect(formatDate(day)).toBe(intl('short').format(day));
      expect(formatDate(day, 'long-date')).toBe(intl('long').format(day));
      expect(formatDate(day.toISOString(), 'long-date')).toBe(intl('long').format(day));
    }
  });
});
