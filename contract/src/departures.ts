import { z } from 'zod';
import { SHORT_TEXT_MAX } from './limits.js';
import { idSchema, nullableText, optionalText, timestampsSchema } from './common.js';
import { priceSchema } from './tour-fields.js';

/**
 * A tour's departures (issue 29): the days it runs, each with its own price and seats. `starts_on` is a day in the
 * site's time zone; `availability` is computed from the status, the seats left and today's date there.
 */
export const DEPARTURE_STATUSES = ['open', 'guaranteed', 'cancelled'] as const;
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];
export const DEPARTURE_AVAILABILITIES = ['available', 'limited', 'sold_out', 'cancelled', 'past'] as const;
export type DepartureAvailability = (typeof DEPARTURE_AVAILABILITIES)[number];
/** Fewer seats left than this reads as "limited". */
export const DEPARTURE_LIMITED_BELOW = 5;
/** A series covers at most this many days. */
export const DEPARTURE_SERIES_MAX_DAYS = 366;
export const DEPARTURE_SEATS_MAX = 100_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a day that exists on the calendar, written YYYY-MM-DD (2027-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days from `from` to `to` (both YYYY-MM-DD), counting both: 2027-03-01 to 2027-03-01 is 1. */
export function daysSpanned(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The locale a language's dates are written in. Bare `en` is British English ("Mon, 2 Mar 2099", "March 2027"), as
 * the site has always written them; any other tag is its own (`en-US`: "Mon, Mar 2, 2099"; `de`: "Mo., 2. März 2099").
 */
export function dateLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter made once per locale (a site has at most 20 languages). */
function formatIn(
  formats: Map<string, Intl.DateTimeFormat>,
  language: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(language), { ...options, timeZone: 'UTC' });
    formats.set(language, format);
  }
  return format;
}

/**
 * A departure's day as the site shows it to visitors, and the admin to staff: "Mon, 2 Mar 2099" (the day is already
 * the site's, so no zone shift); in another language, that language's way (dateLocale).
 */
export function formatDepartureDay(day: string, language = 'en'): string {
  return formatIn(dayFormats, language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A month (YYYY-MM) as the catalogue's month filter names it: "March 2027" (in `language`, dateLocale). */
export function formatDepartureMonth(month: string, language = 'en'): string {
  return formatIn(monthFormats, language, { month: 'long', year: 'numeric' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** A departure's day and time as one text: "Mon, 2 Mar 2099, 09:30" (the day alone without a time). */
export function formatDepartureWhen(departure: { starts_on: string; start_time: string | null }): string {
  const day = formatDepartureDay(departure.starts_on);
  return departure.start_time ? `${day}, ${departure.start_time}` : day;
}

/** True for a month written YYYY-MM (years 2000 to 2999), as the catalogue's `?month=` takes it. */
export function isDepartureMonth(value: string): boolean {
  return /^2\d{3}-(0[1-9]|1[0-2])$/.test(value);
}

export function dateSchema(label: string) {
  return z
    .string({ message: `${label} is required` })
    .refine(isCalendarDate, `${label} must be a date that exists, written YYYY-MM-DD`);
}

const startTimeSchema = z
  .string({ message: 'Start time must be HH:MM or null' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Start time must be HH:MM (00:00 to 23:59)')
  .nullish()
  .transform((value) => value ?? null);

const seatsTotalSchema = z
  .number({ message: 'Seats must be a whole number or null' })
  .int('Seats must be a whole number')
  .min(0, 'Seats cannot be negative')
  .max(DEPARTURE_SEATS_MAX, `Seats must be at most ${DEPARTURE_SEATS_MAX}`)
  .nullish()
  .transform((value) => value ?? null);

export const departureInputSchema = z.object({
  starts_on: dateSchema('Date'),
  start_time: startTimeSchema,
  /** Null: the tour's price. */
  price: priceSchema,
  /** Null: no limit. */
  seats_total: seatsTotalSchema,
  status: z.enum(DEPARTURE_STATUSES, { message: 'Status must be open, guaranteed or cancelled' }).default('open'),
  note: optionalText(SHORT_TEXT_MAX),
});
export type DepartureInput = z.input<typeof departureInputSchema>;
export type DepartureData = z.output<typeof departureInputSchema>;

export const departureSchema = z.object({
  id: idSchema,
  post_id: idSchema,
  starts_on: z.string(),
  start_time: nullableText,
  price: z.number().nullable(),
  seats_total: z.number().int().nullable(),
  seats_taken: z.number().int(),
  status: z.enum(DEPARTURE_STATUSES),
  /** The note in the language of the tour it was read through (issue 30: each language has its own). */
  note: nullableText,
  /**
   * Read through a tour in another language than the site's default: the default language's note, which the site
   * shows in that language while `note` is null. Null through a tour in the default language.
   */
  default_note: nullableText,
  availability: z.enum(DEPARTURE_AVAILABILITIES),
  ...timestampsSchema.shape,
});
export type Departure = z.infer<typeof departureSchema>;

/** GET /posts/{id}/departures: upcoming ones unless `from` says otherwise; `to` bounds them. */
export const departureListQuerySchema = z
  .object({
    from: dateSchema('From').optional(),
    to: dateSchema('To').optional(),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: 'To cannot be before From', path: ['to'] });

export const departureParamsSchema = z.object({
  id: z.coerce.number({ message: 'Must be a positive integer id' }).int().positive(),
  departure_id: z.coerce.number({ message: 'Must be a positive integer id' }).int().positive(),
});

/** POST /posts/{id}/departures/series: one departure on each matching weekday (1 Monday … 7 Sunday). */
export const departureSeriesInputSchema = z
  .object({
    from: dateSchema('From'),
    to: dateSchema('To'),
    weekdays: z
      .array(
        z
          .number({ message: 'Weekdays must be numbers from 1 (Monday) to 7 (Sunday)' })
          .int('Weekdays must be numbers from 1 (Monday) to 7 (Sunday)')
          .min(1, 'Weekdays must be numbers from 1 (Monday) to 7 (Sunday)')
          .max(7, 'Weekdays must be numbers from 1 (Monday) to 7 (Sunday)'),
        { message: 'Choose at least one weekday' },
      )
      .min(1, 'Choose at least one weekday')
      .max(7, 'Choose at most seven weekdays'),
    start_time: startTimeSchema,
    price: priceSchema,
    seats_total: seatsTotalSchema,
  })
  .superRefine((input, ctx) => {
    if (input.to < input.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To cannot be before From' });
    else if (daysSpanned(input.from, input.to) > DEPARTURE_SERIES_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A series can cover at most ${DEPARTURE_SERIES_MAX_DAYS} days`,
      });
  });
export type DepartureSeriesInput = z.input<typeof departureSeriesInputSchema>;
export type DepartureSeriesData = z.output<typeof departureSeriesInputSchema>;

export const departureSeriesResultSchema = z.object({ created: z.number().int(), skipped: z.number().int() });
export type DepartureSeriesResult = z.infer<typeof departureSeriesResultSchema>;

/** DELETE of a departure with seats taken: 409 saying how many. */
export const departureInUseSchema = z.object({ detail: z.string(), seats_taken: z.number().int() });
