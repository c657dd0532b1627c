import {
  CATALOGUE_PAGE_SIZE,
  RELATED_TOURS_MAX,
  type Departure,
  type Faq,
  type Post,
  type TourSections,
  type ToursBlock,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import * as repo from './catalogue.repository.js';
import type { CatalogueFilters, CatalogueSort, PublishedTour, TaxonomyRef, TourCard } from './catalogue.types.js';

export interface CatalogueDeps {
  db: Db;
  /** A tour's sections as its page shows them (the posts service's `pageSections`): images and FAQs resolved. */
  sections: (id: number) => Promise<TourPageSections>;
  /** A tour's next departures as its "Dates and prices" show them (the departures service's `upcoming`). */
  departures: (id: number) => Promise<Departure[]>;
}

/** What a visitor asks the catalogue for: categories and tags by slug, the rest already checked. */
export interface CatalogueRequest extends Omit<CatalogueFilters, 'categoryId' | 'tagId'> {
  category?: string;
  tag?: string;
  page: number;
  sort: CatalogueSort;
}

export interface CataloguePage {
  tours: TourCard[];
  total: number;
  page: number;
  pageCount: number;
  category: TaxonomyRef | null;
  tag: TaxonomyRef | null;
  /** The choices of the filter form: categories and tags that have published tours. */
  categories: (TaxonomyRef & { tours: number })[];
  tags: TaxonomyRef[];
}

export interface TourPageData {
  tour: PublishedTour;
  tags: TaxonomyRef[];
  related: TourCard[];
  /** Highlights, itinerary, inclusions, meeting point, gallery and FAQs (issue 28). */
  sections: TourPageSections;
  /** The next departures, upcoming first (issue 29). */
  departures: Departure[];
}

/** A tour's sections as its page shows them: each image with what it is (gone ones left out), its FAQs whole. */
export type TourPageSections = Pick<Post, keyof TourSections> & { faqs: Faq[] };

/**
 * The public catalogue of tours: what visitors browse at /tours and read at /tours/{slug}. Reads only, and only
 * published posts: the rules of writing tours stay in the posts service. Filters and sorting run in SQL
 * (indexes of migration 0007), so a page costs the same at 10 tours or 10,000.
 */
export function createCatalogueService({ db, sections, departures }: CatalogueDeps) {
  /** A tour's page: the tour, its tags, and up to three published tours of its category. */
  async function withTagsAndRelated(tour: PublishedTour | undefined): Promise<TourPageData | null> {
    if (!tour) return null;
    const [tags, related, tourSections, tourDepartures] = await Promise.all([
      repo.listTagsOfTour(db, tour.id),
      tour.category_id === null ? [] : repo.listRelatedTours(db, tour.category_id, tour.id, RELATED_TOURS_MAX),
      sections(tour.id),
      departures(tour.id),
    ]);
    return { tour, tags, related, sections: tourSections, departures: tourDepartures };
  }

  return {
    /** The cards of a "Tours" block: the newest, a category's newest, or the chosen ones in their order. */
    async toursBlock(block: ToursBlock): Promise<TourCard[]> {
      if (block.kind === 'chosen') {
        const ids = block.ids ?? [];
        if (ids.length === 0) return [];
        const cards = new Map((await repo.listTourCardsByIds(db, ids)).map((card) => [card.id, card]));
        return ids.flatMap((id) => cards.get(id) ?? []);
      }
      let categoryId: number | undefined;
      if (block.kind === 'category') {
        const category = block.category ? await repo.findCategoryBySlug(db, block.category) : undefined;
        if (!category) return [];
        categoryId = category.id;
      }
      return repo.listTourCards(db, { sort: 'newest', categoryId }, block.count, 0);
    },

    /** One page of the catalogue, or null when a named category or tag does not exist or the page is past the end. */
    async browse(request: CatalogueRequest): Promise<CataloguePage | null> {
      const [category, tag] = await Promise.all([
        request.category === undefined ? null : repo.findCategoryBySlug(db, request.category),
        request.tag === undefined ? null : repo.findTagBySlug(db, request.tag),
      ]);
      if (category === undefined || tag === undefined) return null;
      const filters: CatalogueFilters = { ...request, categoryId: category?.id, tagId: tag?.id };
      const total = await repo.countTours(db, filters);
      const pageCount = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
      if (request.page > pageCount) return null;
      const [tours, categories, tags] = await Promise.all([
        repo.listTourCards(db, filters, CATALOGUE_PAGE_SIZE, (request.page - 1) * CATALOGUE_PAGE_SIZE),
        repo.listCategoriesInUse(db),
        repo.listTagsInUse(db),
      ]);
      return { tours, total, page: request.page, pageCount, category, tag, categories, tags };
    },

    /** A published tour with its tags and up to three related tours, or null (drafts, pending, missing). */
    tourPage: async (slug: string): Promise<TourPageData | null> =>
      withTagsAndRelated(await repo.findPublishedTour(db, slug)),

    /** A tour's page data whatever its status, for a draft preview link (related tours stay published ones). */
    tourPreview: async (id: number): Promise<TourPageData | null> =>
      withTagsAndRelated(await repo.findTourForPreview(db, id)),

    /** Id and version of every published tour, for the site's stylesheet (it reads a tour again when its version changes). */
    publishedTourVersions: (): Promise<{ id: number; version: number }[]> => repo.listPublishedTourVersions(db),

    /** The content HTML of these published tours, by id. */
    async publishedTourHtml(ids: number[]): Promise<Map<number, string>> {
      const rows: { id: number; content: string | null }[] = [];
      for (let at = 0; at < ids.length; at += 500)
        rows.push(...(await repo.findPublishedTourContents(db, ids.slice(at, at + 500))));
      return new Map(rows.map((row) => [row.id, row.content ?? '']));
    },

    /** A published tour alone, without tags or related tours (an inquiry's tour, a content frame). */
    publishedTour: (slug: string): Promise<PublishedTour | undefined> => repo.findPublishedTour(db, slug),

    /** Published tours and the categories that have one, with their last change, for /sitemap.xml. */
    async sitemapEntries(): Promise<{
      tours: { slug: string; updated_at: string }[];
      categories: { slug: string; updated_at: string }[];
    }> {
      const [tours, categories] = await Promise.all([
        repo.listPublishedTourSlugs(db),
        repo.listCategorySitemapEntries(db),
      ]);
      return { tours, categories };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
