import { expect, test } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { useBrowserTest } from '../src/index.js';

/** A first start with the demo site, as a newcomer gets it. */
const t = useBrowserTest({ SEED_DEMO: 'true' });

async function adminToken(): Promise<string> {
  const form = new URLSearchParams({ username: t.server.admin.username, password: t.server.admin.password });
  const res = await fetch(`${t.server.origin}/api/auth/token`, { method: 'POST', body: form });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${t.server.origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${await adminToken()}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const WIDTH = 1280;
const HEIGHT = 800;
/** The preview banner's height (2.5rem): the preview's frame starts below it. */
const BANNER = 40;

/** Waits until the page's frame has painted its styled content, its fonts and its images. */
async function settle(page: Page): Promise<void> {
  const site = page.frameLocator('#site-frame');
  const heading = site.getByRole('heading', { name: 'Discover the bay with people who love it' });
  await expect.poll(() => heading.evaluate((h) => getComputedStyle(h).fontWeight), { timeout: 20_000 }).toBe('800');
  await site.locator('body').evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      // Lazy images below the fold (the home page's Tours block) load only when scrolled to: not waited for.
      [...document.images].map((image) =>
        image.complete || image.loading === 'lazy'
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve);
              image.addEventListener('error', resolve);
            }),
      ),
    );
  });
  await page.waitForLoadState('networkidle');
}

/** The share of pixels that differ visibly between two screenshots of the same size. */
async function differingShare(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all(
    [a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  expect([pa!.info.width, pa!.info.height]).toEqual([pb!.info.width, pb!.info.height]);
  let differing = 0;
  for (let i = 0; i < pa!.data.length; i += 3) {
    if (
      Math.abs(pa!.data[i]! - pb!.data[i]!) +
        Math.abs(pa!.data[i + 1]! - pb!.data[i + 1]!) +
        Math.abs(pa!.data[i + 2]! - pb!.data[i + 2]!) >
      24
    )
      differing += 1;
  }
  return differing / (pa!.info.width * pa!.info.height);
}

test("a published page is styled by the server's compiled stylesheet, with no in-browser compiler, and looks as its preview does", async () => {
  // The published home page, with the in-browser compiler made unreachable: its styles must come from elsewhere.
  const published = await t.session.browser.newPage();
  await published.setViewportSize({ width: WIDTH, height: HEIGHT });
  const requests: string[] = [];
  published.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await published.route('**/vendor/tailwind.js', (route) => route.abort());
  await published.goto(`${t.server.origin}/`);
  await settle(published);
  expect(requests).not.toContain('/vendor/tailwind.js');
  expect(requests.some((path) => /^\/vendor\/site\/styles-[\w-]{16}\.css$/.test(path))).toBe(true);
  const cta = published.frameLocator('#site-frame').getByRole('link', { name: 'Plan your trip' });
  expect(await cta.evaluate((a) => getComputedStyle(a).borderTopLeftRadius)).not.toBe('0px');
  expect(await cta.evaluate((a) => getComputedStyle(a).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  const publishedShot = await published.screenshot();

  // The same page through a preview link: staff's preview, styled by Tailwind's browser build in the frame.
  const home = (await api<{ id: number; slug: string }[]>('GET', '/pages/')).find((page) => page.slug === 'home')!;
  const link = await api<{ url: string }>('POST', `/pages/${home.id}/previews`, {});
  const preview = await t.session.browser.newPage();
  await preview.setViewportSize({ width: WIDTH, height: HEIGHT + BANNER });
  const previewRequests: string[] = [];
  preview.on('request', (request) => previewRequests.push(new URL(request.url()).pathname));
  await preview.goto(`${t.server.origin}${link.url}`);
  await settle(preview);
  expect(previewRequests).toContain('/vendor/tailwind.js');
  const previewShot = await preview.screenshot({ clip: { x: 0, y: BANNER, width: WIDTH, height: HEIGHT } });

  // Measured at 0.1% (anti-aliasing at a few edges); a missing class moves or recolours whole blocks.
  expect(await differingShare(publishedShot, previewShot)).toBeLessThan(0.005);
  await published.close();
  await preview.close();
});

test("a tour page's images carry srcset and sizes whose files exist, and the browser fetches a variant, not the original", async () => {
  const page = await t.session.browser.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  // The demo's images get their variants in the background after the first start: wait for them to be there.
  await expect
    .poll(
      async () =>
        (await fetch(`${t.server.origin}/tours/sunset-sailing-on-the-bay`).then((res) => res.text())).includes(
          '<picture>',
        ),
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  const fetched: string[] = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(`${t.server.origin}/tours/sunset-sailing-on-the-bay`);
  // The featured image reads its alternative text (the demo describes each of its images).
  const hero = page
    .getByRole('img', { name: 'A classic sloop under sail at sunset, the sky orange over the bay' })
    .first();
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await hero.getAttribute('fetchpriority')).toBe('high');
  expect(Number(await hero.getAttribute('width'))).toBeGreaterThan(0);
  const current = new URL(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  // A phone gets a variant of its own width in AVIF, not the 1,200-pixel JPEG.
  expect(current).toMatch(/\.w(480|960)\.avif$/);
  expect(fetched).toContain(current);
  expect(fetched.filter((path) => path.endsWith('.jpg'))).toEqual([]);

  const sources = page.locator('picture source');
  expect(await sources.count()).toBeGreaterThan(0);
  for (const source of await sources.all()) {
    expect(await source.getAttribute('sizes')).toBeTruthy();
    for (const entry of (await source.getAttribute('srcset'))!.split(', ')) {
      const [url, width] = entry.split(' ');
      expect(width).toMatch(/^\d+w$/);
      const res = await fetch(`${t.server.origin}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^image\/(avif|webp)$/);
    }
  }
  // The related tours' pictures wait until they near the screen.
  for (const card of await page.locator('.cards img').all()) expect(await card.getAttribute('loading')).toBe('lazy');
  await page.close();
});

test('a page with its own <style type="text/tailwindcss"> block looks published as it does in its preview', async () => {
  const content = [
    '<style type="text/tailwindcss">@theme { --color-lagoon: #0a7e8c; } .ticket { @apply rounded-2xl p-6 text-white; }</style>',
    '<section class="p-8"><h1 class="ticket bg-lagoon text-3xl font-bold">Harbour notes</h1></section>',
  ].join('');
  const page = await api<{ id: number }>('POST', '/pages/', {
    title: 'Harbour notes',
    slug: 'harbour-notes',
    status: 'published',
    content,
  });
  const link = await api<{ url: string }>('POST', `/pages/${page.id}/previews`, {});
  /** The heading's colours, corners and padding as the browser drew them. */
  const looksOf = async (url: string, blockCompiler: boolean) => {
    const tab = await t.session.browser.newPage();
    if (blockCompiler) await tab.route('**/vendor/tailwind.js', (route) => route.abort());
    await tab.goto(url);
    const heading = tab.frameLocator('#site-frame').getByRole('heading', { name: 'Harbour notes' });
    await expect
      .poll(() => heading.evaluate((h) => getComputedStyle(h).backgroundColor), { timeout: 20_000 })
      .not.toBe('rgba(0, 0, 0, 0)');
    const looks = await heading.evaluate((h) => {
      const style = getComputedStyle(h);
      return [style.backgroundColor, style.color, style.borderTopLeftRadius, style.paddingTop, style.fontSize];
    });
    await tab.close();
    return looks;
  };
  const published = await looksOf(`${t.server.origin}/harbour-notes`, true);
  expect(published).toEqual(['rgb(10, 126, 140)', 'rgb(255, 255, 255)', '16px', '24px', '30px']);
  expect(await looksOf(`${t.server.origin}${link.url}`, false)).toEqual(published);
});

/** The three public pages the issue names: the home page, the catalogue and a tour page. */
const STEADY_PAGES = ['/', '/tours', '/tours/sunset-sailing-on-the-bay'];

/** Sums every layout-shift entry (without recent input) of each frame it runs in, from the start of the load. */
const RECORD_SHIFTS = () => {
  const shifts = { total: 0 };
  (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) shifts.total += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

/** How long a loaded page is left to settle: fonts, images, and any shift after load. */
const SETTLE_MS = 3500;

/** True once a document and what it shows are in: loaded, its fonts in use, every image it fetched decoded. */
const LOADED = () =>
  document.readyState === 'complete' &&
  document.fonts.status === 'loaded' &&
  [...document.images].every((image) => image.complete || image.loading === 'lazy');

/**
 * Loads a page in a new tab of this size, recording its layout shifts, until it and each of its frames is loaded
 * (what the page shows, not the network's silence: Playwright's "networkidle" once waited 30 s in a loaded suite).
 */
async function visit(path: string, width: number, height: number, watch?: (page: Page) => void): Promise<Page> {
  const page = await t.session.browser.newPage();
  watch?.(page);
  await page.setViewportSize({ width, height });
  await page.addInitScript(RECORD_SHIFTS);
  await page.addInitScript(RECORD_RESIZES);
  await page.goto(`${t.server.origin}${path}`);
  await expect
    .poll(async () => (await Promise.all(page.frames().map((frame) => frame.evaluate(LOADED)))).every(Boolean), {
      timeout: 30_000,
    })
    .toBe(true);
  return page;
}

/** The autosized frames' data-heights as the server now renders the page. */
async function servedHeights(path: string): Promise<string[]> {
  const body = await (await fetch(`${t.server.origin}${path}`)).text();
  const autosized = body.match(/<iframe[^>]*data-autosize[^>]*>/g) ?? [];
  return autosized.map((tag) => /data-heights="([^"]*)"/.exec(tag)?.[1] ?? '');
}

/** Keeps, in each document, the frames' `resize` messages as its page received them (for a failure's message). */
const RECORD_RESIZES = () => {
  const resizes: unknown[] = [];
  (window as unknown as { __resizes: unknown[] }).__resizes = resizes;
  addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (data?.type === 'resize') resizes.push([Math.round(performance.now()), data.height]);
  });
};

/** How long one visitor's page is given for its report to reach the server (sent 2 s after its frames settle). */
const REPORT_WAIT_MS = 15_000;

/**
 * Visitors load the page at this size until the server renders it with every autosized frame's height at this
 * width. A visitor's page reports what its frames measured with a beacon, which the web sends at best effort: one
 * lost (as once in about thirty runs here, cause not found) is made good by the next visitor, as on the real site.
 * Three visitors whose reports all fail to teach the server fail the test, with what each page received and sent.
 */
async function teachHeights(path: string, width: number, height: number): Promise<void> {
  const taught = (served: string[]) =>
    served.every((heights) => heights.split(' ').some((pair) => pair.startsWith(`${width}:`)));
  const visitors: string[] = [];
  for (let visitor = 1; visitor <= 3; visitor += 1) {
    const reports: number[] = [];
    const page = await visit(path, width, height, (candidate) =>
      candidate.on('response', (response) => {
        if (response.url().endsWith('/frame/site/heights')) reports.push(response.status());
      }),
    );
    let served = await servedHeights(path);
    for (const until = Date.now() + REPORT_WAIT_MS; !taught(served) && Date.now() < until;) {
      await page.waitForTimeout(250);
      served = await servedHeights(path);
    }
    const resizes = await page.evaluate(() => (window as unknown as { __resizes?: unknown[] }).__resizes);
    await page.close();
    if (taught(served)) return;
    visitors.push(
      `visitor ${visitor}: served ${JSON.stringify(served)}; resizes ${JSON.stringify(resizes)}; reports ${JSON.stringify(reports)}`,
    );
  }
  throw new Error(`${path} at ${width}px: the server never kept the frames' heights.\n${visitors.join('\n')}`);
}

test.each([
  ['a phone', 390, 844],
  ['a desktop', 1280, 800],
])(
  'on %s the home page, the catalogue and a tour page do not shift as their frames load (CLS under 0.01)',
  async (_, width, height) => {
    // The demo's images get their variants in the background: the pages as visitors see them once they are made.
    await expect
      .poll(
        async () =>
          (await fetch(`${t.server.origin}${STEADY_PAGES[2]}`).then((res) => res.text())).includes('<picture>'),
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe(true);
    // The three pages side by side, so their settling (3.5 s each) is waited for once.
    const pages = await Promise.all(
      STEADY_PAGES.map(async (path) => {
        // Earlier visits at this width measure the frames; the server keeps their heights for the next render.
        await teachHeights(path, width, height);
        return { path, page: await visit(path, width, height) };
      }),
    );
    await pages[0]!.page.waitForTimeout(SETTLE_MS);
    for (const { path, page } of pages) {
      for (const frame of page.frames()) {
        const shift = await frame.evaluate(
          () => (window as unknown as { __shifts?: { total: number } }).__shifts?.total ?? 0,
        );
        expect(shift, `${path} at ${width}px, frame ${frame.url().slice(0, 80)}`).toBeLessThan(0.01);
      }
      // Each frame kept the height the server gave it for this width: it was sized before it painted.
      for (const frame of await page.locator('iframe[data-autosize]').all()) {
        const measured = (await frame.getAttribute('data-heights'))!
          .split(' ')
          .find((pair) => pair.startsWith(`${width}:`))!;
        expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(
          Number(measured.split(':')[1]),
        );
      }
      await page.close();
    }
  },
  // The variants' wait (up to 60 s) and the heights' (three visitors of up to 15 s) can both fall in one test.
  150_000,
);
