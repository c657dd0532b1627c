import type { Kysely, Migration } from 'kysely';

/**
 * The site's details per language (issue 30 item 1): the site's description (the default language's, '' for none)
 * and each other language's own name, description and contact details (a JSON object by language tag,
 * `{"de":{"site_name":"Lissabon zu Fuß"}}`, only the fields it has). A site saved before this has neither.
 */
export const siteDetailsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('settings')
      .addColumn('site_description', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('settings')
      .addColumn('language_details', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },
};
