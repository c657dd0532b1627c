import { z } from 'zod';

/** One field's problem in a 422 answer. */
const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every error the API answers. */
export const apiErrorSchema = z.object({ detail: z.string(), errors: z.array(fieldErrorSchema).optional() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
