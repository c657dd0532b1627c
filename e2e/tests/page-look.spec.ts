import { expect, test } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

// The demo site: its header and footer (with their menus) around every page, and its picture of the bay (1600 px).
const t = useBrowserTest({ SEED_DEMO: 'true' });

const TEXT =
  'Our guide meets you at the fountain and walks you through six centuries of the old town: the bastions, ' +
  'the fish market at its busiest hour, and the chapel the sailors built after the storm of 1743.';

const LOOSE = 'Comfortable shoes, please.';

/** Where an element of the page's frame sits, and how wide the frame's document is against its viewport. */
async function layout(frame: FrameLocator, selector: string) {
  const box = (await frame.locator(selector).first().boundingBox())!;
  const [scrollWidth, clientWidth] = await frame
    .locator('html')
    .evaluate((html) => [html.scrollWidth, html.clientWidth] as const);
  return { left: box.x, right: box.x + box.width, width: box.width, scrollWidth, clientWidth };
}

async function openPublished(page: Page, url: string, width: number, height: number): Promise<FrameLocator> {
  await page.setViewportSize({ width, height });
  await page.goto(url);
  const site = page.frameLocator('#site-frame');
  await expect.poll(() => site.getByRole('heading', { name: 'Walk the old town' }).isVisible()).toBe(true);
  // The picture has loaded, so its size is its own.
  await expect
    .poll(() => site.getByRole('img', { name: 'The bay at sunset' }).evaluate((img: HTMLImageElement) => img.complete))
    .toBe(true);
  return site;
}

test("a page built in the page builder previews between the site's header and footer, and reads well on a phone and a desktop", async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);
  const bay = await page.evaluate(async () => {
    const res = await fetch('/api/media/', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    const items = (await res.json()) as { original_name: string; file_path: string }[];
    return items.find((item) => item.original_name === 'bay-at-sunset.jpg')!.file_path;
  });

  await page.goto(`${origin}/admin/pages/create`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Old Town Walk');
  const canvas = page.getByTitle('Rich text editing area').contentFrame();
  await canvas.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Walk the old town');
  await page.getByRole('combobox', { name: 'Format' }).selectOption('h2');
  await expect.poll(() => canvas.locator('h2').textContent()).toBe('Walk the old town');
  const viewMode = page.getByRole('group', { name: 'View mode' });
  await viewMode.getByRole('button', { name: 'Code' }).click();
  const code = page.getByRole('textbox', { name: 'Page content code' });
  await expect.poll(() => code.textContent()).toContain('<h2>Walk the old town</h2>');
  await code.click();
  await page.keyboard.press('Control+End');
  // A line typed straight into the page, in no paragraph, and a paragraph and a picture.
  await page.keyboard.insertText(`\n${LOOSE}\n<p>${TEXT}</p>\n<img src="/${bay}" alt="The bay at sunset">`);

  // Preview: the page as it will be published, under the demo's header and above its footer.
  await viewMode.getByRole('button', { name: 'Preview' }).click();
  const header = page.getByTitle('Site header');
  const footer = page.getByTitle('Site footer');
  await expect.poll(() => header.contentFrame().getByRole('link', { name: 'Azure Bay Tours' }).isVisible()).toBe(true);
  await expect.poll(() => footer.contentFrame().getByRole('navigation', { name: 'Explore' }).isVisible()).toBe(true);
  const preview = page.getByTitle('Page preview').contentFrame();
  await expect.poll(() => preview.getByRole('heading', { name: 'Walk the old town' }).isVisible()).toBe(true);
  // The frames have taken their content's heights, header above the page above the footer.
  await expect.poll(async () => (await header.boundingBox())?.height ?? 0).toBeGreaterThan(40);
  await expect.poll(async () => (await footer.boundingBox())?.height ?? 0).toBeGreaterThan(100);
  const boxes = await Promise.all(
    [header, page.getByTitle('Page preview'), footer].map((frame) => frame.boundingBox()),
  );
  expect(boxes[0]!.y + boxes[0]!.height).toBeLessThanOrEqual(boxes[1]!.y + 1);
  expect(boxes[1]!.y + boxes[1]!.height).toBeLessThanOrEqual(boxes[2]!.y + 1);
  // The preview's text is in the column there too.
  for (const text of [TEXT, LOOSE]) {
    const box = (await preview.getByText(text).boundingBox())!;
    expect(box.width, text).toBeLessThanOrEqual(42 * 16);
    expect(box.width, text).toBeGreaterThan(300);
  }
  expect(await seriousFindings(page)).toEqual([]);

  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByRole('button', { name: 'Save Page' }).click();
  await page.waitForURL('**/admin/pages');

  const visitor = await t.session.browser.newPage();
  // A phone: nothing wider than the screen, the text and the picture inside a gutter on either side.
  let site = await openPublished(visitor, `${origin}/old-town-walk`, 390, 844);
  expect(await site.getByRole('link', { name: 'Azure Bay Tours' }).isVisible()).toBe(true);
  for (const selector of ['h2', `text=${LOOSE}`, 'p', 'img[alt="The bay at sunset"]']) {
    const phone = await layout(site, selector);
    expect(phone.scrollWidth, selector).toBeLessThanOrEqual(phone.clientWidth);
    expect(phone.left, selector).toBeGreaterThanOrEqual(16);
    expect(phone.right, selector).toBeLessThanOrEqual(phone.clientWidth - 16);
  }

  // A desktop: the text and the picture centred in a column of a comfortable measure, not the screen's width.
  site = await openPublished(visitor, `${origin}/old-town-walk`, 1280, 800);
  for (const selector of [`text=${LOOSE}`, 'p', 'img[alt="The bay at sunset"]']) {
    const desktop = await layout(site, selector);
    expect(desktop.scrollWidth, selector).toBeLessThanOrEqual(desktop.clientWidth);
    expect(desktop.width, selector).toBeLessThanOrEqual(42 * 16);
    expect(desktop.width, selector).toBeGreaterThan(600);
    expect(Math.abs(desktop.left - (desktop.clientWidth - desktop.right)), selector).toBeLessThanOrEqual(1);
  }
  await visitor.close();
});
