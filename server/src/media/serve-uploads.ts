import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCEPTED_MEDIA_TYPES, acceptedMediaExtension } from '@tours-cms/contract';
import type { MediaStorage } from './storage.js';

/** Both URL readings of a `file_path`: `{host}/{file_path}` and `{host}/admin_vendor_api/{file_path}`. */
export const UPLOAD_PREFIXES = ['/uploads/', '/admin_vendor_api/uploads/'] as const;

/** Stored names are random and never reused, so a browser may keep a file a day without asking again. */
const CACHE_CONTROL = 'public, max-age=86400';

/** The Content-Type a stored file is served with: the type its bytes were checked against, never a guess. */
function contentTypeOf(filePath: string): string {
  if (filePath.endsWith('.thumb.webp')) return 'image/webp';
  const extension = acceptedMediaExtension(filePath);
  if (!extension) return 'application/octet-stream';
  return extension === 'txt' ? 'text/plain; charset=utf-8' : ACCEPTED_MEDIA_TYPES[extension].mime;
}

/**
 * Every stored file is sent with a policy that runs nothing and loads nothing: an uploaded PDF, SVG-looking text or
 * HTML-looking text opened straight from our origin is inert there (`sandbox` gives it an opaque origin of its own).
 */
export const MEDIA_CSP = "sandbox; default-src 'none'";

/** Images and video are shown in place; anything else (PDF, text) downloads rather than opening under our address. */
function dispositionOf(contentType: string, filePath: string): string {
  if (contentType.startsWith('image/') || contentType.startsWith('video/')) return 'inline';
  const name = filePath.split('/').pop()!.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${name}"`;
}

/**
 * Serves the upload root read-only with ETag, Last-Modified and Range (videos seek), `nosniff`, and never a
 * directory listing, a dotfile (staging files are dotfiles) or anything outside the root (@fastify/send
 * refuses `..`). Registered at the root, outside the API and its no-store policy.
 */
export async function registerUploadedFiles(app: FastifyInstance, storage: MediaStorage): Promise<void> {
  await app.register(async (files) => {
    // Files go out exactly as stored, never through the app's response compression: images and video already
    // are compressed, and a compressed 206 would answer a byte range of the original with bytes of something
    // else (and one ETag would name two different bodies). `x-no-compression` is @fastify/compress's own switch.
    files.addHook('onRequest', async (request) => {
      request.headers['x-no-compression'] = '1';
    });
    for (const prefix of UPLOAD_PREFIXES) {
      await files.register(fastifyStatic, {
        root: storage.uploadsDir,
        prefix,
        // admin-static.ts already gave replies sendFile; these registrations only serve.
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'ignore',
        etag: true,
        lastModified: true,
        acceptRanges: true,
        cacheControl: false,
        setHeaders(reply: FastifyReply, filePath: string) {
          const contentType = contentTypeOf(filePath);
          reply.header('Content-Type', contentType);
          reply.header('Content-Disposition', dispositionOf(contentType, filePath));
          reply.header('Content-Security-Policy', MEDIA_CSP);
          reply.header('X-Content-Type-Options', 'nosniff');
          reply.header('Cache-Control', CACHE_CONTROL);
        },
      });
    }
  });
}
