import {
  HOME_PAGE_SLUG,
  groupFieldKeys,
  PAGE_NOT_PUBLISHED_MESSAGE,
  pageContentHtml,
  pageFields,
  pageInputSchema,
  pageSnapshot,
  type Page,
  type PageData,
  type ListPage,
  type PageListItem,
  type PageListQuery,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { PageRow } from '../../db/tables.js';
import {
  translationsOf,
  translationsOfLanguage,
  translationsWithin,
  type TranslationLink,
} from '../../db/translation-groups.js';
import type { SettingsService } from '../settings/settings.service.js';
import { HttpError, invalidField, notFound } from '../../core/errors.js';
import type { SiteChanges } from '../../core/site-changes.js';
import type { MediaService } from '../media/media.service.js';
import type { RedirectsService } from '../redirects/redirects.service.js';
import type { PreviewsService } from '../previews/previews.service.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import type { TrashService } from '../trash/trash.service.js';
import { withoutPastSchedule } from '../../core/scheduling.js';
import type { Actor } from '../../core/actor.js';
import type { ActivityService } from '../activity/activity.service.js';
import { createContentLifecycle, type Settled } from '../../versioned-content/content-lifecycle.js';
import * as repo from './pages.repository.js';

export interface PagesDeps {
  db: Db;
  media: MediaService;
  siteChanges: SiteChanges;
  revisions: RevisionsService;
  redirects: RedirectsService;
  previews: PreviewsService;
  trash: TrashService;
  activity: ActivityService;
  /** The site's languages: a page is in one of them. */
  settings: Pick<SettingsService, 'get'>;
}

/** A page's public address: `/` for the home page, `/{slug}` for the others. */
/** List rows as the API answers them: the template flag a boolean (SQLite has none), the group as its other items. */
function toPageListItems(rows: repo.PageListRow[], translations: Map<number, TranslationLink[]>): PageListItem[] {
  return rows.map(({ has_template_data, translation_group: _group, ...row }) => ({
    ...row,
    has_template_data: Number(has_template_data) === 1,
    translations: (translations.get(row.id) ?? []) as PageListItem['translations'],
  }));
}

function pagePath(slug: string): string {
  return slug === HOME_PAGE_SLUG ? '/' : `/${slug}`;
}

/** The page's columns from its input: the expected version is checked, never stored; slug and schedule as settled. */
function columnsOf({ version: _version, ...input }: PageData, settled: Settled) {
  return { ...input, ...settled };
}

/** Website pages. Every write tells the public site (siteChanges) before it answers. */
export function createPagesService({
  db,
  media,
  siteChanges,
  revisions,
  redirects,
  previews,
  trash,
  activity,
  settings,
}: PagesDeps) {
  async function toPage({ translation_group, ...row }: PageRow): Promise<Page> {
    const [featured_image, translations] = await Promise.all([
      media.findFeaturedImage(row.featured_image_id),
      translationsOf(db, 'pages', [{ id: row.id, translation_group }]),
    ]);
    // An image in the media trash is no image here; its id is kept, so a restore of the file brings it back.
    return {
      ...row,
      featured_image_id: featured_image ? row.featured_image_id : null,
      featured_image,
      translations: (translations.get(row.id) ?? []) as Page['translations'],
    };
  }

  async function get(id: number): Promise<Page> {
    const row = await repo.findPageById(db, id);
    if (!row) throw notFound('Page');
    return toPage(row);
  }

  /** A version's or trashed page's fields made valid for today: an image deleted since is left out, a past schedule is a draft. */
  async function restorable(fields: unknown): Promise<PageData> {
    const parsed = pageInputSchema.safeParse(fields);
    if (!parsed.success)
      throw invalidField('data', `This version cannot be restored: ${parsed.error.issues[0]?.message}`);
    const image = await media.findFeaturedImage(parsed.data.featured_image_id);
    return withoutPastSchedule({
      ...parsed.data,
      featured_image_id: image?.mime_type.startsWith('image/') ? parsed.data.featured_image_id : null,
    });
  }

  const lifecycle = createContentLifecycle(
    { db, siteChanges, revisions, trash, activity, redirects, media, siteLanguages: (tx) => settings.get(tx) },
    {
      itemType: 'page',
      noun: 'Page',
      fields: pageFields,
      slugTable: 'pages',
      get,
      lock: repo.lockPageForSave,
      snapshot: async (_tx, row) => pageSnapshot(row),
      restorable,
      check: (input) => media.assertImage(input.featured_image_id, 'featured_image_id'),
      titleOf: (page) => page.title,
      createdSummary: (page) => `Status ${page.status}`,
      translations: { table: 'pages', groupKeys: groupFieldKeys(pageFields) },
      write: {
        insert: (tx, data, settled, stamp) => repo.insertPage(tx, { ...columnsOf(data, settled), ...stamp }),
        update: (tx, id, data, settled, stamp) => repo.updatePage(tx, id, { ...columnsOf(data, settled), ...stamp }),
        reinsert: (tx, id, data, settled, kept) => repo.restorePage(tx, { id, ...columnsOf(data, settled), ...kept }),
        remove: repo.deletePage,
      },
      publishing: {
        path: pagePath,
        listDue: repo.listDuePageIds,
        markPublished: (tx, id, version, now) =>
          repo.updatePage(tx, id, { status: 'published', publish_at: null, version, updated_at: now }),
      },
    },
  );

  /** The published page with this slug, or null: what visitors may see. */
  async function findPublished(slug: string): Promise<Page | null> {
    const row = await repo.findPublishedPageBySlug(db, slug);
    return row ? toPage(row) : null;
  }

  return {
    /**
     * The whole list (the spec's array), every language or one: every item of every group is in the former, so its
     * translations are read from its own rows; the latter reads the other languages of its groups in one query.
     */
    async list(language?: string): Promise<PageListItem[]> {
      const rows = await repo.listPages(db, language);
      return toPageListItems(
        rows,
        language === undefined ? translationsWithin(rows) : await translationsOfLanguage(db, 'pages', rows, language),
      );
    },

    /** One page of the list, with its rows' translations in one query. */
    async listPage(query: PageListQuery): Promise<ListPage<PageListItem>> {
      const page = await repo.listPagesPage(db, query);
      return { ...page, items: toPageListItems(page.items, await translationsOf(db, 'pages', page.items)) };
    },

    get,

    findPublished,

    /** Published pages only, whoever asks; staff look at drafts through `get`. */
    async getPublished(slug: string): Promise<Page> {
      const page = await findPublished(slug);
      if (!page) throw new HttpError(404, PAGE_NOT_PUBLISHED_MESSAGE);
      return page;
    },

    /** The home page's published translation in a language (issue 30: `/de/`), or null. */
    async findPublishedHome(language: string): Promise<Page | null> {
      const row = await repo.findPublishedHomeIn(db, language);
      return row ? toPage(row) : null;
    },

    /** Slug and last change of every published page, for the sitemap. */
    listPublishedSlugs: () => repo.listPublishedSlugs(db),

    /** Id and version of every published page, for the site's stylesheet (it reads a page again when its version changes). */
    publishedVersions: (): Promise<{ id: number; version: number }[]> => repo.listPublishedVersions(db),

    /** The HTML of these published pages (the content key of JSON content), by id. */
    async publishedHtml(ids: number[]): Promise<Map<number, string>> {
      const rows: { id: number; content: string | null }[] = [];
      for (let at = 0; at < ids.length; at += 500)
        rows.push(...(await repo.findPublishedContents(db, ids.slice(at, at + 500))));
      return new Map(rows.map((row) => [row.id, pageContentHtml(row.content)]));
    },

    count: (): Promise<number> => repo.countPages(db),

    /** The author is whoever is signed in: an `author_id` sent by a client never reaches here. */
    create: (input: PageData, actor: Actor): Promise<Page> => lifecycle.create(input, actor),

    /**
     * A PUT replaces every field the client owns; the author and created_at stay as they were. The version the
     * editor loaded, when sent, must still be the current one (409 otherwise).
     */
    update: (id: number, input: PageData, actor: Actor): Promise<Page> =>
      lifecycle.save(id, input, actor, input.version),

    /** A draft copy of the page in another of the site's languages, linked to its group (issue 30). */
    translate: (id: number, language: string, actor: Actor): Promise<Page> => lifecycle.translate(id, language, actor),

    /** Draft preview links: anyone with one sees this page's current draft on the site until it expires or is revoked. */
    ...previews.forItem('page', get),

    /** The page's history, newest first, a page at a time, and one version whole (404 for an unknown page). */
    ...revisions.forItem('page', get),

    restore: lifecycle.restore,
    remove: lifecycle.remove,
    untrash: lifecycle.untrash,
    untrashGroup: lifecycle.untrashGroup,
    publishDue: lifecycle.publishDue,
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
