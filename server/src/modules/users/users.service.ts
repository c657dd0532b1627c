import { userCreateSchema, userUpdateSchema, type Role, type SessionUser, type User } from '@tours-cms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import type { UserRow, UserRowUpdate } from '../../db/tables.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { hashPassword } from '../auth/passwords.js';
import { deleteSessionsOfUser } from '../auth/sessions.repository.js';
import * as repo from './users.repository.js';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role: row.role as Role,
    is_active: Boolean(row.is_active),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toSessionUser(row: UserRow): SessionUser {
  return { id: row.id, username: row.username, full_name: row.full_name, email: row.email, role: row.role as Role };
}

async function assertIdentityFree(db: Db, username: string, email: string, exceptId?: number): Promise<void> {
  const clash = await repo.findIdentityClash(db, username, email, exceptId);
  if (clash.username) throw new HttpError(409, 'A user with this username already exists', [{ field: 'username', message: 'This username is taken' }]);
  if (clash.email) throw new HttpError(409, 'A user with this email already exists', [{ field: 'email', message: 'This email is already in use' }]);
}

export async function listUsers(db: Db): Promise<User[]> {
  return (await repo.listUsers(db)).map(toUser);
}

export async function createUser(db: Db, input: z.output<typeof userCreateSchema>): Promise<User> {
  await assertIdentityFree(db, input.username, input.email);
  const now = nowIso();
  const row = await repo.insertUser(db, {
    username: input.username,
    email: input.email,
    full_name: input.full_name,
    password_hash: await hashPassword(input.password),
    role: input.role,
    is_active: input.is_active ? 1 : 0,
    created_at: now,
    updated_at: now,
  });
  return toUser(row);
}

/**
 * Decisions §5: nobody changes their own role or deactivates themselves, and the last active admin stays an
 * active admin. A new password or a deactivation signs the user out everywhere.
 */
export async function updateUser(db: Db, id: number, input: z.output<typeof userUpdateSchema>, actor: SessionUser): Promise<User> {
  const existing = await repo.findUserById(db, id);
  if (!existing) throw notFound('User');
  const isSelf = existing.id === actor.id;
  const nextRole = input.role ?? (existing.role as Role);
  const nextActive = input.is_active ?? Boolean(existing.is_active);
  if (isSelf && nextRole !== existing.role) throw forbidden('You cannot change your own role');
  if (isSelf && !nextActive && existing.is_active) throw forbidden('You cannot deactivate your own account');
  const losesAdmin = existing.role === 'admin' && existing.is_active && (nextRole !== 'admin' || !nextActive);
  if (losesAdmin && (await repo.countActiveAdmins(db)) <= 1) {
    throw new HttpError(409, 'The last active admin cannot be demoted or deactivated');
  }
  await assertIdentityFree(db, input.username, input.email, id);

  const changes: UserRowUpdate = {
    username: input.username,
    email: input.email,
    full_name: input.full_name,
    role: nextRole,
    is_active: nextActive ? 1 : 0,
    updated_at: nowIso(),
  };
  if (input.password) changes.password_hash = await hashPassword(input.password);
  await db.kysely.transaction().execute(async (trx) => {
    const tx: Db = { kysely: trx, dialect: db.dialect };
    await repo.updateUser(tx, id, changes);
    if (input.password || (!nextActive && existing.is_active)) await deleteSessionsOfUser(tx, id);
  });
  return toUser((await repo.findUserById(db, id))!);
}
