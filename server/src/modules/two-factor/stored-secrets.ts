import type { Db } from '../../db/dialect.js';
import type { SecretBox } from '../../secret-box.js';
import { disableTotp } from './two-factor.repository.js';

/** What `sealStoredSecrets` did. */
export interface SealReport {
  /** Values sealed (again) under the current key: plain ones, and those under a previous key. */
  sealed: number;
  /** The accounts whose two-factor secret no key of this server opens. */
  unreadable: string[];
}

/** The context a user's two-factor secrets are sealed in: a value copied onto another user's row does not open. */
export const totpContext = (userId: number) => `totp:${userId}`;

/**
 * Seals every stored two-factor secret (on and pending) under the current key: plain ones, from before encryption,
 * and those under a previous key (a rotation). Each write is conditional on the value it read, so several nodes
 * starting at once, or a start beside a sign-in, do it once and lose nothing. The accounts whose secret no key of
 * this server opens are named; with `dropUnreadable` (a restore made without the backup's key) their two-factor
 * sign-in is turned off, so that they set it up again rather than being locked out.
 */
export async function sealStoredSecrets(
  db: Db,
  box: SecretBox,
  options: { dropUnreadable: boolean },
): Promise<SealReport> {
  const rows = await db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'totp_secret', 'totp_pending_secret'])
    .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending_secret', 'is not', null)]))
    .orderBy('id')
    .execute();
  const report: SealReport = { sealed: 0, unreadable: [] };
  for (const row of rows) {
    const context = totpContext(row.id);
    for (const column of ['totp_secret', 'totp_pending_secret'] as const) {
      const stored = row[column];
      if (stored === null) continue;
      const state = box.state(stored, context);
      if (state === 'plain' || state === 'previous') {
        const result = await db.kysely
          .updateTable('users')
          .set({ [column]: box.seal(box.open(stored, context), context) })
          .where('id', '=', row.id)
          .where(column, '=', stored)
          .executeTakeFirst();
        report.sealed += Number(result.numUpdatedRows);
      } else if (state === 'unreadable') {
        if (column === 'totp_secret') report.unreadable.push(row.username);
        if (!options.dropUnreadable) continue;
        if (column === 'totp_secret') await disableTotp(db, row.id);
        else
          await db.kysely
            .updateTable('users')
            .set({ totp_pending_secret: null })
            .where('id', '=', row.id)
            .where(column, '=', stored)
            .execute();
      }
    }
  }
  return report;
}
