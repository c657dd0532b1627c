import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Common components, categories, tags and FAQs as linked translation items (issue 30, docs/design/languages.md), as
 * posts and pages became in 0031: each row has its `language` and its `translation_group` (the id of the group's
 * first item). Existing rows are in the site's default language (settings, else English), each the only item of its
 * own group. The unique index on (translation_group, language) is what answers two staff adding the same language to
 * a group at once: one translation, one 409.
 *
 * The public site picks each language's active header and footer by type and language (small table: the index
 * on type, 0001's, narrows it enough).
 */
export const translatedReferencesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['components', 'categories', 'tags', 'faqs'] as const) {
      await db.schema
        .alterTable(table)
        .addColumn('language', 'varchar(16)', (c) => c.notNull().defaultTo('en'))
        .execute();
      await db.schema.alterTable(table).addColumn('translation_group', 'integer').execute();
      await sql`UPDATE ${sql.table(table)} SET translation_group = id,
        language = COALESCE((SELECT default_language FROM settings WHERE id = 1), 'en')`.execute(db);
      await sql`CREATE UNIQUE INDEX ${sql.id(`${table}_translation_group_language`)}
        ON ${sql.table(table)} (translation_group, language)`.execute(db);
    }
  },
};
