import { z } from 'zod';
import { expectedVersionSchema } from './revisions.js';
import { listFilter, listPageSchema, listQuerySchema } from './list-page.js';
import { publishAtInputSchema, requirePublishAtWhenScheduled } from './schedule.js';
import {
  CONTENT_MAX,
  SEO_DESCRIPTION_MAX,
  SEO_FIELD_HARD_MAX,
  SLUG_MAX,
  TEMPLATE_DATA_MAX,
  TITLE_MAX,
  URL_MAX,
} from './limits.js';
import {
  idSchema,
  nullableId,
  nullableText,
  optionalId,
  optionalText,
  requiredText,
  timestampsSchema,
} from './common.js';
import { tourFieldSpecs, tourFieldsOutputShape, tourFieldsShape } from './tour-fields.js';
import { defineFields, snapshotOf, type Snapshot, type SnapshotSource } from './fields.js';
import { isValidSlug } from './slugify.js';
import { urlScheme } from './url-protocols.js';
import { featuredImageSchema } from './media.js';
import { itemLanguageInputSchema, languageFilterSchema, textUpdatedAtSchema, translatedShape } from './languages.js';

export const PAGE_STATUSES = ['draft', 'published', 'pending', 'scheduled'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const DEFAULT_PAGE_STATUS: PageStatus = 'draft';
/** The labels of the builder's status select and of the list's filter. */
export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  pending: 'Pending',
  scheduled: 'Scheduled',
};

/** The slug a new page starts with; the builder regenerates it from the title while it is this or empty. */
export const NEW_PAGE_SLUG = 'new-page';
/** The page the site shows at `/`. */
export const HOME_PAGE_SLUG = 'home';
/** What `/pages/slug/{slug}` and the public site say about a page that is missing or not published. */
export const PAGE_NOT_PUBLISHED_MESSAGE = 'Page not found or is not published.';

/**
 * Paths the server answers itself, so no page may take them as its slug, plus `frame` and `vendor`,
 * the prefixes of the sandboxed content frames and the files they load, and `tours`, the tour catalogue.
 */
export const RESERVED_PAGE_SLUGS = [
  'admin',
  'admin_vendor_api',
  'api',
  'uploads',
  'assets',
  'healthz',
  'readyz',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'frame',
  'vendor',
  'tours',
] as const;

/** True when a page may not use this slug because the server answers that path itself. */
export function isReservedPageSlug(slug: string): boolean {
  return (RESERVED_PAGE_SLUGS as readonly string[]).includes(slug.trim().toLowerCase());
}

/** A page's slug: the common slug rule, and none of the server's own paths (one message for either problem). */
const pageSlugSchema = z
  .string({ message: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .superRefine((slug, ctx) => {
    if (isReservedPageSlug(slug))
      ctx.addIssue({ code: 'custom', message: `The slug "${slug}" is reserved by the site; choose another` });
    else if (!isValidSlug(slug))
      ctx.addIssue({ code: 'custom', message: 'Slug may contain only lowercase letters, digits and single hyphens' });
  });

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A featured image URL: http(s) or a path on this site (`/uploads/...`); never javascript:, data: and the like. */
export function isFeaturedImageUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === 'http' || scheme === 'https' || (scheme === null && url.startsWith('/') && !url.startsWith('//'));
}

/**
 * POST /pages/ and PUT /pages/{id}: one body for both; a PUT replaces every field. `author_id` may be
 * sent (the admin sends 1) but is never read: the server owns it and keeps the original author on edit.
 * `featured_image_id` names a media item (an image); `featured_image_url` is free, for an image found elsewhere.
 */
export const pageInputSchema = z
  .object({
    title: requiredText('Title', TITLE_MAX),
    slug: pageSlugSchema,
    /** HTML, or JSON text with a string `content` key; kept exactly as sent. */
    content: optionalText(CONTENT_MAX),
    status: z
      .enum(PAGE_STATUSES, { message: 'Status must be one of draft, published, pending, scheduled' })
      .default(DEFAULT_PAGE_STATUS),
    /** When a `scheduled` page goes live (UTC); required for that status, ignored (stored as null) for the others. */
    publish_at: publishAtInputSchema,
    seo_title: optionalText(SEO_FIELD_HARD_MAX),
    seo_description: optionalText(SEO_FIELD_HARD_MAX),
    featured_image_id: optionalId('Featured image id'),
    featured_image_url: optionalText(URL_MAX)
      .transform((url) => url?.trim() ?? null)
      .refine(
        (url) => url === null || isFeaturedImageUrl(url),
        'Featured image URL must start with http://, https:// or /',
      ),
    /** Its presence marks a page made with the rich editor; JSON text or null. */
    template_data: optionalText(TEMPLATE_DATA_MAX).refine(
      (text) => text === null || isJsonText(text),
      'Template data must be JSON text or null',
    ),
    ...tourFieldsShape,
    /** The version the editor loaded (PUT): a save against a newer one answers 409. Never stored from here. */
    version: expectedVersionSchema,
    /** The page's language (issue 30): on create one of the site's languages, the default if absent; a PUT keeps it. */
    language: itemLanguageInputSchema,
  })
  .superRefine(requirePublishAtWhenScheduled);
/** What a client sends. */
export type PageInput = z.input<typeof pageInputSchema>;
/** The parsed input: defaults applied, blanks turned to null. */
export type PageData = z.output<typeof pageInputSchema>;

/**
 * A page's fields (fields.ts), in the order the history diff lists them. The builder's own record
 * (`template_data`) and the library image's id are kept by versions but not shown in the diff; the public page
 * reads the whole page, so no field is marked public here. The language is no field: set when the page (or its
 * translation) is made, it stays.
 */
export const pageFields = defineFields<Omit<PageData, 'version' | 'language'>>()({
  title: { label: 'Page Title', kind: 'text', required: true, log: 'title' },
  slug: { label: 'URL Slug', kind: 'slug', log: 'slug' },
  status: { label: 'Status', kind: 'choice' },
  publish_at: { label: 'Publish At', kind: 'moment', log: 'publish time' },
  content: { label: 'Content', kind: 'code' },
  featured_image_url: { label: 'Featured Image', kind: 'text', log: 'featured image URL' },
  featured_image_id: { label: 'Featured Image', kind: 'image', diff: false },
  seo_title: { label: 'SEO Title', kind: 'text', log: 'SEO title' },
  seo_description: { label: 'SEO Description', kind: 'text', log: 'SEO description' },
  template_data: { label: 'Layout', kind: 'code', diff: false },
  ...tourFieldSpecs,
});
export type PageFields = typeof pageFields;
/** What a page's version keeps: its fields as its input takes them. */
export type PageSnapshot = Snapshot<PageData, PageFields>;

/** A page's fields as its versions keep them, from the page as the API answers it or as the server reads its row. */
export function pageSnapshot(page: SnapshotSource<PageData, PageFields>): PageSnapshot {
  return snapshotOf<PageData, typeof pageFields>(pageFields, page);
}

/** A whole page, as GET /pages/{id}, GET /pages/slug/{slug}, create and update answer it. */
export const pageSchema = z.object({
  id: idSchema,
  title: z.string(),
  slug: z.string(),
  content: nullableText,
  status: z.enum(PAGE_STATUSES),
  /** When a scheduled page goes live (UTC); null for every other status. */
  publish_at: nullableText,
  seo_title: nullableText,
  seo_description: nullableText,
  featured_image_id: nullableId,
  featured_image_url: nullableText,
  /** The media item of `featured_image_id`, or null when the image is only a URL (or there is none). */
  featured_image: featuredImageSchema.nullable(),
  template_data: nullableText,
  /** 1 on create, one more on every save (decisions §13). */
  version: z.number().int(),
  author_id: nullableId,
  ...tourFieldsOutputShape,
  ...translatedShape(PAGE_STATUSES),
  ...timestampsSchema.shape,
  /** When its text last changed, or it was last saved as a translation (issue 30: what "out of date" compares). */
  text_updated_at: textUpdatedAtSchema,
});
export type Page = z.infer<typeof pageSchema>;

/**
 * GET /pages/slug/{slug}, which anyone may call: a published page without what only staff need (who wrote it, the
 * editor's template data, its translations, which may be drafts).
 */
export const publicPageSchema = pageSchema.omit({ author_id: true, template_data: true, translations: true });
export type PublicPage = z.infer<typeof publicPageSchema>;

/**
 * One row of GET /pages/: what the Pages list shows and filters on. `has_template_data` stands for the
 * template_data itself, which only decides the Type badge.
 */
export const pageListItemSchema = pageSchema
  .pick({
    id: true,
    title: true,
    slug: true,
    status: true,
    publish_at: true,
    created_at: true,
    updated_at: true,
    text_updated_at: true,
    language: true,
    translations: true,
  })
  .extend({ has_template_data: z.boolean() });
export type PageListItem = z.infer<typeof pageListItemSchema>;

/** The orders the Pages list offers on the server: newest first (the whole array's order), oldest, title A–Z/Z–A. */
export const PAGE_LIST_SORTS = ['-created_at', 'created_at', 'title', '-title'] as const;
export type PageListSort = (typeof PAGE_LIST_SORTS)[number];

/**
 * GET /pages/ with any parameter: a page of the list, searched (`q` in the title, as the spec's box), filtered by
 * status and sorted on the server. Without parameters the route answers the whole array.
 */
export const pageListQuerySchema = listQuerySchema(PAGE_LIST_SORTS, '-created_at', {
  language: languageFilterSchema,
  status: listFilter(z.enum(PAGE_STATUSES, { message: `Status must be one of ${PAGE_STATUSES.join(', ')}` })),
});
export type PageListQuery = z.output<typeof pageListQuerySchema>;
export const pageListPageSchema = listPageSchema(pageListItemSchema);

/** GET /pages/slug/{slug}: the slug as it arrives in the path (decoded). */
export const pageSlugParamsSchema = z.object({
  slug: z.string().min(1, 'Slug is required').max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`),
});

/** True when a path segment could be a page's slug (the public site's check before any lookup). */
export function isPageSlug(text: string): boolean {
  return text.length <= SLUG_MAX && isValidSlug(text) && !isReservedPageSlug(text);
}

/**
 * The HTML of a page's content: JSON text whose `content` key is a string gives that string; anything
 * else is the HTML itself. Null gives ''.
 */
export function pageContentHtml(content: string | null): string {
  if (content === null) return '';
  const text = content.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        typeof (parsed as { content?: unknown }).content === 'string'
      ) {
        return (parsed as { content: string }).content;
      }
    } catch {
      // Not JSON: HTML that happens to start with a brace.
    }
  }
  return content;
}

/** A page's language and the site's default: what decides the prefix of its address. */
export type PageLanguage = { language: string | null; defaultLanguage: string } | null;

/**
 * Where a language's pages are on the public site: the origin, and the language's lower-cased prefix when it is not
 * the site's default (`https://tours.example.com/de`, issue 30).
 */
export function publicPageBase(origin: string, place: PageLanguage = null): string {
  const prefix = place?.language && place.language !== place.defaultLanguage ? `/${place.language.toLowerCase()}` : '';
  return `${origin.replace(/\/+$/, '')}${prefix}`;
}

/**
 * The public URL of a page, origin plus / plus slug; `/home` answers like `/`. A page in another language than the
 * site's default is under its language's prefix (`/de/kontakt`): without it the address only redirects there.
 */
export function publicPageUrl(origin: string, slug: string, place: PageLanguage = null): string {
  return `${publicPageBase(origin, place)}/${slug}`;
}

/** The longest meta description the public site makes from a page's text. */
export const PAGE_DESCRIPTION_MAX = SEO_DESCRIPTION_MAX;
