/**
 * A tour's duration is free text ("3 hours", "Full day", "2 days / 1 night"), as staff write it. The catalogue's
 * duration filter needs a number, so the server reads minutes out of the text when a post is saved; text it cannot
 * read has no number and matches no duration filter (it still shows, unfiltered, as written).
 */

// The units in the languages the site has words for (site-words/): a German tour's "3 Stunden" is filtered as an
// English tour's "3 hours" (each translation's duration is its own text, read when it is saved).
const UNITS: [RegExp, number][] = [
  [/^(?:weeks?|wks?|wochen?|semaines?|semanas?|settimana|settimane|weken)$/, 7 * 1440],
  [/^(?:days?|d|tage?n?|jours?|días?|dias?|giorni|giorno|dagen|dag)$/, 1440],
  [/^(?:nights?|nächte?n?|nacht|nuits?|noches?|noites?|notti|notte|nachten)$/, 1440],
  [/^(?:hours?|hrs?|h|stunden?|std|heures?|horas?|ore|ora|uur|uren)$/, 60],
  [/^(?:minutes?|mins?|m|minuten?|minutos?|minuti|minuto)$/, 1],
];

/**
 * "2-3 hours", "1.5 h", "90 minutes": a number, an optional range's end, a unit. Linear: a number starts only where
 * no digit precedes it and ends where none follows, and each run of spaces can be read by one `\s*` only (the
 * pattern before it read 255 digits in 0.2 s, three runs of spaces and a number splitting them every way).
 */
const DURATION_PAIR = /(?<!\d)(\d+(?:[.,]\d+)?)(?!\d)\s*(?:(?:-|–|to)\s*)?(?:\d+(?:[.,]\d+)?(?!\d)\s*)?(\p{L}+)/gu;

/** "Half day" and "full day" as the site's languages write them (lower-cased). */
const HALF_DAY =
  /(?:^|[^\p{L}])(?:half[\s-]?day|halbtags|halber\s+tag|halbtägig|demi[\s-]journée|medio\s+día|meio[\s-]dia|mezza\s+giornata|halve\s+dag)(?![\p{L}])/u;
const FULL_DAY =
  /(?:^|[^\p{L}])(?:(?:full|whole|all)[\s-]?day|ganztags|ganztägig|ganzer\s+tag|journée\s+complète|día\s+completo|dia\s+inteiro|giornata\s+intera|hele\s+dag)(?![\p{L}])/u;

/** Minutes read from a duration text, or null: "3 hours" 180, "1.5 h" 90, "Half day" 240, "Full day" 480, "2 days" 2880. */
export function durationMinutes(text: string | null | undefined): number | null {
  const value = text?.trim().toLowerCase();
  if (!value) return null;
  if (HALF_DAY.test(value)) return 240;
  if (FULL_DAY.test(value)) return 480;
  // The largest "number unit" pair wins: "2 days / 1 night" is two days, "1 hour 30 minutes" is read as 90.
  const pairs = [...value.matchAll(DURATION_PAIR)];
  let best: number | null = null;
  let hoursAndMinutes = 0;
  for (const [, amount, unit] of pairs) {
    const factor = UNITS.find(([pattern]) => pattern.test(unit!))?.[1];
    if (factor === undefined) continue;
    const minutes = Number(amount!.replace(',', '.')) * factor;
    if (factor <= 60) hoursAndMinutes += minutes;
    best = Math.max(best ?? 0, minutes);
  }
  if (best === null) return null;
  return Math.round(Math.max(best, hoursAndMinutes));
}

/** The catalogue's duration choices: a visitor thinks in "a few hours", "a day", "a trip", not in minutes. */
export const DURATION_FILTERS = [
  { value: 'hours', label: 'Up to 4 hours', min: 0, max: 240 },
  { value: 'day', label: 'Half a day to a day', min: 241, max: 1440 },
  { value: 'days', label: 'Several days', min: 1441, max: null },
] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number]['value'];

/**
 * What the catalogue's text search looks in: the title, location and short description, lower-cased here (by
 * JavaScript's Unicode rules, which SQLite's lower() lacks) and stored beside the post, so a search is one LIKE
 * over one column on both databases.
 */
export function tourSearchText(tour: {
  title: string;
  location?: string | null;
  short_description?: string | null;
}): string {
  return [tour.title, tour.location, tour.short_description]
    .filter((part): part is string => Boolean(part?.trim()))
    .join('\n')
    .toLowerCase();
}

/** A visitor's search text in the form `tourSearchText` stores. */
export function normalizeSearchText(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
