import type { ListPage } from '@tours-cms/contract';

/**
 * Answers a paged list's `GET /<list>/?…` from `all` (newest first) as the server does (the API's own tests hold
 * it to that): `q` a case-insensitive substring of `searchIn(item)`, any other parameter an exact match on the
 * item's field of that name (status, folder), sorted by `title` either way or oldest first, `limit` rows after the
 * cursor (here an offset), and the total.
 */
export function fakeListPage<T extends object>(
  all: readonly T[],
  url: string,
  searchIn: (item: T) => string,
): ListPage<T> {
  const params = new URL(url, 'http://admin.test').searchParams;
  const q = (params.get('q') ?? '').toLowerCase();
  const sort = params.get('sort') ?? '-created_at';
  const filters = [...params].filter(([name]) => !['q', 'sort', 'limit', 'cursor'].includes(name));
  let rows = all.filter(
    (item) =>
      (!q || searchIn(item).toLowerCase().includes(q)) &&
      filters.every(([name, value]) => String((item as Record<string, unknown>)[name]) === value),
  );
  const title = (item: T) => String((item as Record<string, unknown>).title);
  if (sort.endsWith('title')) rows = [...rows].sort((a, b) => title(a).localeCompare(title(b)));
  if (sort === '-title' || sort === 'created_at') rows = [...rows].reverse();
  const limit = Number(params.get('limit'));
  const from = Number(params.get('cursor') ?? 0);
  return {
    items: rows.slice(from, from + limit),
    total: rows.length,
    next_cursor: from + limit < rows.length ? String(from + limit) : null,
  };
}
