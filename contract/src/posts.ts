import { z } from 'zod';
import {
  CONTENT_MAX,
  EXCERPT_MAX,
  POST_TAGS_MAX,
  SEO_FIELD_HARD_MAX,
  SLUG_MAX,
  TITLE_MAX,
} from './limits.js';
import { idSchema, nullableId, nullableText, optionalId, optionalText, requiredText, slugSchema, timestampsSchema } from './common.js';
import { tourFieldsOutputShape, tourFieldsShape } from './tour-fields.js';
import { featuredImageSchema } from './media.js';
import { expectedVersionSchema } from './revisions.js';
import { publishAtInputSchema, requirePublishAtWhenScheduled } from './schedule.js';

export const POST_STATUSES = ['draft', 'published', 'pending', 'scheduled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const DEFAULT_POST_STATUS: PostStatus = 'draft';
/** The labels of the Publish card's status select; the list's filter says "Pending" instead. */
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  pending: 'Pending Review',
  scheduled: 'Scheduled',
};

const postStatusSchema = z.enum(POST_STATUSES, { message: 'Status must be one of draft, published, pending, scheduled' });

/**
 * POST /posts/ and PUT /posts/{id}: the same body for both; a PUT replaces every field. `author_id`
 * may be sent (the admin sends 1) but is never read: the server owns it.
 */
export const postInputSchema = z.object({
  title: requiredText('Title', TITLE_MAX),
  slug: slugSchema,
  content: optionalText(CONTENT_MAX),
  excerpt: optionalText(EXCERPT_MAX),
  status: postStatusSchema.default(DEFAULT_POST_STATUS),
  /** When a `scheduled` post goes live (UTC); required for that status, ignored (stored as null) for the others. */
  publish_at: publishAtInputSchema,
  ...tourFieldsShape,
  seo_title: optionalText(SEO_FIELD_HARD_MAX),
  seo_description: optionalText(SEO_FIELD_HARD_MAX),
  category_id: optionalId('Category id'),
  /** A media item (an image) shown on the tour's page and card; optional. */
  featured_image_id: optionalId('Featured image id'),
  /** The post's tags, by id (duplicates collapse); a PUT replaces them. Absent means none. */
  tag_ids: z
    .array(z.number({ message: 'Tag ids must be whole numbers' }).int('Tag ids must be whole numbers').positive('Tag ids must be positive'), {
      message: 'Tag ids must be a list of numbers',
    })
    .max(POST_TAGS_MAX, `A post can have at most ${POST_TAGS_MAX} tags`)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  /** The version the editor loaded (PUT): a save against a newer one answers 409. Never stored from here. */
  version: expectedVersionSchema,
}).superRefine(requirePublishAtWhenScheduled);
/** What a client sends. */
export type PostInput = z.input<typeof postInputSchema>;
/** What the server works with once the input is parsed (defaults applied, blanks turned to null). */
export type PostData = z.output<typeof postInputSchema>;

/** A tag as a post carries it. */
export const postTagSchema = z.object({ id: idSchema, name: z.string(), slug: z.string() });
export type PostTag = z.infer<typeof postTagSchema>;

/** A whole post, as GET /posts/{id}, GET /posts/slug/{slug}, create and update answer it. */
export const postSchema = z.object({
  id: idSchema,
  title: z.string(),
  slug: z.string(),
  content: nullableText,
  excerpt: nullableText,
  status: z.enum(POST_STATUSES),
  /** When a scheduled post goes live (UTC); null for every other status. */
  publish_at: nullableText,
  ...tourFieldsOutputShape,
  seo_title: nullableText,
  seo_description: nullableText,
  category_id: nullableId,
  featured_image_id: nullableId,
  /** The media item of `featured_image_id`, or null when there is none (or it was deleted). */
  featured_image: featuredImageSchema.nullable(),
  /** The post's tags, by name. */
  tags: z.array(postTagSchema),
  /** 1 on create, one more on every save (decisions §13). */
  version: z.number().int(),
  author_id: nullableId,
  ...timestampsSchema.shape,
});
export type Post = z.infer<typeof postSchema>;

/** One row of GET /posts/: what the list screen shows and filters on, nothing more (the list has thousands). */
export const postListItemSchema = postSchema.pick({ id: true, title: true, slug: true, status: true, publish_at: true, created_at: true, category_id: true });
export type PostListItem = z.infer<typeof postListItemSchema>;

/** GET /posts/slug/{slug}: the slug as it arrives in the path (decoded); an unknown one is simply a 404. */
export const postSlugParamsSchema = z.object({
  slug: z.string().min(1, 'Slug is required').max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`),
});
