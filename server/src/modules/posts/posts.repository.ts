import { sql, type Insertable, type Updateable } from 'kysely';
import {
  postListItemSchema,
  postSchema,
  type Post,
  type ListPage,
  type PostListItem,
  type PostListQuery,
  type PostTag,
  type TourSections,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { forUpdate } from '../../db/transaction.js';
import { translationsJson } from '../../db/translation-groups.js';
import { contains, countRows, keysetSort, pageRows, toListPage } from '../../list-paging.js';
import type { PostsTable } from '../../db/tables.js';

// The columns are the contract's fields (but the joined featured image, tags and FAQs, and the translations, read
// from the group): a row read here is the API's shape, but for the sections, which are JSON text here
// (post-sections.ts reads them), and the translation group, which the API answers as the group's other items.
const POST_COLUMNS = [
  ...postSchema.keyof().exclude(['featured_image', 'tags', 'faq_ids', 'translations']).options,
  'translation_group',
] as const;

/** The tour's sections as their columns hold them: JSON text (the FAQs are rows of post_faqs). */
export type StoredSections = Record<Exclude<keyof TourSections, 'meeting_point' | 'faq_ids'>, string> & {
  meeting_point: string | null;
};
export type PostRow = Omit<Post, 'featured_image' | 'tags' | 'translations' | keyof TourSections> &
  StoredSections & { translation_group: number };
const POST_LIST_COLUMNS = [
  ...postListItemSchema.keyof().exclude(['translations']).options,
  'translation_group',
] as const;
/** A row of the list: its columns, and its group (the service names the group's other items). */
export type PostListRow = Omit<PostListItem, 'translations'> & { translation_group: number };

/**
 * Newest first, and only the list's columns: content can be megabytes a post, and the list has thousands. Every
 * language, or only `language`'s posts.
 */
export async function listPosts(db: Db, language?: string): Promise<PostListRow[]> {
  return db.kysely
    .selectFrom('posts')
    .select(POST_LIST_COLUMNS)
    .$if(language !== undefined, (qb) => qb.where('language', '=', language!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The whole list (`listPosts`' rows, each with its translations) as the API's JSON text: the database makes each
 * row's JSON, in the list's order, and they are joined here. At 100,000 posts, making a driver object of every row
 * and link, checking each against the contract and serializing it again cost more than reading them
 * (bench/src/posts-language.ts). The fields are the contract's (`POST_LIST_COLUMNS`), so nothing else can reach
 * the answer; the response-schemas test holds the shape against the paged list's, which goes through the schema.
 */
export async function listPostsJson(db: Db, language?: string): Promise<string> {
  const fields = sql.join(
    POST_LIST_COLUMNS.filter((column) => column !== 'translation_group').flatMap((column) => [
      sql.lit(column),
      sql.ref(`p.${column}`),
    ]),
  );
  const translations = translationsJson(db, 'posts', 'p');
  const item =
    db.dialect === 'postgres'
      ? sql`json_build_object(${fields}, 'translations', ${translations})::text`
      : sql`json_object(${fields}, 'translations', json(${translations}))`;
  const where = language === undefined ? sql`` : sql`WHERE p.language = ${language}`;
  const { rows } = await sql<{ item: string }>`SELECT ${item} AS item FROM posts p ${where}
    ORDER BY p.created_at DESC, p.id DESC`.execute(db.kysely);
  return `[${rows.map((row) => row.item).join(',')}]`;
}

/**
 * The posts' count of changes (migration 0040): it moves with every transaction that writes `posts`. Null while
 * the count has no row (a database emptied by hand; the next write makes it).
 */
export async function postsListVersion(db: Db): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('list_versions')
    .select('version')
    .where('name', '=', 'posts')
    .executeTakeFirst();
  return row ? Number(row.version) : null;
}

/** One page of the list, searched, filtered and sorted on the server (GET /posts/ with parameters). */
export async function listPostsPage(db: Db, query: PostListQuery): Promise<ListPage<PostListRow>> {
  const sort = keysetSort(query.sort);
  const filtered = db.kysely
    .selectFrom('posts')
    .$if(query.language !== undefined, (qb) => qb.where('language', '=', query.language!))
    .$if(query.status !== undefined, (qb) => qb.where('status', '=', query.status!))
    .$if(query.category !== undefined, (qb) => qb.where('category_id', '=', query.category!))
    .$if(query.q !== undefined, (qb) =>
      qb.where((eb) => eb.or([contains(db, 'title', query.q!), contains(db, 'slug', query.q!)])),
    );
  const [rows, total] = await Promise.all([
    pageRows(filtered.select(POST_LIST_COLUMNS), sort, query.cursor, query.limit).execute(),
    countRows(filtered),
  ]);
  return toListPage('posts', query.sort, sort, rows, query.limit, total);
}

export async function findPostById(db: Db, id: number): Promise<PostRow | undefined> {
  return db.kysely.selectFrom('posts').select(POST_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findPostBySlug(db: Db, slug: string): Promise<PostRow | undefined> {
  return db.kysely.selectFrom('posts').select(POST_COLUMNS).where('slug', '=', slug).executeTakeFirst();
}

export async function insertPost(db: Db, row: Insertable<PostsTable>): Promise<number> {
  const { id } = await db.kysely.insertInto('posts').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updatePost(db: Db, id: number, changes: Updateable<PostsTable>): Promise<void> {
  await db.kysely.updateTable('posts').set(changes).where('id', '=', id).execute();
}

/** Returns false when no post has this id. */
export async function deletePost(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countPosts(db: Db): Promise<number> {
  const { count } = await db.kysely
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The post's tags, by name. */
export async function listPostTags(db: Db, postId: number): Promise<PostTag[]> {
  return db.kysely
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .where('post_tags.post_id', '=', postId)
    .select(['tags.id', 'tags.name', 'tags.slug'])
    .orderBy('tags.name')
    .orderBy('tags.id')
    .execute();
}

/** The ids of the FAQs the post shows, in order. */
export async function listPostFaqIds(db: Db, postId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('post_faqs')
    .select('faq_id')
    .where('post_id', '=', postId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.faq_id);
}

/** Replaces the post's FAQs with these, in this order (already checked to exist). */
export async function replacePostFaqs(db: Db, postId: number, faqIds: number[]): Promise<void> {
  await db.kysely.deleteFrom('post_faqs').where('post_id', '=', postId).execute();
  if (faqIds.length)
    await db.kysely
      .insertInto('post_faqs')
      .values(faqIds.map((faq_id, position) => ({ post_id: postId, faq_id, position })))
      .execute();
}

/** Replaces the post's tags with these (already checked to exist). */
export async function replacePostTags(db: Db, postId: number, tagIds: number[]): Promise<void> {
  await db.kysely.deleteFrom('post_tags').where('post_id', '=', postId).execute();
  if (tagIds.length)
    await db.kysely
      .insertInto('post_tags')
      .values(tagIds.map((tag_id) => ({ post_id: postId, tag_id })))
      .execute();
}

/** A post's row as a save replaces it: its fields, version and last saver. */
export type PostSaveRow = PostRow & { updated_by: number | null };

/** Reads and locks the post for a save (in the caller's transaction); undefined when there is none. */
export async function lockPostForSave(db: Db, id: number): Promise<PostSaveRow | undefined> {
  return forUpdate(
    db,
    db.kysely
      .selectFrom('posts')
      .select([...POST_COLUMNS, 'updated_by'])
      .where('id', '=', id),
  ).executeTakeFirst();
}

/** The scheduled posts whose moment has come, soonest first (the (status, publish_at) index). */
export async function listDuePostIds(db: Db, now: string, limit = 100): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('posts')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', now)
    .orderBy('publish_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Puts a trashed post's row back under its id. Its author and last saver are kept only if their accounts still
 * exist (a subquery, so a deleted account gives null rather than a foreign-key refusal).
 */
export async function restorePost(db: Db, row: Insertable<PostsTable> & { id: number }): Promise<void> {
  const { author_id, updated_by, ...rest } = row;
  await db.kysely
    .insertInto('posts')
    .values((eb) => ({
      ...rest,
      author_id: eb
        .selectFrom('users')
        .select('id')
        .where('id', '=', author_id ?? -1),
      updated_by: eb
        .selectFrom('users')
        .select('id')
        .where('id', '=', updated_by ?? -1),
    }))
    .execute();
}
