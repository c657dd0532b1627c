import { HttpError } from './errors.js';
import type { Db } from '../db/dialect.js';
import { isUniqueViolation } from '../db/database-errors.js';
import { findSlugOwner, type SlugTable } from '../db/slug-owner.js';

/** 409 naming the slug field: "A post with this slug already exists". */
export function slugConflict(what: string, fieldMessage = 'This slug is already in use'): HttpError {
  return new HttpError(409, `A ${what} with this slug already exists`, [{ field: 'slug', message: fieldMessage }]);
}

/** 409 when a trashed item cannot come back because another item took its slug meanwhile. */
export function slugTakenMeanwhile(what: string, slug: string): HttpError {
  return new HttpError(409, `Another ${what} now uses the slug "${slug}": change one of them, then restore`, [
    { field: 'slug', message: 'This slug is already in use' },
  ]);
}

/**
 * The one guard of a unique slug, for every table that has one. `claim` checks that no other row holds the slug
 * (a clear 409), then runs the write; should another request take the slug between the check and the write, the
 * database's unique index refuses it and the answer is the same 409, never a 500.
 */
export interface SlugGuard {
  claim<T>(db: Db, slug: string, exceptId: number | undefined, write: () => Promise<T>): Promise<T>;
}

export function slugGuard(table: SlugTable, conflict: () => HttpError): SlugGuard {
  return {
    async claim(db, slug, exceptId, write) {
      if ((await findSlugOwner(db, table, slug, exceptId)) !== undefined) throw conflict();
      try {
        return await write();
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict();
        throw error;
      }
    },
  };
}
