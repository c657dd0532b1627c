import type { Kysely, Migration } from 'kysely';

/**
 * Display currencies (issue 30 item 5): the currencies visitors may see prices converted into, each with its rate
 * against the site's currency and when it was set (a JSON list, `[{"code":"USD","rate":1.08,"rate_set_at":"..."}]`),
 * and each language's default among them (a JSON object, `{"en-US":"USD"}`). A site saved before this has none.
 */
export const displayCurrenciesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('settings')
      .addColumn('display_currencies', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('settings')
      .addColumn('language_currencies', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },
};
