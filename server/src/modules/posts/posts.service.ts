import {
  durationMinutes,
  postInputSchema,
  tourSearchText,
  type Post,
  type PostData,
  type PostListItem,
  type Revision,
  type SessionUser,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { invalidField, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { slugConflict, slugGuard } from '../../slug-guard.js';
import type { SiteChanges } from '../../public-site/site-changes.js';
import type { MediaService } from '../media/media.service.js';
import type { RedirectsService } from '../redirects/redirects.service.js';
import type { PreviewsService } from '../previews/previews.service.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import type { TaxonomyService } from '../taxonomy/taxonomy.service.js';
import * as repo from './posts.repository.js';

export interface PostsDeps {
  db: Db;
  taxonomy: TaxonomyService;
  media: MediaService;
  siteChanges: SiteChanges;
  revisions: RevisionsService;
  redirects: RedirectsService;
  previews: PreviewsService;
}

const slugs = slugGuard('posts', () => slugConflict('post'));

/** The fields of a saved post as its input takes them: what a revision keeps, compares and restores. */
function snapshotOf(row: repo.PostSaveRow, tags: { id: number }[]): Omit<PostData, 'version'> {
  return {
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    status: row.status,
    price: row.price,
    duration: row.duration,
    age: row.age,
    location: row.location,
    button_label: row.button_label,
    button_value: row.button_value,
    calendar_time_iframe: row.calendar_time_iframe,
    short_description: row.short_description,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    category_id: row.category_id,
    featured_image_id: row.featured_image_id,
    tag_ids: tags.map((tag) => tag.id),
  };
}

/** Posts (tours): the rules of writing them. */
export function createPostsService({ db, taxonomy, media, siteChanges, revisions, redirects, previews }: PostsDeps) {
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

  /**
   * The post's columns from its input: the tags have a table of their own, the expected version is checked, never
   * stored; the catalogue's two derived columns.
   */
  function columnsOf({ tag_ids: _tags, version: _version, ...input }: PostData) {
    return { ...input, duration_minutes: durationMinutes(input.duration), search_text: tourSearchText(input) };
  }

  /**
   * Saves the post's fields as a new version, in one transaction: the row is locked, a stale `expected` version
   * answers 409, the version being replaced is kept in the history, then the fields, tags and version change.
   */
  async function save(id: number, input: PostData, actor: SessionUser, expected: number | undefined): Promise<Post> {
    await assertReferences(input);
    await inTransaction(db, async (tx) => {
      const current = await repo.lockPostForSave(tx, id);
      if (!current) throw notFound('Post');
      await revisions.replaced(tx, 'post', current, snapshotOf(current, await repo.listPostTags(tx, id)), expected);
      await slugs.claim(tx, input.slug, id, async () => {
        await repo.updatePost(tx, id, { ...columnsOf(input), version: current.version + 1, updated_by: actor.id, updated_at: nowIso() });
        await repo.replacePostTags(tx, id, input.tag_ids);
      });
      // Old addresses keep working: a published tour that changes its slug leaves a redirect behind.
      if (current.status === 'published' && current.slug !== input.slug) await redirects.moved(tx, `/tours/${current.slug}`, `/tours/${input.slug}`);
      if (input.status === 'published') await redirects.released(tx, `/tours/${input.slug}`);
    });
    siteChanges.changed('post');
    return get(id);
  }

  /**
   * A version's fields made valid again for today's post: a category, tags or image deleted since are left out,
   * rather than refusing the restore.
   */
  async function restorable(revision: Revision): Promise<PostData> {
    const parsed = postInputSchema.safeParse(revision.data);
    if (!parsed.success) throw invalidField(parsed.error.issues[0]?.path.join('.') || 'data', `This version cannot be restored: ${parsed.error.issues[0]?.message}`);
    const data = parsed.data;
    const [categories, tags, image] = await Promise.all([
      taxonomy.existingIds('categories', data.category_id === null ? [] : [data.category_id]),
      taxonomy.existingIds('tags', data.tag_ids),
      media.findFeaturedImage(data.featured_image_id),
    ]);
    return {
      ...data,
      category_id: categories.length ? data.category_id : null,
      tag_ids: data.tag_ids.filter((tagId) => tags.includes(tagId)),
      featured_image_id: image?.mime_type.startsWith('image/') ? data.featured_image_id : null,
      version: undefined,
    };
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
          const postId = await repo.insertPost(tx, { ...columnsOf(input), author_id: actor.id, updated_by: actor.id, created_at: now, updated_at: now });
          await repo.replacePostTags(tx, postId, input.tag_ids);
          if (input.status === 'published') await redirects.released(tx, `/tours/${input.slug}`);
          return postId;
        }),
      );
      siteChanges.changed('post');
      return get(id);
    },

    /**
     * A PUT replaces every field the client owns; the author and created_at stay as they were. The version the
     * editor loaded, when sent, must still be the current one (409 otherwise).
     */
    update: (id: number, input: PostData, actor: SessionUser): Promise<Post> => save(id, input, actor, input.version),

    /** Draft preview links: anyone with one sees this post's current draft on the site until it expires or is revoked. */
    ...previews.forItem('post', get),

    /** The post's history, newest first, a page at a time, and one version whole (404 for an unknown post). */
    ...revisions.forItem('post', get),

    /** Makes a kept version current again, as a new version (so a restore can itself be undone). */
    async restore(id: number, revisionId: number, actor: SessionUser): Promise<Post> {
      await get(id);
      const data = await restorable(await revisions.get('post', id, revisionId));
      return save(id, data, actor, undefined);
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
