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
export const trashRestoredSchema = z.object({ item_type: z.enum(TRASH_ITEM_TYPES), item_id: idSchema });
export type TrashRestored = z.infer<typeof trashRestoredSchema>;
