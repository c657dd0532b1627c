import type { Kysely, Migration } from 'kysely';

/**
 * A menu item's label in the site's other languages (issue 30), as JSON text (`{"de":"Touren"}`); null when it has
 * none. `label` stays the default language's.
 */
export const menuLabelsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('menu_items').addColumn('labels', 'text').execute();
  },
};
