import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { preferredCoding } from './content-coding.js';
import { BROTLI_QUALITY, COMPRESS_FROM_BYTES } from './compression.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Sends JSON text made elsewhere (by the database: a whole list) as it is. Fastify serializes no string, so the
 * route's response schema still documents the shape, and the tests that check answers against it hold it.
 *
 * The text is compressed here, in one call on libuv's thread pool, at the app's own settings (brotli's quality,
 * zlib's default level), rather than by the compression plugin, which pipes a body through a stream in 16 KB
 * pieces: on the 40 MB of 100,000 posts with their translations that cost 0.6 s more than the compressing itself
 * (bench/src/posts-language.ts, 2026-11-27).
 */
export async function sendJsonText(reply: FastifyReply, json: string): Promise<FastifyReply> {
  const bytes = Buffer.from(json, 'utf8');
  const coding = preferredCoding(reply.request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (bytes.length < COMPRESS_FROM_BYTES || coding === 'identity') return reply.send(bytes);
  const body =
    coding === 'br'
      ? await brotliAsync(bytes, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        })
      : await gzipAsync(bytes);
  // The plugin leaves an answer that names its coding as it is.
  return reply.header('content-encoding', coding).send(body);
}
