import type { Kysely, Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * E-mail to staff (issue 31, decisions §16): who is told of inquiries (one row, id 1), and the outbox the server
 * sends from. A message waits as `pending` until a node claims it (`claimed_until`, one conditional update, so
 * several nodes send each message once), then is `sent`, or retried with back-off until `failed`.
 */
export const mailMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mail_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('inquiry_recipients', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await d
      .addIdColumn(db.schema.createTable('mail_outbox'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('recipients', 'text', (c) => c.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'integer', (c) => c.references('contacts.id').onDelete('set null'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    // The delivery run reads the due messages, oldest first, from this index alone.
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  },
});
