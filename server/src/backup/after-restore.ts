import { sql } from 'kysely';
import type { Db } from '../db/dialect.js';
import { publishOnce } from '../db/notifications.js';
import { inTransaction } from '../db/transaction.js';
import { nowIso } from '../core/clock.js';
import { RESTORED_MESSAGE, SITE_CHANGES_CHANNEL } from '../core/site-changes.js';

/** The `job_runs` row whose time is the last restore's: servers on SQLite watch it (job_runs is never backed up). */
const RESTORED_MARKER = 'restored';

/** What a restore took away so that the backup's old credentials cannot be used. */
export interface AccessEnded {
  sessions: number;
  previewLinks: number;
}

/**
 * After a restore: every session ends and every preview link is revoked (the backup's rows would bring back
 * tokens signed out or revoked since it was made), sign-ins waiting for their second step and two-factor setups
 * waiting for their first code are dropped, and the running servers are told to drop their cached pages and
 * stylesheets: on PostgreSQL every node through the site-change channel, on SQLite the server through the marker it
 * watches (`watchForRestores`).
 */
export async function endAccessAfterRestore(db: Db): Promise<AccessEnded> {
  const now = nowIso();
  const ended = await inTransaction(db, async (tx) => {
    const sessions = await tx.kysely.deleteFrom('sessions').executeTakeFirst();
    const previewLinks = await tx.kysely
      .updateTable('preview_links')
      .set({ revoked_at: now })
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await tx.kysely.deleteFrom('two_factor_challenges').execute();
    await tx.kysely
      .updateTable('users')
      .set({ totp_pending_secret: null })
      .where('totp_pending_secret', 'is not', null)
      .execute();
    await tx.kysely
      .insertInto('job_runs')
      .values({ name: RESTORED_MARKER, last_run_at: now })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ last_run_at: now }))
      .execute();
    return { sessions: Number(sessions.numDeletedRows), previewLinks: Number(previewLinks.numUpdatedRows) };
  });
  if (db.dialect === 'postgres') await publishOnce(db, SITE_CHANGES_CHANNEL, RESTORED_MESSAGE);
  return ended;
}

/**
 * SQLite: calls `onRestore` when a restore has run on the database from another process (a restore forced under a
 * running server). The check costs a `PRAGMA data_version` a second, which changes only when another connection
 * writes; the marker is read only then. PostgreSQL needs none: the restore tells every node on the channel.
 */
export function watchForRestores(
  db: Db,
  onRestore: () => void,
  onError: (error: unknown) => void,
  intervalMs = 1000,
): () => void {
  if (db.dialect !== 'sqlite') return () => {};
  let dataVersion: number | null = null;
  let marker: string | null | undefined;
  let checking = false;
  async function check(): Promise<void> {
    const version = Number(
      (await sql<{ data_version: number }>`PRAGMA data_version`.execute(db.kysely)).rows[0]?.data_version,
    );
    if (version === dataVersion) return;
    dataVersion = version;
    const row = await db.kysely
      .selectFrom('job_runs')
      .select('last_run_at')
      .where('name', '=', RESTORED_MARKER)
      .executeTakeFirst();
    const at = row?.last_run_at ?? null;
    if (marker !== undefined && at !== marker) onRestore();
    marker = at;
  }
  const run = () => {
    if (checking) return;
    checking = true;
    check()
      .catch(onError)
      .finally(() => (checking = false));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
