import { durationMinutes, tourSearchText, type Post, type PostData, type PostListItem, type SessionUser } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { slugConflict, slugGuard } from '../../slug-guard.js';
import type { SiteChanges } from '../../public-site/site-changes.js';
import type { MediaService } from '../media/media.service.js';
import type { TaxonomyService } from '../taxonomy/taxonomy.service.js';
import * as repo from './posts.repository.js';

export interface PostsDeps {
  db: Db;
  taxonomy: TaxonomyService;
  media: MediaService;
  siteChanges: SiteChanges;
}

const slugs = slugGuard('posts', () => slugConflict('post'));

/** Posts (tours): the rules of writing them. */
export function createPostsService({ db, taxonomy, media, siteChanges }: PostsDeps) {
  async function toPost(row: repo.PostRow): Promise<Post> {
    const [featured_image, tags] = await Promise.all([media.findFeaturedImage(row.featured_image_id), repo.listPostTags(db, row.id)]);
    return { ...row, featured_image, tags };
  }

  async function get(id: number): Promise<Post> {
    const row = await repo.findPostById(db, id);
    if (!row) throw notFound('Post');
    return toPost(row);
  }

  /** A post's references must exist: its category and tags (422), and its featured image, which must be an image (422). */
  async function assertReferences(input: PostData): Promise<void> {
    await taxonomy.assertCategoryExists(input.category_id);
    await taxonomy.assertTagsExist(input.tag_ids);
    await media.assertImage(input.featured_image_id, 'featured_image_id');
  }

  /** The post's columns from its input: the tags have a table of their own; the catalogue's two derived columns. */
  function columnsOf({ tag_ids: _tags, ...input }: PostData) {
    return { ...input, duration_minutes: durationMinutes(input.duration), search_text: tourSearchText(input) };
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
      const id = await inTransaction(db, (tx) =>
        slugs.claim(tx, input.slug, undefined, async () => {
          const postId = await repo.insertPost(tx, { ...columnsOf(input), author_id: actor.id, created_at: now, updated_at: now });
          await repo.replacePostTags(tx, postId, input.tag_ids);
          return postId;
        }),
      );
      siteChanges.changed('post');
      return get(id);
    },

    /** A PUT replaces every field the client owns; the author and created_at stay as they were. */
    async update(id: number, input: PostData): Promise<Post> {
      await get(id);
      await assertReferences(input);
      await inTransaction(db, (tx) =>
        slugs.claim(tx, input.slug, id, async () => {
          await repo.updatePost(tx, id, { ...columnsOf(input), updated_at: nowIso() });
          await repo.replacePostTags(tx, id, input.tag_ids);
        }),
      );
      siteChanges.changed('post');
      return get(id);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.deletePost(db, id))) throw notFound('Post');
      siteChanges.changed('post');
    },

    count: (): Promise<number> => repo.countPosts(db),

    /** True when the post exists and is published (what visitors may refer to, as an inquiry's tour). */
    isPublished: async (id: number): Promise<boolean> => (await repo.findPostById(db, id))?.status === 'published',
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
