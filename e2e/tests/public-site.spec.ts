import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserTest } from '../src/index.js';

/** A first start with the demo site, as a newcomer gets it. */
const t = useBrowserTest({ SEED_DEMO: 'true' });

async function adminToken(): Promise<string> {
  const form = new URLSearchParams({ username: t.server.admin.username, password: t.server.admin.password });
  const res = await fetch(`${t.server.origin}/api/auth/token`, { method: 'POST', body: form });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function createPage(token: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${t.server.origin}/api/pages/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`create page: ${res.status} ${await res.text()}`);
}

const frameOf = (page: Page) => page.frameLocator('#site-frame');

test('the demo home page loads only our own files, shows its header, image and footer, and its links navigate', async () => {
  const page = await t.session.browser.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const response = await page.goto(`${t.server.origin}/`);
  expect(response?.status()).toBe(200);
  expect(await page.title()).toBe('Azure Bay Tours | Sailing and walking tours on the bay');
  expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
    new RegExp(`^${t.server.origin}/uploads/.+\\.jpg$`),
  );

  const site = frameOf(page);
  expect(await page.locator('#site-frame').getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
  await expect
    .poll(() => site.getByRole('heading', { name: 'Discover the bay with people who love it' }).isVisible())
    .toBe(true);
  const hero = site.locator('img.tcms-featured');
  // The featured image comes from its variants when they are made (in the background after the first start).
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await hero.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
    /^\/uploads\/.+\.(w1600\.avif|jpg)$/,
  );
  expect(await hero.evaluate((img) => getComputedStyle(img).maxHeight)).toBe('400px');
  // The site's compiled stylesheet styled the page, and Font Awesome's font loaded into the opaque-origin frame.
  expect(
    await site.getByRole('link', { name: 'Plan your trip' }).evaluate((a) => getComputedStyle(a).backgroundColor),
  ).not.toBe('rgba(0, 0, 0, 0)');
  await expect
    .poll(() =>
      site
        .locator('header .fa-sailboat')
        .evaluate(() => [...document.fonts].some((f) => f.family.includes('Font Awesome') && f.status === 'loaded')),
    )
    .toBe(true);
  expect(await site.getByText('Demo content: edit it in the admin').isVisible()).toBe(true);

  // Nothing but the document, the compiled stylesheet, the site's icons and their font, and the featured image.
  const loaded = new Set(requests.map((url) => new URL(url)));
  for (const url of loaded) expect(url.origin, url.href).toBe(t.server.origin);
  const paths = [...loaded].map((url) => url.pathname);
  expect(
    paths.filter(
      (path) =>
        !/^\/(vendor\/site\/(styles|icons|fa-solid)-[\w-]{16}\.(css|woff2)|uploads\/.+\.(jpg|webp|avif))?$/.test(path),
    ),
  ).toEqual([]);

  // The header's navigation, clicked inside the frame, takes the whole page there: to a page, and to the catalogue.
  await site.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Good to know', exact: true }).click();
  await page.waitForURL(`${t.server.origin}/good-to-know`);
  expect(await page.title()).toBe('Good to know');
  const tours = frameOf(page);
  // The accordion is a data-attribute widget: the site's frame wires it.
  const answer = tours.getByText('If the skipper cancels for wind or rain');
  await expect.poll(() => tours.getByRole('heading', { name: 'Good to know' }).isVisible()).toBe(true);
  expect(await answer.isVisible()).toBe(false);
  await tours.getByRole('button', { name: 'What if the weather turns?' }).click();
  await expect.poll(() => answer.isVisible()).toBe(true);
  await tours.getByRole('link', { name: 'See all our tours.' }).click();
  await page.waitForURL(`${t.server.origin}/tours`);
  expect(await page.title()).toBe('Tours | Azure Bay Tours');
  // The catalogue's header is a frame of its own; its links navigate the page too.
  await page
    .frameLocator('iframe[title="Site header"]')
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Home' })
    .click();
  await page.waitForURL(`${t.server.origin}/`);
  await page.close();
});

test('a visitor sends an inquiry from the contact page, and staff find it under Contacts', async () => {
  const page = await t.session.browser.newPage();
  await page.goto(`${t.server.origin}/contact`);
  const site = frameOf(page);
  await site.getByLabel('Name').fill('Maya Silva');
  await site.getByLabel('Email').fill('maya@example.com');
  await site.getByLabel('Subject').fill('Sunset sail for six');
  await site.getByLabel('Message').fill('Is there room for six of us on Saturday?');
  await site.getByRole('button', { name: 'Send inquiry' }).click();
  await expect.poll(() => site.getByRole('status').textContent()).toBe('Thank you! Your message has been sent.');
  await page.close();

  const res = await fetch(`${t.server.origin}/api/contacts/`, {
    headers: { Authorization: `Bearer ${await adminToken()}` },
  });
  const contacts = (await res.json()) as { name: string; subject: string; status: string; booking: unknown }[];
  // The demo's own booking requests are there too; the one inquiry without a booking is the visitor's.
  expect(contacts.filter((contact) => contact.booking === null)).toEqual([
    expect.objectContaining({ name: 'Maya Silva', subject: 'Sunset sail for six', status: 'new' }),
  ]);
});

test('messages that are not a checked navigation from the page’s own frame are ignored, and content cannot reach the page', async () => {
  const token = await adminToken();
  // A page whose script tries to leave through the message channel, and to reach the page and the site's storage.
  await createPage(token, {
    title: 'Tricky',
    slug: 'tricky',
    status: 'published',
    content:
      '<p id="out">Script did not run</p><p><a href="/tours">Go to tours</a></p><script>' +
      'var P = "tours-cms-site/1";' +
      'parent.postMessage({ protocol: P, type: "navigate", path: "//evil.example/x" }, "*");' +
      'parent.postMessage({ protocol: P, type: "navigate", path: "/\\\\evil.example/x" }, "*");' +
      'parent.postMessage({ protocol: P, type: "navigate", path: "javascript:alert(1)" }, "*");' +
      'parent.postMessage({ protocol: P, type: "navigate", path: "/uploads/../admin/x/y" }, "*");' +
      'parent.postMessage({ protocol: P, type: "open", url: "javascript:alert(1)" }, "*");' +
      'var reached = [];' +
      'try { localStorage.getItem("token"); reached.push("storage"); } catch (e) {}' +
      'try { parent.document.body.innerHTML = "pwned"; reached.push("page"); } catch (e) {}' +
      'try { document.cookie = "a=1"; if (document.cookie) reached.push("cookies"); } catch (e) {}' +
      'document.getElementById("out").textContent = reached.length ? "Reached " + reached.join(", ") : "Contained";' +
      '</script>',
  });
  const page = await t.session.browser.newPage();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto(`${t.server.origin}/tricky`);
  await expect.poll(() => frameOf(page).locator('#out').textContent()).toBe('Contained');
  // The page itself runs sandboxed: it has no access to the site's storage either.
  expect(await page.evaluate(() => String(window.origin))).toBe('null');
  // A message from the page itself (not its frame) is ignored too, even for a real page.
  await page.evaluate(() =>
    window.postMessage({ protocol: 'tours-cms-site/1', type: 'navigate', path: '/contact' }, '*'),
  );
  // Messages are handled in order: by the time a real link click navigates, every earlier one was refused.
  await frameOf(page).getByRole('link', { name: 'Go to tours' }).click();
  await page.waitForURL(`${t.server.origin}/tours`);
  expect(visited).toEqual([`${t.server.origin}/tricky`, `${t.server.origin}/tours`]);
  await page.close();
});

test('unknown and unpublished addresses show the 404 screen; pages revalidate with an ETag; the sitemap lists published pages', async () => {
  const page = await t.session.browser.newPage();
  const response = await page.goto(`${t.server.origin}/no-such-page`);
  expect(response?.status()).toBe(404);
  expect(await page.getByRole('heading', { name: '404 - Not Found' }).isVisible()).toBe(true);
  expect(await page.getByText('Page not found or is not published.').isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Go back to Home' }).click();
  await page.waitForURL(`${t.server.origin}/`);
  await page.close();

  // A page without images: the demo's images get their variants in the background after the first start, and
  // each one made changes the markup (and so the ETag) of a page that shows it, such as /tours, in between.
  const first = await fetch(`${t.server.origin}/contact`);
  const etag = first.headers.get('etag')!;
  expect(first.headers.get('cache-control')).toBe('no-cache');
  const again = await fetch(`${t.server.origin}/contact`, { headers: { 'If-None-Match': etag } });
  expect(again.status).toBe(304);
  const changed = await fetch(`${t.server.origin}/contact`, { headers: { 'If-None-Match': '"an-older-version"' } });
  expect(changed.status).toBe(200);

  const sitemap = await (await fetch(`${t.server.origin}/sitemap.xml`)).text();
  expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(
    expect.arrayContaining([`${t.server.origin}/contact`, `${t.server.origin}/`, `${t.server.origin}/tours`]),
  );
  expect(await (await fetch(`${t.server.origin}/robots.txt`)).text()).toContain(
    `Sitemap: ${t.server.origin}/sitemap.xml`,
  );
});
