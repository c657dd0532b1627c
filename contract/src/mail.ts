import { z } from 'zod';
import { emailSchema } from './users.js';

/** How many addresses may be told of every inquiry. */
export const INQUIRY_RECIPIENTS_MAX = 10;

/** PUT /settings/mail: who is told of every inquiry from the website ("Send inquiries to"). */
export const mailSettingsInputSchema = z.object({
  inquiry_recipients: z
    .array(emailSchema, { message: 'Send inquiries to must be a list of e-mail addresses' })
    .max(INQUIRY_RECIPIENTS_MAX, `Send inquiries to takes at most ${INQUIRY_RECIPIENTS_MAX} addresses`)
    .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))]),
});
export type MailSettingsInput = z.input<typeof mailSettingsInputSchema>;
export type MailSettingsData = z.output<typeof mailSettingsInputSchema>;

/** A message the server could not send (yet), as Settings lists it. */
export const undeliveredMailSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  recipients: z.array(z.string()),
  status: z.enum(['pending', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type UndeliveredMail = z.infer<typeof undeliveredMailSchema>;

/** GET /settings/mail: whether the server can send at all, to whom inquiries go, and what has not gone out. */
export const mailStatusSchema = z.object({
  /** False without SMTP_URL and MAIL_FROM: no e-mail is sent, inquiries still arrive in Contacts. */
  configured: z.boolean(),
  from: z.string().nullable(),
  inquiry_recipients: z.array(z.string()),
  /** Waiting to be sent or retried, and given up on: oldest first, at most 20 of each. */
  undelivered: z.array(undeliveredMailSchema),
  last_sent_at: z.string().nullable(),
});
export type MailStatus = z.infer<typeof mailStatusSchema>;

/** POST /settings/mail/test: who the test message went to (the answer waits for the mail server's reply). */
export const testMailResultSchema = z.object({ sent_to: z.array(z.string()) });
export type TestMailResult = z.infer<typeof testMailResultSchema>;

/** What Settings says when the server has no mail configuration. */
export const MAIL_NOT_CONFIGURED_MESSAGE =
  'No e-mail is sent: the server has no SMTP settings (SMTP_URL and MAIL_FROM).';
