import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './app-context.js';
import { connectDatabase, migrateToLatest, pingDatabase } from './db/connect.js';
import type { Db } from './db/dialect.js';
import { registerErrorHandler, sendFrameworkError } from './plugins/error-handler.js';
import { rejectNulCharacters } from './plugins/nul-guard.js';
import { authPlugin } from './plugins/auth.js';
import { API_CSP } from './plugins/security-headers.js';
import { registerAdminApp } from './admin-static.js';
import { registerFrames } from './frames/frames.routes.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { modulesRoutes } from './modules/modules/modules.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { taxonomyRoutes } from './modules/taxonomy/taxonomy.routes.js';
import { componentsRoutes } from './modules/components/components.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { pagesRoutes } from './modules/pages/pages.routes.js';
import { createSiteChanges } from './public-site/site-changes.js';
import { registerPublicSite, sendNotFound as sendSiteNotFound } from './public-site/public-site.routes.js';
import { createLocalStorage } from './media/local-storage.js';
import { registerUploadedFiles } from './media/serve-uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, config and shared services, for main.ts and tests. */
    ctx: AppContext;
  }
}

/** The JSON API of spec §7, one plugin mounted at both readings of the base path. */
async function apiPlugin(api: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  api.addHook('onSend', async (_req, reply) => {
    reply.header('Content-Security-Policy', API_CSP);
    reply.header('Cache-Control', 'no-store');
  });
  api.setNotFoundHandler((req, reply) => reply.status(404).send({ detail: `No API route for ${req.method} ${req.url.split('?')[0]}` }));
  const typed = api.withTypeProvider<ZodTypeProvider>();
  await typed.register(authRoutes, ctx);
  await typed.register(usersRoutes, ctx);
  await typed.register(dashboardRoutes, ctx);
  await typed.register(contactsRoutes, ctx);
  await typed.register(modulesRoutes, ctx);
  await typed.register(postsRoutes, ctx);
  await typed.register(taxonomyRoutes, ctx);
  await typed.register(componentsRoutes, ctx);
  await typed.register(mediaRoutes, ctx);
  await typed.register(pagesRoutes, ctx);
}

export const API_PREFIXES = ['/api', '/admin_vendor_api/api'] as const;
const NON_PAGE_PREFIXES = ['/api/', '/admin_vendor_api/', '/admin/', '/uploads/', '/frame/', '/vendor/'];

/** The one composition root: database, plugins, modules. `main.ts` only listens. */
export async function buildApp(config: Config, options: { db?: Db } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: sendFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('preHandler', rejectNulCharacters);

  const db = options.db ?? (await connectDatabase(config));
  await migrateToLatest(db);
  app.addHook('onClose', async () => {
    if (!options.db) await db.kysely.destroy();
  });

  const ctx: AppContext = {
    config,
    db,
    loginThrottle: new LoginThrottle(config.loginMaxFailures, config.loginWindowMs),
    mediaStorage: createLocalStorage(config.dataDir),
    siteChanges: createSiteChanges(),
  };

  app.decorate('ctx', ctx);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  });
  // Lists (10,000 posts is 1.6 MB of JSON) and the admin's scripts go out compressed; brotli at a quality that
  // costs little CPU. Images and video are skipped as already compressed.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(authPlugin, { db });

  for (const prefix of API_PREFIXES) await app.register(apiPlugin, { ctx, prefix });

  app.get('/healthz', async (_req, reply) => {
    const database = await pingDatabase(db);
    return reply.status(database ? 200 : 503).send({ status: database ? 'ok' : 'unavailable', database: database ? 'ok' : 'down' });
  });

  // Media files at /uploads/* and /admin_vendor_api/uploads/* (both readings of a file_path, decisions §3).
  await registerUploadedFiles(app, ctx.mediaStorage);
  // The sandboxed content frames (/frame/*) and what they load (/vendor/*), decisions §7, §8.
  await registerFrames(app);
  // The public website: / and /{slug}, /sitemap.xml, /robots.txt (decisions §7).
  await registerPublicSite(app, ctx);
  await registerAdminApp(app);
  // A visitor's unknown address (e.g. /tours/crete) gets the site's 404 screen; programs and the admin's asset
  // paths get JSON.
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && !NON_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (isPageRequest && req.headers.accept?.includes('text/html')) return sendSiteNotFound(reply);
    return reply.status(404).send({ detail: `Nothing at ${path}` });
  });
  return app;
}

export type { AppContext };
