import type { FieldError } from '@tours-cms/contract';
import { isDataException, isForeignKeyViolation, isUniqueViolation } from '../db/database-errors.js';

/** The one error type routes and services throw; the error handler turns it into `{ detail, errors?, ...extra }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Fields the answer carries beside `detail` (a version conflict's current version and who saved it). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const notAuthenticated = () =>
  new HttpError(401, 'Not authenticated', undefined, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail);
/** 404 with the spec's wording: notFound('Post') → "Post not found". */
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (detail: string) => new HttpError(409, detail);
/** 422 for one field, shaped like a schema validation failure. */
export const invalidField = (field: string, message: string) => new HttpError(422, message, [{ field, message }]);
export const tooManyRequests = (retryAfterSeconds: number, detail = 'Too many attempts. Try again later.') =>
  new HttpError(429, detail, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * The 4xx behind a database refusal that no service foresaw (two requests racing for one unique value, a
 * foreign id that vanished meanwhile, a value PostgreSQL cannot store), or null for a real failure. Services
 * check these cases first with readable messages; this is the net that keeps bad input from becoming a 500.
 */
export function httpErrorFromDatabase(error: unknown): HttpError | null {
  if (isUniqueViolation(error)) return conflict('This conflicts with an existing record');
  if (isForeignKeyViolation(error)) return new HttpError(422, 'A referenced item does not exist');
  if (isDataException(error)) return badRequest('A value in the request cannot be stored');
  return null;
}
