import { sql, type Kysely, type Migration } from 'kysely';

/** Slugs that became reserved with this migration: the tour catalogue and the readiness probe. */
const NEWLY_RESERVED = ['tours', 'readyz'];

/**
 * `/tours` is now the tour catalogue (and `/readyz` is kept for the readiness probe), so these became reserved page
 * slugs. A page that already had one (the earlier demo site seeded a 'tours' page) keeps its content and moves to
 * the first free slug of `tours-page`, `tours-page-2`..., where staff can still find, edit and publish it.
 */
export const freeToursSlugMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const reserved of NEWLY_RESERVED) {
      const { rows } = await sql<{ id: number }>`SELECT id FROM pages WHERE slug = ${reserved}`.execute(db);
      if (!rows.length) continue;
      for (let n = 1; ; n++) {
        const slug = n === 1 ? `${reserved}-page` : `${reserved}-page-${n}`;
        const taken = await sql<{ id: number }>`SELECT id FROM pages WHERE slug = ${slug}`.execute(db);
        if (!taken.rows.length) {
          await sql`UPDATE pages SET slug = ${slug} WHERE id = ${rows[0]!.id}`.execute(db);
          break;
        }
      }
    }
  },
};
