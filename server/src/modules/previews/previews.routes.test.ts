import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CreatedPreviewLink, PreviewLink } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { createTestPage, createTestTour } from '../../test/page-fixtures.js';

forEachDialect('draft preview links', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const makeLink = async (
    base: string,
    id: number,
    payload: Record<string, unknown> = {},
  ): Promise<CreatedPreviewLink> => {
    const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: `/api/${base}/${id}/previews`, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const visit = (url: string) => t.app.inject({ method: 'GET', url });

  it('shows a draft page exactly as the site would, with a Preview banner, noindex and nothing cached', async () => {
    const page = await createTestPage(t, {
      title: 'Autumn offers',
      slug: 'autumn',
      status: 'draft',
      content: '<h1>Autumn deals</h1>',
    });
    expect((await visit('/autumn')).statusCode).toBe(404);
    const link = await makeLink('pages', page.id);
    expect(link.url).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ revoked: false, created_by: { name: 'Editor One' } });
    const res = await visit(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Preview: this draft is not published.');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).toContain('&lt;h1&gt;Autumn deals&lt;/h1&gt;'.replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
    expect(res.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
    });
    // About seven days by default.
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('renders a link once per saved draft: the same version is answered from the cache, a save shows at once', async () => {
    const page = await createTestPage(t, { title: 'Offers', slug: 'offers', status: 'draft', content: '<p>First</p>' });
    const tour = await createTestTour(t, { title: 'Walk', slug: 'walk', status: 'draft', content: '<p>Trail</p>' });
    const pageLink = await makeLink('pages', page.id);
    const tourLink = await makeLink('posts', tour.id);
    const frameUrl = tourLink.url.replace('/preview/', '/frame/site/preview/');
    expect((await visit(pageLink.url)).body).toContain('<p>First</p>');
    expect((await visit(frameUrl)).body).toContain('<p>Trail</p>');
    // Changed under the server's feet, its version kept: a link opened again costs no render, so shows the old text.
    await t.app.ctx.db.kysely
      .updateTable('pages')
      .set({ content: '<p>Sneaked</p>' })
      .where('id', '=', page.id)
      .execute();
    await t.app.ctx.db.kysely
      .updateTable('posts')
      .set({ content: '<p>Sneaked</p>' })
      .where('id', '=', tour.id)
      .execute();
    expect((await visit(pageLink.url)).body).toContain('<p>First</p>');
    expect((await visit(frameUrl)).body).toContain('<p>Trail</p>');
    // A save makes a new version, which the next visit renders.
    const saved = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { title: 'Offers', slug: 'offers', status: 'draft', content: '<p>Second</p>', version: page.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await visit(pageLink.url)).body).toContain('<p>Second</p>');
    // Revoking ends the cached link at once.
    const [listed] = (
      await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/pages/${page.id}/previews` })
    ).json<PreviewLink[]>();
    await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/pages/${page.id}/previews/${listed!.id}` });
    expect((await visit(pageLink.url)).statusCode).toBe(404);
  });

  it('shows a draft tour, its content in a frame that only the link opens', async () => {
    const tour = await createTestTour(t, {
      title: 'Winter walk',
      slug: 'winter-walk',
      status: 'draft',
      content: '<p id="c">Cold and clear</p>',
      price: 20,
    });
    const link = await makeLink('posts', tour.id);
    const res = await visit(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="title">Winter walk</h1>');
    expect(res.body).toContain('Preview: this draft is not published.');
    const token = link.url.split('/').pop()!;
    expect(res.body).toContain(`src="/frame/site/preview/${token}"`);
    expect((await visit(`/frame/site/preview/${token}`)).body).toContain('<p id="c">Cold and clear</p>');
    expect((await visit('/frame/site/tour/winter-walk')).statusCode).toBe(404);
  });

  it('answers the 404 screen for a revoked, expired, altered or unknown token, and a page link opens no tour frame', async () => {
    const page = await createTestPage(t, { slug: 'secret', status: 'draft' });
    const revoked = await makeLink('pages', page.id);
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'DELETE',
      url: `/api/pages/${page.id}/previews/${revoked.id}`,
    });
    expect(res.statusCode).toBe(204);
    const live = await makeLink('pages', page.id, { expires_in_days: 1 });
    const altered = `${live.url.slice(0, -1)}${live.url.endsWith('A') ? 'B' : 'A'}`;
    await t.app.ctx.db.kysely
      .updateTable('preview_links')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', live.id)
      .execute();
    for (const url of [
      revoked.url,
      live.url,
      altered,
      '/preview/nothing',
      `/frame/site/preview/${live.url.split('/').pop()}`,
    ]) {
      const answer = await visit(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).toContain('404 - Not Found');
    }
    const links = (
      await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/pages/${page.id}/previews` })
    ).json() as PreviewLink[];
    expect(links.map((l) => [l.id, l.revoked])).toEqual([
      [live.id, false],
      [revoked.id, true],
    ]);
  });

  it('refuses a link of another item, bad expiry and plain users, and grants nothing beyond the draft', async () => {
    const a = await createTestPage(t, { slug: 'a', status: 'draft' });
    const b = await createTestPage(t, { slug: 'b', status: 'draft' });
    const link = await makeLink('pages', a.id);
    expect(
      (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/pages/${b.id}/previews/${link.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await injectAs(t.app, t.tokens.editor, {
          method: 'POST',
          url: `/api/pages/${a.id}/previews`,
          payload: { expires_in_days: 31 },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await injectAs(t.app, t.tokens.user, { method: 'POST', url: `/api/pages/${a.id}/previews`, payload: {} }))
        .statusCode,
    ).toBe(403);
    // The token is no credential: the API does not take it.
    const token = link.url.split('/').pop()!;
    expect((await injectAs(t.app, token, { method: 'GET', url: `/api/pages/${a.id}` })).statusCode).toBe(401);
  });

  it('records who shared and who revoked a link in the activity log, once, and nothing for a refused revocation', async () => {
    const page = await createTestPage(t, { title: 'Autumn offers', slug: 'autumn', status: 'draft' });
    const tour = await createTestTour(t, { title: 'Winter walk', slug: 'winter-walk', status: 'draft' });
    const pageLink = await makeLink('pages', page.id, { expires_in_days: 3 });
    await makeLink('posts', tour.id);
    const revoke = (id: number) =>
      injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: `/api/pages/${page.id}/previews/${id}` });
    expect((await revoke(pageLink.id)).statusCode).toBe(204);
    expect((await revoke(pageLink.id)).statusCode).toBe(204);
    expect((await revoke(pageLink.id + 100)).statusCode).toBe(404);
    const log = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/' });
    expect(log.statusCode).toBe(200);
    const entries = (
      log.json() as {
        entries: {
          action: string;
          item_type: string;
          item_id: number;
          item_title: string;
          actor_name: string;
          summary: string;
        }[];
      }
    ).entries;
    const previewEntries = entries.filter((entry) => entry.action.startsWith('preview_'));
    expect(previewEntries).toEqual([
      expect.objectContaining({
        action: 'preview_revoked',
        item_type: 'page',
        item_id: page.id,
        item_title: 'Autumn offers',
        actor_name: 'Admin One',
      }),
      expect.objectContaining({
        action: 'preview_link',
        item_type: 'post',
        item_id: tour.id,
        item_title: 'Winter walk',
        actor_name: 'Editor One',
      }),
      expect.objectContaining({
        action: 'preview_link',
        item_type: 'page',
        item_id: page.id,
        item_title: 'Autumn offers',
        actor_name: 'Editor One',
        summary: `Valid until ${pageLink.expires_at.slice(0, 10)}`,
      }),
    ]);
  });
});
