import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOME_PAGE_SLUG, isPageSlug, pageContentHtml } from '@tours-cms/contract';
import type { AppContext } from '../app-context.js';
import { RENDERED_CACHE_MAX_BYTES, RenderedCache, renderedResponse } from './rendered-cache.js';
import type { HotPath } from './hot-path.js';
import { absoluteUrl, pageDocument, pagePath, robotsDocument, SITE_CSP, sitemapDocument } from './site-document.js';
import { siteMenus } from './site-menus.js';
import {
  HTML,
  isFixedOrigin,
  originResolver,
  PRECOMPRESSED,
  redirectOrNotFound,
  sendRendered,
  serveCached,
} from './site-http.js';
import { createSiteStyles, SITE_ASSETS_PATH } from './site-styles.js';
import { createImageVariantQueue, type ImageVariantQueue } from './image-variant-queue.js';
import { libraryImagePaths } from './responsive-images.js';
import type { SiteImages } from './site-document.js';
import { homeStructuredData } from './structured-data.js';
import { registerTourSite } from './tour-site.routes.js';
import { registerPreviewRoutes } from './preview.routes.js';

export { sendNotFound } from './site-http.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job that makes images' variants (`idle()` for a one-off run and for tests). */
    imageVariants: ImageVariantQueue;
  }
}

/**
 * The public website: `/` is the published 'home' page, `/{slug}` any published page, rendered by the server
 * into one document; the tours at /tours (tour-site.routes.ts); /sitemap.xml and /robots.txt. Everything is
 * cached until something it is made of changes (the SiteChanges signal).
 */
export async function registerPublicSite(
  app: FastifyInstance,
  ctx: AppContext,
  hot: HotPath | null = null,
): Promise<void> {
  const { pages, components, settings, catalogue, redirects, media } = ctx.services;
  const missing = redirectOrNotFound(redirects);
  const menus = siteMenus(ctx.services.menus, ctx.siteChanges);
  const cache = new RenderedCache(RENDERED_CACHE_MAX_BYTES, hot && isFixedOrigin(ctx.config) ? hot : null);
  if (hot) app.addHook('preClose', async () => hot.disable());
  // The styles are compiled from the published content: what the site shows and the classes it uses.
  const styles = createSiteStyles(
    {
      async list() {
        const [common, pageVersions, tourVersions] = await Promise.all([
          components.listPublic(),
          pages.publishedVersions(),
          catalogue.publishedTourVersions(),
        ]);
        return [
          ...common.map((component) => ({
            key: `component:${component.id}@${component.version}`,
            html: component.content,
          })),
          ...pageVersions.map((page) => ({ key: `page:${page.id}@${page.version}` })),
          ...tourVersions.map((tour) => ({ key: `post:${tour.id}@${tour.version}` })),
        ];
      },
      async read(keys) {
        const ids = (type: string) =>
          keys
            .filter((key) => key.startsWith(`${type}:`))
            .map((key) => Number(key.slice(type.length + 1, key.indexOf('@'))));
        const [pageHtml, tourHtml] = await Promise.all([
          pages.publishedHtml(ids('page')),
          catalogue.publishedTourHtml(ids('post')),
        ]);
        const keyed = new Map<string, string>();
        for (const key of keys) {
          const id = Number(key.slice(key.indexOf(':') + 1, key.indexOf('@')));
          const html = key.startsWith('page:') ? pageHtml.get(id) : tourHtml.get(id);
          if (html !== undefined) keyed.set(key, html);
        }
        return keyed;
      },
    },
    app.log,
  );
  // Images get their variants in the background: after an upload, at start for older images, and on first use.
  const variants = createImageVariantQueue(media, app.log);
  app.decorate('imageVariants', variants);
  app.addHook('onReady', async () => variants.wake());
  app.addHook('preClose', async () => variants.stop());
  ctx.siteChanges.subscribe((source) => {
    // Media, taxonomy and menus carry no class of their own (a menu's markup is styled by its own rules,
    // site-menus.ts): their changes (one per image whose variants are made) leave the classes as they are. Anything
    // else may change them ('settings' also stands for "a change may have been missed"); after a restore an item may
    // hold other HTML under a version it had before, so nothing read is kept.
    if (source !== 'media' && source !== 'taxonomy' && source !== 'menu') styles.invalidate(source === 'restore');
    cache.invalidate();
    hot?.clear();
    if (source === 'media') variants.wake();
  });

  /** The library images among these paths, with their variants; one still without them wakes the job. */
  async function siteImages(paths: string[]): Promise<SiteImages> {
    const images = await media.responsiveImages(paths);
    for (const image of images.values()) {
      if (image.pending) {
        variants.wake();
        break;
      }
    }
    return images;
  }
  const originOf = originResolver(ctx.config);

  async function renderPage(slug: string, origin: string) {
    const page = await pages.findPublished(slug);
    if (!page) return null;
    const content = pageContentHtml(page.content);
    const imagePaths = [...(page.featured_image ? [page.featured_image.file_path] : []), ...libraryImagePaths(content)];
    const [header, footer, site, images] = await Promise.all([
      components.activeCommonContent('header').then((html) => menus.fill(html, pagePath(slug))),
      components.activeCommonContent('footer').then((html) => menus.fill(html, pagePath(slug))),
      settings.get(),
      siteImages(imagePaths),
    ]);
    // The page's frame holds the header, the content and the footer: its styles are made for all three.
    const links = await styles.documentLinks([header ?? '', content, footer ?? ''].join('\n'));
    const logo = site.social_image_url ? absoluteUrl(origin, site.social_image_url) : null;
    const jsonLd = slug === HOME_PAGE_SLUG ? [homeStructuredData(site, origin, logo)] : [];
    return renderedResponse(pageDocument(page, { header, footer }, origin, links, images, jsonLd), HTML);
  }

  const PAGE_HEADERS = { 'Content-Security-Policy': SITE_CSP };

  function servePage(req: FastifyRequest, reply: FastifyReply, slug: string): FastifyReply | Promise<FastifyReply> {
    const origin = originOf(req);
    const key = `page ${origin} ${slug}`;
    return serveCached(
      req,
      reply,
      cache,
      key,
      () => renderPage(slug, origin),
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
    return servePage(req, reply, slug);
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

  await registerTourSite(app, ctx, { cache, styles, images: siteImages }, originOf, missing);
  await registerPreviewRoutes(app, ctx, originOf, siteImages);

  app.get('/sitemap.xml', PRECOMPRESSED, async (req, reply) => {
    const origin = originOf(req);
    const rendered = await cache.get(`sitemap ${origin}`, async () => {
      const [pageEntries, tourEntries] = await Promise.all([pages.listPublishedSlugs(), catalogue.sitemapEntries()]);
      return renderedResponse(sitemapDocument(origin, pageEntries, tourEntries), 'application/xml; charset=utf-8');
    });
    return sendRendered(req, reply, rendered!);
  });

  app.get('/robots.txt', PRECOMPRESSED, async (req, reply) => {
    const origin = originOf(req);
    const rendered = await cache.get(`robots ${origin}`, async () =>
      renderedResponse(robotsDocument(origin), 'text/plain; charset=utf-8'),
    );
    return sendRendered(req, reply, rendered!);
  });
}
