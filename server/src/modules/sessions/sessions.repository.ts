import type { Role } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';

export async function insertSession(db: Db, userId: number, tokenHash: string, createdAt: string, expiresAt: string): Promise<void> {
  await db.kysely
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt })
    .execute();
}

export interface SessionOwner {
  id: number;
  username: string;
  full_name: string | null;
  email: string;
  role: Role;
  is_active: number;
}

/** The user behind an unexpired token, or undefined. */
export async function findSessionOwner(db: Db, tokenHash: string, now: string): Promise<SessionOwner | undefined> {
  return db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.username', 'users.full_name', 'users.email', 'users.role', 'users.is_active'])
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
