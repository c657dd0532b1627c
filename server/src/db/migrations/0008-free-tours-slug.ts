import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `/tours` is now the tour catalogue, so `tours` became a reserved page slug. A page that already had it (the
 * earlier demo site seeded one) keeps its content and moves to the first free slug of `our-tours`,
 * `our-tours-2`..., where staff can still find, edit and publish it.
 */
export const freeToursSlugMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ id: number }>`SELECT id FROM pages WHERE slug = 'tours'`.execute(db);
    if (!rows.length) return;
    for (let n = 1; ; n++) {
      const slug = n === 1 ? 'our-tours' : `our-tours-${n}`;
      const taken = await sql<{ id: number }>`SELECT id FROM pages WHERE slug = ${slug}`.execute(db);
      if (!taken.rows.length) {
        await sql`UPDATE pages SET slug = ${slug} WHERE id = ${rows[0]!.id}`.execute(db);
        return;
      }
    }
  },
};
