import {
  CATALOGUE_SEARCH_MAX,
  DURATION_FILTERS,
  isDepartureMonth,
  isValidSlug,
  PRICE_MAX,
  SLUG_MAX,
  type DurationFilter,
} from '@tours-cms/contract';
import { CATALOGUE_SORTS, type CatalogueSort } from '../../modules/catalogue/catalogue.types.js';
import { categoryPath } from './tour-cards.js';

/** What a visitor asked the catalogue for, read from the address; `invalid` when it names nothing that can exist. */
export interface CatalogueParams {
  q?: string;
  category?: string;
  tag?: string;
  price_min?: number;
  price_max?: number;
  duration?: DurationFilter;
  /** Tours with a bookable departure in this month (YYYY-MM). */
  month?: string;
  sort: CatalogueSort;
  page: number;
  /** The language's address prefix ('' for the default language, `/de` for German): part of every link. */
  prefix?: string;
}

const PRICE = /^\d{1,10}(?:\.\d{1,2})?$/;
const PAGE = /^[1-9]\d{0,5}$/;

/** The first value of a query parameter (repeated parameters arrive as an array; the rest are ignored). */
function first(value: unknown): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one : undefined;
}

function price(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (!text || !PRICE.test(text)) return undefined;
  const number = Number(text);
  return number <= PRICE_MAX ? number : undefined;
}

/**
 * Reads the catalogue's query. Values that cannot be understood (a price of "abc", a page of -1, an unknown sort
 * or duration) are ignored, as if the field were empty; a category or tag that is not a well-formed slug cannot
 * exist, and answers null (the 404 screen), as one that does not exist does later.
 */
export function parseCatalogueQuery(query: unknown, categoryFromPath?: string): CatalogueParams | null {
  const raw = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const params: CatalogueParams = { sort: 'newest', page: 1 };
  const q = first(raw.q)?.trim().replace(/\s+/g, ' ');
  if (q) params.q = Array.from(q).slice(0, CATALOGUE_SEARCH_MAX).join('');
  for (const key of ['category', 'tag'] as const) {
    const slug = key === 'category' && categoryFromPath !== undefined ? categoryFromPath : first(raw[key])?.trim();
    if (!slug) continue;
    if (slug.length > SLUG_MAX || !isValidSlug(slug)) return null;
    params[key] = slug;
  }
  let min = price(first(raw.price_min));
  let max = price(first(raw.price_max));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  if (min !== undefined) params.price_min = min;
  if (max !== undefined) params.price_max = max;
  const duration = first(raw.duration);
  if (DURATION_FILTERS.some((filter) => filter.value === duration)) params.duration = duration as DurationFilter;
  const month = first(raw.month)?.trim();
  if (month && isDepartureMonth(month)) params.month = month;
  const sort = first(raw.sort);
  if ((CATALOGUE_SORTS as readonly string[]).includes(sort ?? '')) params.sort = sort as CatalogueSort;
  const page = first(raw.page)?.trim();
  if (page && PAGE.test(page)) params.page = Number(page);
  return params;
}

/**
 * The one address of a catalogue view, used for links, the canonical URL and the cache key: a category alone is
 * `/tours/category/{slug}`, anything else `/tours?…` with the parameters in a fixed order, defaults left out.
 */
export function catalogueHref(params: CatalogueParams, page: number = params.page): string {
  const search = new URLSearchParams();
  const categoryOnly =
    params.category !== undefined &&
    !params.q &&
    !params.tag &&
    params.price_min === undefined &&
    params.price_max === undefined &&
    !params.duration &&
    !params.month;
  if (params.q) search.set('q', params.q);
  if (params.category && !categoryOnly) search.set('category', params.category);
  if (params.tag) search.set('tag', params.tag);
  if (params.price_min !== undefined) search.set('price_min', String(params.price_min));
  if (params.price_max !== undefined) search.set('price_max', String(params.price_max));
  if (params.duration) search.set('duration', params.duration);
  if (params.month) search.set('month', params.month);
  if (params.sort !== 'newest') search.set('sort', params.sort);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  const prefix = params.prefix ?? '';
  const path = categoryOnly ? categoryPath(params.category!, prefix) : `${prefix}/tours`;
  return query ? `${path}?${query}` : path;
}
