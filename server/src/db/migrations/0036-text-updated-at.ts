import { sql, type Kysely, type Migration } from 'kysely';

/**
 * When each item's text last changed (issue 30, "out of date"): `text_updated_at` on the translated kinds that
 * mark translations out of date (posts, pages, components, FAQs; categories and tags keep no time of a save).
 *
 * `updated_at` moves with every version, and a save of one translation writes what the group shares (a price, the
 * tags) to every other item as a new version: compared by it, a price changed in German, or a German save whose
 * tags came in another order, made every translation look out of date. The lifecycle now sets this column when an
 * item's translatable text changes, or when an item not in the site's default language is saved (its translator's
 * save), never for what the group shares (contract `textUpdatedAtSchema`).
 *
 * Existing rows take their `updated_at`: the versions before this one do not say which saves changed text (the
 * history is pruned), so a translation marked out of date stays so until it is saved, and none is newly marked.
 *
 * The Posts list and the translation links are read from covering indexes (0031, 0034): each gains the column, so
 * the lists read no row for it.
 */
export const textUpdatedAtMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['posts', 'pages', 'components', 'faqs'] as const) {
      await db.schema.alterTable(table).addColumn('text_updated_at', 'text').execute();
      await sql`UPDATE ${sql.table(table)} SET text_updated_at = updated_at`.execute(db);
    }
    const lists = {
      posts_list:
        'created_at DESC, id DESC, title, slug, status, category_id, publish_at, language, translation_group, updated_at',
      posts_list_title:
        'title, id, slug, status, publish_at, created_at, category_id, language, translation_group, updated_at',
      posts_list_language:
        'language, created_at DESC, id DESC, title, slug, status, category_id, publish_at, translation_group, updated_at',
      posts_list_language_title:
        'language, title, id, slug, status, publish_at, created_at, category_id, translation_group, updated_at',
    };
    for (const [name, columns] of Object.entries(lists)) {
      await sql`DROP INDEX ${sql.id(name)}`.execute(db);
      await sql`CREATE INDEX ${sql.id(name)} ON posts (${sql.raw(columns)}, text_updated_at)`.execute(db);
    }
    for (const table of ['posts', 'pages'] as const) {
      await sql`DROP INDEX ${sql.id(`${table}_translation_links`)}`.execute(db);
      await sql`CREATE INDEX ${sql.id(`${table}_translation_links`)}
        ON ${sql.table(table)} (translation_group, language, id, slug, status, updated_at, text_updated_at)`.execute(
        db,
      );
    }
  },
};
