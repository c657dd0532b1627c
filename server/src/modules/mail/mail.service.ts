import type { Transporter } from 'nodemailer';
import {
  MAIL_NOT_CONFIGURED_MESSAGE,
  type MailSettingsData,
  type MailStatus,
  type TestMailResult,
} from '@tours-cms/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, invalidField } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import type { Actor } from '../../core/actor.js';
import type { ActivityService } from '../activity/activity.service.js';
import { inquiryMessage, oneLine, type InquiryFacts } from './mail-messages.js';
import * as repo from './mail.repository.js';

/** Tries before a message is given up on, and the longest wait between two (the waits double from a minute). */
export const MAIL_MAX_ATTEMPTS = 10;
const MAX_BACKOFF_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DUE_BATCH = 20;
const UNDELIVERED_SHOWN = 20;

export interface MailDeps {
  db: Db;
  config: Pick<Config, 'smtp' | 'publicOrigin' | 'siteHosts' | 'host' | 'port'>;
  activity: ActivityService;
}

/** When a message that failed its `attempts`-th try is due again: 1, 2, 4... minutes later, at most an hour. */
export function nextAttemptAfter(attempts: number, now: string): string {
  return new Date(Date.parse(now) + Math.min(MAX_BACKOFF_MS, MINUTE_MS * 2 ** (attempts - 1))).toISOString();
}

/** What a failure reads as in Settings: the mail server's reply when there was one, kept short. */
function describeFailure(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return oneLine(detail).slice(0, 500) || 'Unknown error';
}

/** Where staff open the admin, for the link in a message: PUBLIC_ORIGIN, else the site's first host, else where the server listens. */
function adminOrigin(config: MailDeps['config']): string {
  if (config.publicOrigin) return config.publicOrigin;
  if (config.siteHosts[0]) return `https://${config.siteHosts[0]}`;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
}

/**
 * E-mail to staff (decisions §16): who is told of every inquiry, the outbox it goes out from, and its delivery.
 * A message is queued in the transaction that stores what it tells of (an inquiry), never sent in a visitor's
 * request; `deliverDue` sends what is due (the periodic jobs call it, and at once when something is queued), each
 * message claimed by one node, retried with back-off, and shown in Settings until it goes out or is given up on.
 */
export function createMailService({ db, config, activity }: MailDeps) {
  const smtp = config.smtp;
  // nodemailer is loaded with the first message sent, not at start (tens of milliseconds of every start otherwise).
  let transporter: Promise<Transporter> | null = null;
  const transport = (settings: NonNullable<typeof smtp>): Promise<Transporter> =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: settings.url,
        connectionTimeout: settings.timeoutMs,
        greetingTimeout: settings.timeoutMs,
        socketTimeout: settings.timeoutMs,
      }),
    ));
  const queuedListeners = new Set<() => void>();
  // A claim outlasts the longest try: connecting, greeting and sending, each within the timeout.
  const claimMs = (smtp?.timeoutMs ?? 0) * 3 + 30_000;

  async function send(message: {
    recipients: string[];
    replyTo: { name: string; address: string } | null;
    subject: string;
    body: string;
  }): Promise<void> {
    if (!smtp) throw new HttpError(409, MAIL_NOT_CONFIGURED_MESSAGE);
    await (
      await transport(smtp)
    ).sendMail({
      from: smtp.from,
      to: message.recipients,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      subject: message.subject,
      text: message.body,
    });
  }

  async function status(): Promise<MailStatus> {
    const [recipients, undelivered, lastSent] = await Promise.all([
      repo.findInquiryRecipients(db),
      repo.listUndelivered(db, UNDELIVERED_SHOWN),
      repo.lastSentAt(db),
    ]);
    return {
      configured: smtp !== null,
      from: smtp?.from ?? null,
      inquiry_recipients: recipients,
      undelivered: undelivered.map((row) => ({
        ...row,
        recipients: JSON.parse(row.recipients) as string[],
        status: row.status as 'pending' | 'failed',
        next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
      })),
      last_sent_at: lastSent,
    };
  }

  return {
    status,

    async setRecipients(input: MailSettingsData, actor: Actor): Promise<MailStatus> {
      await inTransaction(db, async (tx) => {
        await repo.saveInquiryRecipients(tx, input.inquiry_recipients, nowIso());
        const summary = input.inquiry_recipients.length
          ? `Send inquiries to ${input.inquiry_recipients.join(', ')}`
          : 'Inquiries are no longer sent by e-mail';
        await activity.record(tx, actor, {
          action: 'update',
          itemType: 'settings',
          itemId: null,
          title: 'E-mail notifications',
          summary,
        });
      });
      return status();
    },

    /**
     * In the transaction that stores an inquiry: queues the message that tells staff of it, when the server can send
     * e-mail and someone is to be told. Answers whether a message was queued (then call `queued()` after the commit).
     */
    async inquiryReceived(tx: Db, inquiry: InquiryFacts): Promise<boolean> {
      if (!smtp) return false;
      const recipients = await repo.findInquiryRecipients(tx);
      if (recipients.length === 0) return false;
      const message = inquiryMessage(inquiry, adminOrigin(config));
      const now = nowIso();
      await repo.insertMessage(tx, {
        kind: 'inquiry',
        recipients: JSON.stringify(recipients),
        reply_to: JSON.stringify(message.replyTo),
        subject: message.subject,
        body: message.body,
        contact_id: inquiry.id,
        status: 'pending',
        next_attempt_at: now,
        created_at: now,
      });
      return true;
    },

    /** Tells the delivery loop that a message waits (after the transaction that queued it committed). */
    queued(): void {
      for (const listener of queuedListeners) listener();
    },

    /** The delivery loop hears of every message queued in this process, to send it at once. */
    onQueued(listener: () => void): () => void {
      queuedListeners.add(listener);
      return () => queuedListeners.delete(listener);
    },

    /** Sends the messages that are due, each claimed first; a refusal or timeout is retried later. */
    async deliverDue(now: string = nowIso()): Promise<{ sent: number; failed: number }> {
      const outcome = { sent: 0, failed: 0 };
      if (!smtp) return outcome;
      for (const id of await repo.listDueIds(db, now, DUE_BATCH)) {
        const message = await repo.claimMessage(db, id, now, new Date(Date.parse(now) + claimMs).toISOString());
        if (!message) continue; // another node has it
        try {
          await send({
            recipients: JSON.parse(message.recipients) as string[],
            replyTo: message.reply_to ? (JSON.parse(message.reply_to) as { name: string; address: string }) : null,
            subject: message.subject,
            body: message.body,
          });
          await repo.markSent(db, id, nowIso());
          outcome.sent += 1;
        } catch (error) {
          const attempts = message.attempts;
          await repo.markFailed(
            db,
            id,
            describeFailure(error),
            attempts >= MAIL_MAX_ATTEMPTS ? null : nextAttemptAfter(attempts, now),
          );
          outcome.failed += 1;
        }
      }
      return outcome;
    },

    /** Sends a test message to the inquiry recipients at once, so Settings can say whether mail works. */
    async sendTest(siteName: string, actor: Actor): Promise<TestMailResult> {
      if (!smtp) throw new HttpError(409, MAIL_NOT_CONFIGURED_MESSAGE);
      const recipients = await repo.findInquiryRecipients(db);
      if (recipients.length === 0)
        throw invalidField('inquiry_recipients', 'Add an address to Send inquiries to first');
      try {
        await send({
          recipients,
          replyTo: null,
          subject: oneLine(`Test e-mail from ${siteName}`),
          body: `This is a test e-mail from ${siteName}: inquiries from the website will be sent to ${recipients.join(', ')} like this one.\n`,
        });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(502, `The test e-mail could not be sent: ${describeFailure(error)}`);
      }
      await activity.record(db, actor, {
        action: 'create',
        itemType: 'settings',
        itemId: null,
        title: 'Test e-mail',
        summary: `Sent to ${recipients.join(', ')}`,
      });
      return { sent_to: recipients };
    },

    close(): void {
      void transporter?.then(
        (open) => open.close(),
        () => undefined,
      );
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
