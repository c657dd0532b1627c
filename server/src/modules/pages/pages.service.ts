import {
  HOME_PAGE_SLUG,
  PAGE_NOT_PUBLISHED_MESSAGE,
  pageContentHtml,
  pageInputSchema,
  type Page,
  type PageData,
  type PageListItem,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { PageRow } from '../../db/tables.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, invalidField, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { slugConflict, slugGuard, slugTakenMeanwhile } from '../../slug-guard.js';
import type { SiteChanges } from '../../public-site/site-changes.js';
import type { MediaService } from '../media/media.service.js';
import type { RedirectsService } from '../redirects/redirects.service.js';
import type { PreviewsService } from '../previews/previews.service.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import { keptColumns, trashedItem, type TrashService } from '../trash/trash.service.js';
import { publishEachDue, scheduleOf, withoutPastSchedule } from '../../scheduling.js';
import type { Actor } from '../../actor.js';
import { changedKeys, describeChanges, saveAction } from '../../change-summary.js';
import type { ActivityService } from '../activity/activity.service.js';
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
}

/** The fields of a page as the activity log names them when they change. */
const PAGE_LABELS: Partial<Record<keyof PageData, string>> = {
  title: 'title',
  slug: 'slug',
  content: 'content',
  status: 'status',
  publish_at: 'publish time',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  featured_image_id: 'featured image',
  featured_image_url: 'featured image URL',
  template_data: 'layout',
  price: 'price',
  duration: 'duration',
  age: 'age',
  location: 'location',
  button_label: 'button label',
  button_value: 'button value',
  calendar_time_iframe: 'calendar',
  short_description: 'short description',
};

const slugs = slugGuard('pages', () => slugConflict('page'));

/** A page's public address: `/` for the home page, `/{slug}` for the others. */
function pagePath(slug: string): string {
  return slug === HOME_PAGE_SLUG ? '/' : `/${slug}`;
}

/** The page's columns from its input: the expected version is checked, never stored; `publish_at` as scheduleOf decided. */
function columnsOf({ version: _version, ...input }: Omit<PageData, 'version'> & { version?: number }, publishAt: string | null) {
  return { ...input, publish_at: publishAt };
}

/** The fields of a saved page as its input takes them: what a revision keeps, compares and restores. */
function snapshotOf(row: PageRow): Omit<PageData, 'version'> {
  return {
    title: row.title,
    slug: row.slug,
    content: row.content,
    status: row.status,
    publish_at: row.publish_at,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    featured_image_id: row.featured_image_id,
    featured_image_url: row.featured_image_url,
    template_data: row.template_data,
    price: row.price,
    duration: row.duration,
    age: row.age,
    location: row.location,
    button_label: row.button_label,
    button_value: row.button_value,
    calendar_time_iframe: row.calendar_time_iframe,
    short_description: row.short_description,
  };
}

/** Website pages. Every write tells the public site (siteChanges) before it answers. */
export function createPagesService({ db, media, siteChanges, revisions, redirects, previews, trash, activity }: PagesDeps) {
  async function toPage(row: PageRow): Promise<Page> {
    return { ...row, featured_image: await media.findFeaturedImage(row.featured_image_id) };
  }

  async function get(id: number): Promise<Page> {
    const row = await repo.findPageById(db, id);
    if (!row) throw notFound('Page');
    return toPage(row);
  }

  /** Saves the page as a new version in one transaction: lock, version check (409), keep the old, write the new. */
  async function save(id: number, input: PageData, actor: Actor, expected: number | undefined, note?: string): Promise<Page> {
    await media.assertImage(input.featured_image_id, 'featured_image_id');
    await inTransaction(db, async (tx) => {
      const current = await repo.lockPageForSave(tx, id);
      if (!current) throw notFound('Page');
      const before = snapshotOf(current);
      await revisions.replaced(tx, 'page', current, before, expected);
      const publishAt = scheduleOf(input, current);
      const after = { ...input, publish_at: publishAt };
      const summary = describeChanges(before, after, PAGE_LABELS);
      await activity.record(tx, actor, {
        action: note ? 'restore' : saveAction(current.status, input.status, changedKeys(before, after, PAGE_LABELS)),
        itemType: 'page',
        itemId: id,
        title: input.title,
        summary: note ? `${note}; ${summary.charAt(0).toLowerCase()}${summary.slice(1)}` : summary,
      });
      await slugs.claim(tx, input.slug, id, () =>
        repo.updatePage(tx, id, { ...columnsOf(input, publishAt), version: current.version + 1, updated_by: actor.id, updated_at: nowIso() }),
      );
      // Old addresses keep working: a published page that changes its slug leaves a redirect behind.
      if (current.status === 'published' && current.slug !== input.slug) await redirects.moved(tx, pagePath(current.slug), pagePath(input.slug));
      if (input.status === 'published') await redirects.released(tx, pagePath(input.slug));
    });
    siteChanges.changed('page');
    return get(id);
  }

  /** A version's or trashed page's fields made valid for today: an image deleted since is left out, a past schedule is a draft. */
  async function restorable(fields: unknown): Promise<PageData> {
    const parsed = pageInputSchema.safeParse(fields);
    if (!parsed.success) throw invalidField('data', `This version cannot be restored: ${parsed.error.issues[0]?.message}`);
    const image = await media.findFeaturedImage(parsed.data.featured_image_id);
    return withoutPastSchedule({ ...parsed.data, featured_image_id: image?.mime_type.startsWith('image/') ? parsed.data.featured_image_id : null });
  }

  /** The published page with this slug, or null: what visitors may see. */
  async function findPublished(slug: string): Promise<Page | null> {
    const row = await repo.findPublishedPageBySlug(db, slug);
    return row ? toPage(row) : null;
  }

  return {
    async list(): Promise<PageListItem[]> {
      return (await repo.listPages(db)).map(({ has_template_data, ...row }) => ({ ...row, has_template_data: Number(has_template_data) === 1 }));
    },

    get,

    findPublished,

    /** Published pages only, whoever asks; staff look at drafts through `get`. */
    async getPublished(slug: string): Promise<Page> {
      const page = await findPublished(slug);
      if (!page) throw new HttpError(404, PAGE_NOT_PUBLISHED_MESSAGE);
      return page;
    },

    /** Slug and last change of every published page, for the sitemap. */
    listPublishedSlugs: () => repo.listPublishedSlugs(db),

    /** Id and version of every published page, for the site's stylesheet (it reads a page again when its version changes). */
    publishedVersions: (): Promise<{ id: number; version: number }[]> => repo.listPublishedVersions(db),

    /** The HTML of these published pages (the content key of JSON content), by id. */
    async publishedHtml(ids: number[]): Promise<Map<number, string>> {
      const rows: { id: number; content: string | null }[] = [];
      for (let at = 0; at < ids.length; at += 500) rows.push(...(await repo.findPublishedContents(db, ids.slice(at, at + 500))));
      return new Map(rows.map((row) => [row.id, pageContentHtml(row.content)]));
    },

    count: (): Promise<number> => repo.countPages(db),

    /** The author is whoever is signed in: an `author_id` sent by a client never reaches here. */
    async create(input: PageData, actor: Actor): Promise<Page> {
      await media.assertImage(input.featured_image_id, 'featured_image_id');
      const now = nowIso();
      const id = await inTransaction(db, async (tx) => {
        const pageId = await slugs.claim(tx, input.slug, undefined, () =>
          repo.insertPage(tx, { ...columnsOf(input, scheduleOf(input, undefined)), author_id: actor.id, updated_by: actor.id, created_at: now, updated_at: now }),
        );
        if (input.status === 'published') await redirects.released(tx, pagePath(input.slug));
        await activity.record(tx, actor, { action: 'create', itemType: 'page', itemId: pageId, title: input.title, summary: `Status ${input.status}` });
        return pageId;
      });
      siteChanges.changed('page');
      return get(id);
    },

    /**
     * A PUT replaces every field the client owns; the author and created_at stay as they were. The version the
     * editor loaded, when sent, must still be the current one (409 otherwise).
     */
    update: (id: number, input: PageData, actor: Actor): Promise<Page> => save(id, input, actor, input.version),

    /** Draft preview links: anyone with one sees this page's current draft on the site until it expires or is revoked. */
    ...previews.forItem('page', get),

    /** The page's history, newest first, a page at a time, and one version whole (404 for an unknown page). */
    ...revisions.forItem('page', get),

    /** Makes a kept version current again, as a new version; a library image deleted since is left out. */
    async restore(id: number, revisionId: number, actor: Actor): Promise<Page> {
      await get(id);
      const revision = await revisions.get('page', id, revisionId);
      return save(id, await restorable(revision.data), actor, undefined, `Restored version ${revision.version}`);
    },

    /** Deletes the page into the trash (decisions §13): it answers 404 from now on, until someone restores it. */
    async remove(id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const current = await repo.lockPageForSave(tx, id);
        if (!current) throw notFound('Page');
        await trash.moveIn(tx, { itemType: 'page', itemId: id, title: current.title, kept: trashedItem(snapshotOf(current), current) }, actor);
        await repo.deletePage(tx, id);
      });
      siteChanges.changed('page');
    },

    /**
     * Puts a trashed page back under its own id, as it was (a schedule already past comes back as a draft; a
     * library image deleted since is left out). 409 when another page took its slug meanwhile.
     */
    async untrash(entryId: number, actor: Actor): Promise<Page> {
      const { itemId, kept } = await trash.peek(entryId, 'page');
      const data = await restorable(kept.fields);
      const slugTaken = () => slugTakenMeanwhile('page', data.slug);
      await inTransaction(db, async (tx) => {
        await trash.takeBack(tx, entryId, { itemType: 'page', itemId, title: data.title }, actor);
        await slugGuard('pages', slugTaken).claim(tx, data.slug, undefined, () =>
          repo.restorePage(tx, { id: itemId, ...columnsOf(data, data.publish_at), ...keptColumns(kept) }),
        );
        if (data.status === 'published') await redirects.released(tx, pagePath(data.slug));
      });
      siteChanges.changed('page');
      return get(itemId);
    },

    /**
     * Publishes the scheduled pages whose moment has come (the periodic job): claimed under a row lock and checked
     * again, so with several server processes on one database each page is published exactly once.
     */
    async publishDue(now: string = nowIso()): Promise<number> {
      const published = await publishEachDue(db, await repo.listDuePageIds(db, now), now, (tx, id) => repo.lockPageForSave(tx, id), async (tx, current, id) => {
        await revisions.replaced(tx, 'page', current, snapshotOf(current), undefined);
        await repo.updatePage(tx, id, { status: 'published', publish_at: null, version: current.version + 1, updated_at: now });
        await redirects.released(tx, pagePath(current.slug));
        await activity.record(tx, null, { action: 'publish', itemType: 'page', itemId: id, title: current.title, summary: `Published on schedule (${current.publish_at})` });
      });
      if (published) siteChanges.changed('page');
      return published;
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
