import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page, Post, RevisionList } from '@tours-cms/contract';
import { buildApp } from '../app.js';
import { createTestApp, DIALECTS, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestPage, createTestTour } from '../test/page-fixtures.js';
import { useTestClock } from '../test/test-clock.js';

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

forEachDialect('scheduled publishing', (dialect) => {
  const clock = useTestClock();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const putPost = (post: Pick<Post, 'id' | 'slug'>, payload: Record<string, unknown>) =>
    injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      payload: { title: 'Sunset sail', slug: post.slug, ...payload },
    });
  const getPost = async (id: number): Promise<Post> =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${id}` })).json();
  const history = async (type: 'posts' | 'pages', id: number): Promise<RevisionList> =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/${type}/${id}/revisions` })).json();
  const visit = (url: string) => t.app.inject({ method: 'GET', url });

  it('schedules a tour for a moment in UTC, keeps it off the site, and lists it with its time', async () => {
    const post = await createTestTour(t, { title: 'Sunset sail', slug: 'sunset-sail', status: 'draft' });
    const local = new Date(Date.now() + 2 * HOUR);
    // 2 hours ahead, written with a +01:00 offset: stored and answered as the same moment in UTC.
    const withOffset = new Date(local.getTime() + HOUR).toISOString().replace('Z', '+01:00');
    const res = await putPost(post, { status: 'scheduled', publish_at: withOffset });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', publish_at: local.toISOString(), version: 2 });

    expect((await visit('/tours/sunset-sail')).statusCode).toBe(404);
    expect((await visit('/sitemap.xml')).body).not.toContain('/tours/sunset-sail');
    const list = (await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/posts/' })).json();
    expect(list).toContainEqual(
      expect.objectContaining({ id: post.id, status: 'scheduled', publish_at: local.toISOString() }),
    );
  });

  it('publishes a due tour once: the site and sitemap show it, its history keeps the scheduled version', async () => {
    const post = await createTestTour(t, { title: 'Sunset sail', slug: 'sunset-sail', status: 'draft' });
    const at = inHours(1);
    await putPost(post, { status: 'scheduled', publish_at: at });

    expect(await t.app.ctx.services.posts.publishDue(inHours(0.5))).toBe(0); // not yet due
    expect(await t.app.ctx.services.posts.publishDue(inHours(1.5))).toBe(1);
    expect(await t.app.ctx.services.posts.publishDue(inHours(2))).toBe(0); // published once

    expect(await getPost(post.id)).toMatchObject({ status: 'published', publish_at: null, version: 3 });
    expect((await visit('/tours/sunset-sail')).statusCode).toBe(200);
    expect((await visit('/sitemap.xml')).body).toContain('/tours/sunset-sail');
    const versions = await history('posts', post.id);
    expect(versions.items[0]).toMatchObject({ version: 2, saved_by: { name: 'Editor One' } });
    const scheduled = (
      await injectAs(t.app, t.tokens.user, {
        method: 'GET',
        url: `/api/posts/${post.id}/revisions/${versions.items[0]!.id}`,
      })
    ).json();
    expect(scheduled.data).toMatchObject({ status: 'scheduled', publish_at: at });
  });

  it('reschedules, and sends back to draft (which clears the time and publishes nothing)', async () => {
    const post = await createTestTour(t, { slug: 'sunset-sail', status: 'draft' });
    await putPost(post, { status: 'scheduled', publish_at: inHours(1) });
    const later = inHours(5);
    expect((await putPost(post, { status: 'scheduled', publish_at: later })).json()).toMatchObject({
      status: 'scheduled',
      publish_at: later,
    });
    expect(await t.app.ctx.services.posts.publishDue(inHours(2))).toBe(0);
    expect((await putPost(post, { status: 'draft', publish_at: later })).json()).toMatchObject({
      status: 'draft',
      publish_at: null,
    });
    expect(await t.app.ctx.services.posts.publishDue(inHours(6))).toBe(0);
    expect((await getPost(post.id)).status).toBe('draft');
  });

  it.each([
    [
      'a scheduled status without a time',
      { status: 'scheduled' },
      'Publish at is required when the status is Scheduled',
    ],
    [
      'a time already past',
      { status: 'scheduled', publish_at: inHours(-1) },
      'Publish at must be in the future; to publish now, choose the status Published',
    ],
    [
      'a time that is not a date',
      { status: 'scheduled', publish_at: 'tomorrow at nine' },
      'Publish at must be a date and time with its offset, such as 2026-12-01T09:00:00Z',
    ],
    [
      'a time without its offset',
      { status: 'scheduled', publish_at: '2030-01-01T09:00:00' },
      'Publish at must be a date and time with its offset, such as 2026-12-01T09:00:00Z',
    ],
  ])('refuses %s with 422 on publish_at, and changes nothing', async (_name, change, message) => {
    const post = await createTestTour(t, { slug: 'sunset-sail', status: 'draft' });
    const res = await putPost(post, change);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ field: 'publish_at', message });
    expect(await getPost(post.id)).toMatchObject({ status: 'draft', publish_at: null, version: 1 });
    const created = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { title: 'New', slug: 'new', ...change },
    });
    expect(created.statusCode).toBe(422);
  });

  it('lets an item that fell due while open in an editor be saved with its own time, then publishes it', async () => {
    const post = await createTestTour(t, { slug: 'sunset-sail', status: 'draft' });
    const at = new Date(Date.now() + 1500).toISOString();
    await putPost(post, { status: 'scheduled', publish_at: at });
    clock.advance(1600); // the moment passes before the job runs
    const res = await putPost(post, { status: 'scheduled', publish_at: at, price: 50 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', publish_at: at, price: 50 });
    expect(await t.app.ctx.services.posts.publishDue()).toBe(1);
    expect((await getPost(post.id)).status).toBe('published');
  });

  it('restores a scheduled version whose time has passed as a draft, never publishing it', async () => {
    const post = await createTestTour(t, { slug: 'sunset-sail', status: 'draft' });
    await putPost(post, { status: 'scheduled', publish_at: new Date(Date.now() + 1000).toISOString() });
    clock.advance(1100);
    await putPost(post, { status: 'draft', title: 'Changed' });
    const scheduledVersion = (await history('posts', post.id)).items[0]!;
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${post.id}/revisions/${scheduledVersion.id}/restore`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Sunset sail', status: 'draft', publish_at: null });
  });

  it('schedules a page, publishes it at its time, and the site shows it at its address', async () => {
    const page = await createTestPage(t, {
      title: 'Winter offers',
      slug: 'winter-offers',
      status: 'draft',
      content: '<h1>Winter</h1>',
    });
    const at = inHours(1);
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: {
        title: 'Winter offers',
        slug: 'winter-offers',
        content: '<h1>Winter</h1>',
        status: 'scheduled',
        publish_at: at,
      },
    });
    expect(res.json()).toMatchObject({ status: 'scheduled', publish_at: at });
    const list: Page[] = (await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/pages/' })).json();
    expect(list.find((item) => item.id === page.id)).toMatchObject({ status: 'scheduled', publish_at: at });
    expect((await visit('/winter-offers')).statusCode).toBe(404);

    expect(await t.app.ctx.services.pages.publishDue(inHours(2))).toBe(1);
    expect((await visit('/winter-offers')).statusCode).toBe(200);
    expect((await visit('/sitemap.xml')).body).toContain('/winter-offers');
    expect((await history('pages', page.id)).items[0]).toMatchObject({ version: 2 });
  });
});

// Several server processes on one PostgreSQL: each runs the job, and each due item is published exactly once.
if (DIALECTS.includes('postgres')) {
  describe('scheduled publishing across processes [postgres]', () => {
    it('publishes every due item exactly once when two app instances run the job together', async () => {
      const t = await createTestApp('postgres');
      const second = await buildApp(t.config);
      try {
        const posts: Post[] = [];
        for (let i = 0; i < 6; i++) {
          const post = await createTestTour(t, { slug: `due-${i}`, status: 'draft' });
          await injectAs(t.app, t.tokens.editor, {
            method: 'PUT',
            url: `/api/posts/${post.id}`,
            payload: { title: `Due ${i}`, slug: post.slug, status: 'scheduled', publish_at: inHours(1) },
          });
          posts.push(post);
        }
        const later = inHours(2);
        const counts = await Promise.all([
          t.app.ctx.services.posts.publishDue(later),
          second.ctx.services.posts.publishDue(later),
          t.app.ctx.services.posts.publishDue(later),
          second.ctx.services.posts.publishDue(later),
        ]);
        expect(counts.reduce((sum, n) => sum + n, 0)).toBe(6);
        for (const post of posts) {
          const now = (await injectAs(second, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}` })).json();
          expect(now).toMatchObject({ status: 'published', version: 3 });
          const versions = (
            await injectAs(second, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}/revisions` })
          ).json();
          expect(versions.total).toBe(2); // the draft and the scheduled version: one publication
        }
      } finally {
        await second.close();
        await t.close();
      }
    });
  });
}
