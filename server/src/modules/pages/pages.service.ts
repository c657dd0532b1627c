import {
  PAGE_NOT_PUBLISHED_MESSAGE,
  type Page,
  type PageData,
  type PageListItem,
  type SessionUser,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { PageRow } from '../../db/tables.js';
import { HttpError, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { slugConflict, slugGuard } from '../../slug-guard.js';
import type { SiteChanges } from '../../public-site/site-changes.js';
import type { MediaService } from '../media/media.service.js';
import * as repo from './pages.repository.js';

export interface PagesDeps {
  db: Db;
  media: MediaService;
  siteChanges: SiteChanges;
}

const slugs = slugGuard('pages', () => slugConflict('page'));

/** Website pages. Every write tells the public site (siteChanges) before it answers. */
export function createPagesService({ db, media, siteChanges }: PagesDeps) {
  async function toPage(row: PageRow): Promise<Page> {
    return { ...row, featured_image: await media.findFeaturedImage(row.featured_image_id) };
  }

  async function get(id: number): Promise<Page> {
    const row = await repo.findPageById(db, id);
    if (!row) throw notFound('Page');
    return toPage(row);
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

    count: (): Promise<number> => repo.countPages(db),

    /** The author is whoever is signed in: an `author_id` sent by a client never reaches here. */
    async create(input: PageData, actor: SessionUser): Promise<Page> {
      await media.assertImage(input.featured_image_id, 'featured_image_id');
      const now = nowIso();
      const id = await slugs.claim(db, input.slug, undefined, () => repo.insertPage(db, { ...input, author_id: actor.id, created_at: now, updated_at: now }));
      siteChanges.changed('page');
      return get(id);
    },

    /** A PUT replaces every field the client owns; the author and created_at stay as they were. */
    async update(id: number, input: PageData): Promise<Page> {
      await get(id);
      await media.assertImage(input.featured_image_id, 'featured_image_id');
      await slugs.claim(db, input.slug, id, () => repo.updatePage(db, id, { ...input, updated_at: nowIso() }));
      siteChanges.changed('page');
      return get(id);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.deletePage(db, id))) throw notFound('Page');
      siteChanges.changed('page');
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
