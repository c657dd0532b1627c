import { expect } from 'vitest';
import type { ListPage } from '@tours-cms/contract';

/** What a test's GET answers (light-my-request's response, the parts read here). */
interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}

/**
 * A paged list's reads for its API tests (issue 26): `page(query)` answers one page (asserting 200), `walk(query)`
 * every row following next_cursor to the end. `get` is the test's own (its app, its token; `token` passed on).
 */
export function listPager<T>(get: (url: string, token?: string) => Promise<Answer>, path: string) {
  async function page(query: string, token?: string): Promise<ListPage<T>> {
    const res = await get(`${path}?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListPage<T>;
  }
  async function walk(query: string, token?: string): Promise<T[]> {
    const rows: T[] = [];
    let cursor: string | null = null;
    do {
      const next: ListPage<T> = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`, token);
      rows.push(...next.items);
      cursor = next.next_cursor;
    } while (cursor);
    return rows;
  }
  return { page, walk };
}
