import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { SITE_CSP } from '../http/csp.js';
import { sendNotFound, sendRendered } from './http/site-http.js';
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
 * unknown token answers the site's 404 screen. Nothing is cached: the draft may change at any moment.
 */
export async function registerPreviewRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  site: SiteRendering,
  originOf: (req: FastifyRequest) => string,
): Promise<void> {
  const { previews } = ctx.services;

  async function render(
    req: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const link = await previews.resolve(req.params.token);
    if (!link) return sendNotFound(reply);
    const origin = originOf(req);
    if (link.itemType === 'page') {
      const rendered = await site.pagePreview(link.itemId, origin, link.expiresAt);
      if (!rendered) return sendNotFound(reply);
      return sendRendered(req, reply, rendered, { 'Content-Security-Policy': SITE_CSP, ...PRIVATE });
    }
    const rendered = await site.tourPreview(link.itemId, origin, {
      expiresAt: link.expiresAt,
      contentFrameUrl: `/frame/site/preview/${encodeURIComponent(req.params.token)}`,
    });
    if (!rendered) return sendNotFound(reply);
    return sendRendered(req, reply, rendered, { 'Content-Security-Policy': site.shellCsp, ...PRIVATE });
  }

  app.get<{ Params: { token: string } }>('/preview/:token', { compress: false }, render);

  app.get<{ Params: { token: string } }>('/frame/site/preview/:token', { compress: false }, async (req, reply) => {
    const link = await previews.resolve(req.params.token);
    const rendered = link?.itemType === 'post' ? await site.tourPreviewFrame(link.itemId) : null;
    if (!rendered) return sendNotFound(reply);
    return sendRendered(req, reply, rendered, {
      'Content-Security-Policy': SITE_CSP,
      ...PRIVATE,
    });
  });
}
