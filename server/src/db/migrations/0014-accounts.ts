import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Accounts you can trust (issue 13, decisions §14).
 *
 * - Sessions record when they were last used (written at most once a minute), from which address and browser.
 *   Existing sessions count as last used when they began. `sessions_user` lists one user's sessions.
 * - Users gain two-factor sign-in (TOTP): the secret once confirmed, a secret waiting for its first code, when it
 *   was turned on, and the last time step accepted (a code is accepted once). Recovery codes live in their own
 *   table, as SHA-256 hashes, one row each: a used one is deleted.
 * - `two_factor_challenges`: the short-lived step between a correct password and the code (hashed token, expiry,
 *   wrong codes so far), in the database so that any node can finish a sign-in another began.
 * - `activity`: the log. Read newest first, whole or by person or type of item, through three indexes that
 *   end in (occurred_at, id), so every page is an index range whatever the filter.
 * - Settings gain the roles that must use two-factor sign-in (a JSON list) and how long activity is kept.
 */
export const accountsMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('ip_address', 'varchar(64)').execute();
    await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(300)').execute();
    await sql`UPDATE sessions SET last_used_at = created_at`.execute(db);
    await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'created_at']).execute();

    await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(64)').execute();
    await db.schema.alterTable('users').addColumn('totp_pending_secret', 'varchar(64)').execute();
    await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('totp_last_step', d.bigint).execute();

    await d
      .addIdColumn(db.schema.createTable('recovery_codes'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await sql`CREATE UNIQUE INDEX recovery_codes_user_hash ON recovery_codes (user_id, code_hash)`.execute(db);

    await d
      .addIdColumn(db.schema.createTable('two_factor_challenges'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('two_factor_challenges_expiry')
      .on('two_factor_challenges')
      .column('expires_at')
      .execute();

    await d
      .addIdColumn(db.schema.createTable('activity'))
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('ip_address', 'varchar(64)')
      .addColumn('action', 'varchar(32)', (c) => c.notNull())
      .addColumn('item_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('item_id', 'integer')
      .addColumn('item_title', 'varchar(300)', (c) => c.notNull())
      .addColumn('summary', 'varchar(1000)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('activity_time').on('activity').columns(['occurred_at', 'id']).execute();
    await db.schema.createIndex('activity_user').on('activity').columns(['user_id', 'occurred_at', 'id']).execute();
    await db.schema.createIndex('activity_type').on('activity').columns(['item_type', 'occurred_at', 'id']).execute();

    await db.schema
      .alterTable('settings')
      .addColumn('two_factor_roles', 'varchar(100)', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('settings')
      .addColumn('activity_retention_days', 'integer', (c) => c.notNull().defaultTo(365))
      .execute();
  },
});
