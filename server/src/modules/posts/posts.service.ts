import type { Post, PostData, PostListItem, PostStatus, SessionUser } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { PostRow } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { toTourFields } from '../../db/tour-fields.js';
import { HttpError, invalidField, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { findTaxonomyById } from '../taxonomy/taxonomy.repository.js';
import * as repo from './posts.repository.js';

export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    status: row.status as PostStatus,
    ...toTourFields(row),
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    category_id: row.category_id,
    author_id: row.author_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toPostListItem(row: repo.PostListRow): PostListItem {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status as PostStatus,
    created_at: row.created_at,
    category_id: row.category_id,
  };
}

const slugTaken = () =>
  new HttpError(409, 'A post with this slug already exists', [{ field: 'slug', message: 'This slug is already in use' }]);

async function assertSlugFree(db: Db, slug: string, exceptId?: number): Promise<void> {
  if ((await repo.findPostSlugOwner(db, slug, exceptId)) !== undefined) throw slugTaken();
}

async function assertCategoryExists(db: Db, categoryId: number | null): Promise<void> {
  if (categoryId !== null && !(await findTaxonomyById(db, 'categories', categoryId))) {
    throw invalidField('category_id', `Category ${categoryId} does not exist`);
  }
}

async function getRow(db: Db, id: number): Promise<PostRow> {
  const row = await repo.findPostById(db, id);
  if (!row) throw notFound('Post');
  return row;
}

export async function listPosts(db: Db): Promise<PostListItem[]> {
  return (await repo.listPosts(db)).map(toPostListItem);
}

export async function getPost(db: Db, id: number): Promise<Post> {
  return toPost(await getRow(db, id));
}

export async function getPostBySlug(db: Db, slug: string): Promise<Post> {
  const row = await repo.findPostBySlug(db, slug);
  if (!row) throw notFound('Post');
  return toPost(row);
}

/** The author is whoever is signed in (decisions §4): the `author_id` a client sends never reaches here. */
export async function createPost(db: Db, input: PostData, actor: SessionUser): Promise<Post> {
  await assertCategoryExists(db, input.category_id);
  await assertSlugFree(db, input.slug);
  const now = nowIso();
  try {
    const id = await repo.insertPost(db, { ...input, author_id: actor.id, created_at: now, updated_at: now });
    return await getPost(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** A PUT replaces every field the client owns; the author and created_at stay as they were. */
export async function updatePost(db: Db, id: number, input: PostData): Promise<Post> {
  await getRow(db, id);
  await assertCategoryExists(db, input.category_id);
  await assertSlugFree(db, input.slug, id);
  try {
    await repo.updatePost(db, id, { ...input, updated_at: nowIso() });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  return getPost(db, id);
}

export async function deletePost(db: Db, id: number): Promise<void> {
  if (!(await repo.deletePost(db, id))) throw notFound('Post');
}
