import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_RECEIPT,
  contactInputSchema,
  isHoneypotFilled,
  type Contact,
  type ContactReceipt,
  type ContactStatus,
} from '@tours-cms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/dialect.js';
import type { ContactRow } from '../../db/tables.js';
import { notFound, tooManyRequests } from '../../errors.js';
import { nowIso } from '../../clock.js';
import * as repo from './contacts.repository.js';

const HOUR_MS = 3_600_000;

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status as ContactStatus,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listContacts(db: Db): Promise<Contact[]> {
  return (await repo.listContacts(db)).map(toContact);
}

/**
 * Seconds until this address may send another inquiry, or 0. Counted from the stored inquiries themselves, so
 * the limit holds across restarts and both API base paths without any state in memory.
 */
async function contactRetryAfterSeconds(db: Db, ipAddress: string, maxPerHour: number): Promise<number> {
  const now = Date.now();
  const recent = await repo.recentContactTimesFrom(db, ipAddress, new Date(now - HOUR_MS).toISOString(), maxPerHour);
  if (recent.length < maxPerHour) return 0;
  const oldestCounted = Date.parse(recent[recent.length - 1]!);
  return Math.max(1, Math.ceil((oldestCounted + HOUR_MS - now) / 1000));
}

/**
 * Decisions §10: an inquiry from the public website. A filled honeypot gets the very same answer as a real
 * inquiry but nothing is stored, so a bot cannot tell it was caught.
 */
export async function receiveContact(
  { db, config }: AppContext,
  input: z.output<typeof contactInputSchema>,
  ipAddress: string,
): Promise<ContactReceipt> {
  const wait = await contactRetryAfterSeconds(db, ipAddress, config.contactMaxPerHour);
  if (wait > 0) throw tooManyRequests(wait, 'Too many messages from your address. Please try again later.');
  if (isHoneypotFilled(input[CONTACT_HONEYPOT_FIELD])) return CONTACT_RECEIPT;

  const now = nowIso();
  await repo.insertContact(db, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    subject: input.subject,
    message: input.message,
    status: 'new',
    ip_address: ipAddress.slice(0, 64),
    created_at: now,
    updated_at: now,
  });
  return CONTACT_RECEIPT;
}

export async function setContactStatus(db: Db, id: number, status: ContactStatus): Promise<Contact> {
  if (!(await repo.updateContactStatus(db, id, status, nowIso()))) throw notFound('Contact');
  return toContact((await repo.findContactById(db, id))!);
}

export async function deleteContact(db: Db, id: number): Promise<void> {
  if (!(await repo.deleteContact(db, id))) throw notFound('Contact');
}
