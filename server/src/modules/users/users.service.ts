import type { ProfileInput, Role, SessionUser, User, userCreateSchema, userUpdateSchema } from '@tours-cms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import type { UserRow, UserRowUpdate } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, forbidden, invalidField, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import type { Actor } from '../../core/actor.js';
import { describeChanges, joinList } from '../../core/change-summary.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { decoyPasswordHash, hashPassword, verifyPassword, type PasswordCost } from './passwords.js';
import { passwordWeakness } from './password-policy.js';
import * as repo from './users.repository.js';

export type UserCreateData = z.output<typeof userCreateSchema>;
export type UserUpdateData = z.output<typeof userUpdateSchema>;

export interface UsersDeps {
  db: Db;
  sessions: SessionsService;
  activity: ActivityService;
  /** Tests only (buildApp's option): production when absent. */
  passwordCost?: PasswordCost;
}

const USER_LABELS: Partial<Record<keyof UserRow, string>> = {
  username: 'username',
  email: 'e-mail',
  full_name: 'full name',
  role: 'role',
  is_active: 'active status',
};

/** What the log says of a new account, by how it came to be. */
const CREATED_SUMMARY = {
  staff: (user: UserRow) => `Role ${user.role}${user.is_active ? '' : ', inactive'}`,
  registration: () => 'Registered; waiting for an administrator to activate the account',
  'first-start': () => 'The first administrator, made at the first start',
} as const;

/** Refuses (422 on `field`) a new password that is too short or too common (password-policy.ts). */
async function assertStrongPassword(
  password: string,
  own: { username?: string; email?: string },
  field = 'password',
): Promise<void> {
  const weakness = await passwordWeakness(password, own);
  if (weakness) throw invalidField(field, weakness);
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    is_active: Boolean(row.is_active),
    two_factor_enabled: row.totp_secret !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An account that may sign in, as `verifyCredentials` finds it. */
export interface VerifiedUser extends SessionUser {
  is_active: boolean;
}

/** Staff accounts and their credentials. */
export function createUsersService({ db, sessions, activity, passwordCost = 'production' }: UsersDeps) {
  async function assertIdentityFree(tx: Db, username: string, email: string, exceptId?: number): Promise<void> {
    const clash = await repo.findIdentityClash(tx, username, email, exceptId);
    if (clash.username)
      throw new HttpError(409, 'A user with this username already exists', [
        { field: 'username', message: 'This username is taken' },
      ]);
    if (clash.email)
      throw new HttpError(409, 'A user with this email already exists', [
        { field: 'email', message: 'This email is already in use' },
      ]);
  }

  /**
   * Runs a write that may hit the unique indexes on username and email: when another request took the name
   * between our check and the write, the answer is the same 409 as if the check had caught it.
   */
  async function withIdentityConflicts<T>(
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

  /**
   * `actor` null: made by no signed-in user, either a self-registration (recorded under the new username) or the
   * first admin that the server makes at its first start.
   */
  async function createUser(
    input: UserCreateData,
    actor: Actor | null,
    origin: 'staff' | 'registration' | 'first-start' = 'staff',
  ): Promise<User> {
    await assertStrongPassword(input.password, input);
    await assertIdentityFree(db, input.username, input.email);
    const passwordHash = await hashPassword(input.password, passwordCost);
    const now = nowIso();
    const row = await withIdentityConflicts(input, undefined, () =>
      inTransaction(db, async (tx) => {
        const created = await repo.insertUser(tx, {
          username: input.username,
          email: input.email,
          full_name: input.full_name,
          password_hash: passwordHash,
          role: input.role,
          is_active: input.is_active ? 1 : 0,
          totp_secret: null,
          totp_pending_secret: null,
          totp_enabled_at: null,
          totp_last_step: null,
          created_at: now,
          updated_at: now,
        });
        await activity.record(tx, actor, {
          action: 'create',
          itemType: 'user',
          itemId: created.id,
          title: created.username,
          summary: CREATED_SUMMARY[origin](created),
          actorName: origin === 'registration' ? created.username : undefined,
        });
        return created;
      }),
    );
    return toUser(row);
  }

  return {
    list: async (): Promise<User[]> => (await repo.listUsers(db)).map(toUser),

    count: (): Promise<number> => repo.countUsers(db),

    create: (input: UserCreateData, actor: Actor): Promise<User> => createUser(input, actor),

    /** The first admin, made by the server at its first start (bootstrap.ts). */
    createFirstAdmin: (input: UserCreateData): Promise<User> => createUser(input, null, 'first-start'),

    /** A user as the Users screen shows it (404 when there is none). */
    async get(id: number): Promise<User> {
      const row = await repo.findUserById(db, id);
      if (!row) throw notFound('User');
      return toUser(row);
    },

    /**
     * A self-registration: a plain `user`, inactive until an administrator approves it. When the username or
     * e-mail already has an account nothing is written, after the same password hashing, so neither the answer
     * nor its timing tells the caller whether the account exists.
     */
    async registerPending(input: {
      username: string;
      email: string;
      full_name: string | null;
      password: string;
    }): Promise<void> {
      // Refused whatever the clash below: a weak password says nothing about who has an account.
      await assertStrongPassword(input.password, input);
      const clash = await repo.findIdentityClash(db, input.username, input.email);
      if (clash.username || clash.email) {
        await hashPassword(input.password, passwordCost);
        return;
      }
      try {
        await createUser({ ...input, role: 'user', is_active: false }, null, 'registration');
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
    async update(id: number, input: UserUpdateData, actor: Actor): Promise<User> {
      if (!(await repo.findUserById(db, id))) throw notFound('User');
      if (input.password) await assertStrongPassword(input.password, input);
      // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold locks.
      const passwordHash = input.password ? await hashPassword(input.password, passwordCost) : undefined;
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
          const summary = [describeChanges(existing, changes, USER_LABELS)];
          if (passwordHash) summary.push('set a new password');
          await activity.record(tx, actor, {
            action: 'update',
            itemType: 'user',
            itemId: id,
            title: input.username,
            summary: summaryOf(summary),
          });
        }),
      );
      return toUser((await repo.findUserById(db, id))!);
    },

    /** One's own name and e-mail (the Account screen): the e-mail must be free (409). */
    async updateProfile(actor: Actor, input: ProfileInput & { full_name: string | null }): Promise<User> {
      const existing = await repo.findUserById(db, actor.id);
      if (!existing) throw notFound('User');
      await withIdentityConflicts({ username: existing.username, email: input.email }, actor.id, () =>
        inTransaction(db, async (tx) => {
          await assertIdentityFree(tx, existing.username, input.email, actor.id);
          const changes: UserRowUpdate = { full_name: input.full_name, email: input.email, updated_at: nowIso() };
          await repo.updateUser(tx, actor.id, changes);
          await activity.record(tx, actor, {
            action: 'update',
            itemType: 'user',
            itemId: actor.id,
            title: existing.username,
            summary: describeChanges(existing, changes, USER_LABELS),
          });
        }),
      );
      return toUser((await repo.findUserById(db, actor.id))!);
    },

    /** True when this is the user's password (the Account screen asks for it before a change). */
    async checkPassword(userId: number, password: string): Promise<boolean> {
      const row = await repo.findUserById(db, userId);
      return verifyPassword(row?.password_hash ?? (await decoyPasswordHash(passwordCost)), password).then(
        (ok) => ok && !!row,
      );
    },

    /**
     * One's own new password (the current one was checked by the caller): every other session ends, the one
     * making the change stays. A password too short or too common is refused on `new_password`.
     */
    async changeOwnPassword(actor: Actor, password: string, keepSessionId: number | null): Promise<void> {
      const existing = await repo.findUserById(db, actor.id);
      if (!existing) throw notFound('User');
      await assertStrongPassword(password, existing, 'new_password');
      const passwordHash = await hashPassword(password, passwordCost);
      await inTransaction(db, async (tx) => {
        await repo.updateUser(tx, actor.id, { password_hash: passwordHash, updated_at: nowIso() });
        await sessions.endAllOf(actor.id, tx, keepSessionId ?? undefined);
        await activity.record(tx, actor, {
          action: 'password',
          itemType: 'user',
          itemId: actor.id,
          title: existing.username,
          summary: 'Changed their password; their other sessions ended',
        });
      });
    },

    /** The account of this username as a session sees it, or null (the demo seeds its content as the first admin). */
    async findSessionUser(username: string): Promise<SessionUser | null> {
      const row = await repo.findUserByUsername(db, username);
      return row
        ? { id: row.id, username: row.username, full_name: row.full_name, email: row.email, role: row.role }
        : null;
    },

    /**
     * The account of this username when the password is right, else null. An unknown username is verified against
     * a decoy hash, so it costs the same time as a wrong password and the answer tells nothing.
     */
    async verifyCredentials(username: string, password: string): Promise<VerifiedUser | null> {
      const row = await repo.findUserByUsername(db, username);
      const passwordOk = await verifyPassword(row?.password_hash ?? (await decoyPasswordHash(passwordCost)), password);
      if (!row || !passwordOk) return null;
      return {
        id: row.id,
        username: row.username,
        full_name: row.full_name,
        email: row.email,
        role: row.role,
        is_active: Boolean(row.is_active),
      };
    },
  };
}

/** "Changed role, set a new password" from the parts of an update's summary. */
function summaryOf(parts: string[]): string {
  const [changes, ...more] = parts;
  if (!more.length) return changes!;
  return changes === 'Saved without changes'
    ? `${more[0]![0]!.toUpperCase()}${more[0]!.slice(1)}`
    : `${changes}; ${joinList(more)}`;
}

export type UsersService = ReturnType<typeof createUsersService>;
