import type { FastifyRequest } from 'fastify';
import type { FieldError } from '@tours-cms/contract';
import { HttpError } from '../core/errors.js';

const MESSAGE = 'Must not contain a NUL character';

/** Where a NUL character hides in a parsed value: its dotted path, or null when there is none. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text and SQLite can: refuse it everywhere (422, naming the field), so both
 * databases answer alike and neither turns it into a 500. Runs as a preHandler, after validation, so it sees
 * the values that would be stored, whichever way the body arrived (JSON, form or multipart).
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const field = findNul(value, '');
    if (field !== null) {
      const error: FieldError = { field: field || part, message: MESSAGE };
      throw new HttpError(422, `${error.field}: ${MESSAGE}`, [error]);
    }
  }
}
