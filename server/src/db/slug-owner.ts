import type { Db } from './dialect.js';

/** The tables whose rows have a unique slug. */
export type SlugTable = 'posts' | 'pages' | 'categories' | 'tags' | 'components';

/** The id of the row of `table` that holds `slug`, other than `exceptId`, if any. */
export async function findSlugOwner(
  db: Db,
  table: SlugTable,
  slug: string,
  exceptId?: number,
): Promise<number | undefined> {
  let query = db.kysely.selectFrom(table).select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}
