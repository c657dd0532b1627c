import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { RenderedCache, renderedResponse, type RenderedResponse } from './rendered-cache.js';
import { pageDocument, SITE_CSP, staffFrameDocument, type SiteImages } from './site-document.js';
import { libraryImagePaths, withResponsiveImages } from './responsive-images.js';
import { pageContentHtml } from '@tours-cms/contract';
import { HTML, sendNotFound, sendRendered } from './site-http.js';
import { SHELL_CSP } from './site-shell.js';
import { tourDocument } from './tour-document.js';

/**
 * A draft seen through a preview link is for whoever holds the link, not for caches, search engines or the
 * providers a page embeds: never stored, never indexed, and no Referer carries the token away.
 */
const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

/**
 * Draft preview links (issue 12): `/preview/{token}` renders the current draft of the one post or page the token
 * names exactly as the public site would, with a 'Preview' banner; a tour's content frame comes from
 * `/frame/site/preview/{token}` (the published frame would not show a draft). An expired, revoked, altered or
 * unknown token answers the site's 404 screen. Renderings are kept by token and the item's version, as published
 * pages are by address (issue 27): a link passed around and opened a thousand times is rendered once per saved
 * draft; the token is checked on every request, so a revoked or expired link ends at once. Their cache is small
 * and their own (the published pages' is never crowded by them), and dropped on every site change (a header, a
 * footer, the settings).
 */
export const PREVIEW_CACHE_MAX_BYTES = 8 * 1024 * 1024;

export async function registerPreviewRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  originOf: (req: FastifyRequest) => string,
  siteImages: (paths: string[]) => Promise<SiteImages>,
): Promise<void> {
  const { previews, pages, components, settings, catalogue } = ctx.services;
  const cache = new RenderedCache(PREVIEW_CACHE_MAX_BYTES);
  ctx.siteChanges.subscribe(() => cache.invalidate());

  async function render(
    req: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const link = await previews.resolve(req.params.token);
    if (!link) return sendNotFound(reply);
    const origin = originOf(req);
    const key = `document ${origin} ${req.params.token} ${link.version}`;
    const rendered = await cache.get(key, () => renderDocument(link, origin, req.params.token));
    if (!rendered) return sendNotFound(reply);
    return sendRendered(req, reply, rendered, {
      'Content-Security-Policy': link.itemType === 'page' ? SITE_CSP : SHELL_CSP,
      ...PRIVATE,
    });
  }

  async function renderDocument(
    link: NonNullable<Awaited<ReturnType<typeof previews.resolve>>>,
    origin: string,
    token: string,
  ): Promise<RenderedResponse | null> {
    if (link.itemType === 'page') {
      const page = await pages.get(link.itemId).catch(() => null);
      if (!page) return null;
      const imagePaths = [
        ...(page.featured_image ? [page.featured_image.file_path] : []),
        ...libraryImagePaths(pageContentHtml(page.content)),
      ];
      const [header, footer, images] = await Promise.all([
        components.activeCommonContent('header'),
        components.activeCommonContent('footer'),
        siteImages(imagePaths),
      ]);
      const html = pageDocument(page, { header, footer }, origin, 'browser', images, [], { expiresAt: link.expiresAt });
      return renderedResponse(html, HTML);
    }
    const [data, site] = await Promise.all([catalogue.tourPreview(link.itemId), settings.get()]);
    if (!data) return null;
    const images = await siteImages(
      [data.tour.image_path, ...data.related.map((card) => card.image_path)].filter(
        (path): path is string => path !== null,
      ),
    );
    const html = tourDocument(
      data,
      { origin, settings: site, images, siteHosts: ctx.config.ownHosts },
      { expiresAt: link.expiresAt, contentFrameUrl: `/frame/site/preview/${encodeURIComponent(token)}` },
    );
    return renderedResponse(html, HTML);
  }

  app.get<{ Params: { token: string } }>('/preview/:token', { compress: false }, render);

  app.get<{ Params: { token: string } }>('/frame/site/preview/:token', { compress: false }, async (req, reply) => {
    const link = await previews.resolve(req.params.token);
    if (link?.itemType !== 'post') return sendNotFound(reply);
    const rendered = await cache.get(`frame ${req.params.token} ${link.version}`, async () => {
      const data = await catalogue.tourPreview(link.itemId);
      if (!data) return null;
      const content = data.tour.content ?? '';
      const html = staffFrameDocument(
        data.tour.title,
        withResponsiveImages(content, await siteImages(libraryImagePaths(content)), false),
        true,
        'browser',
      );
      return renderedResponse(html, HTML);
    });
    if (!rendered) return sendNotFound(reply);
    return sendRendered(req, reply, rendered, {
      'Content-Security-Policy': SITE_CSP,
      ...PRIVATE,
    });
  });
}
