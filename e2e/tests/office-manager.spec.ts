import { expect, test } from 'vitest';
import { seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';
import { makeImage } from '../../server/src/test/media-fixtures.js';

const t = useBrowserTest();

test('an office manager types a price with a decimal comma, sees what will be saved, and the site shows that price', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);
  await page.goto(`${origin}/admin/posts/create`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Harbour Walk');

  const price = page.getByLabel('Price', { exact: true });
  // Two readings are possible: the field says so instead of guessing.
  await price.fill('1.234');
  await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByText('"1.234" could mean 1234 or 1.234').isVisible()).toBe(true);
  await price.fill('35,50');
  await expect.poll(() => page.getByText('Will be saved as €35.50').isVisible()).toBe(true);
  expect(await price.getAttribute('aria-invalid')).toBe('false');

  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await page.waitForURL(`${origin}/admin/posts`);

  // A visitor on a phone sees the price the field showed.
  const visitor = await t.session.browser.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`${origin}/tours/harbour-walk`);
  await expect.poll(() => visitor.locator('main').getByText('€35.50').first().isVisible()).toBe(true);
  await visitor.close();
});

test('an office manager deleting an image a tour uses is told which tour and asked again; the image comes back whole from the Trash', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  // Signed out first, whatever the test before left: this one stands on its own.
  await page.goto(`${origin}/admin`);
  await page.evaluate(() => localStorage.clear());
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);
  const png = (await makeImage('png', 320, 240)).toString('base64');
  await page.evaluate(async (base64) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
    const form = new FormData();
    form.append(
      'file',
      new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
      'lagoon.png',
    );
    const item = await (await fetch('/api/media/upload', { method: 'POST', headers, body: form })).json();
    const tour = await fetch('/api/posts/', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Blue Lagoon Swim',
        slug: 'blue-lagoon-swim',
        status: 'published',
        featured_image_id: item.id,
      }),
    });
    if (tour.status !== 201) throw new Error(`tour: ${tour.status}`);
  }, png);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
  const card = page.getByRole('listitem', { name: 'lagoon.png' });
  await expect.poll(() => card.getByText('Used by 1').isVisible()).toBe(true);
  await card.hover();
  await card.getByRole('button', { name: 'Details of lagoon.png' }).click();
  const details = page.getByRole('dialog', { name: 'Media details' });
  await expect.poll(() => details.getByRole('link', { name: 'Blue Lagoon Swim' }).isVisible()).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await details.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  const warning = page.getByRole('alertdialog', { name: 'This file is in use' });
  await expect
    .poll(() =>
      warning
        .getByText('"lagoon.png" is used by the tour "Blue Lagoon Swim". Delete it anyway?', { exact: false })
        .isVisible(),
    )
    .toBe(true);
  await warning.getByRole('button', { name: 'Delete anyway' }).click();
  await expect.poll(() => page.getByText('"lagoon.png" moved to the Trash.').isVisible()).toBe(true);

  // The tour page shows no broken image meanwhile: it has no image at all.
  const visitor = await t.session.browser.newPage();
  await visitor.goto(`${origin}/tours/blue-lagoon-swim`);
  expect(await visitor.locator('main img').count()).toBe(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }).click();
  const row = page.getByRole('row').filter({ hasText: 'lagoon.png' });
  await row.getByRole('button', { name: /Restore/ }).click();
  await expect.poll(() => page.getByText(/Media file “lagoon.png” is back/).isVisible()).toBe(true);
  await visitor.reload();
  await expect.poll(() => visitor.locator('main img').count()).toBeGreaterThan(0);
  await visitor.close();
});
