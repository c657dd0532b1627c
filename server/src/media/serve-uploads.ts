import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import rangeParser from 'range-parser';
import { ACCEPTED_MEDIA_TYPES, acceptedMediaExtension } from '@tours-cms/contract';
import { MEDIA_CSP } from '../http/csp.js';
import { HttpError } from '../core/errors.js';
import { isMediaPath, type MediaStorage } from './storage.js';

/** Both URL readings of a `file_path`: `{host}/{file_path}` and `{host}/admin_vendor_api/{file_path}`. */
export const UPLOAD_PREFIXES = ['/uploads/', '/admin_vendor_api/uploads/'] as const;

/**
 * How long a browser keeps a file without asking again. Stored names are random, but "Replace file" writes new bytes
 * under an item's address and a file in the trash stops being served: five minutes, then the browser asks again
 * with the file's ETag (a 304 while it is unchanged). The admin reloads a replaced file into its own cache at once.
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=300';
const CACHE_CONTROL = MEDIA_CACHE_CONTROL;

/** A signed address is good for minutes: a browser may reuse the redirect for one of them. */
const REDIRECT_CACHE_CONTROL = 'private, max-age=60';

/** The Content-Type a stored file is served with: the type its bytes were checked against, never a guess. */
export function contentTypeOf(filePath: string): string {
  if (filePath.endsWith('.webp')) return 'image/webp';
  if (filePath.endsWith('.avif')) return 'image/avif';
  const extension = acceptedMediaExtension(filePath);
  if (!extension) return 'application/octet-stream';
  return extension === 'txt' ? 'text/plain; charset=utf-8' : ACCEPTED_MEDIA_TYPES[extension].mime;
}

/** Images and video are shown in place; anything else (PDF, text) downloads rather than opening under our address. */
function dispositionOf(contentType: string, filePath: string): string {
  if (contentType.startsWith('image/') || contentType.startsWith('video/')) return 'inline';
  const name = filePath
    .split('/')
    .pop()!
    .replace(/[^\w.-]/g, '_');
  return `attachment; filename="${name}"`;
}

const storeUnavailable = () =>
  new HttpError(503, 'The media storage did not answer. Try again in a moment.', undefined, { 'Retry-After': '30' });

/**
 * Sends one stored file, whatever the storage: `nosniff`, the sandbox policy, ETag and Last-Modified (304 to a
 * matching conditional request), and byte ranges (videos seek; 416 for a range past the end). Nothing outside the
 * media paths is ever read (`..`, dotfiles such as staging files, directories). With a bucket and
 * MEDIA_DELIVERY=redirect, the browser is sent to a short-lived signed address of the bucket instead.
 */
/** True for a file of a media item in the trash: it is kept for a restore, but not served meanwhile. */
export type IsWithdrawn = (filePath: string) => Promise<boolean>;

async function sendStoredFile(
  storage: MediaStorage,
  isWithdrawn: IsWithdrawn,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const filePath = `uploads/${(request.params as { '*': string })['*']}`;
  if (!isMediaPath(filePath) || (await isWithdrawn(filePath))) return reply.callNotFound();
  const contentType = contentTypeOf(filePath);
  const disposition = dispositionOf(contentType, filePath);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', MEDIA_CSP);

  const stat = await storage.stat(filePath).catch(() => {
    throw storeUnavailable();
  });
  if (!stat) return reply.callNotFound();

  const signed = await storage.signedUrl(filePath, {
    contentType,
    contentDisposition: disposition,
    cacheControl: CACHE_CONTROL,
  });
  if (signed) return reply.header('Cache-Control', REDIRECT_CACHE_CONTROL).redirect(signed, 302);

  const lastModified = new Date(stat.modifiedMs).toUTCString();
  reply.header('Content-Type', contentType);
  reply.header('Content-Disposition', disposition);
  reply.header('Cache-Control', CACHE_CONTROL);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('ETag', stat.etag);
  reply.header('Last-Modified', lastModified);
  if (fresh(request.headers, { etag: stat.etag, 'last-modified': lastModified })) return reply.status(304).send();

  let range: { start: number; end: number } | undefined;
  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (rangeHeader && (!ifRange || ifRange === stat.etag || ifRange === lastModified)) {
    const ranges = rangeParser(stat.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply.status(416).header('Content-Range', `bytes */${stat.size}`).send();
    }
    // A malformed header, or several ranges (multipart/byteranges, which no player needs): the whole file.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0]!;
  }
  const length = range ? range.end - range.start + 1 : stat.size;
  if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
  reply.header('Content-Length', length);
  if (request.method === 'HEAD') return reply.send();
  const body = await storage.read(filePath, range).catch(() => {
    throw storeUnavailable();
  });
  return reply.send(body);
}

/** Serves stored media at both URL readings of a file_path, outside the API and its no-store policy. */
export async function registerUploadedFiles(
  app: FastifyInstance,
  storage: MediaStorage,
  isWithdrawn: IsWithdrawn,
): Promise<void> {
  await app.register(async (files) => {
    // Files go out exactly as stored, never through the app's response compression: images and video already
    // are compressed, and a compressed 206 would answer a byte range of the original with bytes of something
    // else (and one ETag would name two different bodies). `x-no-compression` is @fastify/compress's own switch.
    files.addHook('onRequest', async (request) => {
      request.headers['x-no-compression'] = '1';
    });
    for (const prefix of UPLOAD_PREFIXES) {
      // HEAD declared here, not left to Fastify's own HEAD route, which answers an empty send with Content-Length: 0.
      files.route({
        method: ['GET', 'HEAD'],
        url: `${prefix}*`,
        handler: (request, reply) => sendStoredFile(storage, isWithdrawn, request, reply),
      });
    }
  });
}
