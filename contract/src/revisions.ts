import { z } from 'zod';
import { idParamsSchema, idSchema } from './common.js';

/** What keeps a history: every save of one of these keeps the version it replaced. */
export const REVISION_ITEM_TYPES = ['post', 'page', 'component'] as const;
export type RevisionItemType = (typeof REVISION_ITEM_TYPES)[number];

/** Who saved a version, as the History panel names them. */
export const revisionAuthorSchema = z.object({ id: idSchema, name: z.string() }).nullable();

/** One line of an item's history: GET /posts/{id}/revisions. */
export const revisionSummarySchema = z.object({
  id: idSchema,
  /** The item's version number that this revision holds. */
  version: z.number().int(),
  saved_by: revisionAuthorSchema,
  saved_at: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** A page of an item's history, newest first. */
export const revisionListSchema = z.object({
  items: z.array(revisionSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RevisionList = z.infer<typeof revisionListSchema>;

/** One version whole: its fields as the item's input takes them (so it can be shown, compared and restored). */
export const revisionSchema = revisionSummarySchema.extend({ data: z.record(z.string(), z.unknown()) });
export type Revision = z.infer<typeof revisionSchema>;

export const revisionListQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(1_000_000)
    .default(1),
});

export const revisionParamsSchema = idParamsSchema.extend({ revisionId: idParamsSchema.shape.id });

/**
 * The version an editor loaded, sent back with a save: a save against a newer version answers 409 (see
 * versionConflictSchema). Optional, so clients that do not know versions keep working as the spec says.
 */
export const expectedVersionSchema = z
  .number({ message: 'Version must be a whole number' })
  .int('Version must be a whole number')
  .positive('Version must be positive')
  .optional();

/** 409 on a stale save: who saved the newer version, and when (decisions §13). */
export const versionConflictSchema = z.object({
  detail: z.string(),
  current_version: z.number().int(),
  updated_by: revisionAuthorSchema,
  updated_at: z.string(),
});
export type VersionConflict = z.infer<typeof versionConflictSchema>;
