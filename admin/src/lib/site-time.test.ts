import { describe, expect, it } from 'vitest';
import { fromZonedInputValue, scheduledForLabel, toZonedInputValue } from './site-time';

describe('site time', () => {
  it('reads a datetime-local value as wall time in the site zone, across daylight saving', () => {
    expect(fromZonedInputValue('2026-12-01T09:00', 'Europe/Lisbon')).toBe('2026-12-01T09:00:00.000Z'); // winter: UTC+0
    expect(fromZonedInputValue('2026-07-01T09:00', 'Europe/Lisbon')).toBe('2026-07-01T08:00:00.000Z'); // summer: UTC+1
    expect(fromZonedInputValue('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(fromZonedInputValue('', 'UTC')).toBeNull();
    expect(fromZonedInputValue('tomorrow', 'UTC')).toBeNull();
  });

  it('shows a UTC moment as the input value in the site zone, round-tripping', () => {
    expect(toZonedInputValue('2026-07-01T08:00:00.000Z', 'Europe/Lisbon')).toBe('2026-07-01T09:00');
    expect(toZonedInputValue('2026-07-01T13:00:00.000Z', 'Asia/Tokyo')).toBe('2026-07-01T22:00');
    expect(toZonedInputValue(null, 'UTC')).toBe('');
    const local = '2026-03-29T10:30';
    expect(toZonedInputValue(fromZonedInputValue(local, 'Europe/Berlin'), 'Europe/Berlin')).toBe(local);
  });

  it('names a schedule with its time and zone', () => {
    expect(scheduledForLabel('2026-07-01T08:00:00.000Z', 'Europe/Lisbon')).toBe(
      'Scheduled for 1 Jul 2026, 09:00 (Europe/Lisbon)',
    );
  });
});
