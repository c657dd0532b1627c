import { randomUUID } from 'node:crypto';
import { createLifecycle, requestIdFrom, trustedProxyCheck, type Lifecycle } from './lifecycle.js';
import http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { FORM_BODY_MAX_BYTES, JSON_BODY_MAX_BYTES } from '@tours-cms/contract';
import type { Config } from './config.js';
import type { AppContext } from './app-context.js';
import { connectDatabase, migrateToLatest, refreshPlannerStatistics } from './db/connect.js';
import { BROTLI_QUALITY, COMPRESS_FROM_BYTES } from './http/compression.js';
import { registerHealthChecks } from './http/health.js';
import { registerResponseHeaders } from './http/response-headers.js';
import type { Db } from './db/dialect.js';
import { registerErrorHandler, sendFrameworkError } from './plugins/error-handler.js';
import { rejectNulCharacters } from './plugins/nul-guard.js';
import { authPlugin } from './plugins/auth.js';
import { API_CSP } from './http/csp.js';
import { registerAdminApp } from './http/admin-static.js';
import { armIdleTimeouts, registerRequestDeadline } from './plugins/request-deadline.js';
import { closeConnectionsWhenIdle } from './plugins/connection-drain.js';
import { registerFrames } from './frames/frames.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { modulesRoutes } from './modules/content-modules/content-modules.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { taxonomyRoutes } from './modules/taxonomy/taxonomy.routes.js';
import { componentsRoutes } from './modules/common-components/common-components.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { pagesRoutes } from './modules/pages/pages.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { redirectsRoutes } from './modules/redirects/redirects.routes.js';
import { trashRoutes } from './modules/trash/trash.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { sessionsRoutes } from './modules/sessions/sessions.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { faqsRoutes } from './modules/faqs/faqs.routes.js';
import { menusRoutes } from './modules/menus/menus.routes.js';
import { departuresRoutes } from './modules/departures/departures.routes.js';
import { startPeriodicJobs } from './periodic-jobs.js';
import { createSiteChanges, SITE_CHANGES_CHANNEL } from './core/site-changes.js';
import { openNotificationChannel } from './db/notifications.js';
import { watchForRestores } from './backup/after-restore.js';
import { registerPublicSite } from './public-site/public-site.routes.js';
import { HotPath } from './public-site/http/hot-path.js';
import { redirectOrNotFound } from './public-site/http/site-http.js';
import { styleCheckRoutes } from './public-site/style-check.routes.js';
import { createMediaStorage } from './media/media-storage.js';
import type { MediaStorage } from './media/storage.js';
import { createServices } from './services.js';
import { loadSecretBox } from './secret-box.js';
import type { PasswordCost } from './modules/users/passwords.js';
import type { RouteContext } from './http/routes-plugin.js';
import { registerUploadedFiles } from './media/serve-uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
    /** The database, config and shared services, for main.ts and tests. */
    ctx: AppContext;
    /** Cached public documents answered before Fastify routes a request. */
    hotPath: HotPath;
  }
}

/**
 * Every API route declares the schema of its answer, so what leaves the server is what the contract says and
 * nothing more. A route without one stops the app at start, not in review.
 */
export function requireResponseSchema(route: RouteOptions): void {
  if (!route.schema?.response) throw new Error(`API route ${route.method} ${route.url} declares no response schema`);
}

/** The JSON API, mounted at /api (and reached at /admin_vendor_api/api through `routedUrl`). */
async function apiPlugin(api: FastifyInstance, { config, services }: RouteContext): Promise<void> {
  api.addHook('onRoute', requireResponseSchema);
  api.addHook('onSend', async (_req, reply) => {
    reply.header('Content-Security-Policy', API_CSP);
    reply.header('Cache-Control', 'no-store');
  });
  api.setNotFoundHandler((req, reply) => sendNoApiRoute(req, reply));
  const typed = api.withTypeProvider<ZodTypeProvider>();
  for (const plugin of [
    authRoutes,
    usersRoutes,
    dashboardRoutes,
    contactsRoutes,
    modulesRoutes,
    postsRoutes,
    taxonomyRoutes,
    componentsRoutes,
    mediaRoutes,
    pagesRoutes,
    settingsRoutes,
    redirectsRoutes,
    trashRoutes,
    accountRoutes,
    sessionsRoutes,
    activityRoutes,
    mailRoutes,
    faqsRoutes,
    menusRoutes,
    styleCheckRoutes,
    departuresRoutes,
  ]) {
    await typed.register(named(plugin), { config, services });
  }
}

/**
 * A plugin with its name given: Fastify names an unnamed one by searching every loaded module for it, twice for each
 * registration (in the test suite's workers, thousands of modules: 7 ms of each test app's 65).
 */
function named<T extends (...args: never[]) => unknown>(plugin: T): T {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: plugin.name });
}

export const API_PREFIXES = ['/api', '/admin_vendor_api/api'] as const;

const VENDOR_ALIAS = '/admin_vendor_api';
/**
 * The API's second reading, `/admin_vendor_api/api/...`, routed as `/api/...` (the request keeps the address it
 * came with as `originalUrl`): the same routes, registered once. Mounting the API twice was 300 more routes to build
 * at every start. Anything else under `/admin_vendor_api` is left as it came.
 */
function routedUrl(url: string): string {
  if (!url.startsWith(VENDOR_ALIAS)) return url;
  const rest = url.slice(VENDOR_ALIAS.length);
  return rest === '/api' || rest.startsWith('/api/') || rest.startsWith('/api?') ? rest : url;
}

const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * The API's 404, with the API's headers: from the API's own not-found handler, and from the server's when a route
 * outside the API took the address first and let it go (a language's `/:language/:slug` matches `/api/anything`).
 */
function sendNoApiRoute(req: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .header('Content-Security-Policy', API_CSP)
    .header('Cache-Control', 'no-store')
    .send({ detail: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}` });
}
const NON_PAGE_PREFIXES = ['/api/', '/admin_vendor_api/', '/admin/', '/uploads/', '/frame/', '/vendor/'];

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many addresses nearest the server, whatever they are
 * (Fastify's own number option trusts none); the list form checks each proxy's address and is the safer choice.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/**
 * The one composition root: database, plugins, modules. `main.ts` only listens. The options are for tests and tools:
 * a database or store made elsewhere, and `passwordCost: 'test'` (cheap hashes for the test suite; never from config).
 */
export async function buildApp(
  config: Config,
  options: { db?: Db; mediaStorage?: MediaStorage; passwordCost?: PasswordCost } = {},
): Promise<FastifyInstance> {
  // First, before anything is opened: without its key (SECRETS_KEY with PostgreSQL) the app does not start.
  const secrets = loadSecretBox(config);
  // Cached public documents are answered before Fastify sees the request (public-site/http/hot-path.ts).
  const isTrustedProxy = trustedProxyCheck(config.trustProxy);
  const hotPath = new HotPath({ isTrustedProxy, idleTimeoutMs: config.idleTimeoutMs });
  const app = Fastify({
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (!hotPath.serve(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = 72_000;
      // Request bodies have their own deadline (plugins/request-deadline.ts), silent connections their idle timeout.
      server.requestTimeout = 0;
      armIdleTimeouts(server, config.idleTimeoutMs);
      return server;
    },
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_MAX_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    rewriteUrl: (req) => routedUrl(req.url ?? '/'),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: sendFrameworkError,
    // Every log line of a request carries its id (reqId); from a trusted proxy, the proxy's (X-Request-Id).
    genReqId: (req) =>
      requestIdFrom(req.headers['x-request-id'], req.socket?.remoteAddress, isTrustedProxy, randomUUID),
  });
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('onReady', async () => lifecycle.markReady());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestDeadline(app, config.requestBodyTimeoutMs, config.idleTimeoutMs);
  app.addHook('preHandler', rejectNulCharacters);
  // A request with a body for a route that does not exist is answered before its body is read (issue 27): a
  // stranger's megabytes sent to /anything cost no parsing, and the connection closes rather than drain them.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.is404 || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    const path = req.url.split('?')[0]!;
    reply.header('Connection', 'close');
    if (isApiPath(path)) return sendNoApiRoute(req, reply);
    return reply.status(404).send({ detail: `Nothing at ${path}` });
  });

  const db =
    options.db ??
    (await connectDatabase(config, (error) =>
      app.log.warn({ err: error }, 'A database connection failed while idle; the next query opens another'),
    ));
  await migrateToLatest(db);
  await refreshPlannerStatistics(db, true);
  app.addHook('onClose', async () => {
    if (!options.db) await db.kysely.destroy();
  });

  const mediaStorage = options.mediaStorage ?? (await createMediaStorage(config));
  const siteChanges = createSiteChanges();
  if (db.dialect === 'postgres') {
    // Every node hears every node's edits: the public site's cache is never left stale by an edit elsewhere.
    const channel = await openNotificationChannel(db, config, SITE_CHANGES_CHANNEL, {
      onMessage: (payload) => siteChanges.receive(payload),
      onReconnect: () => siteChanges.missedSome(),
      onError: (error) => app.log.warn({ err: error }, 'the site-change channel failed; reconnecting'),
    });
    siteChanges.connect(channel);
    siteChanges.onPublishError((error) =>
      app.log.error({ err: error }, 'could not tell the other nodes of a site change'),
    );
    app.addHook('onClose', async () => channel.close());
  }
  // SQLite: a restore forced under this server, from another process, is heard through its marker.
  const stopWatchingRestores = watchForRestores(
    db,
    () => siteChanges.changed('restore'),
    (error) => app.log.warn({ err: error }, 'could not check for a restore'),
  );
  app.addHook('preClose', async () => stopWatchingRestores());
  const services = createServices({
    config,
    db,
    mediaStorage,
    siteChanges,
    secrets,
    passwordCost: options.passwordCost,
  });
  // Secrets still plain (from before they were encrypted) or under SECRETS_KEY_PREVIOUS are sealed under the
  // current key, at every start; nodes starting together do it once (each write is conditional).
  const sealed = await services.twoFactor.sealSecrets();
  if (sealed.sealed) app.log.info({ sealed: sealed.sealed }, 'sealed two-factor secrets under the current SECRETS_KEY');
  if (sealed.unreadable.length) {
    app.log.error(
      { accounts: sealed.unreadable },
      'SECRETS_KEY opens no two-factor secret of these accounts: give this node the key the others use (or the old one as SECRETS_KEY_PREVIOUS); until then they cannot sign in with a code',
    );
  }
  const ctx: AppContext = { config, db, mediaStorage, siteChanges, services };

  app.decorate('ctx', ctx);
  app.decorate('hotPath', hotPath);
  // The throttles forget keys whose attempts have aged out, on a timer rather than on a request.
  const pruneThrottles = setInterval(() => {
    Promise.all([services.loginThrottle.prune(), services.registrationThrottle.prune()]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not prune the sign-in throttles; trying again in a minute'),
    );
  }, 60_000).unref();
  app.addHook('onClose', async () => clearInterval(pruneThrottles));
  app.addHook('onClose', async () => services.mail.close());
  // Before the pool closes (preClose runs before every onClose hook): the redirect hits counted since the last flush.
  app.addHook('preClose', async () => services.redirects.close());
  if (config.schedulerIntervalMs > 0) {
    let jobs: ReturnType<typeof startPeriodicJobs> | undefined;
    app.addHook('onReady', async () => {
      jobs = startPeriodicJobs(services, db, app.log, config.schedulerIntervalMs);
    });
    // preClose runs before every onClose hook, so a run in progress finishes before the database closes.
    app.addHook('preClose', async () => jobs?.stop());
  }
  // On SIGTERM: every answer from then on closes its connection, and connections close as they fall idle, so the
  // process exits once its last answer is out (plugins/connection-drain.ts).
  app.addHook('preClose', async () => closeConnectionsWhenIdle(app.server));
  registerResponseHeaders(app, lifecycle);
  // Lists and the admin's scripts go out compressed (http/compression.ts). Images and video are skipped as already
  // compressed.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  await app.register(formbody, { bodyLimit: FORM_BODY_MAX_BYTES });
  await app.register(authPlugin, { sessions: services.sessions });

  await app.register(named(apiPlugin), { config, services, prefix: '/api' });

  registerHealthChecks(app, db, lifecycle);

  // Media files at /uploads/* and /admin_vendor_api/uploads/* (both readings of a file_path).
  await registerUploadedFiles(app, ctx.mediaStorage, (filePath) => services.media.isTrashedPath(filePath));
  // The sandboxed content frames (/frame/*) and what they load (/vendor/*): content scripts run there, never here.
  await registerFrames(app);
  // The public website: / and /{slug}, /sitemap.xml, /robots.txt.
  await registerPublicSite(app, ctx, hotPath);
  await registerAdminApp(app);
  // An address of any depth outside the server's own prefixes is the site's (an old blog post's /2024/05/slug/, a
  // language's /de/tours): an old address (a redirect) answers, anything else the site's 404 screen, whatever the
  // client accepts. The API, media, frames and the admin's files answer JSON.
  const redirectOrSiteNotFound = redirectOrNotFound(services.redirects);
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (isApiPath(path)) return sendNoApiRoute(req, reply);
    const isPageRequest =
      (req.method === 'GET' || req.method === 'HEAD') && !NON_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (isPageRequest) return redirectOrSiteNotFound(req, reply);
    return reply.status(404).send({ detail: `Nothing at ${path}` });
  });
  return app;
}

export type { AppContext };
