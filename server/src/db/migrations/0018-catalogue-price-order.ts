import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The catalogue sorted by price puts tours without a price last whichever way the prices run (`ORDER BY price IS
 * NULL, price ASC|DESC, id DESC`). `posts_catalogue_price` (status, price, id) cannot give that order, so a sort of
 * the whole catalogue read and sorted every published tour: about 45 ms at 10,000 tours on SQLite. One index per
 * direction, on the same expression, gives each page as a short read (a range filter still uses
 * `posts_catalogue_price`). Both databases match `posts.price IS NULL` in the query to the index's expression.
 */
export const cataloguePriceOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX posts_catalogue_price_asc ON posts (status, (price IS NULL), price ASC, id DESC)`.execute(
      db,
    );
    await sql`CREATE INDEX posts_catalogue_price_desc ON posts (status, (price IS NULL), price DESC, id DESC)`.execute(
      db,
    );
  },
};
