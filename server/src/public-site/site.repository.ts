import type { Db } from '../db/dialect.js';

/**
 * The content of the most recently updated active common component of a type (decisions §11), or null when
 * there is none.
 */
export async function findActiveCommonContent(db: Db, type: 'header' | 'footer'): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('components')
    .select('content')
    .where('type', '=', type)
    .where('is_common', '=', 1)
    .where('is_active', '=', 1)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.content ?? null;
}
