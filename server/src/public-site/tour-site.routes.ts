import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONTACT_BODY_MAX_BYTES,
  contactInputSchema,
  formatDepartureDay,
  isValidSlug,
  pluralWords,
  SITE_FRAME_HEIGHTS_PATH,
  siteWords,
  SLUG_MAX,
} from '@tours-cms/contract';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../core/errors.js';
import { catalogueHref, parseCatalogueQuery } from './documents/catalogue-query.js';
import { SITE_CSP } from '../http/csp.js';
import { HTML, PRECOMPRESSED, sendNotFound, serveCached } from './http/site-http.js';
import { RenderedCache } from './rendering/rendered-cache.js';
import { MemoryThrottle } from '../modules/auth/login-throttle.js';
import { clientKey } from '../core/client-key.js';
import { SITE_FRAME_URLS } from './documents/site-shell.js';
import type { SiteRendering } from './rendering/site-rendering.js';
import { tourPath } from './documents/tour-cards.js';
import { INQUIRY_SENT_FRAGMENT, inquiryPath } from './documents/tour-document.js';
import {
  INQUIRY_FIELDS,
  PARTY_FIELDS,
  type InquiryField,
  type InquiryFormState,
  type PartyField,
  type RequestedDate,
} from './documents/inquiry-form.js';
import { currentPathOf } from './rendering/site-menus.js';
import { isLanguageSegment } from './documents/site-language.js';
import { inquiryMessageIn } from './documents/inquiry-errors.js';
import { isSiteFrameSrc, VIEWPORT_WIDTH_MAX, VIEWPORT_WIDTH_MIN } from './rendering/frame-heights.js';

/**
 * The frames of staff HTML: the content frames' open policy with the `sandbox` directive (opened on their own,
 * they still run without the site's origin). Search engines take them as part of the page that frames them.
 */
const FRAME_HEADERS = { 'Content-Security-Policy': SITE_CSP, 'X-Robots-Tag': 'noindex, indexifembedded' };

/**
 * Free-text catalogue searches (`?q=`), price ranges (`?price_min=`, `?price_max=`) and months (`?month=`, any
 * of ten thousand years) are keys visitors choose without end: each one rendered would otherwise take a place in the published pages' cache and push pages out of
 * it. They have a small cache of their own, and an address may have SEARCHES_PER_MINUTE of them rendered a minute
 * (per node; repeats of a cached search are free); past that it is answered 429 with Retry-After. The other views
 * (categories, tags, durations, sorts, pages) are as many as the site's content makes, and share the pages' cache.
 */
export const SEARCH_CACHE_MAX_BYTES = 4 * 1024 * 1024;
export const SEARCHES_PER_MINUTE = 30;

/** Frame height reports an address may send a minute (a visit sends at most one or two). */
export const FRAME_HEIGHT_REPORTS_PER_MINUTE = 20;

/** A report of the parent script: the viewport's width and each autosized frame's address and height. */
const frameHeightsReportSchema = z.object({
  width: z.number().int().min(VIEWPORT_WIDTH_MIN).max(VIEWPORT_WIDTH_MAX),
  frames: z
    .array(
      z.object({
        src: z.string().max(1100).refine(isSiteFrameSrc, 'Not a frame of the site'),
        height: z.number().min(0).max(1e6),
      }),
    )
    .min(1)
    .max(8),
});

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
  site: SiteRendering,
  originOf: (req: FastifyRequest) => string,
  missing: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
) {
  const { catalogue, contacts } = ctx.services;
  const { cache } = site;
  /** The site's own documents: one script and one stylesheet, by hash (site-shell.ts). */
  const SHELL_HEADERS = { 'Content-Security-Policy': site.shellCsp };
  const searchCache = new RenderedCache(SEARCH_CACHE_MAX_BYTES);
  ctx.siteChanges.subscribe(() => searchCache.invalidate());
  site.onDropped(() => searchCache.invalidate());
  const searches = new MemoryThrottle(SEARCHES_PER_MINUTE, 60_000);
  const pruneSearches = setInterval(() => void searches.prune(), 60_000).unref();
  app.addHook('onClose', async () => clearInterval(pruneSearches));

  /** The catalogue of a language: `prefix` '' for the default language's (/tours), `/de` for German's (/de/tours). */
  async function serveCatalogue(req: FastifyRequest, reply: FastifyReply, categorySlug?: string, prefix = '') {
    const parsed = parseCatalogueQuery(req.query, categorySlug);
    if (!parsed) return sendNotFound(reply, await site.notFoundPlace(req.url));
    // The prefix is part of every link of the view and of its cache key (catalogueHref).
    const params = prefix ? { ...parsed, prefix } : parsed;
    const origin = originOf(req);
    const key = `catalogue ${origin} ${catalogueHref(params)}`;
    const isSearch =
      Boolean(params.q) ||
      params.price_min !== undefined ||
      params.price_max !== undefined ||
      params.month !== undefined;
    if (isSearch && !searchCache.peek(key)) {
      const wait = await searches.attempt(clientKey(req.ip));
      if (wait > 0) {
        const { language } = await site.notFoundPlace(req.url);
        return reply
          .status(429)
          .header('Retry-After', String(wait))
          .header('Cache-Control', 'no-store')
          .header('Content-Language', language)
          .type('text/plain; charset=utf-8')
          .send(pluralWords(language, siteWords(language).catalogue.tooManySearches, wait));
      }
    }
    return serveCached(
      req,
      reply,
      isSearch ? searchCache : cache,
      key,
      () => site.catalogue(params, origin),
      SHELL_HEADERS,
      () => true,
      missing,
    );
  }

  /** A tour page in a language: `prefix` '' for the default language's (/tours/{slug}), `/de` for German's. */
  function serveTour(
    req: FastifyRequest<{ Querystring: { dates?: unknown } }>,
    reply: FastifyReply,
    slug: string,
    prefix = '',
  ) {
    const origin = originOf(req);
    // "Show more dates" is a plain link (?dates=all): one more cached variant of the page, any other value none.
    const allDates = req.query.dates === 'all';
    return serveCached(
      req,
      reply,
      cache,
      `tour ${origin} ${prefix}/${slug}${allDates ? ' all-dates' : ''}`,
      () => site.tour(slug, origin, allDates, prefix),
      SHELL_HEADERS,
      () => isTourSlug(slug),
      missing,
    );
  }

  app.get('/tours', PRECOMPRESSED, (req, reply) => serveCatalogue(req, reply));

  app.get<{ Params: { slug: string } }>('/tours/category/:slug', PRECOMPRESSED, (req, reply) =>
    isTourSlug(req.params.slug) ? serveCatalogue(req, reply, req.params.slug) : missing(req, reply),
  );

  app.get<{ Params: { slug: string }; Querystring: { dates?: unknown } }>('/tours/:slug', PRECOMPRESSED, (req, reply) =>
    serveTour(req, reply, req.params.slug),
  );

  // The same in another language than the default, under its prefix (issue 30): /de/tours, /de/tours/category/{slug},
  // /de/tours/{slug}. A prefix that is no language of the site answers the 404 screen (the renderers say so); a first
  // segment that cannot be one (or is the server's own, /api/) is left to the not-found handler.
  app.get<{ Params: { language: string } }>('/:language/tours', PRECOMPRESSED, (req, reply) =>
    isLanguageSegment(req.params.language)
      ? serveCatalogue(req, reply, undefined, `/${req.params.language}`)
      : reply.callNotFound(),
  );

  app.get<{ Params: { language: string; slug: string } }>(
    '/:language/tours/category/:slug',
    PRECOMPRESSED,
    (req, reply) => {
      const { language, slug } = req.params;
      if (!isLanguageSegment(language)) return reply.callNotFound();
      return isTourSlug(slug) ? serveCatalogue(req, reply, slug, `/${language}`) : missing(req, reply);
    },
  );

  app.get<{ Params: { language: string; slug: string }; Querystring: { dates?: unknown } }>(
    '/:language/tours/:slug',
    PRECOMPRESSED,
    (req, reply) => {
      const { language, slug } = req.params;
      if (!isLanguageSegment(language)) return reply.callNotFound();
      return serveTour(req, reply, slug, `/${language}`);
    },
  );

  /** Why a departure cannot be requested, in the words the API's refusal uses (in the tour's language); null when it can. */
  const closedReason = (availability: string, language: string) => {
    const words = siteWords(language).inquiryErrors;
    return (
      ({ cancelled: words.dateCancelled, past: words.datePast, sold_out: words.dateSoldOut } as Record<string, string>)[
        availability
      ] ?? null
    );
  };

  /** The date a request form shows for `departureId` of this tour (in its language), or undefined when it is not the tour's. */
  async function requestedDate(tourId: number, departureId: number, language: string) {
    const found = await contacts.requestable(tourId, departureId);
    if (!found) return undefined;
    const { departure, seatsLeft } = found;
    const date: RequestedDate = {
      departureId: departure.id,
      label: `${formatDepartureDay(departure.starts_on, language)}${departure.start_time ? `, ${departure.start_time}` : ''}`,
      seatsLeft,
    };
    return { date, closed: closedReason(departure.availability, language) };
  }

  /**
   * "Request this date" (issue 29 item 4): the tour's inquiry form with the departure chosen and the party asked
   * for, at most the seats left. A date that cannot be requested shows why, above the plain inquiry form.
   * Never cached: the seats left change with every request.
   */
  app.get<{ Params: { slug: string }; Querystring: { departure?: string } }>(
    '/tours/:slug/inquiry',
    async (req, reply) => {
      const { slug } = req.params;
      const tour = isTourSlug(slug) ? await catalogue.publishedTour(slug) : undefined;
      if (!tour) return sendNotFound(reply, await site.notFoundPlace(req.url));
      const id = /^\d{1,9}$/.test(req.query.departure ?? '') ? Number(req.query.departure) : null;
      const found = id === null ? undefined : await requestedDate(tour.id, id, tour.language);
      // Whatever its language, a tour's form is at /tours/{slug}/inquiry (slugs are unique across languages); the
      // visitor goes back to the tour at its language's address.
      const path = tourPath(slug, await site.prefixOf(tour.language));
      if (!found) return reply.redirect(`${path}#inquiry`, 303);
      const page = await site.inquiryFailed(
        {
          tour: { title: tour.title, path },
          action: inquiryPath(slug),
          state: { values: {}, fieldErrors: {}, ...(found.closed ? {} : { date: found.date }) },
          messages: found.closed ? [found.closed] : [],
        },
        originOf(req),
        tour.language,
      );
      return reply
        .code(found.closed ? 409 : 200)
        .headers({ ...SHELL_HEADERS, 'Cache-Control': 'no-store' })
        .type(HTML)
        .send(page);
    },
  );

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
      if (!tour) return sendNotFound(reply, await site.notFoundPlace(req.url));
      const form = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const parsed = contactInputSchema.safeParse({
        name: form.name,
        email: form.email,
        phone: form.phone,
        subject: `Tour: ${tour.title}`.slice(0, 255),
        message: form.message,
        website: form.website,
        post_id: tour.id,
        // A booking request's date and party ("Request this date"); a form field arrives as text.
        departure_id:
          typeof form.departure_id === 'string' && /^\d{1,9}$/.test(form.departure_id)
            ? Number(form.departure_id)
            : form.departure_id,
        adults: form.adults,
        children: form.children === '' ? undefined : form.children,
      });
      const values = Object.fromEntries(
        [...INQUIRY_FIELDS, ...PARTY_FIELDS].map((field) => [
          field,
          typeof form[field] === 'string' ? form[field] : '',
        ]),
      ) as InquiryFormState['values'];
      const departureId = typeof form.departure_id === 'string' ? Number(form.departure_id) : NaN;
      const requested = Number.isSafeInteger(departureId)
        ? await requestedDate(tour.id, departureId, tour.language)
        : undefined;
      const path = tourPath(slug, await site.prefixOf(tour.language));
      // The form again, with what the visitor typed and each field's error (or the whole's): nothing is retyped.
      // The messages are the contract's and the service's English ones, said in the tour's language.
      const refuse = async (status: number, errors: { field: string; message: string }[], english: string[]) => {
        const fieldErrors: InquiryFormState['fieldErrors'] = {};
        const messages = english.map((message) => inquiryMessageIn(tour.language, message));
        for (const { field, message } of errors) {
          const said = inquiryMessageIn(tour.language, message, field);
          if (
            (INQUIRY_FIELDS as readonly string[]).includes(field) ||
            (PARTY_FIELDS as readonly string[]).includes(field)
          )
            fieldErrors[field as InquiryField | PartyField] ??= said;
          else messages.push(said);
        }
        // The date stays chosen while it can still be requested; else the reason shows and the form asks no party.
        const date = requested && !requested.closed ? requested.date : undefined;
        const page = await site.inquiryFailed(
          {
            tour: { title: tour.title, path },
            action: inquiryPath(slug),
            state: { values, fieldErrors, ...(date ? { date } : {}) },
            messages,
          },
          originOf(req),
          tour.language,
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
      return reply.redirect(`${path}#${INQUIRY_SENT_FRAGMENT}`, 303);
    },
  );

  // The frames of staff HTML inside the documents above.
  for (const type of ['header', 'footer'] as const) {
    app.get(SITE_FRAME_URLS[type], PRECOMPRESSED, (req, reply) => {
      // The page's path, for its menu's current link (chromeFrameUrl): one cached frame per path.
      const current = currentPathOf(req.query);
      return serveCached(
        req,
        reply,
        cache,
        `frame ${type} ${current ?? ''}`,
        () => site.chromeFrame(type, current),
        FRAME_HEADERS,
      );
    });
  }

  // What the parent script says its frames measured (rendering/frame-heights.ts): only from the site's own pages.
  const heightReports = new MemoryThrottle(FRAME_HEIGHT_REPORTS_PER_MINUTE, 60_000);
  const pruneReports = setInterval(() => void heightReports.prune(), 60_000).unref();
  app.addHook('onClose', async () => clearInterval(pruneReports));
  app.post(SITE_FRAME_HEIGHTS_PATH, { bodyLimit: 4096 }, async (req, reply) => {
    if (req.headers['sec-fetch-site'] !== 'same-origin')
      throw new HttpError(403, "Frame heights are taken only from the site's own pages.");
    const parsed = frameHeightsReportSchema.safeParse(req.body);
    if (!parsed.success)
      throw new HttpError(
        422,
        'The frame heights are not valid.',
        parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message })),
      );
    const wait = await heightReports.attempt(clientKey(req.ip));
    if (wait > 0) throw new HttpError(429, 'Too many reports.', undefined, { 'Retry-After': String(wait) });
    site.recordFrameHeights(parsed.data.width, parsed.data.frames);
    return reply.code(204).header('Cache-Control', 'no-store').send();
  });

  app.get<{ Params: { slug: string } }>('/frame/site/tour/:slug', PRECOMPRESSED, (req, reply) => {
    const { slug } = req.params;
    return serveCached(
      req,
      reply,
      cache,
      `frame tour ${slug}`,
      () => site.tourFrame(slug),
      FRAME_HEADERS,
      () => isTourSlug(slug),
    );
  });
}
