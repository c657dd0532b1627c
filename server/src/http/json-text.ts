import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { ContentCoding } from './content-coding.js';
import { BROTLI_QUALITY, COMPRESS_FROM_BYTES } from './compression.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON text as it is sent: its bytes in the coding they are in. */
export interface EncodedJson {
  body: Buffer;
  coding: ContentCoding;
}

/**
 * JSON text made elsewhere (by the database: a whole list) in the coding the client asked for, compressed in one
 * call on libuv's thread pool at the app's own settings (brotli's quality, zlib's default level), rather than by
 * the compression plugin, which pipes a body through a stream in 16 KB pieces: on the 40 MB of 100,000 posts with
 * their translations that cost 0.6 s more than the compressing itself (bench/src/posts-language.ts, 2026-11-27).
 * Small text is left as it is.
 */
export async function encodeJsonText(json: string, coding: ContentCoding): Promise<EncodedJson> {
  const bytes = Buffer.from(json, 'utf8');
  if (bytes.length < COMPRESS_FROM_BYTES || coding === 'identity') return { body: bytes, coding: 'identity' };
  const body =
    coding === 'br'
      ? await brotliAsync(bytes, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        })
      : await gzipAsync(bytes);
  return { body, coding };
}

/**
 * Sends encoded JSON text as it is. Fastify serializes no Buffer, so the route's response schema still documents
 * the shape, and the tests that check answers against it hold it.
 */
export function sendEncodedJson(reply: FastifyReply, { body, coding }: EncodedJson): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  // The plugin leaves an answer that names its coding as it is.
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.send(body);
}
