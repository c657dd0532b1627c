import { z } from 'zod';
import {
  CONTENT_MAX,
  DESCRIPTION_MAX,
  EXCERPT_MAX,
  SEO_FIELD_HARD_MAX,
  SHORT_TEXT_MAX,
  SLUG_MAX,
  TITLE_MAX,
  URL_MAX,
} from './limits.js';
import { optionalText, requiredText, slugSchema } from './common.js';

export const POST_STATUSES = ['draft', 'published', 'pending'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const DEFAULT_POST_STATUS: PostStatus = 'draft';
/** The labels of the Publish card's status select (spec §2); the list's filter says "Pending" instead. */
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  pending: 'Pending Review',
};

/** A calendar embed is a snippet of HTML (an iframe, sometimes a script): bigger than a URL, far smaller than content. */
export const CALENDAR_EMBED_MAX = 20_000;
/** numeric(12, 2): ten digits before the point, two after. */
export const PRICE_MAX = 9_999_999_999.99;

export const postStatusSchema = z.enum(POST_STATUSES, { message: 'Status must be one of draft, published, pending' });

/** True when a number has at most two decimal places, allowing for binary floating point (0.1 + 0.2). */
function hasCents(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A price in the currency's main unit: a number with at most two decimals, or null for "no price". */
export const priceSchema = z
  .number({ message: 'Price must be a number' })
  .min(0, 'Price cannot be negative')
  .max(PRICE_MAX, `Price must be at most ${PRICE_MAX}`)
  .refine(hasCents, 'Price can have at most two decimal places')
  .transform((value) => Math.round(value * 100) / 100)
  .nullish()
  .transform((value) => value ?? null);

/** An optional reference to another row by id; null, undefined and absent all mean "none". */
export function optionalId(label: string) {
  return z
    .number({ message: `${label} must be a whole number or null` })
    .int(`${label} must be a whole number or null`)
    .positive(`${label} must be a positive number or null`)
    .nullish()
    .transform((value) => value ?? null);
}

/**
 * POST /posts/ and PUT /posts/{id} (spec §7): the same body for both; a PUT replaces every field. `author_id`
 * may be sent (the admin sends 1) but is never read: the server owns it (decisions §4).
 */
export const postInputSchema = z.object({
  title: requiredText('Title', TITLE_MAX),
  slug: slugSchema,
  content: optionalText(CONTENT_MAX),
  excerpt: optionalText(EXCERPT_MAX),
  status: postStatusSchema.default(DEFAULT_POST_STATUS),
  price: priceSchema,
  duration: optionalText(SHORT_TEXT_MAX),
  age: optionalText(SHORT_TEXT_MAX),
  location: optionalText(SHORT_TEXT_MAX),
  button_label: optionalText(SHORT_TEXT_MAX),
  button_value: optionalText(URL_MAX),
  calendar_time_iframe: optionalText(CALENDAR_EMBED_MAX),
  short_description: optionalText(DESCRIPTION_MAX),
  seo_title: optionalText(SEO_FIELD_HARD_MAX),
  seo_description: optionalText(SEO_FIELD_HARD_MAX),
  category_id: optionalId('Category id'),
});
/** What a client sends. */
export type PostInput = z.input<typeof postInputSchema>;
/** What the server works with once the input is parsed (defaults applied, blanks turned to null). */
export type PostData = z.output<typeof postInputSchema>;

/** A whole post, as GET /posts/{id}, GET /posts/slug/{slug}, create and update answer it. */
export interface Post {
  id: number;
  title: string;
  slug: string;
  content: string | null;
  excerpt: string | null;
  status: PostStatus;
  price: number | null;
  duration: string | null;
  age: string | null;
  location: string | null;
  button_label: string | null;
  button_value: string | null;
  calendar_time_iframe: string | null;
  short_description: string | null;
  seo_title: string | null;
  seo_description: string | null;
  category_id: number | null;
  author_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The fields GET /posts/ answers for each post: what the list screen shows and filters on, nothing more. */
export const POST_LIST_FIELDS = ['id', 'title', 'slug', 'status', 'created_at', 'category_id'] as const;
export type PostListItem = Pick<Post, (typeof POST_LIST_FIELDS)[number]>;

/** GET /posts/slug/{slug}: the slug as it arrives in the path (decoded); an unknown one is simply a 404. */
export const postSlugParamsSchema = z.object({
  slug: z.string().min(1, 'Slug is required').max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`),
});
