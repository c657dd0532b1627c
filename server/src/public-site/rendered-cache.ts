import { createHash } from 'node:crypto';

/** A response ready to send again and again: the bytes, their type and their validator. */
export interface RenderedResponse {
  status: number;
  contentType: string;
  body: Buffer;
  etag: string;
}

/** Builds a cacheable response from a body: a strong ETag over its bytes. */
export function renderedResponse(body: string, contentType: string, status = 200): RenderedResponse {
  const bytes = Buffer.from(body, 'utf8');
  return { status, contentType, body: bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"` };
}

/** True when an If-None-Match header names this ETag (or is `*`); weak comparison, as RFC 9110 asks for GET. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Rendered public documents kept in memory (decisions §7, Performance in issue 6): a page costs its database
 * reads and its rendering once, then only a map lookup until something it is made of changes. `invalidate` drops
 * everything (writes are rare, pages few), and bumps a generation so that a render which began before the
 * write cannot store its stale result after it. Concurrent misses for one key share one render. The map is
 * bounded: past `maxEntries` the oldest entry goes (keys include the request's origin, which visitors choose).
 */
export class RenderedCache {
  private readonly entries = new Map<string, RenderedResponse>();
  private readonly pending = new Map<string, Promise<RenderedResponse | null>>();
  private generation = 0;

  constructor(private readonly maxEntries = 1000) {}

  get size(): number {
    return this.entries.size;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  /** The cached response for the key, else the rendered one (stored unless render gives null or a write came between). */
  async get(key: string, render: () => Promise<RenderedResponse | null>): Promise<RenderedResponse | null> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const rendering = render().finally(() => {
      if (this.pending.get(key) === rendering) this.pending.delete(key);
    });
    this.pending.set(key, rendering);
    const result = await rendering;
    if (result && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, result);
    }
    return result;
  }
}
