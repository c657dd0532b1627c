import type { Kysely, Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * A tour's sections (issue 28): highlights, itinerary, what is and is not included, a gallery and a meeting point
 * as JSON text on the post (read and saved with it, kept by its versions and the trash like any column); reusable
 * FAQs in a table of their own, chosen by tours in order through post_faqs; and each media item's alternative text.
 */
export const tourSectionsMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const column of ['highlights', 'itinerary', 'includes', 'excludes', 'gallery']) {
      await db.schema
        .alterTable('posts')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    }
    await db.schema.alterTable('posts').addColumn('meeting_point', 'text').execute();
    await db.schema.alterTable('media').addColumn('alt_text', 'text').execute();

    await d
      .addIdColumn(db.schema.createTable('faqs'))
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('post_faqs')
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('faq_id', 'integer', (c) => c.notNull().references('faqs.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_faqs_pk', ['post_id', 'faq_id'])
      .execute();
    // "How many tours use this FAQ" and "which": read from the FAQ's side.
    await db.schema.createIndex('post_faqs_faq').on('post_faqs').columns(['faq_id']).execute();
  },
});
