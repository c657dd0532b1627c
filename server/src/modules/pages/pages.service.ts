import {
  mediaKind,
  PAGE_NOT_PUBLISHED_MESSAGE,
  type FeaturedImage,
  type Page,
  type PageData,
  type PageListItem,
  type PageStatus,
  type SessionUser,
} from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/dialect.js';
import type { MediaRow, PageRow } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { toTourFields } from '../../db/tour-fields.js';
import { HttpError, invalidField, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { findMediaById } from '../media/media.repository.js';
import * as repo from './pages.repository.js';

type PagesContext = Pick<AppContext, 'db' | 'siteChanges'>;

function toFeaturedImage(media: MediaRow): FeaturedImage {
  return {
    id: media.id,
    original_name: media.original_name,
    file_path: media.file_path,
    thumbnail_path: media.thumbnail_path,
    mime_type: media.mime_type,
    width: media.width,
    height: media.height,
  };
}

export function toPage(row: PageRow, media: MediaRow | undefined): Page {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    status: row.status as PageStatus,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    featured_image_id: row.featured_image_id,
    featured_image_url: row.featured_image_url,
    featured_image: media ? toFeaturedImage(media) : null,
    template_data: row.template_data,
    author_id: row.author_id,
    ...toTourFields(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toPageListItem(row: repo.PageListRow): PageListItem {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status as PageStatus,
    has_template_data: Number(row.has_template_data) === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function withMedia(db: Db, row: PageRow): Promise<Page> {
  const media = row.featured_image_id === null ? undefined : await findMediaById(db, row.featured_image_id);
  return toPage(row, media);
}

const slugTaken = () =>
  new HttpError(409, 'A page with this slug already exists', [{ field: 'slug', message: 'This slug is already in use' }]);

async function assertSlugFree(db: Db, slug: string, exceptId?: number): Promise<void> {
  if ((await repo.findPageSlugOwner(db, slug, exceptId)) !== undefined) throw slugTaken();
}

/** A featured image chosen from the library must exist and be an image (an unknown id is 422, decisions §4). */
async function assertFeaturedImage(db: Db, mediaId: number | null): Promise<void> {
  if (mediaId === null) return;
  const media = await findMediaById(db, mediaId);
  if (!media) throw invalidField('featured_image_id', `Media file ${mediaId} does not exist`);
  if (mediaKind(media.mime_type) !== 'image') throw invalidField('featured_image_id', 'The featured image must be an image file');
}

async function getRow(db: Db, id: number): Promise<PageRow> {
  const row = await repo.findPageById(db, id);
  if (!row) throw notFound('Page');
  return row;
}

/** Runs a write that may lose a race for a slug, answering 409 rather than the database's error. */
async function guardSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function listPages({ db }: PagesContext): Promise<PageListItem[]> {
  return (await repo.listPages(db)).map(toPageListItem);
}

export async function getPage({ db }: PagesContext, id: number): Promise<Page> {
  return withMedia(db, await getRow(db, id));
}

/** The published page with this slug, or null: what visitors may see (the public site and /pages/slug/{slug}). */
export async function findPublishedPage({ db }: Pick<AppContext, 'db'>, slug: string): Promise<Page | null> {
  const row = await repo.findPublishedPageBySlug(db, slug);
  return row ? withMedia(db, row) : null;
}

/** Public (spec §7): published pages only, whoever asks; staff preview drafts through getPage (decisions §11). */
export async function getPublishedPage(ctx: PagesContext, slug: string): Promise<Page> {
  const page = await findPublishedPage(ctx, slug);
  if (!page) throw new HttpError(404, PAGE_NOT_PUBLISHED_MESSAGE);
  return page;
}

/** The author is whoever is signed in (decisions §4): the `author_id` a client sends never reaches here. */
export async function createPage({ db, siteChanges }: PagesContext, input: PageData, actor: SessionUser): Promise<Page> {
  await assertSlugFree(db, input.slug);
  await assertFeaturedImage(db, input.featured_image_id);
  const now = nowIso();
  const id = await guardSlug(() => repo.insertPage(db, { ...input, author_id: actor.id, created_at: now, updated_at: now }));
  siteChanges.changed('page');
  return getPage({ db, siteChanges }, id);
}

/** A PUT replaces every field the client owns; the author and created_at stay as they were (spec §6). */
export async function updatePage({ db, siteChanges }: PagesContext, id: number, input: PageData): Promise<Page> {
  await getRow(db, id);
  await assertSlugFree(db, input.slug, id);
  await assertFeaturedImage(db, input.featured_image_id);
  await guardSlug(() => repo.updatePage(db, id, { ...input, updated_at: nowIso() }));
  siteChanges.changed('page');
  return getPage({ db, siteChanges }, id);
}

export async function deletePage({ db, siteChanges }: PagesContext, id: number): Promise<void> {
  if (!(await repo.deletePage(db, id))) throw notFound('Page');
  siteChanges.changed('page');
}
