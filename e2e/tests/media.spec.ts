import sharp from 'sharp';
import { expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest();

/** A real photo-like image: a gradient, so its thumbnail is a genuine small WebP of it. */
async function makePhoto(
  format: 'jpeg' | 'png',
  width: number,
  height: number,
  tint: [number, number, number],
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((tint[0] * x) / width);
      pixels[i + 1] = Math.round((tint[1] * y) / height);
      pixels[i + 2] = tint[2];
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

test('an editor makes a folder, uploads two photos into it, finds one, picks it in the media selector, and deletes the other', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  // Media is an editor's work: make one, then sign in as them.
  const signIn = await fetch(`${origin}/api/auth/token`, { method: 'POST', body: new URLSearchParams(t.server.admin) });
  const { access_token: adminToken } = (await signIn.json()) as { access_token: string };
  const created = await fetch(`${origin}/api/users/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: 'erin',
      email: 'erin@example.com',
      full_name: 'Erin Editor',
      password: 'erin-password-1',
      role: 'editor',
    }),
  });
  expect(created.status).toBe(201);
  await signInThroughUi(page, origin, 'erin', 'erin-password-1');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Media Library' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('No media files found.').isVisible()).toBe(true);

  // A folder exists only on this screen until a file lands in it.
  await page.getByRole('button', { name: 'New Folder' }).click();
  await page.getByRole('textbox', { name: 'Folder name' }).fill('  Lisbon tours ');
  await page.getByRole('textbox', { name: 'Folder name' }).press('Enter');
  const folders = page.getByRole('group', { name: 'Folders' });
  // The tab shows at once; it is chosen once the address (which keeps the view) has followed.
  await expect
    .poll(() => folders.getByRole('button', { name: 'Lisbon tours' }).getAttribute('aria-pressed'))
    .toBe('true');
  await expect.poll(() => page.getByText('Files will be uploaded to: Lisbon tours').isVisible()).toBe(true);

  // Two photos through the drop area's file input, and a file it refuses, with the reason shown.
  await page.getByLabel('Upload files').setInputFiles([
    { name: 'Tram 28.jpg', mimeType: 'image/jpeg', buffer: await makePhoto('jpeg', 1200, 800, [230, 160, 40]) },
    { name: 'São Jorge castle.png', mimeType: 'image/png', buffer: await makePhoto('png', 640, 960, [40, 120, 200]) },
    { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
  ]);
  await expect.poll(() => page.getByText('Files of type .svg are not accepted').isVisible()).toBe(true);
  const grid = page.getByRole('list', { name: 'Media files' });
  const tram = grid.getByRole('listitem', { name: 'Tram 28.jpg' });
  const castle = grid.getByRole('listitem', { name: 'São Jorge castle.png' });
  await expect.poll(() => tram.isVisible(), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => castle.isVisible(), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => page.getByText('Uploading files...').count()).toBe(0);

  // The cards show the small WebP thumbnails, decoded by the browser, not the originals.
  for (const card of [tram, castle]) {
    const image = card.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const src = (await image.getAttribute('src'))!;
    expect(src).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.thumb\.webp$/);
    const thumbnail = await page.request.get(`${origin}${src}`);
    expect(thumbnail.headers()['content-type']).toBe('image/webp');
    expect(await image.evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight))).toBe(480);
  }

  // After a reload the folder comes from the server, and both files are in it.
  await page.reload();
  await folders.getByRole('button', { name: 'Lisbon tours' }).click();
  await expect.poll(() => grid.getByRole('listitem').count()).toBe(2);

  // Search: a case-insensitive part of the name.
  const search = page.getByRole('searchbox', { name: 'Search media files' });
  await search.fill('CASTLE');
  await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
  expect(await castle.isVisible()).toBe(true);
  await search.fill('');
  await expect.poll(() => grid.getByRole('listitem').count()).toBe(2);

  // Open serves the original with its checked type; download keeps the original name.
  const openHref = (await tram.getByRole('link', { name: 'Open Tram 28.jpg in a new tab' }).getAttribute('href'))!;
  const original = await page.request.get(`${origin}${openHref}`);
  expect(original.status()).toBe(200);
  expect(original.headers()['content-type']).toBe('image/jpeg');
  expect(original.headers()['x-content-type-options']).toBe('nosniff');
  expect(await tram.getByRole('link', { name: 'Download Tram 28.jpg' }).getAttribute('download')).toBe('Tram 28.jpg');
  const castleHref = (await castle
    .getByRole('link', { name: 'Open São Jorge castle.png in a new tab' })
    .getAttribute('href'))!;

  // The media selector, where the page builder opens it for a featured image: folders, search, a choice, its details.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pages' }).click();
  await page.getByRole('link', { name: 'Add New Page' }).click();
  await page.getByRole('button', { name: 'Choose from Media Library' }).click();
  const selector = page.getByRole('dialog', { name: 'Select Media' });
  const selectFile = selector.getByRole('button', { name: 'Select File' });
  await expect.poll(() => selector.getByRole('list', { name: 'Media files' }).getByRole('button').count()).toBe(2);
  expect(await selectFile.isDisabled()).toBe(true);
  await selector.getByRole('group', { name: 'Folders' }).getByRole('button', { name: 'Lisbon tours' }).click();
  await selector.getByRole('searchbox', { name: 'Search files' }).fill('castle');
  await expect.poll(() => selector.getByRole('list', { name: 'Media files' }).getByRole('button').count()).toBe(1);
  await selector.getByRole('button', { name: /São Jorge castle\.png/ }).click();
  expect(await selectFile.isEnabled()).toBe(true);
  await expect.poll(() => selector.getByText(`${origin}${castleHref}`).isVisible()).toBe(true);
  expect(await selector.getByText('image/png').isVisible()).toBe(true);
  await selectFile.click();
  await expect.poll(() => selector.count()).toBe(0);
  expect(await page.getByLabel('Featured Image URL').inputValue()).toBe(`${origin}${castleHref}`);
  const preview = page.getByRole('img', { name: 'Featured image preview' });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 640))
    .toBe(true);

  // The new page now has an unsaved featured image: leaving asks first, and this visit means to leave it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
  const leave = page.getByRole('alertdialog');
  await expect
    .poll(() => leave.getByText('You have unsaved changes. Leave this page and lose them?').isVisible())
    .toBe(true);
  await leave.getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL('**/admin/media');

  // Delete, reached from the keyboard: declining keeps the file, confirming removes it and its bytes.
  await folders.getByRole('button', { name: 'Lisbon tours' }).click();
  await tram.getByRole('link', { name: 'Download Tram 28.jpg' }).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Delete Tram 28.jpg');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect.poll(() => confirm.getByText('Are you sure you want to delete this media file?').isVisible()).toBe(true);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(await tram.isVisible()).toBe(true);
  await tram.getByRole('button', { name: 'Delete Tram 28.jpg' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => tram.count()).toBe(0);
  expect(await castle.isVisible()).toBe(true);
  expect((await page.request.get(`${origin}${openHref}`)).status()).toBe(404);
});
