import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createWholeListCache } from './whole-list-cache.js';

/**
 * The cache behind the whole lists, on a real Fastify app: what it reads again and what it keeps. `version` and
 * `list` are query parameters here, so each test says which version of which list a request is read at.
 */
describe('whole list cache', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  /** An app whose `/list` sends, through the cache, a list of `size` numbers, counting its reads. */
  function listApp(maxBytes: number, size = 400) {
    const reads: string[] = [];
    let gate: Promise<void> = Promise.resolve();
    const cache = createWholeListCache(maxBytes);
    app = Fastify();
    app.get<{ Querystring: { list?: string; version?: string } }>('/list', (req, reply) => {
      const key = req.query.list ?? 'posts';
      const version = req.query.version === undefined ? null : Number(req.query.version);
      return cache.send(reply, key, version, async () => {
        reads.push(`${key}@${version}`);
        await gate;
        return JSON.stringify(Array.from({ length: size }, (_, i) => `${key} ${version} ${i}`));
      });
    });
    const get = async (query: string, coding = 'gzip') => {
      const res = await app.inject({ method: 'GET', url: `/list?${query}`, headers: { 'accept-encoding': coding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
      return JSON.parse(body.toString('utf8')) as string[];
    };
    return {
      reads,
      get,
      hold: () => {
        let open!: () => void;
        gate = new Promise((resolve) => (open = resolve));
        return () => open();
      },
    };
  }

  it('reads a list once per version and coding, and again when the version moves', async () => {
    const { reads, get } = listApp(1024 * 1024);
    expect((await get('version=1'))[0]).toBe('posts 1 0');
    await get('version=1');
    await get('version=1', 'identity');
    expect(reads).toEqual(['posts@1', 'posts@1']);
    expect((await get('version=2'))[0]).toBe('posts 2 0');
    expect(reads).toEqual(['posts@1', 'posts@1', 'posts@2']);
  });

  it('keeps nothing without a version', async () => {
    const { reads, get } = listApp(1024 * 1024);
    await get('');
    await get('');
    expect(reads).toEqual(['posts@null', 'posts@null']);
  });

  it('has clients asking during a reading wait for it instead of reading again', async () => {
    const { reads, get, hold } = listApp(1024 * 1024);
    const open = hold();
    const answers = Promise.all([get('version=3'), get('version=3'), get('version=3')]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    open();
    const [a, b, c] = await answers;
    expect(a).toEqual(b);
    expect(b).toEqual(c);
    expect(reads).toEqual(['posts@3']);
  });

  it('lets the least recently sent list go when the cache is full', async () => {
    // Room for four lists of this size (each gzips to about the same bytes), not five.
    const one = gzipSync(JSON.stringify(Array.from({ length: 400 }, (_, i) => `a 1 ${i}`))).length;
    const { reads, get } = listApp(Math.floor(4.5 * one));
    for (const list of ['a', 'b', 'c', 'd']) await get(`list=${list}&version=1`);
    await get('list=a&version=1'); // a is now the latest sent: b the oldest
    await get('list=e&version=1');
    reads.length = 0;
    for (const list of ['a', 'c', 'd', 'e']) await get(`list=${list}&version=1`);
    expect(reads).toEqual([]);
    await get('list=b&version=1');
    expect(reads).toEqual(['b@1']);
  });

  it('never keeps a list larger than a quarter of the cache', async () => {
    const one = gzipSync(JSON.stringify(Array.from({ length: 400 }, (_, i) => `posts 1 ${i}`))).length;
    const { reads, get } = listApp(Math.floor(3.5 * one));
    await get('version=1');
    await get('version=1');
    expect(reads).toEqual(['posts@1', 'posts@1']);
  });
});
