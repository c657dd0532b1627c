import { z } from 'zod';
import { ACTIVITY_PAGE_SIZE, ID_MAX } from './limits.js';
import { idSchema, nullableId, nullableText } from './common.js';
import { listPageSchema, listQuerySchema, refuseUnknownParameters } from './list-page.js';

/**
 * The activity log (issue 13): who did what, when, from where, to which item. Entries are written by the
 * server in the transaction of the write they record and never edited; old ones go after the retention period.
 */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'status',
  'publish',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'two_factor',
  'password',
  'sessions',
  'preview_link',
  'preview_revoked',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What each action reads as on screen ("Created", "Signed in"...). */
export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  status: 'Changed status',
  publish: 'Published',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  two_factor: 'Two-factor sign-in',
  password: 'Changed password',
  sessions: 'Ended sessions',
  preview_link: 'Shared a preview link',
  preview_revoked: 'Revoked a preview link',
};

export const ACTIVITY_ITEM_TYPES = [
  'post',
  'page',
  'component',
  'media',
  'contact',
  'module',
  'category',
  'tag',
  'user',
  'settings',
  'redirect',
  'faq',
  'menu',
] as const;
export type ActivityItemType = (typeof ACTIVITY_ITEM_TYPES)[number];

/** The filter's names for item types (posts are the operator's tours). */
export const ACTIVITY_ITEM_TYPE_LABELS: Record<ActivityItemType, string> = {
  post: 'Tour (post)',
  page: 'Page',
  component: 'Component',
  media: 'Media file',
  contact: 'Contact',
  module: 'Module',
  category: 'Category',
  tag: 'Tag',
  user: 'User',
  settings: 'Settings',
  redirect: 'Redirect',
  faq: 'FAQ',
  menu: 'Menu',
};

/** One entry of the log. `user_id` null: the server itself (a scheduled publish) or an unknown username. */
export const activityEntrySchema = z.object({
  id: idSchema,
  occurred_at: z.string(),
  user_id: nullableId,
  /** Who, as they were named when it happened. */
  actor_name: z.string(),
  ip_address: nullableText,
  action: z.enum(ACTIVITY_ACTIONS),
  item_type: z.enum(ACTIVITY_ITEM_TYPES),
  item_id: nullableId,
  /** The item's title (or name) when it happened. */
  item_title: z.string(),
  summary: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  /** True when an older page exists. */
  has_more: z.boolean(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

const DATE_MESSAGE = 'Must be a date such as 2026-11-24';

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
const dateSchema = z
  .string({ message: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, DATE_MESSAGE);

/** An empty query value (a form's blank select) means no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** The activity log's filters: person, type of item and date range (UTC days, both ends included). */
const activityFilters = {
  user_id: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ message: 'Person must be a user id' })
      .int('Person must be a user id')
      .min(1, 'Person must be a user id')
      .max(ID_MAX, 'Person must be a user id')
      .optional(),
  ),
  item_type: z.preprocess(
    blankAsAbsent,
    z.enum(ACTIVITY_ITEM_TYPES, { message: `Type must be one of ${ACTIVITY_ITEM_TYPES.join(', ')}` }).optional(),
  ),
  from: z.preprocess(blankAsAbsent, dateSchema.optional()),
  to: z.preprocess(blankAsAbsent, dateSchema.optional()),
};

/**
 * GET /activity/ by page number (`page`, `page_size`): filters by person, type of item and date range, a page at a
 * time. Values that cannot be read, and parameters it does not know, answer 422; readable ones that match nothing
 * answer an empty page.
 */
export const activityQuerySchema = z
  .looseObject({
    ...activityFilters,
    page: z.preprocess(
      blankAsAbsent,
      z.coerce
        .number({ message: 'Page must be a whole number' })
        .int('Page must be a whole number')
        .min(1, 'Page must be at least 1')
        .max(100_000, 'Page must be at most 100000')
        .default(1),
    ),
    page_size: z.preprocess(
      blankAsAbsent,
      z.coerce
        .number({ message: 'Page size must be a whole number' })
        .int('Page size must be a whole number')
        .min(1, 'Page size must be at least 1')
        .max(ACTIVITY_PAGE_SIZE, `Page size must be at most ${ACTIVITY_PAGE_SIZE}`)
        .default(ACTIVITY_PAGE_SIZE),
    ),
  })
  .superRefine(refuseUnknownParameters([...Object.keys(activityFilters), 'page', 'page_size']));

/** The log's one order on the server: newest first. */
export const ACTIVITY_LIST_SORTS = ['-occurred_at'] as const;

/**
 * GET /activity/ with `limit` or `cursor` (issue 26: a million entries): the paged lists' shape (a keyset cursor
 * that stays put as entries arrive, the matching total), with the same filters and no text search.
 */
export const activityListQuerySchema = listQuerySchema(ACTIVITY_LIST_SORTS, '-occurred_at', activityFilters, {
  search: false,
});
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;
export const activityListPageSchema = listPageSchema(activityEntrySchema);

/** True when GET /activity/ asks for the paged lists' shape (`limit` or `cursor`) rather than a numbered page. */
export const asksForActivityListPage = (query: unknown): boolean =>
  typeof query === 'object' && query !== null && ('limit' in query || 'cursor' in query);

export type ActivityQuery = z.output<typeof activityQuerySchema>;
export type ActivityQueryInput = z.input<typeof activityQuerySchema>;
