import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { SITE_CSP } from '../http/csp.js';
import { sendNotFound, sendRendered } from './http/site-http.js';
import { RenderedCache } from './rendering/rendered-cache.js';
import type { SiteRendering } from './rendering/site-rendering.js';

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
  site: SiteRendering,
  originOf: (req: FastifyRequest) => string,
): Promise<void> {
  const { previews } = ctx.services;
  const cache = new RenderedCache(PREVIEW_CACHE_MAX_BYTES);
  ctx.siteChanges.subscribe(() => cache.invalidate());

  async function render(
    req: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const link = await previews.resolve(req.params.token);
    if (!link) return sendNotFound(reply);
    const origin = originOf(req);
    const { token } = req.params;
    const rendered = await cache.get(`document ${origin} ${token} ${link.version}`, () =>
      link.itemType === 'page'
        ? site.pagePreview(link.itemId, origin, link.expiresAt)
        : site.tourPreview(link.itemId, origin, {
            expiresAt: link.expiresAt,
            contentFrameUrl: `/frame/site/preview/${encodeURIComponent(token)}`,
          }),
    );
    if (!rendered) return sendNotFound(reply);
    return sendRendered(req, reply, rendered, {
      'Content-Security-Policy': link.itemType === 'page' ? SITE_CSP : site.shellCsp,
      ...PRIVATE,
    });
  }

  app.get<{ Params: { token: string } }>('/preview/:token', { compress: false }, render);

  app.get<{ Params: { token: string } }>('/frame/site/preview/:token', { compress: false }, async (req, reply) => {
    const link = await previews.resolve(req.params.token);
    if (link?.itemType !== 'post') return sendNotFound(reply);
    const rendered = await cache.get(`frame ${req.params.token} ${link.version}`, () =>
      site.tourPreviewFrame(link.itemId),
    );
    if (!rendered) return sendNotFound(reply);
    return sendRendered(req, reply, rendered, {
      'Content-Security-Policy': SITE_CSP,
      ...PRIVATE,
    });
  });
}
