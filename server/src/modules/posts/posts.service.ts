import {
  durationMinutes,
  postInputSchema,
  tourSearchText,
  type Post,
  type PostData,
  type PostListItem,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { invalidField, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { slugConflict, slugGuard, slugTakenMeanwhile } from '../../slug-guard.js';
import type { SiteChanges } from '../../public-site/site-changes.js';
import type { MediaService } from '../media/media.service.js';
import type { RedirectsService } from '../redirects/redirects.service.js';
import type { PreviewsService } from '../previews/previews.service.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import type { TaxonomyService } from '../taxonomy/taxonomy.service.js';
import { keptColumns, trashedItem, type TrashService } from '../trash/trash.service.js';
import { publishEachDue, scheduleOf, withoutPastSchedule } from '../../scheduling.js';
import type { Actor } from '../../actor.js';
import { changedKeys, describeChanges, saveAction } from '../../change-summary.js';
import type { ActivityService } from '../activity/activity.service.js';
import * as repo from './posts.repository.js';

export interface PostsDeps {
  db: Db;
  taxonomy: TaxonomyService;
  media: MediaService;
  siteChanges: SiteChanges;
  revisions: RevisionsService;
  redirects: RedirectsService;
  previews: PreviewsService;
  trash: TrashService;
  activity: ActivityService;
}

/** The fields of a post as the activity log names them when they change. */
const POST_LABELS: Partial<Record<keyof PostData, string>> = {
  title: 'title',
  slug: 'slug',
  content: 'content',
  excerpt: 'excerpt',
  status: 'status',
  publish_at: 'publish time',
  price: 'price',
  duration: 'duration',
  age: 'age',
  location: 'location',
  button_label: 'button label',
  button_value: 'button value',
  calendar_time_iframe: 'calendar',
  short_description: 'short description',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  category_id: 'category',
  featured_image_id: 'featured image',
  tag_ids: 'tags',
};

const slugs = slugGuard('posts', () => slugConflict('post'));

/** The fields of a saved post as its input takes them: what a revision keeps, compares and restores. */
function snapshotOf(row: repo.PostSaveRow, tags: { id: number }[]): Omit<PostData, 'version'> {
  return {
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    status: row.status,
    publish_at: row.publish_at,
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
export function createPostsService({ db, taxonomy, media, siteChanges, revisions, redirects, previews, trash, activity }: PostsDeps) {
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
   * stored; `publish_at` as the schedule rules decided (scheduleOf); the catalogue's two derived columns.
   */
  function columnsOf({ tag_ids: _tags, version: _version, ...input }: Omit<PostData, 'version'> & { version?: number }, publishAt: string | null) {
    return { ...input, publish_at: publishAt, duration_minutes: durationMinutes(input.duration), search_text: tourSearchText(input) };
  }

  /**
   * Saves the post's fields as a new version, in one transaction: the row is locked, a stale `expected` version
   * answers 409, the version being replaced is kept in the history, then the fields, tags and version change.
   */
  async function save(id: number, input: PostData, actor: Actor, expected: number | undefined, note?: string): Promise<Post> {
    await assertReferences(input);
    await inTransaction(db, async (tx) => {
      const current = await repo.lockPostForSave(tx, id);
      if (!current) throw notFound('Post');
      const before = snapshotOf(current, await repo.listPostTags(tx, id));
      await revisions.replaced(tx, 'post', current, before, expected);
      const publishAt = scheduleOf(input, current);
      const after = { ...input, publish_at: publishAt };
      const summary = describeChanges(before, after, POST_LABELS);
      await activity.record(tx, actor, {
        action: note ? 'restore' : saveAction(current.status, input.status, changedKeys(before, after, POST_LABELS)),
        itemType: 'post',
        itemId: id,
        title: input.title,
        summary: note ? `${note}; ${summary.charAt(0).toLowerCase()}${summary.slice(1)}` : summary,
      });
      await slugs.claim(tx, input.slug, id, async () => {
        await repo.updatePost(tx, id, { ...columnsOf(input, publishAt), version: current.version + 1, updated_by: actor.id, updated_at: nowIso() });
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
  async function restorable(fields: unknown): Promise<PostData> {
    const parsed = postInputSchema.safeParse(fields);
    if (!parsed.success) throw invalidField(parsed.error.issues[0]?.path.join('.') || 'data', `This version cannot be restored: ${parsed.error.issues[0]?.message}`);
    const data = parsed.data;
    const [categories, tags, image] = await Promise.all([
      taxonomy.existingIds('categories', data.category_id === null ? [] : [data.category_id]),
      taxonomy.existingIds('tags', data.tag_ids),
      media.findFeaturedImage(data.featured_image_id),
    ]);
    return withoutPastSchedule({
      ...data,
      category_id: categories.length ? data.category_id : null,
      tag_ids: data.tag_ids.filter((tagId) => tags.includes(tagId)),
      featured_image_id: image?.mime_type.startsWith('image/') ? data.featured_image_id : null,
      version: undefined,
    });
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
    async create(input: PostData, actor: Actor): Promise<Post> {
      await assertReferences(input);
      const now = nowIso();
      const id = await inTransaction(db, (tx) =>
        slugs.claim(tx, input.slug, undefined, async () => {
          const postId = await repo.insertPost(tx, { ...columnsOf(input, scheduleOf(input, undefined)), author_id: actor.id, updated_by: actor.id, created_at: now, updated_at: now });
          await repo.replacePostTags(tx, postId, input.tag_ids);
          await activity.record(tx, actor, { action: 'create', itemType: 'post', itemId: postId, title: input.title, summary: `Status ${input.status}` });
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
    update: (id: number, input: PostData, actor: Actor): Promise<Post> => save(id, input, actor, input.version),

    /** Draft preview links: anyone with one sees this post's current draft on the site until it expires or is revoked. */
    ...previews.forItem('post', get),

    /** The post's history, newest first, a page at a time, and one version whole (404 for an unknown post). */
    ...revisions.forItem('post', get),

    /** Makes a kept version current again, as a new version (so a restore can itself be undone). */
    async restore(id: number, revisionId: number, actor: Actor): Promise<Post> {
      await get(id);
      const revision = await revisions.get('post', id, revisionId);
      const data = await restorable(revision.data);
      return save(id, data, actor, undefined, `Restored version ${revision.version}`);
    },

    /** Deletes the post into the trash (decisions §13): it answers 404 from now on, until someone restores it. */
    async remove(id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const current = await repo.lockPostForSave(tx, id);
        if (!current) throw notFound('Post');
        const kept = trashedItem(snapshotOf(current, await repo.listPostTags(tx, id)), current);
        await trash.moveIn(tx, { itemType: 'post', itemId: id, title: current.title, kept }, actor);
        await repo.deletePost(tx, id);
      });
      siteChanges.changed('post');
    },

    /**
     * Puts a trashed post back under its own id, as it was (a schedule already past comes back as a draft; a
     * category, tags or image deleted since are left out). 409 when another post took its slug meanwhile.
     */
    async untrash(entryId: number, actor: Actor): Promise<Post> {
      const { itemId, kept } = await trash.peek(entryId, 'post');
      const data = await restorable(kept.fields);
      const slugTaken = () => slugTakenMeanwhile('post', data.slug);
      await inTransaction(db, async (tx) => {
        await trash.takeBack(tx, entryId, { itemType: 'post', itemId, title: data.title }, actor);
        await slugGuard('posts', slugTaken).claim(tx, data.slug, undefined, async () => {
          await repo.restorePost(tx, { id: itemId, ...columnsOf(data, data.publish_at), ...keptColumns(kept) });
          await repo.replacePostTags(tx, itemId, data.tag_ids);
        });
        if (data.status === 'published') await redirects.released(tx, `/tours/${data.slug}`);
      });
      siteChanges.changed('post');
      return get(itemId);
    },

    /**
     * Publishes the scheduled posts whose moment has come (the periodic job). Each is claimed under a row lock and
     * checked again, so when several server processes share one database each post is published exactly once; the
     * version it replaces goes into its history like any save's.
     */
    async publishDue(now: string = nowIso()): Promise<number> {
      const published = await publishEachDue(db, await repo.listDuePostIds(db, now), now, (tx, id) => repo.lockPostForSave(tx, id), async (tx, current, id) => {
        await revisions.replaced(tx, 'post', current, snapshotOf(current, await repo.listPostTags(tx, id)), undefined);
        await repo.updatePost(tx, id, { status: 'published', publish_at: null, version: current.version + 1, updated_at: now });
        await redirects.released(tx, `/tours/${current.slug}`);
        await activity.record(tx, null, { action: 'publish', itemType: 'post', itemId: id, title: current.title, summary: `Published on schedule (${current.publish_at})` });
      });
      if (published) siteChanges.changed('post');
      return published;
    },

    count: (): Promise<number> => repo.countPosts(db),

    /** True when the post exists and is published (what visitors may refer to, as an inquiry's tour). */
    isPublished: async (id: number, tx: Db = db): Promise<boolean> => (await repo.findPostById(tx, id))?.status === 'published',
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
