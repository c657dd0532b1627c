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
    // The site's other languages: a translated tour's duration is its own text.
    ['3 Stunden', 180],
    ['1,5 Std.', 90],
    ['90 Minuten', 90],
    ['Halbtags', 240],
    ['Ganztägig', 480],
    ['2 Tage / 1 Nacht', 2880],
    ['3 Tagen', 4320],
    ['3 heures', 180],
    ['Demi-journée', 240],
    ['4 jours / 3 nuits', 5760],
    ['2 horas', 120],
    ['Día completo', 480],
    ['3 días', 4320],
    ['2 dias / 1 noite', 2880],
    ['Meio dia', 240],
    ['4 ore', 240],
    ['Mezza giornata', 240],
    ['2 giorni', 2880],
    ['3 uur', 180],
    ['Hele dag', 480],
    ['2 dagen', 2880],
  ])('reads %j as %i minutes', (text, minutes) => {
    expect(durationMinutes(text)).toBe(minutes);
  });

  it.each([null, '', 'Flexible', 'ask us', '3 apples', '3 Äpfel', 'Tagesausflug'])(
    'reads no number from %j',
    (text) => {
      expect(durationMinutes(text)).toBeNull();
    },
  );

  it('reads 2 MB of digits, spaces and ranges in one pass', () => {
    // 255 digits took the pattern before this 0.2 s, its number split every way between two captures.
    expect(durationMinutes('1'.repeat(2 * 1024 * 1024))).toBeNull();
    expect(durationMinutes(`1${' '.repeat(2 * 1024 * 1024)}!`)).toBeNull();
    expect(durationMinutes(`${'1 - '.repeat(500_000)}3 hours`)).toBe(60);
  });
});
