import { z } from 'zod';

/**
 * Server-side list paging, shared by every long list (decisions: issue 26). A list is asked for a page when any of
 * the paging parameters is given; without parameters the route keeps answering its whole array.
 *
 * A cursor is opaque to clients (the server reads and checks it: server/src/list-paging.ts).
 */
export const LIST_PAGE_MAX = 200;
export const LIST_PAGE_DEFAULT = 50;
export const LIST_SEARCH_MAX = 200;

/** An empty query value (a form's blank select or search box) means no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** A filter of a paged list: optional, and a blank value (a select's "All") is no filter. */
export const listFilter = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());

/** The answer of a paged list: one page of rows, the cursor of the next (null at the end) and the matching total. */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable(), total: z.number().int() });
export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
  total: number;
}

/**
 * The query parameters every paged list takes; `sorts` name the orders it offers (`title`, `-created_at`...). A list
 * without a text search (`search: false`, the activity log) refuses `q` as an unknown parameter.
 */
export function listQuerySchema<const Sorts extends readonly [string, ...string[]], Filters extends z.ZodRawShape>(
  sorts: Sorts,
  defaultSort: Sorts[number],
  filters: Filters,
  { search = true }: { search?: boolean } = {},
) {
  const known = new Set(['limit', 'cursor', 'sort', ...(search ? ['q'] : []), ...Object.keys(filters)]);
  return z
    .looseObject({
      limit: z.preprocess(
        blankAsAbsent,
        z.coerce
          .number({ message: 'Limit must be a whole number' })
          .int('Limit must be a whole number')
          .min(1, 'Limit must be at least 1')
          .max(LIST_PAGE_MAX, `Limit must be at most ${LIST_PAGE_MAX}`)
          .default(LIST_PAGE_DEFAULT),
      ),
      cursor: z.preprocess(blankAsAbsent, z.string().max(1000, 'Cursor is not valid').optional()),
      sort: z.preprocess(
        blankAsAbsent,
        z.enum(sorts, { message: `Sort must be one of ${sorts.join(', ')}` }).default(defaultSort as never),
      ),
      q: z.preprocess(
        blankAsAbsent,
        z.string().trim().max(LIST_SEARCH_MAX, `Search must be at most ${LIST_SEARCH_MAX} characters`).optional(),
      ),
      ...filters,
    })
    .superRefine(refuseUnknownParameters([...known]));
}

/** Refuses with an issue naming each parameter a query schema does not know (use on a z.looseObject). */
export const refuseUnknownParameters =
  (known: readonly string[]) => (query: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const key of Object.keys(query)) {
      if (!known.includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: `Unknown parameter ${key}` });
    }
  };

/**
 * True when a request asks for a page (any parameter at all): a bare GET keeps answering the whole array, as does
 * one with only `wholeListFilters` (`?language=de`: the whole array of that language).
 */
export const asksForPage = (query: unknown, wholeListFilters: readonly string[] = []): boolean =>
  typeof query === 'object' && query !== null && Object.keys(query).some((key) => !wholeListFilters.includes(key));
