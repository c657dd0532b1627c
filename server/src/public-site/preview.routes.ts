import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { renderedResponse } from './rendered-cache.js';
import { pageDocument, pagePath, SITE_CSP, staffFrameDocument, type SiteImages } from './site-document.js';
import { siteMenus } from './site-menus.js';
import { libraryImagePaths, withResponsiveImages } from './responsive-images.js';
import { pageContentHtml } from '@tours-cms/contract';
import { HTML, sendNotFound, sendRendered } from './site-http.js';
import { SHELL_CSP } from './site-shell.js';
import { tourDocument, tourPageImagePaths } from './tour-document.js';

/**
 * A draft seen through a preview link is for whoever holds the link, not for caches, search engines or the
 * providers a page embeds: never stored, never indexed, and no Referer carries the token away.
 */
const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

/**
 * Draft preview links (issue 12): `/preview/{token}` renders the current draft of the one post or page the token
 * names exactly as the public site would, with a 'Preview' banner; a tour's content frame comes from
 * `/frame/site/preview/{token}` (the published frame would not show a draft). An expired, revoked, altered or
 * unknown token answers the site's 404 screen. Nothing is cached: the draft may change at any moment.
 */
export async function registerPreviewRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  originOf: (req: FastifyRequest) => string,
  siteImages: (paths: string[]) => Promise<SiteImages>,
): Promise<void> {
  const { previews, pages, components, settings, catalogue } = ctx.services;
  const menus = siteMenus(ctx.services.menus, ctx.siteChanges);

  async function render(
    req: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const link = await previews.resolve(req.params.token);
    if (!link) return sendNotFound(reply);
    const origin = originOf(req);
    if (link.itemType === 'page') {
      const page = await pages.get(link.itemId).catch(() => null);
      if (!page) return sendNotFound(reply);
      const imagePaths = [
        ...(page.featured_image ? [page.featured_image.file_path] : []),
        ...libraryImagePaths(pageContentHtml(page.content)),
      ];
      const [header, footer, images] = await Promise.all([
        components.activeCommonContent('header').then((html) => menus.fill(html, pagePath(page.slug))),
        components.activeCommonContent('footer').then((html) => menus.fill(html, pagePath(page.slug))),
        siteImages(imagePaths),
      ]);
      const html = pageDocument(page, { header, footer }, origin, 'browser', images, [], { expiresAt: link.expiresAt });
      return sendRendered(req, reply, await renderedResponse(html, HTML), {
        'Content-Security-Policy': SITE_CSP,
        ...PRIVATE,
      });
    }
    const [data, site] = await Promise.all([catalogue.tourPreview(link.itemId), settings.get()]);
    if (!data) return sendNotFound(reply);
    const images = await siteImages(tourPageImagePaths(data));
    const html = tourDocument(
      data,
      { origin, settings: site, images, siteHosts: ctx.config.ownHosts },
      { expiresAt: link.expiresAt, contentFrameUrl: `/frame/site/preview/${encodeURIComponent(req.params.token)}` },
    );
    return sendRendered(req, reply, await renderedResponse(html, HTML), {
      'Content-Security-Policy': SHELL_CSP,
      ...PRIVATE,
    });
  }

  app.get<{ Params: { token: string } }>('/preview/:token', { compress: false }, render);

  app.get<{ Params: { token: string } }>('/frame/site/preview/:token', { compress: false }, async (req, reply) => {
    const link = await previews.resolve(req.params.token);
    const data = link?.itemType === 'post' ? await catalogue.tourPreview(link.itemId) : null;
    if (!data) return sendNotFound(reply);
    const content = data.tour.content ?? '';
    const html = staffFrameDocument(
      data.tour.title,
      withResponsiveImages(content, await siteImages(libraryImagePaths(content)), false),
      true,
      'browser',
    );
    return sendRendered(req, reply, await renderedResponse(html, HTML), {
      'Content-Security-Policy': SITE_CSP,
      ...PRIVATE,
    });
  });
}
