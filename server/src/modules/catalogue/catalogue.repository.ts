import { sql, type SelectQueryBuilder } from 'kysely';
import { DEPARTURE_LIMITED_BELOW, normalizeSearchText, postFields, publicFieldKeys } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import type {
  CatalogueFilters,
  CatalogueSort,
  DepartureSummary,
  PublishedTour,
  SiteNow,
  TaxonomyRef,
  TourCard,
} from './catalogue.types.js';

type PostsQuery = SelectQueryBuilder<Database, 'posts', object>;

/** Only published tours are ever read here: nothing this repository answers may show a draft. */
function published(db: Db): PostsQuery {
  return db.kysely.selectFrom('posts').where('posts.status', '=', 'published');
}

/** `%text%` for LIKE, with LIKE's own wildcards in the visitor's text taken literally (ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Not cancelled and not yet begun (a departure today without a time counts as upcoming all day). */
const upcomingSql = (now: SiteNow) =>
  sql<boolean>`d.status <> 'cancelled' AND (d.starts_on > ${now.day} OR (d.starts_on = ${now.day} AND (d.start_time IS NULL OR d.start_time > ${now.time})))`;
/** Upcoming, and with a seat left: a visitor can request it. */
const bookableSql = (now: SiteNow) =>
  sql<boolean>`${upcomingSql(now)} AND (d.seats_total IS NULL OR d.seats_taken < d.seats_total)`;

/** The first and last day of a month (YYYY-MM), as departures' days compare. */
function monthBounds(month: string): [string, string] {
  return [`${month}-01`, `${month}-31`];
}

/**
 * How many published tours have a bookable departure in each month from `first` to `last` (YYYY-MM), by language
 * (language → month → tours), in one grouped query (months without one are absent). A translation's departures
 * are its group's, kept under the group's first item (issue 30): each published item of the group counts in its
 * own language. It reads every upcoming departure of the year (about 400,000 at 10,000 tours), so the catalogue
 * keeps its answer between changes and refreshes it in the background (catalogue.service).
 */
export async function countToursByMonth(
  db: Db,
  first: string,
  last: string,
  now: SiteNow,
): Promise<Map<string, Map<string, number>>> {
  const { rows } = await sql<{
    month: string;
    language: string;
    tours: string | number;
  }>`SELECT m.month, p.language, COUNT(*) AS tours
FROM (SELECT DISTINCT d.post_id, substr(d.starts_on, 1, 7) AS month FROM departures d
  WHERE d.starts_on >= ${monthBounds(first)[0]} AND d.starts_on <= ${monthBounds(last)[1]} AND ${bookableSql(now)}) m
INNER JOIN posts p ON (p.translation_group = m.post_id OR (p.translation_group IS NULL AND p.id = m.post_id))
  AND p.status = 'published'
GROUP BY m.month, p.language`.execute(db.kysely);
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const months = counts.get(row.language) ?? new Map<string, number>();
    months.set(row.month, Number(row.tours));
    counts.set(row.language, months);
  }
  return counts;
}

function applyFilters(query: PostsQuery, filters: CatalogueFilters, now?: SiteNow): PostsQuery {
  let q = filters.language === undefined ? query : query.where('posts.language', '=', filters.language);
  if (filters.month !== undefined && now) {
    const [first, last] = monthBounds(filters.month);
    // One probe per tour of departures_post_day_seats (0030), answered from the index: its days in the month. A
    // translation's departures are its group's, kept under the group's first item (issue 30); a site in one
    // language (no language filter) has no translations, and its probe keeps to the catalogue's covering indexes,
    // which hold no group (measured: reading it cost a single-language month filter about 1.5x).
    const owner = filters.language === undefined ? sql`posts.id` : sql`COALESCE(posts.translation_group, posts.id)`;
    q = q.where(
      sql<boolean>`EXISTS (SELECT 1 FROM departures d WHERE d.post_id = ${owner} AND d.starts_on >= ${first} AND d.starts_on <= ${last} AND ${bookableSql(now)})`,
    );
  }
  if (filters.categoryId !== undefined) q = q.where('posts.category_id', '=', filters.categoryId);
  if (filters.tagId !== undefined) {
    const tagId = filters.tagId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('post_tags')
          .select('post_tags.post_id')
          .whereRef('post_tags.post_id', '=', 'posts.id')
          .where('post_tags.tag_id', '=', tagId),
      ),
    );
  }
  if (filters.priceMin !== undefined) q = q.where('posts.price', '>=', filters.priceMin);
  if (filters.priceMax !== undefined) q = q.where('posts.price', '<=', filters.priceMax);
  if (filters.duration) {
    q = q.where('posts.duration_minutes', '>=', filters.duration.min);
    if (filters.duration.max !== null) q = q.where('posts.duration_minutes', '<=', filters.duration.max);
  }
  if (filters.text) {
    q = q.where(sql<boolean>`posts.search_text LIKE ${containsPattern(normalizeSearchText(filters.text))} ESCAPE '\\'`);
  }
  return q;
}

function applySort(query: PostsQuery, sort: CatalogueSort): PostsQuery {
  switch (sort) {
    case 'price-asc':
      // Tours without a price go last whichever way the prices run.
      return query
        .orderBy(sql`posts.price IS NULL`)
        .orderBy('posts.price', 'asc')
        .orderBy('posts.id', 'desc');
    case 'price-desc':
      return query
        .orderBy(sql`posts.price IS NULL`)
        .orderBy('posts.price', 'desc')
        .orderBy('posts.id', 'desc');
    case 'oldest':
      return query.orderBy('posts.created_at', 'asc').orderBy('posts.id', 'asc');
    default:
      return query.orderBy('posts.created_at', 'desc').orderBy('posts.id', 'desc');
  }
}

// The public read model's columns, from the posts' field table: a field marked public there is read here.
const CARD_COLUMNS = publicFieldKeys(postFields, 'card').map((key) => `posts.${key}` as const);
const TOUR_COLUMNS = publicFieldKeys(postFields, 'page').map((key) => `posts.${key}` as const);

/** A card's columns: the tour's summary and its image (the thumbnail when there is one). */
function selectCard(query: PostsQuery) {
  return query
    .leftJoin('media', (join) =>
      join.onRef('media.id', '=', 'posts.featured_image_id').on('media.trashed_at', 'is', null),
    )
    .select(CARD_COLUMNS)
    .select([
      'posts.id',
      'posts.created_at',
      'media.file_path as image_path',
      'media.thumbnail_path as image_thumbnail_path',
      'media.width as image_width',
      'media.height as image_height',
      'media.alt_text as image_alt',
    ]);
}

/** The query of a catalogue page's cards (exported for the test that reads its plan). */
export function tourCardsQuery(db: Db, filters: CatalogueFilters, limit: number, offset: number, now?: SiteNow) {
  return selectCard(applySort(applyFilters(published(db), filters, now), filters.sort))
    .limit(limit)
    .offset(offset);
}

/** The published tours of these ids, as cards (in no order). */
export async function listTourCardsByIds(db: Db, ids: number[]): Promise<TourCard[]> {
  return selectCard(published(db).where('posts.id', 'in', ids)).execute();
}

export async function listTourCards(
  db: Db,
  filters: CatalogueFilters,
  limit: number,
  offset: number,
  now?: SiteNow,
): Promise<TourCard[]> {
  return tourCardsQuery(db, filters, limit, offset, now).execute();
}

export async function countTours(db: Db, filters: CatalogueFilters, now?: SiteNow): Promise<number> {
  const row = await applyFilters(published(db), filters, now)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function selectTour(query: PostsQuery) {
  return query
    .leftJoin('media', (join) =>
      join.onRef('media.id', '=', 'posts.featured_image_id').on('media.trashed_at', 'is', null),
    )
    .leftJoin('categories', 'categories.id', 'posts.category_id')
    .select(TOUR_COLUMNS)
    .select([
      'posts.id',
      'posts.created_at',
      'posts.updated_at',
      'media.file_path as image_path',
      'media.thumbnail_path as image_thumbnail_path',
      'media.width as image_width',
      'media.height as image_height',
      'media.alt_text as image_alt',
      'categories.name as category_name',
      'categories.slug as category_slug',
      'posts.language',
      'posts.translation_group',
    ]);
}

export async function findPublishedTour(db: Db, slug: string): Promise<PublishedTour | undefined> {
  return selectTour(published(db).where('posts.slug', '=', slug)).executeTakeFirst();
}

/** A tour whatever its status: only for a draft preview link, which names it by id. */
export async function findTourForPreview(db: Db, id: number): Promise<PublishedTour | undefined> {
  return selectTour(db.kysely.selectFrom('posts').where('posts.id', '=', id)).executeTakeFirst();
}

/** Up to `limit` other published tours of the category, newest first. */
export async function listRelatedTours(
  db: Db,
  categoryId: number,
  exceptId: number,
  limit: number,
  language?: string,
): Promise<TourCard[]> {
  let query = published(db).where('posts.category_id', '=', categoryId).where('posts.id', '!=', exceptId);
  if (language !== undefined) query = query.where('posts.language', '=', language);
  return selectCard(query).orderBy('posts.created_at', 'desc').orderBy('posts.id', 'desc').limit(limit).execute();
}

export async function listTagsOfTour(db: Db, postId: number): Promise<TaxonomyRef[]> {
  return db.kysely
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .where('post_tags.post_id', '=', postId)
    .select(['tags.id', 'tags.name', 'tags.slug', 'tags.description'])
    .orderBy('tags.name')
    .execute();
}

/**
 * The categories that have at least one published tour, by name, with how many: counted from an index of the
 * posts alone (status, category_id), then named.
 */
export async function listCategoriesInUse(db: Db, language?: string): Promise<(TaxonomyRef & { tours: number })[]> {
  let posts = db.kysely.selectFrom('posts').where('status', '=', 'published');
  if (language !== undefined) posts = posts.where('language', '=', language);
  const counts = await posts
    .where('category_id', 'is not', null)
    .groupBy('category_id')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('tours')])
    .execute();
  if (!counts.length) return [];
  const tours = new Map(counts.map((row) => [row.category_id!, Number(row.tours)]));
  const categories = await db.kysely
    .selectFrom('categories')
    .where('id', 'in', [...tours.keys()])
    .select(['id', 'name', 'slug', 'description'])
    .orderBy('name')
    .execute();
  return categories.map((category) => ({ ...category, tours: tours.get(category.id)! }));
}

/**
 * The tags that have at least one published tour, by name. In one language of several, each tag's check walks that
 * language's published tours (posts_catalogue_language_newest) and probes each one's tags, rather than the tag's
 * tours in id order: those begin with the first language's tours, thousands read before the first German one.
 */
export async function listTagsInUse(db: Db, language?: string): Promise<TaxonomyRef[]> {
  return db.kysely
    .selectFrom('tags')
    .where(({ exists, selectFrom }) => {
      if (language !== undefined)
        return exists(
          selectFrom('posts')
            .select('posts.id')
            .where('posts.language', '=', language)
            .where('posts.status', '=', 'published')
            .where(({ exists: tagged, selectFrom: from }) =>
              tagged(
                from('post_tags')
                  .select('post_tags.post_id')
                  .whereRef('post_tags.post_id', '=', 'posts.id')
                  .whereRef('post_tags.tag_id', '=', 'tags.id'),
              ),
            ),
        );
      return exists(
        selectFrom('post_tags')
          .innerJoin('posts', 'posts.id', 'post_tags.post_id')
          .select('post_tags.post_id')
          .whereRef('post_tags.tag_id', '=', 'tags.id')
          .where('posts.status', '=', 'published'),
      );
    })
    .select(['tags.id', 'tags.name', 'tags.slug', 'tags.description'])
    .orderBy('tags.name')
    .execute();
}

export async function findCategoryBySlug(db: Db, slug: string): Promise<TaxonomyRef | undefined> {
  return db.kysely
    .selectFrom('categories')
    .where('slug', '=', slug)
    .select(['id', 'name', 'slug', 'description'])
    .executeTakeFirst();
}

export async function findTagBySlug(db: Db, slug: string): Promise<TaxonomyRef | undefined> {
  return db.kysely
    .selectFrom('tags')
    .where('slug', '=', slug)
    .select(['id', 'name', 'slug', 'description'])
    .executeTakeFirst();
}

/** Id and version of every published tour: the version changes whenever the content may have. */
export async function listPublishedTourVersions(db: Db): Promise<{ id: number; version: number }[]> {
  return published(db).select(['posts.id', 'posts.version']).orderBy('posts.id').execute();
}

/** The content of these published tours (those still published). */
export async function findPublishedTourContents(
  db: Db,
  ids: number[],
): Promise<{ id: number; content: string | null }[]> {
  if (ids.length === 0) return [];
  return published(db).select(['posts.id', 'posts.content']).where('posts.id', 'in', ids).execute();
}

/** Every published tour's address, language, translation group and last change, for the sitemap. */
export async function listPublishedTourSlugs(
  db: Db,
): Promise<{ slug: string; updated_at: string; language: string; translation_group: number }[]> {
  return published(db)
    .select(['posts.slug', 'posts.updated_at', 'posts.language', 'posts.translation_group'])
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute();
}

/**
 * Every category with a published tour, per language of its tours, and the newest change among those tours (or the
 * category itself).
 */
export async function listCategorySitemapEntries(
  db: Db,
): Promise<{ slug: string; updated_at: string; language: string }[]> {
  const rows = await db.kysely
    .selectFrom('categories')
    .innerJoin('posts', 'posts.category_id', 'categories.id')
    .where('posts.status', '=', 'published')
    .groupBy(['categories.id', 'categories.slug', 'categories.updated_at', 'posts.language'])
    .select([
      'categories.slug',
      'posts.language',
      'categories.updated_at as category_updated_at',
      (eb) => eb.fn.max('posts.updated_at').as('tours_updated_at'),
    ])
    .orderBy('categories.slug')
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    language: row.language,
    updated_at: [row.category_updated_at, String(row.tours_updated_at)].sort().at(-1)!,
  }));
}

/**
 * What the upcoming departures of these tours add up to, in one query for a whole page of cards (never a query per
 * card): the next bookable day, the "from" price, the range of prices and how the seats stand. A translation's are
 * its group's (issue 30), kept under the group's first item: the cards' groups are read first (a lookup by id each),
 * then the departures of those groups, answered by card.
 */
export async function listDepartureSummaries(
  db: Db,
  postIds: number[],
  now: SiteNow,
): Promise<Map<number, DepartureSummary>> {
  if (postIds.length === 0) return new Map();
  const groups = await db.kysely
    .selectFrom('posts')
    .select(['id', 'translation_group'])
    .where('id', 'in', postIds)
    .execute();
  // A row written straight to the database (a benchmark's) may have no group: it is its own.
  const ownerOf = new Map(groups.map((row) => [row.id, row.translation_group ?? row.id]));
  // Each group's departures once, priced (where a departure has no price of its own) by one of its cards: the
  // group's price is every item's, and the group's first item may be gone (purged from the trash).
  const cardOf = new Map<number, number>();
  for (const id of postIds) if (!cardOf.has(ownerOf.get(id) ?? id)) cardOf.set(ownerOf.get(id) ?? id, id);
  const owners = [...cardOf.keys()];
  const card = sql`CASE d.post_id ${sql.join(
    owners.map((owner) => sql`WHEN ${owner} THEN CAST(${cardOf.get(owner)!} AS integer)`),
    sql` `,
  )} END`;
  const price = sql`COALESCE(d.price, p.price)`;
  const left = sql`(d.seats_total - d.seats_taken)`;
  const { rows } = await sql<{
    post_id: number;
    next_on: string | null;
    from_price: string | number | null;
    low_price: string | number | null;
    high_price: string | number | null;
    offers: string | number;
    available: string | number;
    limited: string | number;
  }>`SELECT d.post_id,
  MIN(CASE WHEN d.seats_total IS NULL OR d.seats_taken < d.seats_total THEN d.starts_on END) AS next_on,
  MIN(CASE WHEN d.seats_total IS NULL OR d.seats_taken < d.seats_total THEN ${price} END) AS from_price,
  MIN(${price}) AS low_price,
  MAX(${price}) AS high_price,
  COUNT(*) AS offers,
  SUM(CASE WHEN d.seats_total IS NULL OR ${left} >= ${DEPARTURE_LIMITED_BELOW} THEN 1 ELSE 0 END) AS available,
  SUM(CASE WHEN ${left} > 0 AND ${left} < ${DEPARTURE_LIMITED_BELOW} THEN 1 ELSE 0 END) AS limited
FROM departures d INNER JOIN posts p ON p.id = ${card}
WHERE d.post_id IN (${sql.join(owners)}) AND ${upcomingSql(now)}
GROUP BY d.post_id`.execute(db.kysely);
  const number = (value: string | number | null) => (value === null ? null : Number(value));
  const byOwner = new Map(
    rows.map((row) => {
      const offers = Number(row.offers);
      const available = Number(row.available);
      const limited = Number(row.limited);
      const summary: DepartureSummary = {
        next_on: row.next_on,
        from_price: number(row.from_price),
        low_price: number(row.low_price),
        high_price: number(row.high_price),
        offers,
        available,
        limited,
        sold_out: offers - available - limited,
      };
      return [Number(row.post_id), summary];
    }),
  );
  return new Map(
    postIds.flatMap((id) => {
      const summary = byOwner.get(ownerOf.get(id) ?? id);
      return summary ? [[id, summary] as const] : [];
    }),
  );
}
