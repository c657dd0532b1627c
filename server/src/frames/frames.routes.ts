import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FRAME_URLS } from '@tours-cms/contract';
import { FRAME_CSP } from '../http/csp.js';
import { editorFrameDocument, type FrameMode } from './frame-documents.js';

const require = createRequire(import.meta.url);
const TAILWIND_FILE = require.resolve('@tailwindcss/browser');
const FONT_AWESOME_DIR = path.dirname(require.resolve('@fortawesome/fontawesome-free/package.json'));
/** The frame runtime is built by the admin's build (admin/vite.frame.config.ts) under a stable name. */
const RUNTIME_DIR = fileURLToPath(new URL('../../../admin/dist/frame/', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};
const SAFE_FILE_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

const VENDOR_CACHE = 'public, max-age=86400';
const REVALIDATE = 'no-cache';

function etagOf(stat: fs.Stats): string {
  return `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

/** Sends a file with an ETag (304 when unchanged); a missing file is a plain 404. */
async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  file: string,
  cacheControl: string,
): Promise<FastifyReply> {
  const type = TYPES[path.extname(file)];
  const stat = type ? await fs.promises.stat(file).catch(() => null) : null;
  if (!type || !stat?.isFile()) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  const etag = etagOf(stat);
  reply.header('ETag', etag).header('Cache-Control', cacheControl).header('Access-Control-Allow-Origin', '*');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(type).header('Content-Length', stat.size).send(fs.createReadStream(file));
}

/**
 * The sandboxed content frames and what they load: /frame/canvas.html (the rich text editor's
 * editing canvas), /frame/preview.html (render-only: previews, the component viewer, code runs), the frame runtime
 * at /frame/runtime.js, and Tailwind's browser build and Font Awesome at /vendor/. Every file that a frame loads
 * answers `Access-Control-Allow-Origin: *`, because the frames have an opaque origin (fonts are fetched with CORS).
 */
export async function registerFrames(app: FastifyInstance): Promise<void> {
  const documents: Record<FrameMode, { html: string; etag: string }> = {
    canvas: { html: editorFrameDocument('canvas'), etag: '' },
    preview: { html: editorFrameDocument('preview'), etag: '' },
  };
  for (const doc of Object.values(documents))
    doc.etag = `"${createHash('sha1').update(doc.html).digest('hex').slice(0, 16)}"`;

  for (const mode of ['canvas', 'preview'] as const) {
    app.get(FRAME_URLS[mode], async (req, reply) => {
      const { html, etag } = documents[mode];
      reply.header('Content-Security-Policy', FRAME_CSP).header('Cache-Control', REVALIDATE).header('ETag', etag);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    });
  }

  app.get<{ Params: { file: string } }>('/frame/:file', async (req, reply) => {
    const { file } = req.params;
    if (!SAFE_FILE_NAME.test(file) || !file.startsWith('runtime.'))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return sendFile(req, reply, path.join(RUNTIME_DIR, file), REVALIDATE);
  });

  app.get(FRAME_URLS.tailwind, async (req, reply) => sendFile(req, reply, TAILWIND_FILE, VENDOR_CACHE));

  app.get<{ Params: { folder: string; file: string } }>('/vendor/fontawesome/:folder/:file', async (req, reply) => {
    const { folder, file } = req.params;
    if ((folder !== 'css' && folder !== 'webfonts') || !SAFE_FILE_NAME.test(file)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendFile(req, reply, path.join(FONT_AWESOME_DIR, folder, file), VENDOR_CACHE);
  });
}
