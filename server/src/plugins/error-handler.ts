import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldNameOf, type FieldError } from '@tours-cms/contract';
import { HttpError, httpErrorFromDatabase } from '../core/errors.js';

// Fastify's own 4xx errors, reworded as sentences a person can read.
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but should be JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type header is not valid',
  FST_ERR_BAD_URL: 'The request address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The request address is too long',
  FST_FILES_LIMIT: 'This form takes no files',
  FST_FIELDS_LIMIT: 'The form has too many fields',
  FST_PARTS_LIMIT: 'The form has too many fields',
};

/**
 * Errors the router raises before any route runs (a URL that does not decode, a path parameter over the length
 * limit): Fastify hands them to `frameworkErrors`, not to the error handler, so they are shaped here.
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ detail: FASTIFY_DETAILS[error.code] ?? 'The request address is not valid' });
}

/** A JSON pointer as a field name: `/itinerary/3/title` is `itinerary[3].title` (the contract's `fieldNameOf`). */
function fieldName(pointer: string): string {
  return fieldNameOf(pointer.split('/').slice(1));
}

/** The one place that shapes errors: `{ detail, errors? }` with the status codes. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ detail: error.detail, ...(error.errors ? { errors: error.errors } : {}), ...(error.extra ?? {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const errors: FieldError[] = error.validation.map((issue) => {
        const field = fieldName(issue.instancePath) || (context ?? 'body');
        return { field, message: issue.message };
      });
      // Our schemas' messages name their field ("Slug is required"); zod's defaults do not, so those get it in front.
      const detail = errors
        .map((e) =>
          e.message.toLowerCase().includes(
            e.field
              .split('.')
              .pop()!
              .replace(/\[\d+\]/g, '')
              .replace(/_/g, ' ')
              .toLowerCase(),
          )
            ? e.message
            : `${e.field}: ${e.message}`,
        )
        .join('; ');
      return reply.status(422).send({ detail, errors });
    }
    const fromDatabase = httpErrorFromDatabase(error);
    if (fromDatabase) {
      // A refusal that the service should have foreseen with a clearer message: worth a look, not an alarm.
      request.log.warn({ err: error }, 'database refused the request');
      return reply.status(fromDatabase.statusCode).send({ detail: fromDatabase.detail });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // A prototype-poisoning body ("__proto__" keys) is refused by Fastify's parser with a 400.
      const detail =
        FASTIFY_DETAILS[error.code] ??
        (error.code === 'FST_ERR_CTP_INVALID_JSON' ? 'The request body is not valid JSON' : error.message);
      return reply.status(status).send({ detail });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });
}
