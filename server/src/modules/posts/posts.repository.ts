import type { Insertable, Updateable } from 'kysely';
import { POST_LIST_FIELDS } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { PostRow, PostsTable } from '../../db/tables.js';

export type PostListRow = Pick<PostRow, (typeof POST_LIST_FIELDS)[number]>;

/** Newest first, and only the list's columns: content can be megabytes a post, and the list has thousands. */
export async function listPosts(db: Db): Promise<PostListRow[]> {
  return db.kysely
    .selectFrom('posts')
    .select(POST_LIST_FIELDS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findPostById(db: Db, id: number): Promise<PostRow | undefined> {
  return db.kysely.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPostBySlug(db: Db, slug: string): Promise<PostRow | undefined> {
  return db.kysely.selectFrom('posts').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** The id of another post that already uses this slug, if any. */
export async function findPostSlugOwner(db: Db, slug: string, exceptId?: number): Promise<number | undefined> {
  let query = db.kysely.selectFrom('posts').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export async function insertPost(db: Db, row: Insertable<PostsTable>): Promise<number> {
  const { id } = await db.kysely.insertInto('posts').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updatePost(db: Db, id: number, changes: Updateable<PostsTable>): Promise<void> {
  await db.kysely.updateTable('posts').set(changes).where('id', '=', id).execute();
}

export async function deletePost(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Leaves the posts of a category that is being deleted without a category. */
export async function uncategorisePosts(db: Db, categoryId: number, now: string): Promise<void> {
  await db.kysely.updateTable('posts').set({ category_id: null, updated_at: now }).where('category_id', '=', categoryId).execute();
}
