import { z } from 'zod';
import { idSchema, timestampsSchema } from './common.js';
import { URL_MAX } from './limits.js';
import { urlScheme } from './url-protocols.js';

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** Paths the server answers itself: a redirect may not start at one of them (decisions §13, issue 12). */
export const REDIRECT_RESERVED_PREFIXES = [
  '/admin',
  '/admin_vendor_api',
  '/api',
  '/uploads',
  '/frame',
  '/vendor',
  '/healthz',
  '/readyz',
  '/sitemap.xml',
  '/robots.txt',
];

/** True when the path is, or is under, one of the server's own paths. */
export function isReservedRedirectPath(path: string): boolean {
  const lower = path.toLowerCase();
  return REDIRECT_RESERVED_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** A site path as redirects store it: one leading slash, no query or fragment, no trailing slash (but `/`). */
export function normalizeRedirectPath(path: string): string {
  const trimmed = path.trim().replace(/[?#].*$/, '');
  const collapsed = `/${trimmed.replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

const fromPathSchema = z
  .string({ message: 'From path is required' })
  .trim()
  .min(1, 'From path is required')
  .max(URL_MAX, `From path must be at most ${URL_MAX} characters`)
  .refine(
    (path) => path.startsWith('/') && !path.startsWith('//'),
    'From path must be a path on this site, starting with /',
  )
  .refine((path) => !/[\s<>"\\]/.test(path), 'From path may not contain spaces, quotes, angle brackets or backslashes')
  .transform(normalizeRedirectPath)
  .refine((path) => path !== '/', 'The home page cannot be redirected')
  .refine(
    (path) => !isReservedRedirectPath(path),
    'From path is one of the server’s own addresses (/admin, /api, /uploads...)',
  );

const toSchema = z
  .string({ message: 'To is required' })
  .trim()
  .min(1, 'To is required')
  .max(URL_MAX, `To must be at most ${URL_MAX} characters`)
  .refine((to) => !/[\s<>"\\]/.test(to), 'To may not contain spaces, quotes, angle brackets or backslashes')
  .refine((to) => {
    if (to.startsWith('/')) return !to.startsWith('//');
    const scheme = urlScheme(to);
    return scheme === 'http' || scheme === 'https';
  }, 'To must be a path on this site (starting with /) or an http(s) URL')
  .transform((to) =>
    to.startsWith('/') ? normalizeRedirectPath(to) + (/[?#]/.test(to) ? to.slice(to.search(/[?#]/)) : '') : to,
  );

/** POST and PUT /redirects: from a path to a path or URL, permanent (301) or temporary (302). */
export const redirectInputSchema = z.object({
  from_path: fromPathSchema,
  to: toSchema,
  status_code: z
    .union([z.literal(301), z.literal(302)], { message: 'Status must be 301 (permanent) or 302 (temporary)' })
    .default(301),
});
export type RedirectInput = z.input<typeof redirectInputSchema>;
export type RedirectData = z.output<typeof redirectInputSchema>;

export const redirectSchema = z.object({
  id: idSchema,
  from_path: z.string(),
  to: z.string(),
  status_code: z.number().int(),
  hits: z.number().int(),
  /** True for the redirects the server made when a published page or tour changed its slug. */
  automatic: z.boolean(),
  ...timestampsSchema.shape,
});
export type Redirect = z.infer<typeof redirectSchema>;
