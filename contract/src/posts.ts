import { z } from 'zod';
import { CONTENT_MAX, EXCERPT_MAX, ID_MAX, POST_TAGS_MAX, SEO_FIELD_HARD_MAX, SLUG_MAX, TITLE_MAX } from './limits.js';
import { listPageSchema, listQuerySchema } from './list-page.js';
import {
  idSchema,
  nullableId,
  nullableText,
  optionalId,
  optionalText,
  requiredText,
  slugSchema,
  timestampsSchema,
} from './common.js';
import { tourFieldSpecs, tourFieldsOutputShape, tourFieldsShape } from './tour-fields.js';
import {
  tourSectionSpecs,
  tourSectionsInputShape,
  tourSectionsOutputShape,
  type TourSections,
} from './tour-sections.js';
import { defineFields, snapshotOf, type Snapshot, type SnapshotSource } from './fields.js';
import { featuredImageSchema } from './media.js';
import { expectedVersionSchema } from './revisions.js';
import { publishAtInputSchema, requirePublishAtWhenScheduled } from './schedule.js';
import { itemLanguageInputSchema, languageFilterSchema, textUpdatedAtSchema, translatedShape } from './languages.js';

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

const postStatusSchema = z.enum(POST_STATUSES, {
  message: 'Status must be one of draft, published, pending, scheduled',
});

/**
 * POST /posts/ and PUT /posts/{id}: the same body for both; a PUT replaces every field. `author_id`
 * may be sent (the admin sends 1) but is never read: the server owns it.
 */
export const postInputSchema = z
  .object({
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
      .array(
        z
          .number({ message: 'Tag ids must be whole numbers' })
          .int('Tag ids must be whole numbers')
          .positive('Tag ids must be positive')
          .max(ID_MAX, `Tag ids must be at most ${ID_MAX}`),
        {
          message: 'Tag ids must be a list of numbers',
        },
      )
      .max(POST_TAGS_MAX, `A post can have at most ${POST_TAGS_MAX} tags`)
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])]),
    /** The tour's sections (itinerary, inclusions, FAQs, gallery, meeting point): each left out is kept as it is. */
    ...tourSectionsInputShape,
    /** The version the editor loaded (PUT): a save against a newer one answers 409. Never stored from here. */
    version: expectedVersionSchema,
    /** The post's language (issue 30): on create one of the site's languages, the default if absent; a PUT keeps it. */
    language: itemLanguageInputSchema,
  })
  .superRefine(requirePublishAtWhenScheduled);
/** What a client sends. */
export type PostInput = z.input<typeof postInputSchema>;
/** What the server works with once the input is parsed (defaults applied, blanks turned to null). */
export type PostData = z.output<typeof postInputSchema>;

/**
 * A post's fields (fields.ts), in the order the history diff lists them: every derived list (the snapshot its
 * versions keep, the activity log's names, the diff, the editor's values, the catalogue's columns) is read from here.
 * The language is no field: it is set when the post (or its translation) is made, and stays.
 */
export const postFields = defineFields<Omit<PostData, 'version' | 'language'>>()({
  title: { label: 'Title', kind: 'text', required: true, public: 'card' },
  slug: { label: 'Slug', kind: 'slug', public: 'card' },
  status: { label: 'Status', kind: 'choice' },
  publish_at: { label: 'Publish At', kind: 'moment', log: 'publish time' },
  content: { label: 'Content', kind: 'richText', public: 'page' },
  excerpt: { label: 'Excerpt', kind: 'text', public: 'page' },
  ...tourFieldSpecs,
  seo_title: { label: 'SEO Title', kind: 'text', log: 'SEO title', public: 'page' },
  seo_description: { label: 'SEO Description', kind: 'text', log: 'SEO description', public: 'page' },
  category_id: { label: 'Category', kind: 'reference', references: 'categories', public: 'page' },
  tag_ids: { label: 'Tags', kind: 'references', references: 'tags' },
  featured_image_id: { label: 'Featured Image', kind: 'image' },
  ...tourSectionSpecs,
});
export type PostFields = typeof postFields;
/** A post's parsed input with every section present (a save fills the ones left out from what is saved). */
export type PostFieldData = Omit<PostData, keyof TourSections> & TourSections;
/** What a post's version keeps: its fields as its input takes them, every section included. */
export type PostSnapshot = Snapshot<PostFieldData, PostFields>;

/** A post as the API answers it, or as the server reads it: the shapes a snapshot is taken from. */
export type PostSnapshotSource = Omit<
  SnapshotSource<PostFieldData, PostFields>,
  'tag_ids' | 'gallery' | 'itinerary'
> & {
  tags: readonly { id: number }[];
  gallery: readonly (({ media_id: number } | { media: { id: number } }) & { caption: string | null })[];
  itinerary: readonly (Omit<TourSections['itinerary'][number], 'image_id'> & { image_id: number | null })[];
};

/**
 * A post's fields as its versions keep them, from the post as the API answers it or as the server reads its row
 * and tags: one reading for both, so the server's history and the admin's diff cannot drift apart. The gallery
 * and the itinerary keep their images by id.
 */
export function postSnapshot(post: PostSnapshotSource): PostSnapshot {
  return snapshotOf<PostFieldData, typeof postFields>(postFields, {
    ...post,
    tag_ids: post.tags.map((tag) => tag.id),
    gallery: post.gallery.map((item) => ({
      media_id: 'media' in item ? item.media.id : item.media_id,
      caption: item.caption,
    })),
    itinerary: post.itinerary.map(({ title, description, overnight, meals, image_id }) => ({
      title,
      description,
      overnight,
      meals,
      image_id,
    })),
  });
}

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
  ...tourSectionsOutputShape,
  /** 1 on create, one more on every save (decisions §13). */
  version: z.number().int(),
  author_id: nullableId,
  ...translatedShape(POST_STATUSES),
  ...timestampsSchema.shape,
  /** When its text last changed, or it was last saved as a translation (issue 30: what "out of date" compares). */
  text_updated_at: textUpdatedAtSchema,
});
export type Post = z.infer<typeof postSchema>;

/** One row of GET /posts/: what the list screen shows and filters on, nothing more (the list has thousands). */
export const postListItemSchema = postSchema.pick({
  id: true,
  title: true,
  slug: true,
  status: true,
  publish_at: true,
  created_at: true,
  updated_at: true,
  text_updated_at: true,
  category_id: true,
  language: true,
  translations: true,
});
export type PostListItem = z.infer<typeof postListItemSchema>;

/** GET /posts/slug/{slug}: the slug as it arrives in the path (decoded); an unknown one is simply a 404. */
export const postSlugParamsSchema = z.object({
  slug: z.string().min(1, 'Slug is required').max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`),
});

/** The orders the Posts list offers on the server: newest first (the whole array's order), oldest, title A–Z/Z–A. */
export const POST_LIST_SORTS = ['-created_at', 'created_at', 'title', '-title'] as const;
export type PostListSort = (typeof POST_LIST_SORTS)[number];

/**
 * GET /posts/ with any parameter: a page of the list, searched (`q` in title and slug), filtered by status and
 * category and sorted on the server. Without parameters the route answers the whole array; with `language` alone,
 * the whole array of that language's posts.
 */
export const postListQuerySchema = listQuerySchema(POST_LIST_SORTS, '-created_at', {
  language: languageFilterSchema,
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(POST_STATUSES, { message: `Status must be one of ${POST_STATUSES.join(', ')}` }).optional(),
  ),
  category: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ message: 'Category must be a category id' })
      .int('Category must be a category id')
      .min(1, 'Category must be a category id')
      .max(ID_MAX, 'Category must be a category id')
      .optional(),
  ),
});
export type PostListQuery = z.output<typeof postListQuerySchema>;
export type PostListQueryInput = z.input<typeof postListQuerySchema>;
export const postListPageSchema = listPageSchema(postListItemSchema);
