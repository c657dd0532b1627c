import type { DurationFilter } from '@tours-cms/contract';

/** A category or tag as the public site shows it. */
export interface TaxonomyRef {
  id: number;
  name: string;
  slug: string;
  description: string | null;
}

/** A tour's card in the catalogue and under "Related tours". */
export interface TourCard {
  id: number;
  slug: string;
  title: string;
  price: number | null;
  duration: string | null;
  location: string | null;
  short_description: string | null;
  created_at: string;
  image_path: string | null;
  image_thumbnail_path: string | null;
  image_width: number | null;
  image_height: number | null;
}

/** A published tour, everything its page shows. */
export interface PublishedTour {
  id: number;
  slug: string;
  title: string;
  content: string | null;
  excerpt: string | null;
  price: number | null;
  duration: string | null;
  age: string | null;
  location: string | null;
  button_label: string | null;
  button_value: string | null;
  calendar_time_iframe: string | null;
  short_description: string | null;
  seo_title: string | null;
  seo_description: string | null;
  category_id: number | null;
  created_at: string;
  updated_at: string;
  image_path: string | null;
  image_thumbnail_path: string | null;
  image_width: number | null;
  image_height: number | null;
  category_name: string | null;
  category_slug: string | null;
}

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
  sort: CatalogueSort;
}
