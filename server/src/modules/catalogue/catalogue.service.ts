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
import { translationsOf, type TranslationLink } from '../../db/translation-groups.js';
import * as repo from './catalogue.repository.js';
import type {
  CatalogueFilters,
  CatalogueSort,
  DepartureSummary,
  PublishedTour,
  SiteNow,
  TaxonomyRef,
  TourCard,
} from './catalogue.types.js';

/** How many departures a tour page lists at first, and at most after "Show more dates". */
export const DEPARTURES_ON_TOUR_PAGE = 12;
export const DEPARTURES_ON_TOUR_PAGE_MAX = 400;
/** How many months ahead the catalogue's month filter offers. */
export const CATALOGUE_MONTHS_AHEAD = 12;

/** The months from a YYYY-MM-DD day's on, `count` of them, as YYYY-MM. */
function monthsFrom(day: string, count: number): string[] {
  return Array.from({ length: count }, (_, n) =>
    new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + n, 1)).toISOString().slice(0, 7),
  );
}

export interface CatalogueDeps {
  db: Db;
  /** A tour's sections as its page shows them (the posts service's `pageSections`): images and FAQs resolved. */
  sections: (id: number) => Promise<TourPageSections>;
  /** A tour's next departures as its "Dates and prices" show them in its language (the departures service's `upcoming`). */
  departures: (id: number, limit: number, language: string) => Promise<Departure[]>;
  /** The day and time now in the site's time zone (the departures service's `now`). */
  now: () => Promise<SiteNow>;
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
  /**
   * The month filter's choices: this month and the next eleven. How many tours each has is `toursByMonth`, read
   * apart from the page (it reads every upcoming departure of the year) and kept between renders (month-counts.ts).
   */
  months: string[];
  /** Each card's departures in sum (cards without upcoming departures are absent). */
  summaries: Map<number, DepartureSummary>;
}

export interface TourPageData {
  tour: PublishedTour;
  tags: TaxonomyRef[];
  related: TourCard[];
  /** Highlights, itinerary, inclusions, meeting point, gallery and FAQs (issue 28). */
  sections: TourPageSections;
  /** The next departures, upcoming first (issue 29): 12, or all of them after "Show more dates". */
  departures: Departure[];
  /** True when there are more upcoming departures than those listed. */
  moreDepartures: boolean;
  /** The tour's upcoming departures in sum, and the related tours' (by id). */
  summaries: Map<number, DepartureSummary>;
  /** The other items of the tour's translation group (issue 30): its hreflang alternates, once published. */
  translations: TranslationLink[];
}

/** A tour's sections as its page shows them: each image with what it is (gone ones left out), its FAQs whole. */
export type TourPageSections = Pick<Post, keyof TourSections> & { faqs: Pick<Faq, 'id' | 'question' | 'answer'>[] };

/**
 * The public catalogue of tours: what visitors browse at /tours and read at /tours/{slug}. Reads only, and only
 * published posts: the rules of writing tours stay in the posts service. Filters and sorting run in SQL
 * (indexes of migration 0007), so a page costs the same at 10 tours or 10,000.
 */
export function createCatalogueService({ db, sections, departures, now }: CatalogueDeps) {
  /** A tour's page: the tour, its tags, and up to three published tours of its category. */
  async function withTagsAndRelated(tour: PublishedTour | undefined, allDates: boolean): Promise<TourPageData | null> {
    if (!tour) return null;
    const limit = allDates ? DEPARTURES_ON_TOUR_PAGE_MAX : DEPARTURES_ON_TOUR_PAGE;
    const [tags, related, tourSections, tourDepartures, at, translations] = await Promise.all([
      repo.listTagsOfTour(db, tour.id),
      tour.category_id === null
        ? []
        : repo.listRelatedTours(db, tour.category_id, tour.id, RELATED_TOURS_MAX, tour.language),
      sections(tour.id),
      // A translation shows its group's departures, kept under the group's first item (issue 30).
      departures(tour.translation_group ?? tour.id, limit + 1, tour.language),
      now(),
      translationsOf(db, 'posts', [tour]),
    ]);
    const summaries = await repo.listDepartureSummaries(db, [tour.id, ...related.map((card) => card.id)], at);
    return {
      tour,
      tags,
      related,
      sections: tourSections,
      departures: tourDepartures.slice(0, limit),
      moreDepartures: tourDepartures.length > limit,
      summaries,
      translations: translations.get(tour.id) ?? [],
    };
  }

  return {
    /** The cards of a "Tours" block: the newest, a category's newest, or the chosen ones in their order. */
    async toursBlock(block: ToursBlock, language?: string): Promise<TourCard[]> {
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
      return repo.listTourCards(db, { sort: 'newest', categoryId, language }, block.count, 0);
    },

    /** One page of the catalogue, or null when a named category or tag does not exist or the page is past the end. */
    async browse(request: CatalogueRequest): Promise<CataloguePage | null> {
      const [category, tag] = await Promise.all([
        request.category === undefined ? null : repo.findCategoryBySlug(db, request.category),
        request.tag === undefined ? null : repo.findTagBySlug(db, request.tag),
      ]);
      if (category === undefined || tag === undefined) return null;
      const filters: CatalogueFilters = { ...request, categoryId: category?.id, tagId: tag?.id };
      const at = await now();
      // The count, the page's cards (then their departures in sum) and the form's choices at once: a filtered
      // count (a month's: a semi-join over its ~40,000 departures at 10,000 tours) no longer waits for the rest or
      // the rest for it. A page past the end is read for nothing, and answered 404.
      const cards = repo.listTourCards(db, filters, CATALOGUE_PAGE_SIZE, (request.page - 1) * CATALOGUE_PAGE_SIZE, at);
      const [total, tours, summaries, categories, tags] = await Promise.all([
        repo.countTours(db, filters, at),
        cards,
        cards.then((list) =>
          repo.listDepartureSummaries(
            db,
            list.map((card) => card.id),
            at,
          ),
        ),
        repo.listCategoriesInUse(db, request.language),
        repo.listTagsInUse(db, request.language),
      ]);
      const pageCount = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
      if (request.page > pageCount) return null;
      const months = monthsFrom(at.day, CATALOGUE_MONTHS_AHEAD);
      return { tours, total, page: request.page, pageCount, category, tag, categories, tags, months, summaries };
    },

    /**
     * How many published tours have a bookable departure in each month of the month filter (this month and the
     * next eleven; months without one are absent), by language (language → month → tours): one grouped query,
     * never one a month or a language.
     */
    async toursByMonth(): Promise<{ first: string; counts: Map<string, Map<string, number>> }> {
      const at = await now();
      const months = monthsFrom(at.day, CATALOGUE_MONTHS_AHEAD);
      return { first: months[0]!, counts: await repo.countToursByMonth(db, months[0]!, months.at(-1)!, at) };
    },

    /** A published tour with its tags and up to three related tours, or null (drafts, pending, missing). */
    tourPage: async (slug: string, allDates = false): Promise<TourPageData | null> =>
      withTagsAndRelated(await repo.findPublishedTour(db, slug), allDates),

    /** The language of the published tour at this slug, or null: where the site finds a tour asked for under another language. */
    publishedTourLanguage: async (slug: string): Promise<string | null> =>
      (await repo.findPublishedTour(db, slug))?.language ?? null,

    /** A tour's page data whatever its status, for a draft preview link (related tours stay published ones). */
    tourPreview: async (id: number): Promise<TourPageData | null> =>
      withTagsAndRelated(await repo.findTourForPreview(db, id), false),

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
      tours: { slug: string; updated_at: string; language: string; translation_group: number }[];
      categories: { slug: string; updated_at: string; language: string }[];
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
