import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOME_PAGE_SLUG, isPageSlug } from '@tours-cms/contract';
import type { AppContext } from '../app-context.js';
import { matchesEtag, preferredCoding, RenderedCache, renderedResponse, type RenderedResponse } from './rendered-cache.js';
import { notFoundDocument, pageDocument, robotsDocument, SITE_CSP, sitemapDocument } from './site-document.js';

const HTML = 'text/html; charset=utf-8';
/** Every answer is revalidated, so an edit shows at once; an unchanged page then costs a 304. */
const REVALIDATE = 'no-cache';
/** The 404 screen runs nothing and loads nothing: inline styles only. */
const NOT_FOUND_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'";
const NOT_FOUND_BODY = Buffer.from(notFoundDocument(), 'utf8');
const LOAD_ERROR_BODY = Buffer.from(notFoundDocument('Error loading page data'), 'utf8');
const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The site's '404 - Not Found' screen: also what the server answers a visitor for any other unknown address. */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('Cache-Control', REVALIDATE).header('Content-Security-Policy', NOT_FOUND_CSP).type(HTML).send(NOT_FOUND_BODY);
}

/**
 * The public website: `/` is the published 'home' page, `/{slug}` any published page, rendered by
 * the server into one document and cached until a page, a common component or a media item changes (the
 * SiteChanges signal). Also /sitemap.xml and /robots.txt.
 */
export async function registerPublicSite(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { pages, components } = ctx.services;
  const cache = new RenderedCache();
  ctx.siteChanges.subscribe(() => cache.invalidate());

  /** PUBLIC_ORIGIN when set; else the address the visitor used (a malformed Host falls back to where we listen). */
  function originOf(req: FastifyRequest): string {
    if (ctx.config.publicOrigin) return ctx.config.publicOrigin;
    const host = HOST_PATTERN.test(req.host) ? req.host : `${ctx.config.host}:${ctx.config.port}`;
    return `${req.protocol}://${host}`;
  }

  async function renderPage(slug: string, origin: string): Promise<RenderedResponse | null> {
    const page = await pages.findPublished(slug);
    if (!page) return null;
    const [header, footer] = await Promise.all([components.activeCommonContent('header'), components.activeCommonContent('footer')]);
    return renderedResponse(pageDocument(page, { header, footer }, origin), HTML);
  }

  function sendRendered(req: FastifyRequest, reply: FastifyReply, rendered: RenderedResponse, csp?: string): FastifyReply {
    const coding = preferredCoding(req.headers['accept-encoding']);
    const { bytes, etag } = rendered.encodings[coding];
    reply.header('ETag', etag).header('Cache-Control', REVALIDATE).header('Vary', 'Accept-Encoding');
    if (csp) reply.header('Content-Security-Policy', csp);
    if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
    if (bytes !== rendered.encodings.identity.bytes) reply.header('Content-Encoding', coding);
    return reply.type(rendered.contentType).send(bytes);
  }

  /**
   * A cached page is sent at once, without waiting on a promise (only a well-formed slug is ever cached, so a hit
   * needs no check); a miss checks the slug, then renders the page and caches it.
   */
  function servePage(req: FastifyRequest, reply: FastifyReply, slug: string): FastifyReply | Promise<FastifyReply> {
    const origin = originOf(req);
    const key = `page ${origin} ${slug}`;
    const hit = cache.peek(key);
    if (hit) return sendRendered(req, reply, hit, SITE_CSP);
    if (!isPageSlug(slug)) return sendNotFound(reply);
    return cache.get(key, () => renderPage(slug, origin)).then(
      (rendered) => (rendered ? sendRendered(req, reply, rendered, SITE_CSP) : sendNotFound(reply)),
      (error: unknown) => {
        // Any other failure shows the same screen with 'Error loading page data'; the status says "try again".
        req.log.error({ err: error }, 'could not render a public page');
        return reply
          .code(503)
          .header('Retry-After', '30')
          .header('Cache-Control', 'no-store')
          .header('Content-Security-Policy', NOT_FOUND_CSP)
          .type(HTML)
          .send(LOAD_ERROR_BODY);
      },
    );
  }

  // Compressed once per render by the cache, not on every request by the global compression plugin. Requests for
  // public documents are not logged one by one (errors still are): at thousands a second they would cost a fifth
  // of the throughput, and a site's access log belongs to the reverse proxy in front of it.
  const precompressed = { compress: false, logLevel: 'warn' } as const;

  app.get('/', precompressed, (req, reply) => servePage(req, reply, HOME_PAGE_SLUG));

  app.get<{ Params: { slug: string } }>('/:slug', precompressed, (req, reply) => {
    const { slug } = req.params;
    // One address per page: the home page lives at `/`.
    if (slug === HOME_PAGE_SLUG) return reply.redirect('/', 301);
    return servePage(req, reply, slug);
  });

  app.get('/sitemap.xml', precompressed, async (req, reply) => {
    const origin = originOf(req);
    const rendered = await cache.get(`sitemap ${origin}`, async () =>
      renderedResponse(sitemapDocument(origin, await pages.listPublishedSlugs()), 'application/xml; charset=utf-8'),
    );
    return sendRendered(req, reply, rendered!);
  });

  app.get('/robots.txt', precompressed, async (req, reply) => {
    const origin = originOf(req);
    const rendered = await cache.get(`robots ${origin}`, async () => renderedResponse(robotsDocument(origin), 'text/plain; charset=utf-8'));
    return sendRendered(req, reply, rendered!);
  });
}
