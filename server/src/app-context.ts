import type { Config } from './config.js';
import type { Db } from './db/dialect.js';
import type { LoginThrottle } from './modules/auth/login-throttle.js';
import type { MediaStorage } from './media/storage.js';
import type { SiteChanges } from './public-site/site-changes.js';

/** What every module is given when it is registered: built once in buildApp, never read from globals. */
export interface AppContext {
  config: Config;
  db: Db;
  loginThrottle: LoginThrottle;
  /** Uploaded media files: written by the media module, served at /uploads/ and /admin_vendor_api/uploads/. */
  mediaStorage: MediaStorage;
  /** Writes that can change a rendered public page (pages, components, media) signal it here; the site's cache listens. */
  siteChanges: SiteChanges;
}
