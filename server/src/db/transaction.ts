import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './dialect.js';

/**
 * Runs `work` in one transaction and hands it a `Db` bound to that transaction, so repositories called with it
 * take part. A thrown error rolls everything back.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute((trx) => work({ kysely: trx, dialect: db.dialect }));
}

/**
 * Locks the selected rows until the transaction ends. PostgreSQL takes row locks (FOR UPDATE); SQLite needs none,
 * since it runs one write transaction at a time on its single connection.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function forUpdate<Q extends SelectQueryBuilder<any, any, any>>(db: Db, query: Q): Q {
  return db.dialect === 'postgres' ? (query.forUpdate() as Q) : query;
}

/**
 * Serialises the transactions that name the same key until the one holding it ends: a PostgreSQL advisory lock
 * scoped to the transaction. SQLite needs none (one transaction at a time on its single connection).
 */
export async function lockKey(tx: Db, key: string): Promise<void> {
  if (tx.dialect === 'postgres')
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx.kysely);
}

/**
 * Runs `work` while holding a lock named `name` across every process on the database (scoped to the schema): a
 * session-level advisory lock on PostgreSQL, held on a connection set aside for it while `work` uses the pool.
 * SQLite means one process: nothing to take.
 */
export async function withSessionLock<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  return db.kysely.connection().execute(async (connection) => {
    const key = sql`hashtextextended(${`tours-cms:${name}:`} || current_schema(), 0)`;
    await sql`SELECT pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/**
 * The site's languages held for the rest of the transaction (issue 30): `use` by a write that puts an item in a
 * language (a new item, a translation, a restore from the trash), which reads the languages after taking it;
 * `change` by a Settings save that removes languages, which counts their items after taking it. Uses share the
 * hold, a change waits for them and they for it, so an item never lands in a language removed at the same moment:
 * the removal counts it (409), or the write reads the list without it (422). A PostgreSQL advisory lock scoped to
 * the transaction and the schema; SQLite runs one write transaction at a time already.
 */
export async function lockSiteLanguages(tx: Db, mode: 'use' | 'change'): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  const key = sql`hashtextextended(${'tours-cms:site-languages:'} || current_schema(), 0)`;
  if (mode === 'use') await sql`SELECT pg_advisory_xact_lock_shared(${key})`.execute(tx.kysely);
  else await sql`SELECT pg_advisory_xact_lock(${key})`.execute(tx.kysely);
}
