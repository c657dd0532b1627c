import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, NAME_MAX, PHONE_MAX, SHORT_TEXT_MAX } from './limits.js';
import { idSchema, nullableText, optionalId, optionalText, requiredText, timestampsSchema } from './common.js';
import { emailSchema } from './users.js';
import { listFilter, listPageSchema, listQuerySchema } from './list-page.js';

export const CONTACT_STATUSES = ['new', 'in-progress', 'resolved'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  'in-progress': 'In Progress',
  resolved: 'Resolved',
};

/** The name of the website form's hidden honeypot field: people leave it empty, form-filling bots do not. */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** An optional phone number: digits and the usual separators, an extension allowed. */
export const phoneSchema = optionalText(PHONE_MAX).refine(
  (value) => value === null || /^[\d\s+()./-]+(?:\s*(?:x|ext\.?)\s*\d+)?$/i.test(value.trim()),
  'Phone may contain only digits, spaces and + ( ) . / -',
);

/**
 * POST /contacts/: an inquiry from the public website (no token). Name, email and message are required; the
 * subject is optional because not every site form asks for one. HTML in any field is kept verbatim as text.
 */
export const contactInputSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  email: emailSchema,
  phone: phoneSchema,
  subject: z
    .string()
    .trim()
    .max(SHORT_TEXT_MAX, `Subject must be at most ${SHORT_TEXT_MAX} characters`)
    .nullish()
    .transform((value) => value ?? ''),
  message: requiredText('Message', CONTACT_MESSAGE_MAX),
  /** The tour the visitor asks about (a published post), when the form is a tour's. */
  post_id: optionalId('Tour id'),
  // Anything but empty means a bot (see isHoneypotFilled); its size is bounded by CONTACT_BODY_MAX_BYTES.
  [CONTACT_HONEYPOT_FIELD]: z.unknown().optional(),
});

/** True when the honeypot field carries anything a person would not have typed into an invisible input. */
export function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

const contactStatusSchema = z.enum(CONTACT_STATUSES, { message: 'Status must be one of new, in-progress, resolved' });

/** GET /contacts/summary: how many inquiries wait for someone (the sidebar's count). */
export const contactSummarySchema = z.object({ new: z.number().int() });
export type ContactSummary = z.infer<typeof contactSummarySchema>;

/** PUT /contacts/{id}/status?status=… */
export const contactStatusQuerySchema = z.object({ status: contactStatusSchema });

/** The tour an inquiry is about, as staff see it beside the inquiry. */
export const contactTourSchema = z.object({ id: idSchema, title: z.string(), slug: z.string() });
export type ContactTour = z.infer<typeof contactTourSchema>;

/** A contact inquiry as staff see it. The sender's address is kept for throttling and abuse, never sent out. */
export const contactSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  /** The tour the visitor asked about; null when none, or when that post was deleted since. */
  post: contactTourSchema.nullable(),
  ...timestampsSchema.shape,
});
export type Contact = z.infer<typeof contactSchema>;

/**
 * What the public form endpoint answers, the same whether the inquiry was stored or silently dropped as spam,
 * so a bot learns nothing from it.
 */
export const contactReceiptSchema = z.object({ detail: z.string() });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
export const CONTACT_RECEIPT: ContactReceipt = { detail: 'Thank you! Your message has been sent.' };

/** The orders the Contacts list offers on the server: newest first (the whole array's order) and oldest first. */
export const CONTACT_LIST_SORTS = ['-created_at', 'created_at'] as const;
export type ContactListSort = (typeof CONTACT_LIST_SORTS)[number];

/**
 * GET /contacts/ with any parameter: a page of the inquiries, searched (`q` in name, email and subject, not the
 * message), filtered by status and sorted on the server. Without parameters the route answers the whole array.
 */
export const contactListQuerySchema = listQuerySchema(CONTACT_LIST_SORTS, '-created_at', {
  status: listFilter(contactStatusSchema),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
export const contactListPageSchema = listPageSchema(contactSchema);
