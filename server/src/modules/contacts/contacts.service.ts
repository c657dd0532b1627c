import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_RECEIPT,
  contactInputSchema,
  isHoneypotFilled,
  type Contact,
  type ContactListQuery,
  type ContactReceipt,
  type ListPage,
  type ContactStatus,
} from '@tours-cms/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import { isForeignKeyViolation } from '../../db/database-errors.js';
import { invalidField, notFound, tooManyRequests } from '../../core/errors.js';
import type { PostsService } from '../posts/posts.service.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { Actor } from '../../core/actor.js';
import { nowIso } from '../../core/clock.js';
import { clientKey } from '../../core/client-key.js';
import { inTransaction, lockKey } from '../../db/transaction.js';
import * as repo from './contacts.repository.js';

const HOUR_MS = 3_600_000;

export interface ContactsDeps {
  db: Db;
  config: Pick<Config, 'contactMaxPerHour'>;
  /** An inquiry may name a tour: a published post. */
  posts: PostsService;
  /** Staff are told of each inquiry by e-mail, queued in the inquiry's transaction. */
  mail: MailService;
  activity: ActivityService;
}

/** How an inquiry is named in the activity log: its sender and subject. */
const titleOf = (contact: Contact) => `${contact.name}: ${contact.subject}`;

/** Inquiries from the website, and their handling by staff. */
export function createContactsService({ db, config, posts, mail, activity }: ContactsDeps) {
  /**
   * Seconds until this sender may send another inquiry, or 0. Counted from the stored inquiries themselves, so
   * the limit holds across restarts, both API base paths and every node without any state in memory.
   */
  async function retryAfterSeconds(tx: Db, senderKey: string): Promise<number> {
    const now = Date.now();
    const max = config.contactMaxPerHour;
    const recent = await repo.recentContactTimesFrom(tx, senderKey, new Date(now - HOUR_MS).toISOString(), max);
    if (recent.length < max) return 0;
    const oldestCounted = Date.parse(recent[recent.length - 1]!);
    return Math.max(1, Math.ceil((oldestCounted + HOUR_MS - now) / 1000));
  }

  return {
    list: (): Promise<Contact[]> => repo.listContacts(db),

    listPage: (query: ContactListQuery): Promise<ListPage<Contact>> => repo.listContactsPage(db, query),

    async get(id: number): Promise<Contact> {
      const contact = await repo.findContactById(db, id);
      if (!contact) throw notFound('Contact');
      return contact;
    },

    count: (status?: ContactStatus): Promise<number> => repo.countContacts(db, status),

    /**
     * An inquiry from the public website, throttled per address. A filled honeypot gets the very same answer as
     * a real inquiry but nothing is stored, so a bot cannot tell it was caught. A named tour must be a published
     * post (else 422 on post_id). Every refusal is an HttpError, so a server-rendered form can call this directly.
     */
    async receive(input: z.output<typeof contactInputSchema>, ipAddress: string): Promise<ContactReceipt> {
      const senderKey = clientKey(ipAddress);
      let mailQueued = false;
      // The count and the insert are one step per sender (a lock on the sender's key), so inquiries sent in
      // parallel from one address cannot all pass the limit before any of them is stored.
      const receipt = await inTransaction(db, async (tx) => {
        await lockKey(tx, `contact-sender:${senderKey}`);
        const wait = await retryAfterSeconds(tx, senderKey);
        if (wait > 0) throw tooManyRequests(wait, 'Too many messages from your address. Please try again later.');
        if (isHoneypotFilled(input[CONTACT_HONEYPOT_FIELD])) return CONTACT_RECEIPT;
        const tour = input.post_id === null ? null : await posts.publishedTitle(input.post_id, tx);
        if (input.post_id !== null && tour === null) throw invalidField('post_id', 'Tour not found');
        const now = nowIso();
        try {
          const contact = await repo.insertContact(tx, {
            name: input.name,
            email: input.email,
            phone: input.phone,
            subject: input.subject,
            message: input.message,
            post_id: input.post_id,
            status: 'new',
            ip_address: ipAddress.slice(0, 64),
            sender_key: senderKey,
            created_at: now,
            updated_at: now,
          });
          await activity.record(tx, null, {
            action: 'create',
            itemType: 'contact',
            itemId: contact.id,
            title: titleOf(contact),
            summary: 'Sent from the website',
            actorName: 'Website visitor',
            address: ipAddress,
          });
          mailQueued = await mail.inquiryReceived(tx, { ...contact, tour });
        } catch (error) {
          // The tour was deleted between the check and the insert: the same field error, so a caller that renders
          // the refusal itself (the tour page's HTML form) gets an HttpError rather than a database error.
          if (input.post_id !== null && isForeignKeyViolation(error)) throw invalidField('post_id', 'Tour not found');
          throw error;
        }
        return CONTACT_RECEIPT;
      });
      // Sent after the commit, by the delivery loop: the visitor's answer never waits for a mail server.
      if (mailQueued) mail.queued();
      return receipt;
    },

    async setStatus(id: number, status: ContactStatus, actor: Actor): Promise<Contact> {
      return inTransaction(db, async (tx) => {
        const before = await repo.findContactById(tx, id);
        if (!before || !(await repo.updateContactStatus(tx, id, status, nowIso()))) throw notFound('Contact');
        await activity.record(tx, actor, {
          action: 'status',
          itemType: 'contact',
          itemId: id,
          title: titleOf(before),
          summary: `Status ${before.status} → ${status}`,
        });
        return (await repo.findContactById(tx, id))!;
      });
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const before = await repo.findContactById(tx, id);
        if (!before || !(await repo.deleteContact(tx, id))) throw notFound('Contact');
        await activity.record(tx, actor, { action: 'delete', itemType: 'contact', itemId: id, title: titleOf(before) });
      });
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
