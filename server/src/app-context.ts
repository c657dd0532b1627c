import type { Config } from './config.js';
import type { Db } from './db/dialect.js';
import type { LoginThrottle } from './modules/auth/login-throttle.js';

/** What every module is given when it is registered: built once in buildApp, never read from globals. */
export interface AppContext {
  config: Config;
  db: Db;
  loginThrottle: LoginThrottle;
}
