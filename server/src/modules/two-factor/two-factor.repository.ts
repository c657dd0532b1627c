import type { Db } from '../../db/dialect.js';

export interface TotpState {
  id: number;
  username: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
}

export async function findTotpState(db: Db, userId: number): Promise<TotpState | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
  // PostgreSQL's bigint arrives as a string.
  return row && { ...row, totp_last_step: row.totp_last_step === null ? null : Number(row.totp_last_step) };
}

export async function setPendingSecret(db: Db, userId: number, secret: string | null): Promise<void> {
  await db.kysely.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
}

/** Turns two-factor sign-in on with the pending secret, if it is still the one the code was checked against. */
export async function enableTotp(db: Db, userId: number, secret: string, step: number, now: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('users')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_enabled_at: now, totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_pending_secret', '=', secret)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function disableTotp(db: Db, userId: number): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await db.kysely.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Moves the user's last accepted step forward to `step`, if it is later than the last one: the one write that
 * makes a code usable once, even for two requests carrying it at the same moment.
 */
export async function advanceTotpStep(db: Db, userId: number, secret: string, step: number): Promise<boolean> {
  const result = await db.kysely
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', '=', secret)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[], now: string): Promise<void> {
  await db.kysely.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.kysely
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Deletes the recovery code of this hash: true when it existed (it is now used up). */
export async function useRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function countRecoveryCodes(db: Db, userId: number): Promise<number> {
  const { count } = await db.kysely
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertChallenge(
  db: Db,
  row: { user_id: number; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.kysely.deleteFrom('two_factor_challenges').where('expires_at', '<=', row.created_at).execute();
  await db.kysely.insertInto('two_factor_challenges').values(row).execute();
}

export interface ChallengeRow {
  id: number;
  user_id: number;
  attempts: number;
  expires_at: string;
  username: string;
  full_name: string | null;
  email: string;
  role: 'admin' | 'editor' | 'user';
  is_active: number;
}

export async function findChallenge(db: Db, tokenHash: string): Promise<ChallengeRow | undefined> {
  return db.kysely
    .selectFrom('two_factor_challenges')
    .innerJoin('users', 'users.id', 'two_factor_challenges.user_id')
    .select([
      'two_factor_challenges.id',
      'two_factor_challenges.user_id',
      'two_factor_challenges.attempts',
      'two_factor_challenges.expires_at',
      'users.username',
      'users.full_name',
      'users.email',
      'users.role',
      'users.is_active',
    ])
    .where('two_factor_challenges.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Counts a wrong code against the challenge; the challenge is spent (deleted) at `max`. */
export async function countChallengeAttempt(db: Db, id: number, max: number): Promise<void> {
  await db.kysely
    .updateTable('two_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
  await db.kysely.deleteFrom('two_factor_challenges').where('id', '=', id).where('attempts', '>=', max).execute();
}

/** Deletes the challenge: true for the one request that did (a challenge signs in once). */
export async function takeChallenge(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('two_factor_challenges').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
