import type { Db } from '../../db/dialect.js';

/** The newest hits of a key since `since`, newest first, at most `limit`. */
export async function recentHits(db: Db, scope: string, key: string, since: string, limit: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('throttle_hits')
    .select('at')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.at);
}

export async function insertHits(db: Db, scope: string, keys: string[], at: string): Promise<void> {
  if (keys.length)
    await db.kysely
      .insertInto('throttle_hits')
      .values(keys.map((key) => ({ scope, key, at })))
      .execute();
}

/** Removes the newest hit of a key. */
export async function deleteNewestHit(db: Db, scope: string, key: string): Promise<void> {
  const newest = await db.kysely
    .selectFrom('throttle_hits')
    .select('id')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest) await db.kysely.deleteFrom('throttle_hits').where('id', '=', newest.id).execute();
}

export async function deleteHitsOf(db: Db, scope: string, key: string): Promise<void> {
  await db.kysely.deleteFrom('throttle_hits').where('scope', '=', scope).where('key', '=', key).execute();
}

/** Removes every hit of the scope at or before `until`; answers how many. */
export async function deleteHitsUntil(db: Db, scope: string, until: string): Promise<number> {
  const result = await db.kysely
    .deleteFrom('throttle_hits')
    .where('scope', '=', scope)
    .where('at', '<=', until)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
