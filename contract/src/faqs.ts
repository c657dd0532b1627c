import { z } from 'zod';
import { CONTENT_MAX, TITLE_MAX } from './limits.js';
import { idSchema, requiredText, timestampsSchema } from './common.js';
import {
  itemLanguageInputSchema,
  languageFilterSchema,
  textUpdatedAtSchema,
  translatedReferenceShape,
} from './languages.js';

/**
 * Reusable FAQs (issue 28): one "What should I bring?" answered once and shown by every tour that chooses it, so an
 * edit reaches them all. The answer is rich text, cleaned of scripts and event handlers on save.
 */
export const faqInputSchema = z.object({
  question: requiredText('Question', TITLE_MAX),
  answer: requiredText('Answer', CONTENT_MAX),
  /** Its language (issue 30): on create one of the site's languages, the default if absent; a PUT keeps it. */
  language: itemLanguageInputSchema,
});
export type FaqInput = z.input<typeof faqInputSchema>;
export type FaqData = z.output<typeof faqInputSchema>;

export const faqSchema = z.object({
  id: idSchema,
  question: z.string(),
  answer: z.string(),
  ...timestampsSchema.shape,
  /** When its question or answer last changed, or it was last saved as a translation (issue 30: "out of date"). */
  text_updated_at: textUpdatedAtSchema,
  /** Its language and the same FAQ in other languages: each link's `slug` and `status` are null (FAQs have neither). */
  ...translatedReferenceShape(z.null(), z.null()),
});

/** GET /faqs/?language=: only the FAQs in that language; absent, every language. */
export const faqListQuerySchema = z.object({ language: languageFilterSchema });
export type Faq = z.infer<typeof faqSchema>;

/** One line of GET /faqs/: the FAQ, and how many tours show it. */
export const faqListItemSchema = faqSchema.extend({ tour_count: z.number().int() });
export type FaqListItem = z.infer<typeof faqListItemSchema>;

/** A tour that shows an FAQ, as the FAQ's delete names it. */
export const faqTourSchema = z.object({ id: idSchema, title: z.string() });
export type FaqTour = z.infer<typeof faqTourSchema>;

/** DELETE /faqs/{id} of an FAQ tours show, without `?in_use=confirmed`: 409 naming them. */
export const faqInUseSchema = z.object({ detail: z.string(), tours: z.array(faqTourSchema) });

export const faqDeleteQuerySchema = z.object({
  in_use: z.literal('confirmed', { message: 'in_use must be confirmed' }).optional(),
});
