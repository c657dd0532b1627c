import { afterEach, beforeEach, expect, it } from 'vitest';
import robotsParserModule from 'robots-parser';
import { createTestApp, forEachDialect, type TestApp } from '../test/test-app.js';
import { createTestPage, createTestTour } from '../test/page-fixtures.js';

// robots-parser is CommonJS: its default import is the function its types call `default`.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const ORIGIN = 'http://tours.test';
const CRAWLER = 'Googlebot';

/** The text of a document as a crawler reads it: markup dropped, srcdoc frames' entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');

forEachDialect('a crawler that obeys robots.txt', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
  });
  afterEach(async () => t.close());

  const fetchAs = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host: 'tours.test' } });

  /**
   * What a crawler that obeys robots.txt reads of a page: the page, and the frames it embeds that robots.txt lets
   * it fetch (frames of another origin or forbidden ones are left out), one level deep as search engines do.
   */
  async function crawl(path: string): Promise<{ text: string; skipped: string[] }> {
    const robots = robotsParser(`${ORIGIN}/robots.txt`, (await fetchAs('/robots.txt')).body);
    expect(robots.isAllowed(`${ORIGIN}${path}`, CRAWLER)).toBe(true);
    const page = await fetchAs(path);
    expect(page.statusCode).toBe(200);
    let text = textOf(page.body);
    const skipped: string[] = [];
    for (const [, src] of page.body.matchAll(/<iframe[^>]*\ssrc="([^"]+)"/g)) {
      const url = new URL(src!.replace(/&amp;/g, '&'), ORIGIN);
      if (url.origin !== ORIGIN) continue;
      if (!robots.isAllowed(url.href, CRAWLER)) {
        skipped.push(url.pathname);
        continue;
      }
      const frame = await fetchAs(url.pathname + url.search);
      if (frame.statusCode === 200) text += ` ${textOf(frame.body)}`;
    }
    return { text, skipped };
  }

  it("reads a tour's description from its content frame and a page's text from its own document", async () => {
    await createTestTour(t, {
      title: 'Secret Coves',
      slug: 'secret-coves',
      content: '<p>Our skipper knows the three coves the ferries never reach.</p>',
    });
    await createTestPage(t, {
      title: 'About us',
      slug: 'about',
      status: 'published',
      content: '<h1>About us</h1><p>A family business on the bay since 1987.</p>',
    });
    const tour = await crawl('/tours/secret-coves');
    expect(tour.skipped).toEqual([]);
    expect(tour.text).toContain('Our skipper knows the three coves the ferries never reach.');
    expect((await crawl('/about')).text).toContain('A family business on the bay since 1987.');
    // The frames themselves stay out of the index: they count only for the page that embeds them.
    expect((await fetchAs('/frame/site/tour/secret-coves')).headers['x-robots-tag']).toBe('noindex, indexifembedded');
  });

  it('still keeps crawlers out of the admin, the API, draft previews and the editors’ frames', async () => {
    const robots = robotsParser(`${ORIGIN}/robots.txt`, (await fetchAs('/robots.txt')).body);
    for (const path of ['/admin/posts', '/api/posts/', '/frame/site/preview/abc', '/frame/page-builder.html'])
      expect(robots.isAllowed(`${ORIGIN}${path}`, CRAWLER), path).toBe(false);
    for (const path of ['/', '/tours', '/frame/site/header', '/frame/site/tour/secret-coves'])
      expect(robots.isAllowed(`${ORIGIN}${path}`, CRAWLER), path).toBe(true);
  });
});
