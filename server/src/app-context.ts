import type { Config } from './config.js';
import type { Db } from './db/dialect.js';
import type { MediaStorage } from './media/storage.js';
import type { SiteChanges } from './core/site-changes.js';
import type { Services } from './services.js';

/** What buildApp makes once: for main.ts, the public site and tests. Routes get only `config` and `services`. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Uploaded media files: written by the media service, served at /uploads/ and /admin_vendor_api/uploads/. */
  mediaStorage: MediaStorage;
  /** Writes that can change a rendered public page (pages, components, media) signal it here; the site's cache listens. */
  siteChanges: SiteChanges;
  services: Services;
}
