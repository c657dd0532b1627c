import {
  durationMinutes,
  groupFieldKeys,
  postFields,
  postInputSchema,
  postSnapshot,
  tourSearchText,
  type Post,
  type PostData,
  type PostFieldData,
  type ListPage,
  type PostListItem,
  type PostListQuery,
  type PostSnapshot,
  type TourSections,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { itemsInLanguage, translationsOf, type TranslationLink } from '../../db/translation-groups.js';
import type { SettingsService } from '../settings/settings.service.js';
import { invalidField, notFound } from '../../core/errors.js';
import type { SiteChanges } from '../../core/site-changes.js';
import type { MediaService } from '../media/media.service.js';
import type { RedirectsService } from '../redirects/redirects.service.js';
import type { PreviewsService } from '../previews/previews.service.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import type { TaxonomyService } from '../taxonomy/taxonomy.service.js';
import type { TrashService } from '../trash/trash.service.js';
import { withoutPastSchedule } from '../../core/scheduling.js';
import type { Actor } from '../../core/actor.js';
import type { ActivityService } from '../activity/activity.service.js';
import { createContentLifecycle, type Settled } from '../../versioned-content/content-lifecycle.js';
import { cleanRichText } from '../../rich-text.js';
import type { FaqsService, FaqText } from '../faqs/faqs.service.js';
import {
  answeredSections,
  prepared,
  readSections,
  sectionColumns,
  sectionImageIds,
  withAllSections,
} from './post-sections.js';
import * as repo from './posts.repository.js';

export interface PostsDeps {
  db: Db;
  taxonomy: TaxonomyService;
  media: MediaService;
  faqs: FaqsService;
  siteChanges: SiteChanges;
  revisions: RevisionsService;
  redirects: RedirectsService;
  previews: PreviewsService;
  trash: TrashService;
  activity: ActivityService;
  /** The site's languages: a post is in one of them. */
  settings: Pick<SettingsService, 'get'>;
}

/** A post's public address: redirects follow it when a published tour's slug changes. */
const tourPath = (slug: string) => `/tours/${slug}`;

/** Posts (tours): the rules of writing them. */
export function createPostsService({
  db,
  taxonomy,
  media,
  faqs,
  siteChanges,
  revisions,
  redirects,
  previews,
  trash,
  activity,
  settings,
}: PostsDeps) {
  /** A post's sections as stored: its JSON columns and its FAQs. */
  async function sectionsOf(tx: Db, row: repo.PostRow): Promise<TourSections> {
    return readSections(row, await repo.listPostFaqIds(tx, row.id));
  }

  async function toPost({ translation_group, ...row }: repo.PostRow): Promise<Post> {
    const [featured_image, tags, sections, translations] = await Promise.all([
      media.findFeaturedImage(row.featured_image_id),
      repo.listPostTags(db, row.id),
      sectionsOf(db, { ...row, translation_group }),
      translationsOf(db, 'posts', [{ id: row.id, translation_group }]),
    ]);
    // One lookup for every image the sections show; an image gone (or in the media trash) is shown by none.
    const images = await media.imagesByIds(sectionImageIds(sections));
    // An image in the media trash is no image here; its id is kept, so a restore of the file brings it back.
    return {
      ...row,
      featured_image_id: featured_image ? row.featured_image_id : null,
      featured_image,
      tags,
      ...answeredSections(sections, images),
      translations: (translations.get(row.id) ?? []) as Post['translations'],
    };
  }

  /** List rows with their translations (found by the caller, in one query or none), without their group. */
  function toListItems(rows: repo.PostListRow[], translations: Map<number, TranslationLink[]>): PostListItem[] {
    return rows.map(({ translation_group: _group, ...row }) => ({
      ...row,
      translations: (translations.get(row.id) ?? []) as PostListItem['translations'],
    }));
  }

  async function get(id: number): Promise<Post> {
    const row = await repo.findPostById(db, id);
    if (!row) throw notFound('Post');
    return toPost(row);
  }

  /**
   * A post's references must exist (422 naming the field and the entry): its category and tags, its featured image
   * and the images of its gallery and itinerary (which must be images), and its FAQs.
   */
  async function assertReferences(input: PostData): Promise<void> {
    await taxonomy.assertCategoryExists(input.category_id);
    await taxonomy.assertTagsExist(input.tag_ids);
    await media.assertImage(input.featured_image_id, 'featured_image_id');
    const named = [
      ...(input.gallery ?? []).map((item, index) => ({ id: item.media_id, field: `gallery[${index}].media_id` })),
      ...(input.itinerary ?? []).flatMap((entry, index) =>
        entry.image_id === null ? [] : [{ id: entry.image_id, field: `itinerary[${index}].image_id` }],
      ),
    ];
    const images = await media.imagesByIds(named.map((reference) => reference.id));
    const missing = named.find((reference) => !images.has(reference.id));
    if (missing) throw invalidField(missing.field, `Media file ${missing.id} does not exist or is not an image`);
    if (input.faq_ids) await faqs.assertExist(input.faq_ids);
  }

  /** A save's input made whole (sections left out kept as they are) and its rich text cleaned of anything that runs. */
  async function prepare(tx: Db, input: PostData, current: repo.PostRow | undefined): Promise<PostData> {
    const data = withAllSections(input, current && (await sectionsOf(tx, current)));
    return {
      ...data,
      itinerary: data.itinerary.map((entry) => ({ ...entry, description: cleanRichText(entry.description) })),
    };
  }

  /**
   * The post's columns from its input: the tags have a table of their own, the expected version is checked, never
   * stored; `publish_at` as the lifecycle settled it; the catalogue's two derived columns.
   */
  function columnsOf(data: PostFieldData, settled: Settled) {
    const {
      tag_ids: _tags,
      version: _version,
      faq_ids: _faqs,
      highlights: _h,
      itinerary: _i,
      includes: _in,
      excludes: _ex,
      gallery: _g,
      meeting_point: _m,
      ...input
    } = data;
    return {
      ...input,
      ...settled,
      ...sectionColumns(data),
      duration_minutes: durationMinutes(input.duration),
      search_text: tourSearchText(input),
    };
  }

  /** A post's tags and FAQs, which have tables of their own. */
  async function writeLinks(tx: Db, id: number, data: PostFieldData): Promise<void> {
    await repo.replacePostTags(tx, id, data.tag_ids);
    await repo.replacePostFaqs(tx, id, data.faq_ids);
  }

  /**
   * A version's fields made valid again for today's post: a category, tags, images or FAQs deleted since are left
   * out, rather than refusing the restore. Sections a version from before them lacks stay as they are now.
   */
  async function restorable(fields: unknown): Promise<PostData> {
    const parsed = postInputSchema.safeParse(fields);
    if (!parsed.success)
      throw invalidField(
        parsed.error.issues[0]?.path.join('.') || 'data',
        `This version cannot be restored: ${parsed.error.issues[0]?.message}`,
      );
    const data = parsed.data;
    const [categories, tags, image, images, faqList] = await Promise.all([
      taxonomy.existingIds('categories', data.category_id === null ? [] : [data.category_id]),
      taxonomy.existingIds('tags', data.tag_ids),
      media.findFeaturedImage(data.featured_image_id),
      media.imagesByIds([
        ...(data.gallery ?? []).map((item) => item.media_id),
        ...(data.itinerary ?? []).flatMap((entry) => entry.image_id ?? []),
      ]),
      faqs.inOrder(data.faq_ids ?? []),
    ]);
    return withoutPastSchedule({
      ...data,
      category_id: categories.length ? data.category_id : null,
      tag_ids: data.tag_ids.filter((tagId) => tags.includes(tagId)),
      featured_image_id: image?.mime_type.startsWith('image/') ? data.featured_image_id : null,
      ...(data.gallery && { gallery: data.gallery.filter((item) => images.has(item.media_id)) }),
      ...(data.itinerary && {
        itinerary: data.itinerary.map((entry) => ({
          ...entry,
          image_id: entry.image_id !== null && images.has(entry.image_id) ? entry.image_id : null,
        })),
      }),
      ...(data.faq_ids && { faq_ids: faqList.map((faq) => faq.id) }),
      version: undefined,
    });
  }

  /**
   * A tour's category, tags and FAQs as its translation in `language` keeps them (issue 30): each one's translation
   * in that language when its group has one, else its item in the site's default language (a Portuguese tour saved
   * from German is in the English category when there is no Portuguese one, not the German), else the same one.
   * Two queries a kind, whatever the number of tags and FAQs.
   */
  async function referencesIn(
    tx: Db,
    shared: Record<string, unknown>,
    language: string,
  ): Promise<Record<string, unknown>> {
    const { default_language } = await settings.get(tx);
    const inLanguage = async (table: 'categories' | 'tags' | 'faqs', ids: number[]): Promise<number[]> => {
      if (ids.length === 0) return [];
      // One after another: they share the write's transaction (one connection).
      const own = await itemsInLanguage(tx, table, ids, language);
      const missing = ids.filter((id) => !own.has(id));
      const fallback =
        missing.length && language !== default_language
          ? await itemsInLanguage(tx, table, missing, default_language)
          : new Map<number, number>();
      return [...new Set(ids.map((id) => own.get(id) ?? fallback.get(id) ?? id))];
    };
    const mapped: Record<string, unknown> = { ...shared };
    if (typeof shared.category_id === 'number')
      mapped.category_id = (await inLanguage('categories', [shared.category_id]))[0];
    if (Array.isArray(shared.tag_ids)) mapped.tag_ids = await inLanguage('tags', shared.tag_ids as number[]);
    if (Array.isArray(shared.faq_ids)) mapped.faq_ids = await inLanguage('faqs', shared.faq_ids as number[]);
    return mapped;
  }

  const lifecycle = createContentLifecycle<PostData, PostSnapshot, repo.PostSaveRow, Post>(
    { db, siteChanges, revisions, trash, activity, redirects, media, siteLanguages: (tx) => settings.get(tx) },
    {
      itemType: 'post',
      noun: 'Post',
      fields: postFields,
      slugTable: 'posts',
      get,
      lock: repo.lockPostForSave,
      snapshot: async (tx, row) =>
        postSnapshot({ ...row, ...(await sectionsOf(tx, row)), tags: await repo.listPostTags(tx, row.id) }),
      restorable,
      check: assertReferences,
      prepare,
      titleOf: (post) => post.title,
      createdSummary: (post) => `Status ${post.status}`,
      translations: {
        table: 'posts',
        groupKeys: groupFieldKeys(postFields),
        setKeys: ['tag_ids'],
        inLanguage: referencesIn,
      },
      write: {
        async insert(tx, data, settled, stamp) {
          const id = await repo.insertPost(tx, { ...columnsOf(prepared(data), settled), ...stamp });
          await writeLinks(tx, id, prepared(data));
          return id;
        },
        async update(tx, id, data, settled, stamp) {
          await repo.updatePost(tx, id, { ...columnsOf(prepared(data), settled), ...stamp });
          await writeLinks(tx, id, prepared(data));
        },
        async reinsert(tx, id, data, settled, kept) {
          await repo.restorePost(tx, { id, ...columnsOf(prepared(data), settled), ...kept });
          await writeLinks(tx, id, prepared(data));
        },
        remove: repo.deletePost,
      },
      publishing: {
        path: tourPath,
        listDue: repo.listDuePostIds,
        markPublished: (tx, id, version, now) =>
          repo.updatePost(tx, id, { status: 'published', publish_at: null, version, updated_at: now }),
      },
    },
  );

  return {
    /** The whole list (the spec's array), every language or one, as JSON text made by the database. */
    listJson: (language?: string): Promise<string> => repo.listPostsJson(db, language),

    /** Moves on with every change to the posts, through any node: the whole list read before it moves is current. */
    listVersion: (): Promise<number | null> => repo.postsListVersion(db),

    /** One page of the list, with its rows' translations in one query. */
    async listPage(query: PostListQuery): Promise<ListPage<PostListItem>> {
      const page = await repo.listPostsPage(db, query);
      return { ...page, items: toListItems(page.items, await translationsOf(db, 'posts', page.items)) };
    },

    get,

    async getBySlug(slug: string): Promise<Post> {
      const row = await repo.findPostBySlug(db, slug);
      if (!row) throw notFound('Post');
      return toPost(row);
    },

    /** The author is whoever is signed in: an `author_id` sent by a client never reaches here. */
    create: (input: PostData, actor: Actor): Promise<Post> => lifecycle.create(input, actor),

    /**
     * A PUT replaces every field the client owns; the author and created_at stay as they were. The version the
     * editor loaded, when sent, must still be the current one (409 otherwise).
     */
    update: (id: number, input: PostData, actor: Actor): Promise<Post> =>
      lifecycle.save(id, input, actor, input.version),

    /** A draft copy of the post in another of the site's languages, linked to its group (issue 30). */
    translate: (id: number, language: string, actor: Actor): Promise<Post> => lifecycle.translate(id, language, actor),

    /** Draft preview links: anyone with one sees this post's current draft on the site until it expires or is revoked. */
    ...previews.forItem('post', get),

    /** The post's history, newest first, a page at a time, and one version whole (404 for an unknown post). */
    ...revisions.forItem('post', get),

    restore: lifecycle.restore,
    remove: lifecycle.remove,
    untrash: lifecycle.untrash,
    untrashGroup: lifecycle.untrashGroup,
    publishDue: lifecycle.publishDue,

    /**
     * A tour's sections as its public page shows them: the images resolved in one query, its FAQs whole in another
     * (never a query per day or per image).
     */
    async pageSections(id: number): Promise<Pick<Post, keyof TourSections> & { faqs: FaqText[] }> {
      const row = await repo.findPostById(db, id);
      if (!row) throw notFound('Post');
      const sections = await sectionsOf(db, row);
      const [images, faqList] = await Promise.all([
        media.imagesByIds(sectionImageIds(sections)),
        faqs.inOrder(sections.faq_ids),
      ]);
      return { ...answeredSections(sections, images), faqs: faqList };
    },

    count: (): Promise<number> => repo.countPosts(db),

    /** True when the post exists and is published (what visitors may refer to, as an inquiry's tour). */
    isPublished: async (id: number, tx: Db = db): Promise<boolean> =>
      (await repo.findPostById(tx, id))?.status === 'published',

    /** The title of a published post, or null when there is none (an inquiry's tour, as staff are told of it). */
    publishedTitle: async (id: number, tx: Db = db): Promise<string | null> => {
      const post = await repo.findPostById(tx, id);
      return post?.status === 'published' ? post.title : null;
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
