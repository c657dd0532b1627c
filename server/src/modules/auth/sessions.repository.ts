import type { Db } from '../../db/dialect.js';
import type { UserRow } from '../../db/tables.js';

export async function insertSession(db: Db, userId: number, tokenHash: string, createdAt: string, expiresAt: string): Promise<void> {
  await db.kysely
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt })
    .execute();
}

/** The user behind an unexpired token, or undefined. */
export async function findUserBySessionToken(db: Db, tokenHash: string, now: string): Promise<UserRow | undefined> {
  return db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
