import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Translations as linked items (issue 30, docs/design/languages.md), for posts and pages: each row has its
 * `language` and its `translation_group`, the id of the group's first item. Existing rows are in the site's default
 * language (settings, else English), each the only item of its own group.
 *
 * A new row's group is its own id, known only once it is inserted: the column is nullable so the insert can leave
 * it out, and the same transaction sets it (a null never clashes in the unique index). The unique index is what
 * answers two staff adding the same language to a group at once: one translation, one 409.
 *
 * Slugs stay unique per table, whatever the language (a translation's is `{slug}-{language}` until changed): the
 * site's addresses put the language in front of the slug, so per-language slugs could come later without moving any.
 *
 * `?language=` lists: newest first and by title, as the unfiltered list's indexes (0002, 0024, 0028) with the
 * language in front.
 */
export const translationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['posts', 'pages'] as const) {
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
    await sql`CREATE INDEX posts_list_language ON posts (language, created_at, id)`.execute(db);
    await sql`CREATE INDEX posts_list_language_title ON posts (language, title, id)`.execute(db);
    await sql`CREATE INDEX pages_list_language ON pages (language, created_at, id)`.execute(db);
    await sql`CREATE INDEX pages_list_language_title ON pages (language, title, id)`.execute(db);
  },
};
