import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTACT_BODY_MAX_BYTES,
  contactInputSchema,
  DURATION_FILTERS,
  isValidSlug,
  SLUG_MAX,
} from '@tours-cms/contract';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../errors.js';
import { catalogueDocument } from './catalogue-document.js';
import { catalogueHref, parseCatalogueQuery } from './catalogue-query.js';
import { RenderedCache, renderedResponse } from './rendered-cache.js';
import { MemoryThrottle } from '../modules/auth/login-throttle.js';
import { clientKey } from '../client-key.js';
import { SITE_CSP, staffFrameDocument } from './site-document.js';
import { HTML, PRECOMPRESSED, sendNotFound, serveCached } from './site-http.js';
import { SHELL_CSP, SITE_FRAME_URLS } from './site-shell.js';
import type { SiteStyles } from './site-styles.js';
import { libraryImagePaths, withResponsiveImages } from './responsive-images.js';
import type { SiteImages } from './site-document.js';

/** What the tour site shares with the pages: the cache, the compiled styles, and the images' variants. */
export interface SiteRendering {
  cache: RenderedCache;
  styles: SiteStyles;
  images: (paths: string[]) => Promise<SiteImages>;
}
import { tourPath } from './tour-cards.js';
import { INQUIRY_SENT_FRAGMENT, inquiryPath, tourDocument } from './tour-document.js';
import { inquiryFailedDocument } from './inquiry-failed-document.js';
import { INQUIRY_FIELDS, type InquiryField, type InquiryFormState } from './inquiry-form.js';

/** The site's own documents: one script and one stylesheet, by hash (site-shell.ts). */
const SHELL_HEADERS = { 'Content-Security-Policy': SHELL_CSP };
/**
 * The frames of staff HTML: the content frames' open policy with the `sandbox` directive (opened on their own,
 * they still run without the site's origin). Search engines take them as part of the page that frames them.
 */
const FRAME_HEADERS = { 'Content-Security-Policy': SITE_CSP, 'X-Robots-Tag': 'noindex, indexifembedded' };

/**
 * Free-text catalogue searches (`?q=`) are keys visitors choose: each one rendered would otherwise take a place in
 * the published pages' cache and push pages out of it. They have a small cache of their own, and an address may
 * have SEARCHES_PER_MINUTE of them rendered a minute (per node; repeats of a cached search are free); past that it
 * is answered 429 with Retry-After.
 */
export const SEARCH_CACHE_MAX_BYTES = 4 * 1024 * 1024;
export const SEARCHES_PER_MINUTE = 30;

function isTourSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX && isValidSlug(slug);
}

/**
 * The tours on the website: the catalogue at /tours (and /tours/category/{slug}), each published tour at
 * /tours/{slug} with its inquiry form, and the frames of staff HTML those documents embed (/frame/site/...).
 * All of it is cached in the public site's cache and dropped with it on any write that could change it.
 */
export async function registerTourSite(
  app: FastifyInstance,
  ctx: AppContext,
  { cache, styles, images: siteImages }: SiteRendering,
  originOf: (req: FastifyRequest) => string,
  missing: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
) {
  const { catalogue, components, settings, contacts } = ctx.services;
  const searchCache = new RenderedCache(SEARCH_CACHE_MAX_BYTES);
  ctx.siteChanges.subscribe(() => searchCache.invalidate());
  const searches = new MemoryThrottle(SEARCHES_PER_MINUTE, 60_000);
  const pruneSearches = setInterval(() => void searches.prune(), 60_000).unref();
  app.addHook('onClose', async () => clearInterval(pruneSearches));

  async function serveCatalogue(req: FastifyRequest, reply: FastifyReply, categorySlug?: string) {
    const params = parseCatalogueQuery(req.query, categorySlug);
    if (!params) return sendNotFound(reply);
    const origin = originOf(req);
    const key = `catalogue ${origin} ${catalogueHref(params)}`;
    if (params.q && !searchCache.peek(key)) {
      const wait = await searches.attempt(clientKey(req.ip));
      if (wait > 0)
        return reply
          .status(429)
          .header('Retry-After', String(wait))
          .header('Cache-Control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(`Too many searches from your address. Try again in ${wait} seconds.`);
    }
    return serveCached(
      req,
      reply,
      params.q ? searchCache : cache,
      key,
      async () => {
        const duration = DURATION_FILTERS.find((filter) => filter.value === params.duration);
        const [view, site] = await Promise.all([
          catalogue.browse({
            text: params.q,
            category: params.category,
            tag: params.tag,
            priceMin: params.price_min,
            priceMax: params.price_max,
            duration: duration ? { value: duration.value, min: duration.min, max: duration.max } : undefined,
            sort: params.sort,
            page: params.page,
          }),
          settings.get(),
        ]);
        if (!view) return null;
        const images = await siteImages(view.tours.flatMap((card) => (card.image_path ? [card.image_path] : [])));
        return renderedResponse(catalogueDocument(view, params, { origin, settings: site, images }), HTML);
      },
      SHELL_HEADERS,
      () => true,
      missing,
    );
  }

  app.get('/tours', PRECOMPRESSED, (req, reply) => serveCatalogue(req, reply));

  app.get<{ Params: { slug: string } }>('/tours/category/:slug', PRECOMPRESSED, (req, reply) =>
    isTourSlug(req.params.slug) ? serveCatalogue(req, reply, req.params.slug) : missing(req, reply),
  );

  app.get<{ Params: { slug: string } }>('/tours/:slug', PRECOMPRESSED, (req, reply) => {
    const { slug } = req.params;
    const origin = originOf(req);
    return serveCached(
      req,
      reply,
      cache,
      `tour ${origin} ${slug}`,
      async () => {
        const [data, site] = await Promise.all([catalogue.tourPage(slug), settings.get()]);
        if (!data) return null;
        const images = await siteImages(
          [data.tour.image_path, ...data.related.map((card) => card.image_path)].filter(
            (path): path is string => path !== null,
          ),
        );
        return renderedResponse(
          tourDocument(data, { origin, settings: site, images, siteHosts: ctx.config.ownHosts }),
          HTML,
        );
      },
      SHELL_HEADERS,
      () => isTourSlug(slug),
      missing,
    );
  });

  /**
   * The tour page's inquiry form, a plain POST that works without scripts: the inquiry goes through the same
   * rules as the site's JSON form (validation, the per-address throttle, the honeypot), names the tour, and the
   * visitor is sent back to the tour page, whose fragment shows the thank-you notice.
   */
  app.post<{ Params: { slug: string }; Body: unknown }>(
    '/tours/:slug/inquiry',
    { bodyLimit: CONTACT_BODY_MAX_BYTES },
    async (req, reply) => {
      const { slug } = req.params;
      const tour = isTourSlug(slug) ? await catalogue.publishedTour(slug) : undefined;
      if (!tour) return sendNotFound(reply);
      const form = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const parsed = contactInputSchema.safeParse({
        name: form.name,
        email: form.email,
        phone: form.phone,
        subject: `Tour: ${tour.title}`.slice(0, 255),
        message: form.message,
        website: form.website,
        post_id: tour.id,
      });
      const values = Object.fromEntries(
        INQUIRY_FIELDS.map((field) => [field, typeof form[field] === 'string' ? form[field] : '']),
      ) as InquiryFormState['values'];
      // The form again, with what the visitor typed and each field's error (or the whole's): nothing is retyped.
      const refuse = async (status: number, errors: { field: string; message: string }[], messages: string[]) => {
        const fieldErrors: InquiryFormState['fieldErrors'] = {};
        for (const { field, message } of errors) {
          if ((INQUIRY_FIELDS as readonly string[]).includes(field)) fieldErrors[field as InquiryField] ??= message;
          else messages.push(message);
        }
        const page = inquiryFailedDocument(
          {
            tour: { title: tour.title, path: tourPath(slug) },
            action: inquiryPath(slug),
            state: { values, fieldErrors },
            messages,
          },
          { origin: originOf(req), settings: await settings.get() },
        );
        return reply
          .code(status)
          .headers({ ...SHELL_HEADERS, 'Cache-Control': 'no-store' })
          .type(HTML)
          .send(page);
      };
      if (!parsed.success) {
        return refuse(
          422,
          parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })),
          [],
        );
      }
      try {
        await contacts.receive(parsed.data, req.ip);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
        return refuse(error.statusCode, error.errors ?? [], error.errors?.length ? [] : [error.detail]);
      }
      return reply.redirect(`${tourPath(slug)}#${INQUIRY_SENT_FRAGMENT}`, 303);
    },
  );

  // The frames of staff HTML inside the documents above.
  for (const type of ['header', 'footer'] as const) {
    app.get(SITE_FRAME_URLS[type], PRECOMPRESSED, (req, reply) =>
      serveCached(
        req,
        reply,
        cache,
        `frame ${type}`,
        async () => {
          const html = await components.activeCommonContent(type);
          const links = await styles.documentLinks(html ?? '');
          const title = type === 'header' ? 'Site header' : 'Site footer';
          return renderedResponse(
            staffFrameDocument(title, html ?? `<!-- No active common ${type} component -->`, true, links),
            HTML,
          );
        },
        FRAME_HEADERS,
      ),
    );
  }

  app.get<{ Params: { slug: string } }>('/frame/site/tour/:slug', PRECOMPRESSED, (req, reply) => {
    const { slug } = req.params;
    return serveCached(
      req,
      reply,
      cache,
      `frame tour ${slug}`,
      async () => {
        const tour = await catalogue.publishedTour(slug);
        if (!tour) return null;
        const content = tour.content ?? '';
        // The content sits below the tour's picture: its images load as they near the screen.
        const [images, links] = await Promise.all([
          siteImages(libraryImagePaths(content)),
          styles.documentLinks(content),
        ]);
        return renderedResponse(
          staffFrameDocument(tour.title, withResponsiveImages(content, images, false), true, links),
          HTML,
        );
      },
      FRAME_HEADERS,
      () => isTourSlug(slug),
    );
  });
}
