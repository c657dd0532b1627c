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
