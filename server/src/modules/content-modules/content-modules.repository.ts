import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { ModuleRow, ModulesTable } from '../../db/tables.js';

export async function listModules(db: Db): Promise<ModuleRow[]> {
  return db.kysely.selectFrom('modules').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function listModulesByIds(db: Db, ids: number[]): Promise<ModuleRow[]> {
  return db.kysely.selectFrom('modules').selectAll().where('id', 'in', ids).execute();
}

export async function findModuleById(db: Db, id: number): Promise<ModuleRow | undefined> {
  return db.kysely.selectFrom('modules').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertModule(db: Db, row: Insertable<ModulesTable>): Promise<ModuleRow> {
  const { id } = await db.kysely.insertInto('modules').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findModuleById(db, id))!;
}

/** Returns false when no module has this id. */
export async function updateModule(db: Db, id: number, changes: Updateable<ModulesTable>): Promise<boolean> {
  const result = await db.kysely.updateTable('modules').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Returns false when no module has this id. */
export async function deleteModule(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('modules').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
