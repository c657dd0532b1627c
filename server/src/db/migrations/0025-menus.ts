import type { Kysely, Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Menus (issue 31 item 5): the header's and the footer's navigation. A menu is saved whole, so its items are
 * replaced together and keep their order in `position`; an item's `parent` is the position of the item it sits
 * under. A page's, tour's or category's item keeps its target's id without a foreign key (three tables): the site
 * leaves out an item whose target is gone or not published, and shows it again when its target comes back.
 */
export const menusMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('menus')
      .addColumn('location', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await d
      .addIdColumn(db.schema.createTable('menu_items'))
      .addColumn('location', 'varchar(16)', (c) => c.notNull().references('menus.location').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('parent', 'integer')
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('target_id', 'integer')
      .addColumn('label', 'text')
      .addColumn('url', 'text')
      .addUniqueConstraint('menu_items_position', ['location', 'position'])
      .execute();
  },
});
