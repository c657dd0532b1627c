import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import type { ContentCoding } from '../../http/content-coding.js';
import { COMPRESS_FROM_BYTES } from '../../http/compression.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One encoding of a rendered response: its bytes and its strong validator (each encoding has its own, RFC 9110). */
export interface EncodedBody {
  bytes: Buffer;
  etag: string;
}

/**
 * A response ready to send again and again: compressed once when it is rendered rather than on every request
 * (the global compression plugin is switched off for these routes), with an ETag per encoding.
 */
export interface RenderedResponse {
  contentType: string;
  encodings: Record<ContentCoding, EncodedBody>;
}

/** Types whose bytes are compressed already (WOFF2 is brotli inside). */
const ALREADY_COMPRESSED = new Set(['font/woff2']);

/**
 * Builds a cacheable response: the body, its brotli and gzip forms (not for a small or already compressed body),
 * and a strong ETag over the content. The
 * compression runs on libuv's thread pool, off the event loop: a burst of cache misses never stalls the requests
 * that hit.
 */
export async function renderedResponse(body: string | Buffer, contentType: string): Promise<RenderedResponse> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 32);
  const identity = { bytes, etag: `"${hash}"` };
  if (bytes.length < COMPRESS_FROM_BYTES || ALREADY_COMPRESSED.has(contentType))
    return { contentType, encodings: { br: identity, gzip: identity, identity } };
  // Paid once per change of the page, but inside the render a visitor waits for: quality 8, not 9. On the
  // catalogue's 29 KB page 9 took 17 ms against 8's 3 ms for 8 bytes less (6,596 against 6,604; 2026-11-27), and
  // CSS of 55–110 KB 2–10 times as long for under 1% less.
  const [br, gz] = await Promise.all([
    brotliAsync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 8, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return {
    contentType,
    encodings: { identity, br: { bytes: br, etag: `"${hash}-br"` }, gzip: { bytes: gz, etag: `"${hash}-gz"` } },
  };
}

/** The memory a response holds: each distinct body once (small ones share one buffer among their codings). */
export function responseBytes(response: RenderedResponse): number {
  const distinct = new Set(Object.values(response.encodings).map((encoding) => encoding.bytes));
  let total = 0;
  for (const bytes of distinct) total += bytes.length;
  return total;
}

/** True when an If-None-Match header names this ETag (or is `*`); weak comparison, as RFC 9110 asks for GET. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** The public site's cache holds at most this many bytes of responses unless told otherwise (SITE_CACHE_MB). */
export const RENDERED_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * What the cache needs of the hot path in front of it: to remember an answer by address, to forget the addresses of
 * an answer the cache let go (else the hot path would hold what the cache's bound let go), and to forget them all.
 */
export interface RememberedAnswers {
  remember(url: string, response: RenderedResponse, headers: Record<string, string>): void;
  forget(response: RenderedResponse): void;
  clear(): void;
}

/**
 * Rendered public documents kept in memory: a page costs its database
 * reads, its rendering and its compression once, then only a map lookup until something it is made of changes.
 * `invalidate` drops everything (writes are rare, pages few), and bumps a generation so that a render which began
 * before the write cannot store its stale result after it. Concurrent misses for one key share one render. The
 * map is bounded by the bytes it holds: past `maxBytes` the oldest entries go (catalogue searches are keys that
 * visitors choose), and a response bigger than a quarter of the bound is served but not kept.
 */
export class RenderedCache {
  private readonly entries = new Map<string, { response: RenderedResponse; bytes: number }>();
  private readonly pending = new Map<string, Promise<RenderedResponse | null>>();
  private generation = 0;
  private heldBytes = 0;

  /**
   * `hot`: where answers from this cache are remembered by address, to be sent before Fastify (the HotPath of
   * http/hot-path.ts); only given when an address alone names the document (the site's origin does not depend on
   * the request's Host).
   */
  constructor(
    private readonly maxBytes = RENDERED_CACHE_MAX_BYTES,
    readonly hot: RememberedAnswers | null = null,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The bytes of every response held. */
  get bytes(): number {
    return this.heldBytes;
  }

  invalidate(): void {
    this.hot?.clear();
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
    this.heldBytes = 0;
  }

  /** The cached response for the key, if there is one: the hot path, with no promise to wait for. */
  peek(key: string): RenderedResponse | undefined {
    return this.entries.get(key)?.response;
  }

  /** The cached response for the key, else the rendered one (stored unless render gives null or a write came between). */
  async get(key: string, render: () => Promise<RenderedResponse | null>): Promise<RenderedResponse | null> {
    const hit = this.entries.get(key);
    if (hit) return hit.response;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const rendering = render().finally(() => {
      if (this.pending.get(key) === rendering) this.pending.delete(key);
    });
    this.pending.set(key, rendering);
    const result = await rendering;
    if (result && generation === this.generation) this.keep(key, result);
    return result;
  }

  private keep(key: string, response: RenderedResponse): void {
    const bytes = responseBytes(response);
    if (bytes > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    while (this.heldBytes + bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.drop(oldestKey, oldest);
    }
    this.entries.set(key, { response, bytes });
    this.heldBytes += bytes;
  }

  private drop(key: string, entry: { response: RenderedResponse; bytes: number }): void {
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
    this.hot?.forget(entry.response);
  }
}
