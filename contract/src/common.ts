import { z } from 'zod';
import { isValidSlug } from './slugify.js';
import { ID_MAX, SLUG_MAX } from './limits.js';

const ID_MESSAGE = 'Must be a positive integer id';

/** A positive integer id taken from a path parameter such as /posts/{id}. */
export const idParamsSchema = z.object({
  id: z.coerce
    .number({ message: ID_MESSAGE })
    .refine((id) => Number.isInteger(id) && id >= 1 && id <= ID_MAX, ID_MESSAGE),
});

/** A slug as stored: required, bounded, and already in the form slugify gives. */
export const slugSchema = z
  .string({ message: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .refine(isValidSlug, 'Slug may contain only lowercase letters, digits and single hyphens');

/** Optional free text: null, undefined and '' are all stored as null. */
export function optionalText(max: number) {
  return z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value == null || value.trim() === '' ? null : value));
}

/** A required, trimmed, bounded string with a readable message naming the field. */
export function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * Output schemas describe what the API answers. They carry types and nothing stricter: a limit here that the
 * input schemas did not enforce when the row was written would turn a stored value into a 500 on the way out.
 */
export const idSchema = z.number().int();
/** Server-owned timestamps, ISO 8601 UTC. */
export const timestampsSchema = z.object({ created_at: z.string(), updated_at: z.string() });
/** Optional text as the API answers it: a string or null, never absent. */
export const nullableText = z.string().nullable();
/** An optional reference to another row as the API answers it. */
export const nullableId = idSchema.nullable();
/** What a 204 answer carries: nothing. */
export const noContentSchema = z.undefined();

/** An optional reference to another row by id; null, undefined and absent all mean "none". */
export function optionalId(label: string) {
  return z
    .number({ message: `${label} must be a whole number or null` })
    .int(`${label} must be a whole number or null`)
    .positive(`${label} must be a positive number or null`)
    .max(ID_MAX, `${label} must be at most ${ID_MAX}`)
    .nullish()
    .transform((value) => value ?? null);
}
