import type { FieldError } from '@tours-cms/contract';

/** The one error type routes and services throw; the error handler turns it into `{ detail, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const notAuthenticated = () => new HttpError(401, 'Not authenticated', undefined, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail);
/** 404 with the spec's wording: notFound('Post') → "Post not found". */
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (detail: string) => new HttpError(409, detail);
/** 422 for one field, shaped like a schema validation failure. */
export const invalidField = (field: string, message: string) => new HttpError(422, message, [{ field, message }]);
export const tooManyRequests = (retryAfterSeconds: number, detail = 'Too many attempts. Try again later.') =>
  new HttpError(429, detail, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
