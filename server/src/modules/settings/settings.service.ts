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
    async get(tx: Db = db): Promise<SiteSettings> {
      return (await repo.findSettings(tx)) ?? { ...DEFAULT_SITE_SETTINGS, updated_at: null };
    },

    /**
     * A PUT replaces every setting but the time zone and the versions to keep, which stay as saved when a client
     * leaves them out; the public site shows the name and prices, so it is told.
     */
    async update(input: SiteSettingsData): Promise<SiteSettings> {
      const saved = await this.get();
      await repo.saveSettings(db, {
        ...input,
        timezone: input.timezone ?? saved.timezone,
        revisions_keep: input.revisions_keep === undefined ? saved.revisions_keep : input.revisions_keep,
        updated_at: nowIso(),
      });
      siteChanges.changed('settings');
      return (await repo.findSettings(db))!;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
