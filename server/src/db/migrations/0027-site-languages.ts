import type { Kysely, Migration } from 'kysely';

/**
 * The site's languages (issue 30 item 1): the default one, whose addresses are today's (`/`, `/tours`), and the
 * list of every language the site is in (a JSON list, the default first). A site saved before this is in English.
 */
export const siteLanguagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('settings')
      .addColumn('default_language', 'varchar(16)', (c) => c.notNull().defaultTo('en'))
      .execute();
    await db.schema
      .alterTable('settings')
      .addColumn('languages', 'text', (c) => c.notNull().defaultTo('["en"]'))
      .execute();
  },
};
