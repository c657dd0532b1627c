import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.js';

describe('formatDate', () => {
  // Midday UTC, so the calendar day is the same in every time zone the tests may run in.
  const iso = '2024-03-05T12:00:00.000Z';

  it('formats an ISO timestamp in the given locale', () => {
    expect(formatDate(iso, 'en-US')).toBe('3/5/2024');
    expect(formatDate(iso, 'en-GB')).toBe('05/03/2024');
    expect(formatDate(iso, 'de-DE')).toBe('5.3.2024');
  });

  it('uses the runtime locale when none is given', () => {
    expect(formatDate(iso)).toBe(new Date(iso).toLocaleDateString());
  });

  it('answers an empty string for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
