import sharp from 'sharp';
import { expect, test } from 'vitest';
import { seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

// The demo site brings a tour, its image and the common header and footer.
const t = useBrowserTest({ SEED_DEMO: 'true' });

test('an editor uploads an image from the media selector into a folder, without leaving the tour, and uses it', async () => {
  const { page } = t.session;
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await page.goto(`${t.server.origin}/admin/posts/create`);
  await page.getByLabel(/^Title/).fill('Harbour Lights');
  await page.getByRole('button', { name: 'Choose from Media Library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Media' });
  await expect.poll(() => dialog.getByRole('list', { name: 'Media files' }).isVisible()).toBe(true);

  // The selector with its upload area passes axe.
  const findings = await seriousFindings(page);
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);

  // Into the folder shown on the left (the demo's images are in 'Demo').
  const folder = 'Demo';
  await dialog.getByRole('group', { name: 'Folders' }).getByRole('button', { name: folder, exact: true }).click();
  await expect.poll(() => dialog.getByText(`Files will be uploaded to: ${folder}`).isVisible()).toBe(true);
  const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
  await dialog
    .getByLabel('Upload files')
    .setInputFiles([{ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: photo }]);

  // It is listed in that folder and chosen; the editor is still there behind the dialog.
  const tile = dialog.getByRole('button', { name: /harbour\.jpg/ });
  await expect.poll(() => tile.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
  await dialog.getByRole('button', { name: 'Select File' }).click();
  await expect.poll(() => page.getByRole('img', { name: 'Featured image: harbour.jpg' }).isVisible()).toBe(true);
  expect(await page.getByLabel(/^Title/).inputValue()).toBe('Harbour Lights');

  const stored = await page.evaluate(async (name) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
    const res = await fetch(`/api/media/?q=${encodeURIComponent(name)}`, { headers });
    return (await res.json()) as { items: { original_name: string; folder: string | null }[] };
  }, 'harbour');
  expect(stored.items.filter((item) => item.original_name === 'harbour.jpg')).toEqual([
    expect.objectContaining({ folder }),
  ]);
});

test('an editor inserts a button and a module into a page; the site shows both, and the module as it changes', async () => {
  // Signed in by the test before (one browser session per file).
  const { page } = t.session;
  const api = (method: string, path: string, body: unknown) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const res = await fetch(`/api${path}`, {
          method,
          headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return (await res.json()) as { id: number };
      },
      { method, path, body },
    );
  const module = await api('POST', '/modules/', { name: 'Spring banner', type: 'banner', heading: 'Spring sailings' });

  await page.goto(`${t.server.origin}/admin/pages/create`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Spring Offers');
  const canvas = page.getByTitle('Rich text editing area').contentFrame();
  await canvas.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Our spring offers.');

  // A button: the link dialog's text, new tab and button options.
  await page.getByRole('button', { name: 'Insert link' }).click();
  const link = page.getByRole('dialog', { name: 'Insert Link' });
  await link.getByLabel('URL').fill('/tours');
  await link.getByLabel('Text').fill('See the tours');
  await link.getByRole('checkbox', { name: 'Show as a button' }).check();
  await link.getByRole('button', { name: 'Insert' }).click();
  await expect
    .poll(() => canvas.getByRole('link', { name: 'See the tours' }).getAttribute('class'))
    .toBe('tcms-button');

  // A module, by its name.
  await page.getByRole('button', { name: 'Insert module' }).click();
  const insert = page.getByRole('dialog', { name: 'Insert Module' });
  await insert.getByLabel('Module').selectOption({ label: 'Spring banner (Banner)' });
  await insert.getByRole('button', { name: 'Insert' }).click();
  await expect.poll(() => canvas.getByText('Module: Spring banner').isVisible()).toBe(true);

  // A Tours block: the two newest tours, live.
  await page.getByRole('button', { name: 'Insert tours' }).click();
  const tours = page.getByRole('dialog', { name: 'Insert Tours' });
  await tours.getByRole('radio', { name: 'The newest tours', exact: true }).check();
  await tours.getByLabel('How many').fill('2');
  await tours.getByRole('button', { name: 'Insert' }).click();
  await expect.poll(() => canvas.getByText('Tours: the 2 newest').isVisible()).toBe(true);

  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByRole('button', { name: 'Save Page' }).click();
  await page.waitForURL('**/admin/pages');

  const visitor = await t.session.browser.newPage();
  await visitor.goto(`${t.server.origin}/spring-offers`);
  const site = visitor.frameLocator('#site-frame');
  const button = site.getByRole('link', { name: 'See the tours' });
  await expect.poll(() => button.evaluate((a) => getComputedStyle(a).display)).toBe('inline-block');
  expect(await button.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
  await expect.poll(() => site.getByRole('heading', { name: 'Spring sailings' }).isVisible()).toBe(true);
  expect(await site.getByText('Module: Spring banner').count()).toBe(0);
  const cards = site.locator('.tcms-tours article');
  await expect.poll(() => cards.count()).toBe(2);
  expect(await cards.first().locator('.card-price data').getAttribute('data-currency')).toMatch(/^[A-Z]{3}$/);

  // The module changes: the page shows it at once.
  await api('PUT', `/modules/${module.id}`, { name: 'Spring banner', type: 'banner', heading: 'Summer sailings' });
  await visitor.reload();
  await expect.poll(() => site.getByRole('heading', { name: 'Summer sailings' }).isVisible()).toBe(true);
  await visitor.close();
});
