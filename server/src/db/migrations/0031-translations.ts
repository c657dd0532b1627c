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
 * The Posts list is read from its covering indexes alone (0012, 0024): they gain the list's two new columns, and
 * `?language=` lists get the same two with the language in front. The Pages list's (0028) get the language in front.
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
    await sql`DROP INDEX posts_list`.execute(db);
    await sql`CREATE INDEX posts_list ON posts (created_at DESC, id DESC, title, slug, status, category_id, publish_at,
      language, translation_group)`.execute(db);
    await sql`DROP INDEX posts_list_title`.execute(db);
    await sql`CREATE INDEX posts_list_title ON posts (title, id, slug, status, publish_at, created_at, category_id,
      language, translation_group)`.execute(db);
    await sql`CREATE INDEX posts_list_language ON posts (language, created_at DESC, id DESC, title, slug, status,
      category_id, publish_at, translation_group)`.execute(db);
    await sql`CREATE INDEX posts_list_language_title ON posts (language, title, id, slug, status, publish_at,
      created_at, category_id, translation_group)`.execute(db);
    await sql`CREATE INDEX pages_list_language ON pages (language, created_at, id)`.execute(db);
    await sql`CREATE INDEX pages_list_language_title ON pages (language, title, id)`.execute(db);
  },
};
