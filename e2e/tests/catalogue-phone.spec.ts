import { expect, test } from 'vitest';
import { useBrowserTest } from '../src/index.js';

const t = useBrowserTest({ SEED_DEMO: 'true' });

test('on a phone, "Apply filters" opens the catalogue at its first result', async () => {
  const page = await t.session.browser.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${t.server.origin}/tours`);
  await page.getByText('Filter and sort').click();
  await page.getByLabel('Destination').selectOption({ label: 'The Bay (2)' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/#results$/);
  const first = page
    .getByRole('list')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .getByRole('listitem')
    .first();
  await expect.poll(async () => (await first.boundingBox())?.y ?? Infinity).toBeLessThan(844);
  const box = (await first.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(await page.getByRole('status').first().textContent()).toMatch(/^2 tours/);
  await page.close();
});
