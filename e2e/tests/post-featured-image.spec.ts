import { expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

// The demo site brings an image to choose.
const t = useBrowserTest({ SEED_DEMO: 'true' });

test('an editor gives a tour a featured image from the media library; it is kept and can be removed', async () => {
  const { page } = t.session;
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await page.goto(`${t.server.origin}/admin/posts/create`);
  await page.getByLabel(/^Title/).fill('Island Picnic');
  await page.getByRole('button', { name: 'Choose from Media Library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Media' });
  await dialog.getByRole('button', { name: /bay-at-sunset\.jpg/ }).click();
  await dialog.getByRole('button', { name: 'Select File' }).click();
  await expect.poll(() => page.getByRole('img', { name: 'Featured image: bay-at-sunset.jpg' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await page.waitForURL('**/admin/posts');

  await page.getByRole('link', { name: 'Edit Island Picnic', exact: true }).click();
  await expect.poll(() => page.getByRole('img', { name: 'Featured image: bay-at-sunset.jpg' }).isVisible()).toBe(true);
  const stored = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
    const res = await fetch('/api/posts/slug/island-picnic', { headers });
    return res.json();
  });
  expect(stored.featured_image).toMatchObject({ original_name: 'bay-at-sunset.jpg', mime_type: 'image/jpeg' });

  await page.getByRole('button', { name: 'Remove featured image' }).click();
  await page.getByRole('button', { name: 'Update Post' }).click();
  await page.waitForURL('**/admin/posts');
  const after = await page.evaluate(async () => {
    const res = await fetch('/api/posts/slug/island-picnic', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.json();
  });
  expect(after).toMatchObject({ featured_image_id: null, featured_image: null });
});
