import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ListPage } from '@tours-cms/contract';
import { apiFetch } from './api-client';
import type { ListSearch } from '../components/kit/list-screen';

/** Rows a page asks for: enough to fill the screen twice, small enough to draw at once. */
export const SERVER_LIST_PAGE = 50;
/** The pause after the last keystroke before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A long list's view kept in the URL (issue 26): `q`, the sort and the filters are search params, so a reload or a
 * shared link shows the same rows. Values equal to their default are left out of the URL.
 */
export function useListView<Name extends string>(defaults: Record<Name, string>) {
  const [params, setParams] = useSearchParams();
  // The params as last set, not as the caller's render saw them: the search box commits from a timer set up a
  // render or more ago, and setParams' own `current` is that render's, so a filter chosen while the search waited
  // would be undone by it.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const values = Object.fromEntries(
    (Object.keys(defaults) as Name[]).map((name) => [name, params.get(name) ?? defaults[name]]),
  ) as Record<Name, string>;
  // Every write to the screen's URL goes through here (the open item too): two writers with their own idea of
  // "the params now" would undo each other, as a search committing just after a dialog closed reopened it.
  // `replace` by default; `{ push: true }` for a step Back should undo, such as opening a dialog.
  const set = (name: Name, value: string, { push = false } = {}) => {
    const next = new URLSearchParams(latest.current);
    if (value === defaults[name]) next.delete(name);
    else next.set(name, value);
    latest.current = next;
    setParams(next, { replace: !push });
  };
  return { values, set };
}

/** The search box of a server-searched list: instant in the box, sent (debounced) through `commit`. */
export function useServerSearch(committed: string, commit: (value: string) => void): ListSearch {
  const [value, setValue] = useState(committed);
  // A back/forward or a changed link brings the URL's search into the box.
  useEffect(() => setValue(committed), [committed]);
  useEffect(() => {
    if (value === committed) return;
    const timer = setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- commit is a fresh closure each render
  }, [value, committed]);
  return { value, setValue, deferred: committed };
}

/**
 * Pages of a list searched, filtered and sorted on the server (`GET path?limit=&sort=&q=...&cursor=`): the first
 * page at once, the next on request, the total from the server. `params` with blank values are left out;
 * `limit` rows a page (a grid's may suit its columns better than a table's 50).
 */
export function useServerList<T>(
  key: readonly unknown[],
  path: string,
  params: Record<string, string>,
  limit = SERVER_LIST_PAGE,
) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== '') query.set(name, value);
  query.set('limit', String(limit));
  const base = `${path}?${query.toString()}`;
  const result = useInfiniteQuery({
    queryKey: [...key, 'pages', query.toString()],
    queryFn: ({ pageParam }) =>
      apiFetch<ListPage<T>>(pageParam ? `${base}&cursor=${encodeURIComponent(pageParam)}` : base),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const items = result.data?.pages.flatMap((page) => page.items) ?? [];
  const total = result.data?.pages[0]?.total ?? 0;
  return { ...result, items, total };
}
