import type { Kysely, Migration } from 'kysely';

/** The site's settings: one row (id 1), written the first time an administrator saves them. */
export const settingsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('site_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('contact_email', 'varchar(254)')
      .addColumn('contact_phone', 'varchar(40)')
      .addColumn('social_image_url', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
