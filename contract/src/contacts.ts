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

/** The most people one booking request may name, adults and children together. */
export const PARTY_MAX = 99;

function partySize(label: string, min: number) {
  return z.coerce
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, min === 1 ? `At least one adult is needed` : `${label} cannot be negative`)
    .max(PARTY_MAX, `A party can be at most ${PARTY_MAX} people`);
}

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
  /** A booking request: the departure asked for (of that tour), and the party (at least one adult). */
  departure_id: optionalId('Departure id'),
  adults: partySize('Adults', 1)
    .nullish()
    .transform((value) => value ?? null),
  children: partySize('Children', 0)
    .nullish()
    .transform((value) => value ?? null),
  // Anything but empty means a bot (see isHoneypotFilled); its size is bounded by CONTACT_BODY_MAX_BYTES.
  [CONTACT_HONEYPOT_FIELD]: z.unknown().optional(),
});

/** True when the honeypot field carries anything a person would not have typed into an invisible input. */
export function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

const contactStatusSchema = z.enum(CONTACT_STATUSES, { message: 'Status must be one of new, in-progress, resolved' });

/** GET /contacts/summary: how many inquiries wait for someone (the sidebar's count), and booking requests. */
export const contactSummarySchema = z.object({ new: z.number().int(), booking_requests: z.number().int() });
export type ContactSummary = z.infer<typeof contactSummarySchema>;

/** PUT /contacts/{id}/status?status=… */
export const contactStatusQuerySchema = z.object({ status: contactStatusSchema });

/** The tour an inquiry is about, as staff see it beside the inquiry. */
export const contactTourSchema = z.object({ id: idSchema, title: z.string(), slug: z.string() });
export type ContactTour = z.infer<typeof contactTourSchema>;

/**
 * Where a booking request stands: "requested" until staff confirm it (its seats are then taken from the departure)
 * or decline it; a confirmed booking can be cancelled, which gives its seats back.
 */
export const BOOKING_STATUSES = ['requested', 'confirmed', 'declined', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};
/** POST /contacts/{id}/booking/{action} */
export const BOOKING_ACTIONS = ['confirm', 'decline', 'cancel'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];
export const bookingActionParamsSchema = z.object({
  id: z.coerce.number({ message: 'Must be a positive integer id' }).int().positive(),
  action: z.enum(BOOKING_ACTIONS, { message: 'Action must be one of confirm, decline, cancel' }),
});

/** A party as people read it: "4 adults, 1 child" (the site's mail and the admin say it alike). */
export function partyText({ adults, children }: { adults: number; children: number }): string {
  const people = [`${adults} ${adults === 1 ? 'adult' : 'adults'}`];
  if (children > 0) people.push(`${children} ${children === 1 ? 'child' : 'children'}`);
  return people.join(', ');
}

/** The date and party a booking request asks for; the departure is null when it was deleted since. */
export const contactBookingSchema = z.object({
  status: z.enum(BOOKING_STATUSES),
  adults: z.number().int(),
  children: z.number().int(),
  departure: z
    .object({ id: idSchema, starts_on: z.string(), start_time: z.string().nullable(), status: z.string() })
    .nullable(),
});
export type ContactBooking = z.infer<typeof contactBookingSchema>;

/** Confirming more seats than are left: 409 with the seats left (null: the departure has no limit). */
export const bookingConflictSchema = z.object({ detail: z.string(), seats_left: z.number().int().nullable() });

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
  /** The date and party asked for, when the inquiry is a booking request. */
  booking: contactBookingSchema.nullable(),
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
