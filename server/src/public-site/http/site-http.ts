import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { NOT_FOUND_CSP } from '../../http/csp.js';
import { preferredCoding } from '../../http/content-coding.js';
import { matchesEtag, type RenderedCache, type RenderedResponse } from '../rendering/rendered-cache.js';
import { notFoundDocument } from '../documents/site-document.js';

export const HTML = 'text/html; charset=utf-8';
/** Every answer is revalidated, so an edit shows at once; an unchanged page then costs a 304. */
export const REVALIDATE = 'no-cache';
const NOT_FOUND_BODY = Buffer.from(notFoundDocument(), 'utf8');
const LOAD_ERROR_BODY = Buffer.from(notFoundDocument('Error loading page data'), 'utf8');

/**
 * Public documents are compressed once per render by the cache, not on every request by the global compression
 * plugin, and not logged one by one (errors still are): at thousands a second the log would cost a fifth of the
 * throughput, and a site's access log belongs to the reverse proxy in front of it.
 */
export const PRECOMPRESSED = { compress: false, logLevel: 'warn' } as const;

/** Where a 404 screen is: the language of the address asked for, and that language's home. */
export interface NotFoundPlace {
  language: string;
  home: string;
}

/** The 404 screens of the site's languages, made once each (a site has at most 20). */
const notFoundBodies = new Map<string, Buffer>();

function notFoundBody(place: NotFoundPlace | undefined): Buffer {
  if (!place || (place.language === 'en' && place.home === '/')) return NOT_FOUND_BODY;
  const key = `${place.language} ${place.home}`;
  let body = notFoundBodies.get(key);
  if (!body) {
    body = Buffer.from(notFoundDocument(undefined, place.language, place.home), 'utf8');
    notFoundBodies.set(key, body);
  }
  return body;
}

/**
 * The site's '404 - Not Found' screen: also what the server answers a visitor for any other unknown address. In
 * the words of the address's language when it is known (`place`: `/de/...` on a site in German), else English.
 */
export function sendNotFound(reply: FastifyReply, place?: NotFoundPlace): FastifyReply {
  return reply
    .code(404)
    .header('Cache-Control', REVALIDATE)
    .header('Content-Security-Policy', NOT_FOUND_CSP)
    .type(HTML)
    .send(notFoundBody(place));
}

/** The same screen with 'Error loading page data', when a render failed; the status says "try again". */
export function sendLoadError(req: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  req.log.error({ err: error }, 'could not render a public document');
  return reply
    .code(503)
    .header('Retry-After', '30')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', NOT_FOUND_CSP)
    .type(HTML)
    .send(LOAD_ERROR_BODY);
}

/** True when the site's origin is the same whatever the request (PUBLIC_ORIGIN, or no SITE_HOSTS): an address alone then names a document. */
export function isFixedOrigin(config: Pick<Config, 'publicOrigin' | 'siteHosts'>): boolean {
  return Boolean(config.publicOrigin) || config.siteHosts.length === 0;
}

/** Where the server listens, as a browser would name it: a wildcard address reads as localhost. */
export function canonicalOrigin(config: Pick<Config, 'host' | 'port'>): string {
  const host = ['0.0.0.0', '::', '[::]', ''].includes(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${config.port}`;
}

/**
 * The origin the public site's documents name in their absolute URLs (canonical links, Open Graph, the sitemap),
 * and part of their cache keys: so it never comes from a Host header alone, which any client chooses (ever-new
 * values would each miss the cache and fill it). PUBLIC_ORIGIN when set; else the visitor's host when SITE_HOSTS
 * lists it, or the first of SITE_HOSTS when not; else the one origin the server listens on.
 */
export function originResolver(
  config: Pick<Config, 'publicOrigin' | 'siteHosts' | 'host' | 'port'>,
): (req: FastifyRequest) => string {
  if (config.publicOrigin) {
    const fixed = config.publicOrigin;
    return () => fixed;
  }
  const allowed = new Set(config.siteHosts);
  const fallbackHost = config.siteHosts[0];
  if (!fallbackHost) {
    const fixed = canonicalOrigin(config);
    return () => fixed;
  }
  return (req) => {
    const host = req.host.toLowerCase();
    const scheme = req.protocol === 'https' ? 'https' : 'http';
    return `${scheme}://${allowed.has(host) ? host : fallbackHost}`;
  };
}

/** Extra headers of one kind of document (its policy, robots rules). */
export type DocumentHeaders = Record<string, string>;

/** Sends a rendered response in the encoding the client prefers, or 304 when its copy is current. */
export function sendRendered(
  req: FastifyRequest,
  reply: FastifyReply,
  rendered: RenderedResponse,
  headers: DocumentHeaders = {},
): FastifyReply {
  const coding = preferredCoding(req.headers['accept-encoding']);
  const { bytes, etag } = rendered.encodings[coding];
  reply.header('ETag', etag).header('Cache-Control', REVALIDATE).header('Vary', 'Accept-Encoding');
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  if (bytes !== rendered.encodings.identity.bytes) reply.header('Content-Encoding', coding);
  return reply.type(rendered.contentType).send(bytes);
}

/**
 * A cached document is sent at once, without waiting on a promise and before any check of the address: only
 * well-formed keys are ever cached, so a hit needs none. A miss is checked (`isValid`), rendered, cached and sent;
 * an address that answers nothing goes to `onMissing` (a redirect from it, else the 404 screen).
 */
export function serveCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: RenderedCache,
  key: string,
  render: () => Promise<RenderedResponse | null>,
  headers: DocumentHeaders = {},
  isValid: () => boolean = () => true,
  onMissing: (req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply> = (_req, r) =>
    sendNotFound(r),
): FastifyReply | Promise<FastifyReply> {
  const hit = cache.peek(key);
  if (hit) {
    if (cache.hot && req.method === 'GET') cache.hot.remember(req.raw.url!, hit, headers);
    return sendRendered(req, reply, hit, headers);
  }
  if (!isValid()) return onMissing(req, reply);
  return cache.get(key, render).then(
    (rendered) => {
      if (!rendered) return onMissing(req, reply);
      // Only what the cache kept: a render that began before a change is sent once and forgotten.
      if (cache.hot && req.method === 'GET' && cache.peek(key) === rendered)
        cache.hot.remember(req.raw.url!, rendered, headers);
      return sendRendered(req, reply, rendered, headers);
    },
    (error: unknown) => sendLoadError(req, reply, error),
  );
}

/** What the site needs of the redirects: the one from an address, its hit counted. */
export interface RedirectLookup {
  follow(path: string): Promise<{ to: string; status_code: number } | null>;
}

/**
 * For an address that answers nothing: the redirect from it when there is one (old addresses keep working),
 * else the 404 screen. Looked up only after the address found no page or tour, so a redirect never hides one.
 * Redirects are revalidated (no-cache): a browser would otherwise keep a 301 for good, even once removed.
 */
export function redirectOrNotFound(
  redirects: RedirectLookup,
  placeOf?: (path: string) => Promise<NotFoundPlace | undefined>,
) {
  return redirectOr(redirects, async (req, reply) => sendNotFound(reply, await placeOf?.(req.url)));
}

/** The redirect from the request's address when there is one, else `fallback`. */
export function redirectOr(
  redirects: RedirectLookup,
  fallback: (req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>,
) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const raw = req.url.split('?')[0]!;
    let path = raw;
    try {
      path = decodeURIComponent(raw);
    } catch {
      // A malformed escape is looked up as it came.
    }
    const redirect = await redirects.follow(path);
    if (!redirect) return fallback(req, reply);
    const location = redirect.to.startsWith('/') ? encodeURI(redirect.to) : redirect.to;
    return reply.header('Cache-Control', 'no-cache').redirect(location, redirect.status_code);
  };
}
