import { z } from 'zod';
import { CALENDAR_EMBED_MAX, DESCRIPTION_MAX, PRICE_MAX, SHORT_TEXT_MAX, URL_MAX } from './limits.js';
import { nullableText, optionalText } from './common.js';

/** True when a number has at most two decimal places, allowing for binary floating point (0.1 + 0.2). */
function hasCents(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A price in the currency's main unit: a number with at most two decimals, or null for "no price". */
export const priceSchema = z
  .number({ message: 'Price must be a number' })
  .min(0, 'Price cannot be negative')
  .max(PRICE_MAX, `Price must be at most ${PRICE_MAX}`)
  .refine(hasCents, 'Price can have at most two decimal places')
  .transform((value) => Math.round(value * 100) / 100)
  .nullish()
  .transform((value) => value ?? null);

/** The tour details a post carries, and a page on edit: one set of rules for both. */
export const tourFieldsShape = {
  price: priceSchema,
  duration: optionalText(SHORT_TEXT_MAX),
  age: optionalText(SHORT_TEXT_MAX),
  location: optionalText(SHORT_TEXT_MAX),
  button_label: optionalText(SHORT_TEXT_MAX),
  button_value: optionalText(URL_MAX),
  calendar_time_iframe: optionalText(CALENDAR_EMBED_MAX),
  short_description: optionalText(DESCRIPTION_MAX),
};

/** The tour details as the API answers them. */
export const tourFieldsOutputShape = {
  price: z.number().nullable(),
  duration: nullableText,
  age: nullableText,
  location: nullableText,
  button_label: nullableText,
  button_value: nullableText,
  calendar_time_iframe: nullableText,
  short_description: nullableText,
};

/**
 * The tour details' field specs (fields.ts), which posts and pages both spread into their tables: labels as the
 * editors show them, the activity log's names, and which of them the public tour page and its card read.
 */
export const tourFieldSpecs = {
  price: { label: 'Price', kind: 'price', public: 'card' },
  duration: { label: 'Duration', kind: 'text', public: 'card' },
  age: { label: 'Age', kind: 'text', public: 'page' },
  location: { label: 'Location', kind: 'text', public: 'card' },
  button_label: { label: 'Button Label', kind: 'text', public: 'page' },
  button_value: { label: 'Button Value', kind: 'text', public: 'page' },
  calendar_time_iframe: { label: 'Calendar Time iFrame', kind: 'code', log: 'calendar', public: 'page' },
  short_description: { label: 'Short Description', kind: 'text', public: 'card' },
} as const;
