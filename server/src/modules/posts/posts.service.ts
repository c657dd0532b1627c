import type { Post, PostData, PostListItem, SessionUser } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { slugConflict, slugGuard } from '../../slug-guard.js';
import type { MediaService } from '../media/media.service.js';
import type { TaxonomyService } from '../taxonomy/taxonomy.service.js';
import * as repo from './posts.repository.js';

export interface PostsDeps {
  db: Db;
  taxonomy: TaxonomyService;
  media: MediaService;
}

const slugs = slugGuard('posts', () => slugConflict('post'));

/** Posts (tours): the rules of writing them. */
export function createPostsService({ db, taxonomy, media }: PostsDeps) {
  async function toPost(row: repo.PostRow): Promise<Post> {
    return { ...row, featured_image: await media.findFeaturedImage(row.featured_image_id) };
  }

  async function get(id: number): Promise<Post> {
    const row = await repo.findPostById(db, id);
    if (!row) throw notFound('Post');
    return toPost(row);
  }

  /** A post's references must exist: its category (422) and its featured image, which must be an image (422). */
  async function assertReferences(input: PostData): Promise<void> {
    await taxonomy.assertCategoryExists(input.category_id);
    await media.assertImage(input.featured_image_id, 'featured_image_id');
  }

  return {
    list: (): Promise<PostListItem[]> => repo.listPosts(db),

    get,

    async getBySlug(slug: string): Promise<Post> {
      const row = await repo.findPostBySlug(db, slug);
      if (!row) throw notFound('Post');
      return toPost(row);
    },

    /** The author is whoever is signed in: an `author_id` sent by a client never reaches here. */
    async create(input: PostData, actor: SessionUser): Promise<Post> {
      await assertReferences(input);
      const now = nowIso();
      const id = await slugs.claim(db, input.slug, undefined, () =>
        repo.insertPost(db, { ...input, author_id: actor.id, created_at: now, updated_at: now }),
      );
      return get(id);
    },

    /** A PUT replaces every field the client owns; the author and created_at stay as they were. */
    async update(id: number, input: PostData): Promise<Post> {
      await get(id);
      await assertReferences(input);
      await slugs.claim(db, input.slug, id, () => repo.updatePost(db, id, { ...input, updated_at: nowIso() }));
      return get(id);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.deletePost(db, id))) throw notFound('Post');
    },

    count: (): Promise<number> => repo.countPosts(db),
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
