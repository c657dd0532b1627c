import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, type TestApp } from '../test/test-app.js';
import { createTestTour } from '../test/page-fixtures.js';
import { CHROME_HEIGHT_MAX } from './rendering/frame-heights.js';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'tours.test' } });

const report = (t: TestApp, payload: unknown, site = 'same-origin') =>
  t.app.inject({
    method: 'POST',
    url: '/frame/site/heights',
    headers: { host: 'tours.test', 'sec-fetch-site': site, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** The data-heights of the frame with this address in a rendered document, or null. */
function heightsOf(body: string, src: string): string | null {
  const tag = body.match(/<iframe[^>]*>/g)?.find((frame) => frame.includes(`src="${src}"`));
  return tag ? (/data-heights="([^"]*)"/.exec(tag)?.[1] ?? null) : null;
}

forEachDialect('frame heights', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
    await createTestTour(t, { title: 'Sunset Sail', slug: 'sunset-sail', content: '<p>On the water</p>' });
  });
  afterEach(async () => t.close());

  it('a tour page sizes its frames at the heights its visitors measured, by viewport width, clamped', async () => {
    const header = '/frame/site/header?current=%2Ftours%2Fsunset-sail';
    const content = '/frame/site/tour/sunset-sail';
    expect(heightsOf((await get(t, '/tours/sunset-sail')).body, header)).toBeNull();
    // A frame not laid out yet measures 0: not learnt, so the height it reports next is.
    expect((await report(t, { width: 390, frames: [{ src: content, height: 0 }] })).statusCode).toBe(204);
    expect(heightsOf((await get(t, '/tours/sunset-sail')).body, content)).toBeNull();

    expect(
      (
        await report(t, {
          width: 390,
          frames: [
            { src: header, height: 251.5 },
            { src: content, height: 900 },
          ],
        })
      ).statusCode,
    ).toBe(204);
    expect((await report(t, { width: 1280, frames: [{ src: header, height: 999_999 }] })).statusCode).toBe(204);
    const body = (await get(t, '/tours/sunset-sail')).body;
    // The document rendered after the reports carries them, a header's height bounded whatever a frame says.
    expect(heightsOf(body, header)).toBe(`390:252 1280:${CHROME_HEIGHT_MAX}`);
    expect(heightsOf(body, content)).toBe('390:900');
    // The small script that applies them before the page lays out is named by the page's policy.
    expect(body).toContain('<script>(function(f){');

    // What a report can teach is bounded until the site changes: a height already learnt stands (a forged one
    // cannot replace it, nor drop the cached documents again), and an address no document of the site carries
    // is not learnt at all.
    const invented = '/frame/site/header?current=%2Fnowhere-at-all';
    expect(
      (
        await report(t, {
          width: 390,
          frames: [
            { src: header, height: 5 },
            { src: invented, height: 70 },
          ],
        })
      ).statusCode,
    ).toBe(204);
    const again = (await get(t, '/tours/sunset-sail')).body;
    expect(heightsOf(again, header)).toBe(`390:252 1280:${CHROME_HEIGHT_MAX}`);
    // A change to the site forgets them: its frames may be of other heights now.
    await createTestTour(t, { title: 'Another tour', slug: 'another-tour' });
    expect(heightsOf((await get(t, '/tours/sunset-sail')).body, header)).toBeNull();
  });

  it('refuses reports from elsewhere than the site’s own pages, and reports that are not valid, changing nothing', async () => {
    const header = '/frame/site/header';
    // A sandboxed frame's request is cross-site (its origin is opaque); another site's too; a tool's names none.
    for (const site of ['cross-site', 'same-site', 'none']) {
      const res = await report(t, { width: 390, frames: [{ src: header, height: 80 }] }, site);
      expect(res.statusCode, site).toBe(403);
    }
    for (const [payload, field] of [
      [{ width: 50, frames: [{ src: header, height: 80 }] }, 'width'],
      [{ width: 390, frames: [{ src: '/admin/', height: 80 }] }, 'frames.0.src'],
      [{ width: 390, frames: [{ src: '/frame/site/preview/abc', height: 80 }] }, 'frames.0.src'],
      [{ width: 390, frames: [{ src: header, height: -1 }] }, 'frames.0.height'],
      [{ width: 390, frames: [] }, 'frames'],
      [{ width: 390 }, 'frames'],
    ] as const) {
      const res = await report(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    expect(heightsOf((await get(t, '/tours')).body, '/frame/site/header?current=%2Ftours')).toBeNull();
  });
});
