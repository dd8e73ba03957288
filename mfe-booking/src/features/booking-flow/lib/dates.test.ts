import { DateTime } from 'luxon';
import { isFutureSlot, monthGrid, togglePick } from './dates';

describe('togglePick', () => {
  it('adds up to three picks; a fourth drops the oldest', () => {
    let picks: string[] = [];
    for (const time of ['a', 'b', 'c', 'd']) picks = togglePick(picks, time);
    expect(picks).toEqual(['b', 'c', 'd']);
  });

  it('unpicks a picked time', () => {
    expect(togglePick(['a', 'b'], 'a')).toEqual(['b']);
  });
});

it('keeps only slots that have not started', () => {
  const now = DateTime.fromISO('2026-03-10T12:00:00Z', { zone: 'utc' });
  // the server answers free slots only (status 'available', contract/availability.ts)
  const slot = (utc: string) => ({
    utc,
    datetime: utc,
    date: utc.slice(0, 10),
    status: 'available' as const,
  });
  expect(isFutureSlot(slot('2026-03-10 11:59:00'), now)).toBe(false);
  expect(isFutureSlot(slot('2026-03-10 12:00:00'), now)).toBe(false);
  expect(isFutureSlot(slot('2026-03-10 12:30:00'), now)).toBe(true);
});

it('pads the month grid so the 1st falls under its weekday, Monday first', () => {
  // 1 March 2026 is a Sunday
  const grid = monthGrid('2026-03');
  expect(grid.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-03-01']);
  expect(grid.filter(Boolean)).toHaveLength(31);
});
