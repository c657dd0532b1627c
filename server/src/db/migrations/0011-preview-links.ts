import type { Kysely, Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Draft preview links (issue 12, decisions §13): a random token, stored hashed, for one post or page, with an
 * expiry and a revocation. It grants seeing that item's current draft on the public site, nothing else.
 */
export const previewLinksMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await d
      .addIdColumn(db.schema.createTable('preview_links'))
      .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('preview_links_item').on('preview_links').columns(['item_type', 'item_id']).execute();
  },
});
