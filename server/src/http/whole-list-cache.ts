import type { FastifyReply } from 'fastify';
import { preferredCoding } from './content-coding.js';
import { encodeJsonText, sendEncodedJson, type EncodedJson } from './json-text.js';

/** What a node keeps of its whole lists, in all (their compressed bytes): 100,000 posts' German list is ~3 MB. */
export const WHOLE_LIST_CACHE_BYTES = 64 * 1024 * 1024;

export interface WholeListCache {
  /**
   * Sends the list `key` (a table's list, in one language or all) as it was read at `version`: from the cache when
   * this node encoded it at that version already, else read (`read`, its JSON text), encoded and kept. Requests for
   * a list being read wait for that reading instead of starting their own. Without a version (null), it is read
   * and sent, not kept.
   */
  send(reply: FastifyReply, key: string, version: number | null, read: () => Promise<string>): Promise<FastifyReply>;
}

/**
 * The whole lists a client asks for without parameters (`GET /posts/`: the spec's array, 40 MB of JSON at 100,000
 * posts with their translations, 1.4 s to read and compress), kept encoded until their table changes. "Changes"
 * is the database's word, not this node's: `list_versions` (migration 0040) is moved on by triggers in every
 * transaction that writes the table, through whichever node, so the caller reads the version first, then asks
 * here; a list read after the version it was asked at holds at least that version's rows, and is kept under it.
 *
 * Each list is kept once per coding (brotli, gzip, none) at its latest version; the least recently sent go first
 * when the whole passes `maxBytes`, and a list larger than a quarter of it is sent without being kept.
 */
export function createWholeListCache(maxBytes = WHOLE_LIST_CACHE_BYTES): WholeListCache {
  // Insertion order is recency: an entry sent is moved to the end.
  const kept = new Map<string, { version: number; encoded: EncodedJson }>();
  const reading = new Map<string, Promise<EncodedJson>>();
  let keptBytes = 0;

  const drop = (slot: string) => {
    const entry = kept.get(slot);
    if (!entry) return;
    keptBytes -= entry.encoded.body.length;
    kept.delete(slot);
  };

  const keep = (slot: string, version: number, encoded: EncodedJson) => {
    const current = kept.get(slot);
    // A slower reading of an older version never replaces a newer one.
    if (current && current.version > version) return;
    drop(slot);
    if (encoded.body.length > maxBytes / 4) return;
    kept.set(slot, { version, encoded });
    keptBytes += encoded.body.length;
    for (const oldest of kept.keys()) {
      if (keptBytes <= maxBytes) break;
      drop(oldest);
    }
  };

  return {
    async send(reply, key, version, read) {
      const coding = preferredCoding(reply.request.headers['accept-encoding']);
      if (version === null) return sendEncodedJson(reply, await encodeJsonText(await read(), coding));
      const slot = `${key}\n${coding}`;
      const entry = kept.get(slot);
      if (entry?.version === version) {
        kept.delete(slot);
        kept.set(slot, entry);
        return sendEncodedJson(reply, entry.encoded);
      }
      const pending = `${slot}\n${version}`;
      let encoded = reading.get(pending);
      if (!encoded) {
        encoded = read().then((json) => encodeJsonText(json, coding));
        reading.set(pending, encoded);
        // Kept once read; a failed reading is its requests' error, not kept.
        void encoded
          .then(
            (done) => keep(slot, version, done),
            () => undefined,
          )
          .finally(() => reading.delete(pending));
      }
      return sendEncodedJson(reply, await encoded);
    },
  };
}
