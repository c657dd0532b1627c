import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Post, PostListItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { createTestTour, useTestLanguages } from '../../test/page-fixtures.js';

/**
 * The whole list (`GET /posts/` without parameters, the spec's array) is kept encoded by each node until the posts
 * change (http/whole-list-cache.ts, migration 0040): whatever changed them, through this node or straight in the
 * database (another node, a scheduled publish, a restore), the next list shows it, in every coding and language.
 */
forEachDialect('the whole posts list, kept until the posts change', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const decode: Record<string, (body: Buffer) => Buffer> = {
    br: brotliDecompressSync,
    gzip: gunzipSync,
    identity: (body) => body,
  };

  /** The list as a client accepting `coding` reads it, checked to come in that coding. */
  async function list(coding: 'br' | 'gzip' | 'identity', query = ''): Promise<PostListItem[]> {
    const res = await injectAs(t.app, t.tokens.user, {
      method: 'GET',
      url: `/api/posts/${query}`,
      headers: { 'accept-encoding': coding },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = (res.headers['content-encoding'] as string | undefined) ?? 'identity';
    const text = decode[sent]!(res.rawPayload).toString('utf8');
    // Under 1 KB (an empty list) it comes as it is.
    expect(sent).toBe(Buffer.byteLength(text) < 1024 ? 'identity' : coding);
    return JSON.parse(text);
  }
  const titles = async (coding: 'br' | 'gzip' | 'identity', query = '') =>
    (await list(coding, query)).map((post) => post.title);

  /** Enough posts that the list is compressed (it is sent as it is under 1 KB). */
  async function createPosts(n: number): Promise<Post[]> {
    const posts: Post[] = [];
    for (let i = 0; i < n; i += 1) posts.push(await createTestTour(t));
    return posts;
  }

  it('shows a post created, retitled and deleted through the API at the next list, in every coding', async () => {
    const [first] = await createPosts(6);
    for (const coding of ['br', 'gzip', 'identity'] as const) {
      expect(await titles(coding)).toHaveLength(6);
      // Asked again: the same answer.
      expect(await titles(coding)).toHaveLength(6);
    }

    const [added] = await createPosts(1);
    for (const coding of ['br', 'gzip', 'identity'] as const) expect((await titles(coding))[0]).toBe(added!.title);

    const renamed = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/posts/${first!.id}`,
      payload: { title: 'Tram 28 at dawn', slug: first!.slug, status: 'published' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const coding of ['br', 'gzip', 'identity'] as const) {
      expect(await titles(coding)).toContain('Tram 28 at dawn');
      expect(await titles(coding)).not.toContain(first!.title);
    }

    const deleted = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/posts/${added!.id}` });
    expect(deleted.statusCode).toBe(204);
    for (const coding of ['br', 'gzip', 'identity'] as const) {
      const now = await list(coding);
      expect(now).toHaveLength(6);
      expect(now.map((post) => post.id)).not.toContain(added!.id);
    }
  });

  it('shows a change written straight into the database (as another node or a scheduled publish writes it) at once', async () => {
    const posts = await createPosts(6);
    expect(await titles('br')).not.toContain('Written elsewhere');
    await t.app.ctx.db.kysely
      .updateTable('posts')
      .set({ title: 'Written elsewhere' })
      .where('id', '=', posts[2]!.id)
      .execute();
    expect(await titles('br')).toContain('Written elsewhere');

    // Many rows in one statement, and every row gone, are changes too.
    await t.app.ctx.db.kysely.updateTable('posts').set({ status: 'draft' }).execute();
    expect(new Set((await list('gzip')).map((post) => post.status))).toEqual(new Set(['draft']));
    await t.app.ctx.db.kysely.deleteFrom('posts').execute();
    expect(await list('gzip')).toEqual([]);
  });

  it('keeps a write that was rolled back out of the list, and lists what was committed', async () => {
    const posts = await createPosts(6);
    expect(await titles('br')).toHaveLength(6);
    await expect(
      t.app.ctx.db.kysely.transaction().execute(async (tx) => {
        await tx.updateTable('posts').set({ title: 'Never saved' }).where('id', '=', posts[0]!.id).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await titles('br')).not.toContain('Never saved');
    await t.app.ctx.db.kysely.transaction().execute(async (tx) => {
      await tx.updateTable('posts').set({ title: 'Saved at last' }).where('id', '=', posts[0]!.id).execute();
    });
    expect(await titles('br')).toContain('Saved at last');
  });

  it('keeps each language’s list apart, and a translation changes both', async () => {
    await useTestLanguages(t);
    const posts = await createPosts(6);
    expect(await titles('br', '?language=de')).toEqual([]);
    expect(await titles('br')).toHaveLength(6);

    const translated = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${posts[0]!.id}/translations`,
      payload: { language: 'de' },
    });
    expect(translated.statusCode, translated.body).toBe(201);
    const german = (await list('br', '?language=de')).map((post) => post.id);
    expect(german).toEqual([translated.json().id]);
    const all = await list('br');
    expect(all).toHaveLength(7);
    // The source's row names its new translation.
    expect(all.find((post) => post.id === posts[0]!.id)!.translations.map((link) => link.language)).toEqual(['de']);
    expect((await list('br', '?language=en')).map((post) => post.language)).toEqual(Array(6).fill('en'));
  });

  it('answers many clients asking at once the same list', async () => {
    await createPosts(8);
    const answers = await Promise.all(Array.from({ length: 6 }, () => titles('br')));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toHaveLength(8);
  });
});
