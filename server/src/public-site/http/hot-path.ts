import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestIdFrom, type ProxyCheck } from '../../lifecycle.js';
import { preferredCoding, type ContentCoding } from '../../http/content-coding.js';
import { matchesEtag, type RenderedResponse } from '../rendering/rendered-cache.js';

/** Headers every answer of the app carries (app.ts's onSend hook), which the hot path must send too. */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Addresses remembered at most: catalogue searches are addresses visitors choose. */
export const HOT_PATH_MAX_ENTRIES = 10_000;
/** An address longer than this is left to the ordinary path. */
const HOT_URL_MAX_CHARS = 1024;

/**
 * One remembered answer: its response and, per coding, the headers of a 200 and of a 304, built once as the flat
 * name, value, name, value list that `writeHead` takes. A list copied and extended per request costs far less than
 * an object spread with one more key (a new hidden class each time, then a megamorphic walk over its keys).
 */
interface HotEntry {
  response: RenderedResponse;
  ok: Record<ContentCoding, readonly string[]>;
  notModified: Record<ContentCoding, readonly string[]>;
}

/** The headers as `writeHead`'s flat list (name, value, name, value...). */
function headerList(headers: Record<string, string>): readonly string[] {
  return Object.entries(headers).flat();
}

/** A copy of a remembered header list with this answer's request id. */
function withRequestId(headers: readonly string[], requestId: string): string[] {
  const list = headers.slice();
  list.push('X-Request-Id', requestId);
  return list;
}

/** The request headers the hot path reads, taken from the raw list (Node builds `req.headers` only when asked). */
interface HotRequestHeaders {
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  requestId: string | undefined;
  hasBody: boolean;
}

function readHeaders(raw: string[]): HotRequestHeaders {
  const headers: HotRequestHeaders = {
    acceptEncoding: undefined,
    ifNoneMatch: undefined,
    requestId: undefined,
    hasBody: false,
  };
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // Cheap first test on the length, then a case-insensitive comparison.
    if (name.length === 15 && name.toLowerCase() === 'accept-encoding')
      headers.acceptEncoding =
        headers.acceptEncoding === undefined ? raw[i + 1] : `${headers.acceptEncoding}, ${raw[i + 1]}`;
    else if (name.length === 13 && name.toLowerCase() === 'if-none-match')
      headers.ifNoneMatch = headers.ifNoneMatch === undefined ? raw[i + 1] : `${headers.ifNoneMatch}, ${raw[i + 1]}`;
    else if (name.length === 12 && name.toLowerCase() === 'x-request-id') headers.requestId = raw[i + 1];
    else if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') headers.hasBody = true;
    else if (name.length === 14 && name.toLowerCase() === 'content-length' && raw[i + 1]!.trim() !== '0')
      headers.hasBody = true;
  }
  return headers;
}

/**
 * Cached public documents answered from the HTTP server's own request event, before Fastify (issue 15): a
 * visitor's GET of an address whose document is in the cache costs a map lookup, the Accept-Encoding and
 * If-None-Match checks and one write, the same work as a bare `node:http` server. No hook, routing, request object
 * or reply object is made for it. An address is remembered once the ordinary path has answered it from the cache
 * (so every check that path makes, of the address, the method, the origin, was made once) with exactly the headers
 * that path sent; everything is forgotten at the next change to the site, with the cache. Requests with a body,
 * other methods, and every address not remembered go to Fastify as before.
 */
export class HotPath {
  private readonly entries = new Map<string, HotEntry>();
  /** The addresses remembered for each answer, to forget them when the cache lets the answer go. */
  private readonly addresses = new Map<RenderedResponse, Set<string>>();
  private readonly codings = new Map<string, ContentCoding>();
  private enabled = true;
  /** Requests answered here since the start. */
  served = 0;

  /**
   * `isTrustedProxy`: whose X-Request-Id is taken as the request's id (as app.ts's genReqId does).
   * `idleTimeoutMs`: how long a connection may stall before it closes (IDLE_TIMEOUT_SECONDS).
   */
  constructor(private readonly options: { isTrustedProxy: ProxyCheck; idleTimeoutMs: number }) {}

  get size(): number {
    return this.entries.size;
  }

  /** Remembers the answer to `url`, with the headers the ordinary path sends beside the body's own. */
  remember(url: string, response: RenderedResponse, headers: Record<string, string>): void {
    if (!this.enabled || url.length > HOT_URL_MAX_CHARS || this.entries.get(url)?.response === response) return;
    if (this.entries.size >= HOT_PATH_MAX_ENTRIES && !this.entries.has(url))
      this.delete(this.entries.keys().next().value!);
    this.delete(url);
    const ok = {} as HotEntry['ok'];
    const notModified = {} as HotEntry['notModified'];
    for (const coding of ['br', 'gzip', 'identity'] as const) {
      const { bytes, etag } = response.encodings[coding];
      const common = {
        ETag: etag,
        'Cache-Control': 'no-cache',
        Vary: 'Accept-Encoding',
        ...BASELINE_HEADERS,
        ...headers,
      };
      notModified[coding] = headerList(common);
      const encoded: Record<string, string> =
        bytes !== response.encodings.identity.bytes ? { 'Content-Encoding': coding } : {};
      ok[coding] = headerList({
        ...common,
        ...encoded,
        'Content-Type': response.contentType,
        'Content-Length': String(bytes.length),
      });
    }
    this.entries.set(url, { response, ok, notModified });
    const addresses = this.addresses.get(response);
    if (addresses) addresses.add(url);
    else this.addresses.set(response, new Set([url]));
  }

  /** Forgets the addresses of an answer the cache no longer holds. */
  forget(response: RenderedResponse): void {
    for (const url of this.addresses.get(response) ?? []) this.entries.delete(url);
    this.addresses.delete(response);
  }

  /** Forgets every answer (the site changed). */
  clear(): void {
    this.entries.clear();
    this.addresses.clear();
  }

  private delete(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    const addresses = this.addresses.get(entry.response);
    addresses?.delete(url);
    if (addresses?.size === 0) this.addresses.delete(entry.response);
  }

  /** Stops answering (the server is closing: Fastify then answers new requests 503). */
  disable(): void {
    this.enabled = false;
    this.clear();
  }

  /** Answers the request when its address is remembered; false sends it on to Fastify. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || this.entries.size === 0) return false;
    const entry = this.entries.get(req.url!);
    if (!entry) return false;
    const headers = readHeaders(req.rawHeaders);
    if (headers.hasBody) return false;
    this.served += 1;
    const coding = this.codingOf(headers.acceptEncoding);
    const { bytes, etag } = entry.response.encodings[coding];
    // Every answer names its request, as app.ts's onSend hook does (a visitor can quote it; logs carry it).
    const requestId = requestIdFrom(
      headers.requestId,
      req.socket.remoteAddress,
      this.options.isTrustedProxy,
      randomUUID,
    );
    if (matchesEtag(headers.ifNoneMatch, etag)) {
      res.writeHead(304, withRequestId(entry.notModified[coding], requestId));
      res.end();
    } else {
      res.writeHead(200, withRequestId(entry.ok[coding], requestId));
      if (method === 'HEAD') res.end();
      else res.end(bytes);
    }
    // Node disarmed the connection's idle timeout when this request began (request-deadline.ts) and arms its
    // keep-alive timeout only once the socket has taken the whole answer; until then, a visitor that stops reading
    // a large page would hold the connection for good, so the idle timeout is armed again. A page the socket took
    // at once (the usual case) costs no timer.
    const socket = res.socket;
    if (socket !== null && socket.writableLength > 0) socket.setTimeout(this.options.idleTimeoutMs);
    return true;
  }

  /** The coding for an Accept-Encoding header; browsers send a handful of distinct values, so they are kept. */
  private codingOf(acceptEncoding: string | undefined): ContentCoding {
    if (acceptEncoding === undefined) return 'identity';
    let coding = this.codings.get(acceptEncoding);
    if (coding === undefined) {
      coding = preferredCoding(acceptEncoding);
      if (this.codings.size < 256) this.codings.set(acceptEncoding, coding);
    }
    return coding;
  }
}
