import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOME_PAGE_SLUG, isPageSlug } from '@tours-cms/contract';
import type { AppContext } from '../app-context.js';
import { SITE_CSP } from '../http/csp.js';
import type { HotPath } from './http/hot-path.js';
import type { RenderedResponse } from './rendering/rendered-cache.js';
import { originResolver, PRECOMPRESSED, redirectOrNotFound, sendRendered, serveCached } from './http/site-http.js';
import type { ImageVariantQueue } from './images/image-variant-queue.js';
import type { MonthCounts } from './rendering/month-counts.js';
import { createSiteRendering } from './rendering/site-rendering.js';
import { isLanguageSegment } from './documents/site-language.js';
import { SITE_ASSETS_PATH } from './styles/site-styles.js';
import { registerTourSite } from './tour-site.routes.js';
import { registerPreviewRoutes } from './preview.routes.js';

export { sendNotFound } from './http/site-http.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job that makes images' variants (`idle()` for a one-off run and for tests). */
    imageVariants: ImageVariantQueue;
    /** The catalogue's tours per month, kept between renders (`settled()` for tests). */
    monthCounts: MonthCounts;
  }
}

/**
 * The public website: `/` is the published 'home' page, `/{slug}` any published page, rendered by the server
 * into one document; the tours at /tours (tour-site.routes.ts); /sitemap.xml and /robots.txt. Everything is
 * cached until something it is made of changes (the SiteChanges signal); the rendering, its cache, styles and
 * image variants are made in rendering/site-rendering.ts.
 */
export async function registerPublicSite(
  app: FastifyInstance,
  ctx: AppContext,
  hot: HotPath | null = null,
): Promise<void> {
  const site = createSiteRendering(ctx, app.log, hot);
  // An address that answers nothing: a redirect from it, else the item its slug names at its own language's address
  // (site.movedTo), else the 404 screen.
  const missing = redirectOrNotFound(
    { follow: async (path) => (await ctx.services.redirects.follow(path)) ?? site.movedTo(path) },
    // The 404 screen in the address's language (`/de/...`), else the site's default.
    (path) => site.notFoundPlace(path),
  );
  const { cache, styles } = site;
  app.decorate('imageVariants', site.variants);
  app.decorate('monthCounts', site.monthCounts);
  app.addHook('onReady', async () => site.start());
  app.addHook('preClose', async () => site.stop());
  const originOf = originResolver(ctx.config);

  const PAGE_HEADERS = { 'Content-Security-Policy': SITE_CSP };

  /**
   * A page at its address: `prefix` '' for the default language, `/de` for German (issue 30). The cache key holds
   * the address, so each language's page is cached apart; whether the prefix is a language of the site is asked
   * only when the page is rendered, never on a cached hit.
   */
  function servePage(
    req: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    prefix = '',
    render?: () => Promise<RenderedResponse | null>,
  ): FastifyReply | Promise<FastifyReply> {
    const origin = originOf(req);
    return serveCached(
      req,
      reply,
      cache,
      `page ${origin} ${prefix}/${slug}`,
      render ?? (() => site.page(slug, origin, prefix)),
      PAGE_HEADERS,
      () => isPageSlug(slug),
      missing,
    );
  }
  app.get('/', PRECOMPRESSED, (req, reply) => servePage(req, reply, HOME_PAGE_SLUG));

  app.get<{ Params: { slug: string } }>('/:slug', PRECOMPRESSED, (req, reply) => {
    const { slug } = req.params;
    // One address per page: the home page lives at `/`.
    if (slug === HOME_PAGE_SLUG) return reply.redirect('/', 301);
    // `/de` and `/de/` (trailing slashes are ignored): German's home, the home page's German translation, when
    // German is one of the site's languages; else the page of that slug.
    const origin = originOf(req);
    return servePage(req, reply, slug, '', async () =>
      isLanguageSegment(slug) && (await site.languageOfSegment(slug))
        ? site.page(HOME_PAGE_SLUG, origin, `/${slug}`)
        : site.page(slug, origin),
    );
  });

  // A page in another language than the default: `/de/{slug}`. A first segment that cannot be a language (or is
  // one of the server's own, such as /api/) is left to the not-found handler, as before languages.
  app.get<{ Params: { language: string; slug: string } }>('/:language/:slug', PRECOMPRESSED, (req, reply) => {
    const { language, slug } = req.params;
    if (!isLanguageSegment(language)) return reply.callNotFound();
    return servePage(req, reply, slug, `/${language}`);
  });

  // The compiled styles: named by their content's hash, so a browser keeps them for a year without asking again.
  // The fonts are fetched by frames with an opaque origin, in CORS mode: hence `Access-Control-Allow-Origin: *`.
  const ASSET_HEADERS = { 'Cache-Control': 'public, max-age=31536000, immutable', 'Access-Control-Allow-Origin': '*' };
  app.get<{ Params: { file: string } }>(`${SITE_ASSETS_PATH}:file`, PRECOMPRESSED, async (req, reply) => {
    let file = styles.file(req.params.file);
    if (!file) {
      // A first request after a start may come before any page has asked for a build.
      await styles.links();
      file = styles.file(req.params.file);
    }
    if (!file)
      return reply.code(404).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
    if (req.method === 'GET') hot?.remember(req.raw.url!, file, ASSET_HEADERS);
    return sendRendered(req, reply, file, ASSET_HEADERS);
  });

  await registerTourSite(app, ctx, site, originOf, missing);
  await registerPreviewRoutes(app, ctx, site, originOf);

  app.get('/sitemap.xml', PRECOMPRESSED, async (req, reply) => {
    const origin = originOf(req);
    const rendered = await cache.get(`sitemap ${origin}`, () => site.sitemap(origin));
    return sendRendered(req, reply, rendered!);
  });

  app.get('/robots.txt', PRECOMPRESSED, async (req, reply) => {
    const origin = originOf(req);
    const rendered = await cache.get(`robots ${origin}`, () => site.robots(origin));
    return sendRendered(req, reply, rendered!);
  });
}
