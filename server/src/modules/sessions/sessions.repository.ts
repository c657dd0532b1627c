import type { Insertable } from 'kysely';
import type { Role } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { SessionsTable } from '../../db/tables.js';

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
  await db.kysely.insertInto('sessions').values(row).execute();
}

export interface SessionOwner {
  session_id: number;
  last_used_at: string | null;
  id: number;
  username: string;
  full_name: string | null;
  email: string;
  role: Role;
  is_active: number;
  totp_secret: string | null;
  /** The settings' roles that must use two-factor sign-in (JSON), null before the settings were first saved. */
  two_factor_roles: string | null;
}

/**
 * The user behind an unexpired token, or undefined; with what the two-factor rule needs (is it on, which roles
 * must use it), read in the same query so that checking it costs a request nothing.
 */
export async function findSessionOwner(db: Db, tokenHash: string, now: string): Promise<SessionOwner | undefined> {
  return db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('settings', (join) => join.onTrue())
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at',
      'users.id',
      'users.username',
      'users.full_name',
      'users.email',
      'users.role',
      'users.is_active',
      'users.totp_secret',
      'settings.two_factor_roles',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: number, now: string): Promise<void> {
  await db.kysely.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
}

export interface SessionRow {
  id: number;
  user_id: number;
  created_at: string;
  last_used_at: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

/** A user's unexpired sessions, most recently used first. */
export async function listSessionsOfUser(db: Db, userId: number, now: string): Promise<SessionRow[]> {
  return db.kysely
    .selectFrom('sessions')
    .select(['id', 'user_id', 'created_at', 'last_used_at', 'ip_address', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One session and its owner's username. */
export async function findSession(db: Db, id: number): Promise<(SessionRow & { username: string }) | undefined> {
  return db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.last_used_at',
      'sessions.ip_address',
      'sessions.user_agent',
      'users.username',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteSessionById(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the user but `exceptId` (when given); answers how many ended. */
export async function deleteSessionsOfUser(db: Db, userId: number, exceptId?: number): Promise<number> {
  let query = db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
