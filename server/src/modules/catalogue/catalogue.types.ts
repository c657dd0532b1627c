import type { DurationFilter, PostData, PostFields, PublicKey } from '@tours-cms/contract';

/** A category or tag as the public site shows it. */
export interface TaxonomyRef {
  id: number;
  name: string;
  slug: string;
  description: string | null;
}

/** A tour's featured image as cards and pages show it: the original, its thumbnail and its size. */
interface TourImage {
  image_path: string | null;
  image_thumbnail_path: string | null;
  image_width: number | null;
  image_height: number | null;
  /** The image's alternative text (null: none given; the page then reads the tour's title). */
  image_alt: string | null;
}

/** A tour's card in the catalogue and under "Related tours": the fields its field table puts on cards. */
export type TourCard = { id: number; created_at: string } & Pick<PostData, PublicKey<PostFields, 'card'>> & TourImage;

/** A published tour, everything its page shows: every public field of its field table, its image and category. */
export type PublishedTour = { id: number; created_at: string; updated_at: string } & Pick<
  PostData,
  PublicKey<PostFields, 'page'>
> &
  TourImage & {
    category_name: string | null;
    category_slug: string | null;
    /** The tour's language (issue 30) and its translation group (the same tour in the site's other languages). */
    language: string;
    translation_group: number;
  };

export const CATALOGUE_SORTS = ['newest', 'oldest', 'price-asc', 'price-desc'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** What the catalogue is narrowed by, already checked: ids of things that exist, numbers in range. */
export interface CatalogueFilters {
  text?: string;
  categoryId?: number;
  tagId?: number;
  priceMin?: number;
  priceMax?: number;
  duration?: { value: DurationFilter; min: number; max: number | null };
  /** Tours with a bookable departure in this month (YYYY-MM). */
  month?: string;
  /** Tours in this language only (issue 30: each language's catalogue lists its own); absent, every language. */
  language?: string;
  sort: CatalogueSort;
}

/** "Now" in the site's time zone: the day and the time, as departures are compared with it. */
export interface SiteNow {
  day: string;
  time: string;
}

/**
 * What a tour's upcoming departures add up to, for its card, its summary and its JSON-LD offers: read for a whole
 * page of cards in one query. Cancelled and past departures are not counted.
 */
export interface DepartureSummary {
  /** The next day that can still be requested (not sold out). */
  next_on: string | null;
  /** The lowest price of a departure that can still be requested (a departure without one: the tour's). */
  from_price: number | null;
  /** Lowest and highest price of every upcoming departure, sold-out ones included. */
  low_price: number | null;
  high_price: number | null;
  /** Upcoming departures, and how their seats stand. */
  offers: number;
  available: number;
  limited: number;
  sold_out: number;
}
