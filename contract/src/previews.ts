import { z } from 'zod';
import { idParamsSchema, idSchema } from './common.js';

/** How long a draft preview link lives unless revoked: 7 days by default (issue 12), at most 30. */
export const PREVIEW_DEFAULT_DAYS = 7;
export const PREVIEW_MAX_DAYS = 30;
/** Where a preview link leads: a path of the public site, with the token. */
export const PREVIEW_PATH_PREFIX = '/preview/';

/** POST /posts/{id}/previews and /pages/{id}/previews. */
export const previewLinkInputSchema = z.object({
  expires_in_days: z
    .number({ message: 'Expiry must be a whole number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'A preview link lives at least 1 day')
    .max(PREVIEW_MAX_DAYS, `A preview link lives at most ${PREVIEW_MAX_DAYS} days`)
    .default(PREVIEW_DEFAULT_DAYS),
});
export type PreviewLinkInput = z.input<typeof previewLinkInputSchema>;

/** A preview link as the editor lists it. The token itself is shown once, when the link is made (`url`). */
export const previewLinkSchema = z.object({
  id: idSchema,
  expires_at: z.string(),
  revoked: z.boolean(),
  created_by: z.object({ id: idSchema, name: z.string() }).nullable(),
  created_at: z.string(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** What creating a link answers: the link, and its address (path with the token), this once. */
export const createdPreviewLinkSchema = previewLinkSchema.extend({ url: z.string() });
export type CreatedPreviewLink = z.infer<typeof createdPreviewLinkSchema>;

export const previewLinkParamsSchema = idParamsSchema.extend({ previewId: idParamsSchema.shape.id });
