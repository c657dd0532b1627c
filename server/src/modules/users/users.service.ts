import type { Role, SessionUser, User, userCreateSchema, userUpdateSchema } from '@tours-cms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import type { UserRow, UserRowUpdate } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import * as repo from './users.repository.js';

export type UserCreateData = z.output<typeof userCreateSchema>;
export type UserUpdateData = z.output<typeof userUpdateSchema>;

export interface UsersDeps {
  db: Db;
  sessions: SessionsService;
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    is_active: Boolean(row.is_active),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An account that may sign in, as `verifyCredentials` finds it. */
export interface VerifiedUser extends SessionUser {
  is_active: boolean;
}

/** Staff accounts and their credentials. */
export function createUsersService({ db, sessions }: UsersDeps) {
  async function assertIdentityFree(tx: Db, username: string, email: string, exceptId?: number): Promise<void> {
    const clash = await repo.findIdentityClash(tx, username, email, exceptId);
    if (clash.username) throw new HttpError(409, 'A user with this username already exists', [{ field: 'username', message: 'This username is taken' }]);
    if (clash.email) throw new HttpError(409, 'A user with this email already exists', [{ field: 'email', message: 'This email is already in use' }]);
  }

  /**
   * Runs a write that may hit the unique indexes on username and email: when another request took the name
   * between our check and the write, the answer is the same 409 as if the check had caught it.
   */
  async function withIdentityConflicts<T>(identity: { username: string; email: string }, exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) await assertIdentityFree(db, identity.username, identity.email, exceptId);
      throw error;
    }
  }

  async function createUser(input: UserCreateData): Promise<User> {
    await assertIdentityFree(db, input.username, input.email);
    const passwordHash = await hashPassword(input.password);
    const now = nowIso();
    const row = await withIdentityConflicts(input, undefined, () =>
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

  return {
    list: async (): Promise<User[]> => (await repo.listUsers(db)).map(toUser),

    count: (): Promise<number> => repo.countUsers(db),

    create: createUser,

    /**
     * A self-registration: a plain `user`, inactive until an administrator approves it. When the username or
     * e-mail already has an account nothing is written, after the same password hashing, so neither the answer
     * nor its timing tells the caller whether the account exists.
     */
    async registerPending(input: { username: string; email: string; full_name: string | null; password: string }): Promise<void> {
      const clash = await repo.findIdentityClash(db, input.username, input.email);
      if (clash.username || clash.email) {
        await hashPassword(input.password);
        return;
      }
      try {
        await createUser({ ...input, role: 'user', is_active: false });
      } catch (error) {
        // Taken between the check and the insert: the same silent answer.
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      }
    },

    /**
     * Nobody changes their own role or deactivates themselves, and the last active admin stays an active admin.
     * A new password or a deactivation signs the user out everywhere. The rules are checked inside the
     * transaction that writes, with the active admins locked, so two admins demoting each other at once cannot
     * leave the site without one.
     */
    async update(id: number, input: UserUpdateData, actor: SessionUser): Promise<User> {
      if (!(await repo.findUserById(db, id))) throw notFound('User');
      // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold locks.
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      await withIdentityConflicts(input, id, () =>
        inTransaction(db, async (tx) => {
          // Locked first, so the row read next is the one committed by any update that held the lock before us.
          const activeAdminIds = await repo.lockActiveAdminIds(tx);
          const existing = await repo.findUserById(tx, id);
          if (!existing) throw notFound('User');
          const isSelf = existing.id === actor.id;
          const nextRole: Role = input.role ?? existing.role;
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
          if (passwordHash || (!nextActive && existing.is_active)) await sessions.endAllOf(id, tx);
        }),
      );
      return toUser((await repo.findUserById(db, id))!);
    },

    /** The account of this username as a session sees it, or null (the demo seeds its content as the first admin). */
    async findSessionUser(username: string): Promise<SessionUser | null> {
      const row = await repo.findUserByUsername(db, username);
      return row ? { id: row.id, username: row.username, full_name: row.full_name, email: row.email, role: row.role } : null;
    },

    /**
     * The account of this username when the password is right, else null. An unknown username is verified against
     * a decoy hash, so it costs the same time as a wrong password and the answer tells nothing.
     */
    async verifyCredentials(username: string, password: string): Promise<VerifiedUser | null> {
      const row = await repo.findUserByUsername(db, username);
      const passwordOk = await verifyPassword(row?.password_hash ?? (await decoyPasswordHash()), password);
      if (!row || !passwordOk) return null;
      return { id: row.id, username: row.username, full_name: row.full_name, email: row.email, role: row.role, is_active: Boolean(row.is_active) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
