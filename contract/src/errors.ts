import { z } from 'zod';

/** One field's problem in a 422 answer. */
const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every error the API answers. */
export const apiErrorSchema = z.object({ detail: z.string(), errors: z.array(fieldErrorSchema).optional() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * A field's name in a 422 from its path in the input: `['itinerary', 3, 'title']` is `itinerary[3].title`,
 * `['meeting_point', 'latitude']` is `meeting_point.latitude`. The server names what it refuses this way, and the
 * admin names what its own check of the schema finds the same way, so both land on the same input.
 */
export function fieldNameOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, segment) => {
    if (typeof segment === 'number' || /^\d+$/.test(String(segment))) return `${name}[${String(segment)}]`;
    return name ? `${name}.${String(segment)}` : String(segment);
  }, '');
}
