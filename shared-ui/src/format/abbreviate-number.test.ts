import { abbreviateNumber } from './abbreviate-number';

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1200, '1.2k'],
    [48_250, '48.3k'],
    [999_950, '1M'],
    [1_500_000, '1.5M'],
    [2_000_000_000, '2G'],
    [3.4e12, '3.4T'],
    [5e15, '5P'],
    [1e18, '1E'],
    [2.5e21, '2500E'],
    [-1200, '-1.2k'],
  ])('%p → %p', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });
});
