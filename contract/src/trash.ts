import { z } from 'zod';
import { idSchema } from './common.js';
import { REVISION_ITEM_TYPES, revisionAuthorSchema } from './revisions.js';

/**
 * The trash (issue 12, decisions §13): a deleted post, page, component or media file waits here for
 * TRASH_RETENTION_DAYS, answering 404 where it lived, until someone restores it (under its own id) or the time runs
 * out. A media file keeps its files meanwhile, so it comes back whole.
 */
export const TRASH_ITEM_TYPES = [...REVISION_ITEM_TYPES, 'media'] as const;
export type TrashItemType = (typeof TRASH_ITEM_TYPES)[number];
export const TRASH_ITEM_LABELS = {
  post: 'Tour',
  page: 'Page',
  component: 'Component',
  media: 'Media file',
} as const satisfies Record<TrashItemType, string>;

/** One line of GET /trash/. */
export const trashEntrySchema = z.object({
  id: idSchema,
  item_type: z.enum(TRASH_ITEM_TYPES),
  item_id: idSchema,
  title: z.string(),
  deleted_by: revisionAuthorSchema,
  deleted_at: z.string(),
  /** When it is removed for good. */
  expires_at: z.string(),
  /**
   * How many entries of its translation group (issue 30) are in the trash, itself included: 1 for an item without
   * translations, or whose translations are not in the trash. More than 1: `?group=true` restores them together.
   */
  group_entries: z.number().int(),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

export const trashListSchema = z.object({
  items: z.array(trashEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TrashList = z.infer<typeof trashListSchema>;

export const trashListQuerySchema = z.object({
  type: z.enum(TRASH_ITEM_TYPES, { message: 'Type must be one of post, page, component, media' }).optional(),
  page: z.coerce
    .number({ message: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(1_000_000)
    .default(1),
});

/** POST /trash/{id}/restore answers where the item is back. */
/**
 * `?group=true` on the delete of a post or page (`DELETE /posts/{id}?group=true`) and on a restore from the trash
 * (`POST /trash/{id}/restore?group=true`): the whole translation group, every language at once. Without it (the
 * spec's requests), the one item.
 */
export const groupQuerySchema = z.object({
  group: z
    .enum(['true', 'false'], { message: 'Group must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

export const trashRestoredSchema = z.object({ item_type: z.enum(TRASH_ITEM_TYPES), item_id: idSchema });
export type TrashRestored = z.infer<typeof trashRestoredSchema>;
