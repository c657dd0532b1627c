import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListPage } from '@tours-cms/contract';
import type { z } from 'zod';
import type { Db } from './db/dialect.js';
import { HttpError } from './core/errors.js';

/**
 * Keyset paging shared by the long lists (issue 26): a page is the rows after the cursor's (sort key, id) in the
 * sort's order, so rows inserted meanwhile never shift or repeat a page, and the database walks an index instead of
 * counting past an offset. The query schema (contract listQuerySchema) has already refused a cursor of another list
 * or sort; here it is only read.
 */
/**
 * A cursor: base64url of the list's name, the sort it was made for, and the last row's sort key and id. A cursor
 * from another list or another sort is refused with 422 naming `cursor`, never silently misread.
 */
export interface ListCursor {
  list: string;
  sort: string;
  key: string | number | null;
  id: number;
}

export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.list, cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

/** The cursor, or undefined when the text is not one this server made. */
export function decodeListCursor(text: string): ListCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4) return undefined;
    const [list, sort, key, id] = value as unknown[];
    if (typeof list !== 'string' || typeof sort !== 'string') return undefined;
    if (key !== null && typeof key !== 'string' && typeof key !== 'number') return undefined;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined;
    return { list, sort, key, id };
  } catch {
    return undefined;
  }
}

export interface KeysetSort {
  /** The column sorted on; it must be NOT NULL (a row value comparison with NULL matches nothing). */
  column: string;
  descending: boolean;
}

/** `title` → ascending title, `-created_at` → newest first. */
export function keysetSort(sort: string): KeysetSort {
  return sort.startsWith('-') ? { column: sort.slice(1), descending: true } : { column: sort, descending: false };
}

/** The condition "after the cursor" for a table aliased or not; `table` qualifies the columns when given. */
export function afterCursor(sort: KeysetSort, cursorText: string | undefined, table?: string): Expression<SqlBool> {
  const cursor = cursorText === undefined ? undefined : decodeListCursor(cursorText);
  if (!cursor) return sql<SqlBool>`1 = 1`;
  const column = sql.ref(table ? `${table}.${sort.column}` : sort.column);
  const id = sql.ref(table ? `${table}.id` : 'id');
  // The leading bound alone is a range the index can seek to; the rest settles the ties. Without it a page deep in
  // a list walked every index entry before the cursor (as an offset does).
  return sort.descending
    ? sql<SqlBool>`(${column} <= ${cursor.key} and (${column} < ${cursor.key} or ${id} < ${cursor.id}))`
    : sql<SqlBool>`(${column} >= ${cursor.key} and (${column} > ${cursor.key} or ${id} > ${cursor.id}))`;
}

/**
 * The rows of a page: after the cursor, in the sort's order (ties by id), `limit + 1` of them (the extra one only
 * says a next page exists: toListPage). `table` qualifies the columns when the query joins others.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table and selection: only where/order/limit added
export function pageRows<QB extends SelectQueryBuilder<any, any, any>>(
  query: QB,
  sort: KeysetSort,
  cursor: string | undefined,
  limit: number,
  table?: string,
): QB {
  const direction = sort.descending ? 'desc' : 'asc';
  const qualified = (column: string) => sql.ref(table ? `${table}.${column}` : column);
  return query
    .where(afterCursor(sort, cursor, table))
    .orderBy(qualified(sort.column), direction)
    .orderBy(qualified('id'), direction)
    .limit(limit + 1) as QB;
}

/** How many rows a filtered query matches (the total a page shows). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table: only a count is selected
export async function countRows(query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const { count } = await query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

/** A case-insensitive "contains" on a column, with the search's own % and _ taken literally. */
export function contains(db: Db, column: string, search: string): Expression<SqlBool> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** Builds the answer from `limit + 1` rows read: the extra row only says a next page exists. */
export function toListPage<Row extends { id: number }>(
  list: string,
  sortName: string,
  sort: KeysetSort,
  rows: Row[],
  limit: number,
  total: number,
): ListPage<Row> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const next_cursor =
    rows.length > limit && last
      ? encodeListCursor({
          list,
          sort: sortName,
          key: (last as Record<string, unknown>)[sort.column] as string | number | null,
          id: last.id,
        })
      : null;
  return { items, next_cursor, total };
}

/**
 * Reads a paged list's query, or throws 422 naming each parameter at fault. The route cannot declare the query
 * schema itself: a bare GET must keep answering the whole array, so the schema applies only when a page is asked.
 */
export function parseListQuery<T extends z.ZodType<{ sort: string; cursor?: string | undefined }>>(
  list: string,
  schema: T,
  query: unknown,
): z.output<T> {
  const parsed = schema.safeParse(query);
  const errors = parsed.success ? [] : fieldErrors(parsed.error);
  if (parsed.success && parsed.data.cursor !== undefined) {
    const cursor = decodeListCursor(parsed.data.cursor);
    if (!cursor || cursor.list !== list) {
      errors.push({ field: 'cursor', message: 'Cursor is not valid for this list' });
    } else if (cursor.sort !== parsed.data.sort) {
      errors.push({ field: 'cursor', message: 'Cursor was made for another sort' });
    }
  }
  if (parsed.success && errors.length === 0) return parsed.data;
  throw new HttpError(422, errors.map((e) => e.message).join('; '), errors);
}

/** A query's issues as the API's field errors: the parameter's name, and the message. */
function fieldErrors(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : 'querystring',
    message: issue.message,
  }));
}

/** Reads a query whose shape depends on its parameters (so the route cannot declare it), or throws 422. */
export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  throw new HttpError(422, errors.map((e) => e.message).join('; '), errors);
}
