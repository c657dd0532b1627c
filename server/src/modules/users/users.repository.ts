import { sql } from 'kysely';
import type { Db } from '../../db/dialect.js';
import { forUpdate } from '../../db/transaction.js';
import type { NewUserRow, UserRow, UserRowUpdate } from '../../db/tables.js';

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.kysely.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Usernames are matched without regard to case, as the unique index compares them. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** Which of the username and email another user already has (case-insensitive). */
export async function findIdentityClash(
  db: Db,
  username: string,
  email: string,
  exceptId?: number,
): Promise<{ username: boolean; email: boolean }> {
  let query = db.kysely
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
        eb(sql<string>`lower(email)`, '=', email.toLowerCase()),
      ]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function insertUser(db: Db, row: NewUserRow): Promise<UserRow> {
  const { id } = await db.kysely.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findUserById(db, id))!;
}

export async function updateUser(db: Db, id: number, changes: UserRowUpdate): Promise<void> {
  await db.kysely.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * The ids of the active admins, locked until the transaction ends, so two admins demoting each other at once are
 * serialised.
 */
export async function lockActiveAdminIds(db: Db): Promise<number[]> {
  const query = db.kysely.selectFrom('users').select('id').where('role', '=', 'admin').where('is_active', '=', 1);
  return (await forUpdate(db, query).execute()).map((row) => row.id);
}

export async function countUsers(db: Db): Promise<number> {
  const { count } = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
