import { userCreateSchema, userUpdateSchema, type Role, type SessionUser, type User } from '@tours-cms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import type { UserRow, UserRowUpdate } from '../../db/tables.js';
import { HttpError, forbidden, isUniqueViolation, notFound } from '../../errors.js';
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
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  const row = await withIdentityConflicts(db, input, undefined, () =>
    repo.insertUser(db, {
      username: input.username,
      email: input.email,
      full_name: input.full_name,
      password_hash: passwordHash,
      role: input.role,
      is_active: input.is_active ? 1 : 0,
      created_at: now,
      updated_at: now,
    }),
  );
  return toUser(row);
}

/**
 * Decisions §5: nobody changes their own role or deactivates themselves, and the last active admin stays an
 * active admin. A new password or a deactivation signs the user out everywhere. The rules are checked inside
 * the transaction that writes, with the active admins locked, so two admins demoting each other at once
 * cannot leave the site without one.
 */
export async function updateUser(db: Db, id: number, input: z.output<typeof userUpdateSchema>, actor: SessionUser): Promise<User> {
  if (!(await repo.findUserById(db, id))) throw notFound('User');
  // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold locks.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await withIdentityConflicts(db, input, id, () =>
    db.kysely.transaction().execute(async (trx) => {
      const tx: Db = { kysely: trx, dialect: db.dialect };
      // Locked first, so the row read next is the one committed by any update that held the lock before us.
      const activeAdminIds = await repo.lockActiveAdminIds(tx);
      const existing = await repo.findUserById(tx, id);
      if (!existing) throw notFound('User');
      const isSelf = existing.id === actor.id;
      const nextRole = input.role ?? (existing.role as Role);
      const nextActive = input.is_active ?? Boolean(existing.is_active);
      if (isSelf && nextRole !== existing.role) throw forbidden('You cannot change your own role');
      if (isSelf && !nextActive && existing.is_active) throw forbidden('You cannot deactivate your own account');
      const losesAdmin = existing.role === 'admin' && existing.is_active && (nextRole !== 'admin' || !nextActive);
      if (losesAdmin && !activeAdminIds.some((adminId) => adminId !== id)) {
        throw new HttpError(409, 'The last active admin cannot be demoted or deactivated');
      }
      await assertIdentityFree(tx, input.username, input.email, id);

      const changes: UserRowUpdate = {
        username: input.username,
        email: input.email,
        full_name: input.full_name,
        role: nextRole,
        is_active: nextActive ? 1 : 0,
        updated_at: nowIso(),
      };
      if (passwordHash) changes.password_hash = passwordHash;
      await repo.updateUser(tx, id, changes);
      if (passwordHash || (!nextActive && existing.is_active)) await deleteSessionsOfUser(tx, id);
    }),
  );
  return toUser((await repo.findUserById(db, id))!);
}

/**
 * Runs a write that may hit the unique indexes on username and email: when another request took the name
 * between our check and the write, the answer is the same 409 as if the check had caught it.
 */
async function withIdentityConflicts<T>(
  db: Db,
  identity: { username: string; email: string },
  exceptId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) await assertIdentityFree(db, identity.username, identity.email, exceptId);
    throw error;
  }
}
