import type { TourFields } from '@tours-cms/contract';
import type { TourFields as TourFieldsRow } from './tables.js';

/**
 * The tour details of a post or page row as the API answers them. The price is a number: PostgreSQL's numeric is
 * parsed to one (see connect.ts) and SQLite answers one; a string is still tolerated.
 */
export function toTourFields(row: TourFieldsRow): TourFields {
  return {
    price: row.price === null ? null : Number(row.price),
    duration: row.duration,
    age: row.age,
    location: row.location,
    button_label: row.button_label,
    button_value: row.button_value,
    calendar_time_iframe: row.calendar_time_iframe,
    short_description: row.short_description,
  };
}
