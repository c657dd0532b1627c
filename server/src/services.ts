import type { SecretBox } from './secret-box.js';
import { createJobsService } from './modules/jobs/jobs.service.js';
import type { Config } from './config.js';
import type { Db } from './db/dialect.js';
import type { MediaStorage } from './media/storage.js';
import type { SiteChanges } from './core/site-changes.js';
import { createThrottle } from './modules/auth/login-throttle.js';
import { createAccountService } from './modules/account/account.service.js';
import { createActivityService } from './modules/activity/activity.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { PasswordCheckGate } from './modules/auth/password-check-gate.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { createComponentsService } from './modules/common-components/common-components.service.js';
import { createContactsService } from './modules/contacts/contacts.service.js';
import { createMailService } from './modules/mail/mail.service.js';
import { createFaqsService } from './modules/faqs/faqs.service.js';
import { createMenusService } from './modules/menus/menus.service.js';
import { createDeparturesService } from './modules/departures/departures.service.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createMediaService } from './modules/media/media.service.js';
import { createModulesService } from './modules/content-modules/content-modules.service.js';
import { createPagesService } from './modules/pages/pages.service.js';
import { createPostsService } from './modules/posts/posts.service.js';
import { createRevisionsService } from './modules/revisions/revisions.service.js';
import { createRedirectsService } from './modules/redirects/redirects.service.js';
import { createTrashService } from './modules/trash/trash.service.js';
import { createPreviewsService } from './modules/previews/previews.service.js';
import { createSessionsService } from './modules/sessions/sessions.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createTaxonomyService } from './modules/taxonomy/taxonomy.service.js';
import { createTwoFactorService } from './modules/two-factor/two-factor.service.js';
import { createUsersService } from './modules/users/users.service.js';
import type { PasswordCost } from './modules/users/passwords.js';

/** Self-registrations accepted from one address (a /64 for IPv6) per hour. */
export const REGISTRATIONS_PER_HOUR = 5;

export interface ServiceDeps {
  config: Config;
  db: Db;
  mediaStorage: MediaStorage;
  siteChanges: SiteChanges;
  /** The keys two-factor secrets are sealed with (SECRETS_KEY, or the node's key file). */
  secrets: SecretBox;
  /** Tests only: see buildApp. */
  passwordCost?: PasswordCost;
}

/**
 * Builds every service once, in dependency order: a service gets the services it needs as arguments, so the
 * graph is visible here and cannot have a cycle (a service can only be given one built before it).
 */
export function createServices({ config, db, mediaStorage, siteChanges, secrets, passwordCost }: ServiceDeps) {
  const activity = createActivityService({ db });
  const sessions = createSessionsService({ db, config, activity });
  const users = createUsersService({ db, sessions, activity, passwordCost });
  const settings = createSettingsService({ db, siteChanges, activity });
  const twoFactor = createTwoFactorService({ db, activity, sessions, settings, secrets });
  const loginThrottle = createThrottle(db, 'sign-in', config.loginMaxFailures, config.loginWindowMs);
  const registrationThrottle = createThrottle(db, 'registration', REGISTRATIONS_PER_HOUR, 3_600_000);
  const passwordChecks = new PasswordCheckGate(config.passwordChecksMax);
  const auth = createAuthService({
    db,
    config,
    users,
    sessions,
    twoFactor,
    activity,
    loginThrottle,
    registrationThrottle,
    passwordChecks,
  });
  const account = createAccountService({ users, twoFactor, settings, loginThrottle, passwordChecks });
  const taxonomy = createTaxonomyService({ db, siteChanges, activity, siteLanguages: (tx) => settings.get(tx) });
  const revisions = createRevisionsService({ db, settings });
  const redirects = createRedirectsService({ db, activity });
  const previews = createPreviewsService({ db, activity });
  const trash = createTrashService({ db, revisions, previews, activity });
  const media = createMediaService({ db, config, storage: mediaStorage, siteChanges, trash, activity });
  const faqs = createFaqsService({ db, siteChanges, activity, siteLanguages: (tx) => settings.get(tx) });
  const posts = createPostsService({
    db,
    taxonomy,
    media,
    faqs,
    siteChanges,
    revisions,
    redirects,
    previews,
    trash,
    activity,
    settings,
  });
  const departures = createDeparturesService({ db, settings, siteChanges, activity, trash });
  const pages = createPagesService({
    db,
    media,
    siteChanges,
    revisions,
    redirects,
    previews,
    trash,
    activity,
    settings,
  });
  const components = createComponentsService({
    db,
    siteChanges,
    revisions,
    trash,
    activity,
    media,
    siteLanguages: (tx) => settings.get(tx),
  });
  const mail = createMailService({ db, config, activity });
  const contacts = createContactsService({ db, config, posts, mail, activity, departures });
  const modules = createModulesService({ db, activity, siteChanges });
  const dashboard = createDashboardService({ db });
  const catalogue = createCatalogueService({
    db,
    sections: posts.pageSections,
    departures: departures.upcoming,
    now: departures.now,
  });
  const jobs = createJobsService({ db });
  const menus = createMenusService({
    db,
    siteChanges,
    activity,
    ownHosts: config.ownHosts,
    siteLanguages: (tx) => settings.get(tx),
  });
  return {
    jobs,
    activity,
    settings,
    sessions,
    users,
    twoFactor,
    auth,
    account,
    loginThrottle,
    registrationThrottle,
    taxonomy,
    posts,
    media,
    pages,
    components,
    contacts,
    mail,
    faqs,
    menus,
    departures,
    modules,
    dashboard,
    catalogue,
    revisions,
    redirects,
    previews,
    trash,
  };
}

export type Services = ReturnType<typeof createServices>;
