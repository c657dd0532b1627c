import { DEFAULT_SITE_SETTINGS, type SiteSettings, type SiteSettingsData } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { nowIso } from '../../clock.js';
import type { SiteChanges } from '../../public-site/site-changes.js';
import * as repo from './settings.repository.js';

export interface SettingsDeps {
  db: Db;
  siteChanges: SiteChanges;
}

/** The site's settings: its name, currency, contact details and default social image. */
export function createSettingsService({ db, siteChanges }: SettingsDeps) {
  return {
    /** The saved settings, or the defaults (with no `updated_at`) until an administrator saves them. */
    async get(): Promise<SiteSettings> {
      return (await repo.findSettings(db)) ?? { ...DEFAULT_SITE_SETTINGS, updated_at: null };
    },

    /** A PUT replaces every setting; the public site shows the name and prices, so it is told. */
    async update(input: SiteSettingsData): Promise<SiteSettings> {
      await repo.saveSettings(db, { ...input, updated_at: nowIso() });
      siteChanges.changed('settings');
      return (await repo.findSettings(db))!;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
