import type { Kysely, Migration } from 'kysely';

/** The tour an inquiry was sent from, left empty when the post is deleted (the inquiry stays). */
export const contactPostMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('contacts')
      .addColumn('post_id', 'integer', (c) => c.references('posts.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('contacts_post').on('contacts').column('post_id').execute();
  },
};
