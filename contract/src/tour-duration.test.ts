import { describe, expect, it } from 'vitest';
import { durationMinutes } from './tour-duration.js';

describe('durationMinutes', () => {
  it.each([
    ['3 hours', 180],
    ['1.5 h', 90],
    ['2,5 hrs', 150],
    ['90 minutes', 90],
    ['1 hour 30 minutes', 90],
    ['Half day', 240],
    ['Full-day trip', 480],
    ['2 days', 2880],
    ['3 days / 2 nights', 4320],
    ['1 week', 10080],
    ['2-3 hours', 120],
  ])('reads %j as %i minutes', (text, minutes) => {
    expect(durationMinutes(text)).toBe(minutes);
  });

  it.each([null, '', 'Flexible', 'ask us', '3 apples'])('reads no number from %j', (text) => {
    expect(durationMinutes(text)).toBeNull();
  });

  it('reads 2 MB of digits, spaces and ranges in one pass', () => {
    // 255 digits took the pattern before this 0.2 s, its number split every way between two captures.
    expect(durationMinutes('1'.repeat(2 * 1024 * 1024))).toBeNull();
    expect(durationMinutes(`1${' '.repeat(2 * 1024 * 1024)}!`)).toBeNull();
    expect(durationMinutes(`${'1 - '.repeat(500_000)}3 hours`)).toBe(60);
  });
});
