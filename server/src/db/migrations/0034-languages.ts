import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * A site in several languages (issue 30): indexes, and the trash's translation groups.
 *
 * The catalogue in one language of several: every view of a site in more than one language is narrowed
 * by `language`, which none of the catalogue's indexes (0007, 0018) holds, so each view read every language's
 * published tours through them and filtered (45–85 ms medians against 16–35 ms at 10,000 tours: bench/src/catalogue.ts,
 * docs/design/languages.md). The same indexes with the language in front serve each language's views as the old ones serve a
 * site in one language, which still narrows by nothing and keeps reading those (so its plans are unchanged).
 */
export const languagesMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX posts_catalogue_language_newest ON posts (language, status, created_at DESC, id DESC)`.execute(
      db,
    );
    await sql`CREATE INDEX posts_catalogue_language_price ON posts (language, status, price, id)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_language_price_asc
      ON posts (language, status, (price IS NULL), price ASC, id DESC)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_language_price_desc
      ON posts (language, status, (price IS NULL), price DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_language_category
      ON posts (category_id, language, status, created_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_language_duration ON posts (language, status, duration_minutes)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_language_facets ON posts (language, status, category_id)`.execute(db);
    // The Posts list is read from its covering indexes alone (0012, 0024, 0031); its rows and their translations now
    // carry `updated_at` (a translation saved before its source is out of date), so each index holds it too.
    const lists = {
      posts_list: 'created_at DESC, id DESC, title, slug, status, category_id, publish_at, language, translation_group',
      posts_list_title: 'title, id, slug, status, publish_at, created_at, category_id, language, translation_group',
      posts_list_language:
        'language, created_at DESC, id DESC, title, slug, status, category_id, publish_at, translation_group',
      posts_list_language_title:
        'language, title, id, slug, status, publish_at, created_at, category_id, translation_group',
    };
    for (const [name, columns] of Object.entries(lists)) {
      await sql`DROP INDEX ${sql.id(name)}`.execute(db);
      await sql`CREATE INDEX ${sql.id(name)} ON posts (${sql.raw(columns)}, updated_at)`.execute(db);
    }
    // The translation links of a list (every item of its rows' groups: translation-groups.ts) from an index alone,
    // not from rows whose content is kilobytes: the German list of 100,000 posts reads its 100,000 English links.
    for (const table of ['posts', 'pages'] as const)
      await sql`CREATE INDEX ${sql.id(`${table}_translation_links`)}
        ON ${sql.table(table)} (translation_group, language, id, slug, status, updated_at)`.execute(db);
    // A translation group moved to the trash together comes back together: each entry says its item's group (null
    // for items without translations and entries from before), found by the group's restore through this index.
    await db.schema.alterTable('trash').addColumn('translation_group', 'integer').execute();
    await sql`CREATE INDEX trash_translation_group ON trash (item_type, translation_group)`.execute(db);
    // As 0007's search index: SQLite reads the search text from an index rather than rows of kilobytes of content.
    if (d.name === 'sqlite')
      await sql`CREATE INDEX posts_catalogue_language_search ON posts (language, status, search_text)`.execute(db);
  },
});
