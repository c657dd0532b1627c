import { siteSettingsSchema, type SiteSettings } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { SettingsTable } from '../../db/tables.js';

const SETTINGS_ID = 1;
const SETTINGS_COLUMNS = siteSettingsSchema.keyof().options;

/** The saved settings, or undefined before an administrator first saves them. */
export async function findSettings(db: Db): Promise<SiteSettings | undefined> {
  return db.kysely.selectFrom('settings').select(SETTINGS_COLUMNS).where('id', '=', SETTINGS_ID).executeTakeFirst();
}

/** Writes the one row, creating it the first time. */
export async function saveSettings(db: Db, values: Omit<SettingsTable, 'id'>): Promise<void> {
  await db.kysely
    .insertInto('settings')
    .values({ id: SETTINGS_ID, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}
