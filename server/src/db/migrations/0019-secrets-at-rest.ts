import type { Kysely, Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Two-factor secrets are stored sealed (AES-256-GCM, `v1:<key id>:<iv>:<data>`, about 100 characters), no longer as
 * the 32-character base32 key itself: PostgreSQL's varchar(64) columns become text (SQLite does not hold a varchar to
 * its length). The sealing itself is the server's, at its start (modules/two-factor/stored-secrets.ts): a migration
 * cannot read the key, which comes from the environment or the node's data folder.
 */
export const secretsAtRestMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    if (d.name !== 'postgres') return;
    await db.schema
      .alterTable('users')
      .alterColumn('totp_secret', (column) => column.setDataType('text'))
      .execute();
    await db.schema
      .alterTable('users')
      .alterColumn('totp_pending_secret', (column) => column.setDataType('text'))
      .execute();
  },
});
