import { conversationTimeLabel, daySeparatorLabel, messageDay, messageTime } from './time-label';

// Wed 2 Dec 2026, 10:30 AM in US/Central (16:30 UTC).
const now = new Date('2026-12-02T16:30:00Z');
const zone = 'US/Central';

describe('the inbox time labels (spec §2, §9)', () => {
  it('shows the time on the same day, in the viewer’s zone', () => {
    expect(conversationTimeLabel('2026-12-02T15:05:00Z', zone, now)).toBe('9:05 AM');
    // Half past midnight in Chicago (06:30 UTC) is today there.
    expect(conversationTimeLabel('2026-12-02T06:30:00Z', zone, now)).toBe('12:30 AM');
    // A stamp a minute ahead of this clock is today's as well.
    expect(conversationTimeLabel('2026-12-02T16:31:00Z', zone, now)).toBe('10:31 AM');
  });

  it('says how many days ago under 7 days, by calendar day', () => {
    // 11 PM on 1 Dec in Chicago is 05:00 UTC on 2 Dec: yesterday there, not today.
    expect(conversationTimeLabel('2026-12-02T05:00:00Z', zone, now)).toBe('yesterday');
    expect(conversationTimeLabel('2026-11-30T18:00:00Z', zone, now)).toBe('2 days ago');
    expect(conversationTimeLabel('2026-11-26T18:00:00Z', zone, now)).toBe('6 days ago');
  });

  it('shows the date from 7 days on', () => {
    expect(conversationTimeLabel('2026-11-25T18:00:00Z', zone, now)).toBe('Nov 25, 2026');
    expect(conversationTimeLabel('2025-06-01T18:00:00Z', zone, now)).toBe('Jun 1, 2025');
  });

  it('names the days of a conversation', () => {
    expect(daySeparatorLabel('2026-12-02T15:05:00Z', zone, now)).toBe('Today');
    expect(daySeparatorLabel('2026-12-01T15:05:00Z', zone, now)).toBe('Yesterday');
    expect(daySeparatorLabel('2026-11-28T15:05:00Z', zone, now)).toBe('November 28, 2026');
    expect(messageDay('2026-12-02T05:00:00Z', zone)).toBe('2026-12-01');
    expect(messageTime('2026-12-02T05:00:00Z', zone)).toBe('11:00 PM');
  });

  it('gives nothing for a time that is none', () => {
    expect(conversationTimeLabel('soon', zone, now)).toBe('');
    expect(daySeparatorLabel('soon', zone, now)).toBe('');
  });
});
