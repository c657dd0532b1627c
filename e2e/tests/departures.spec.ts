import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

// The demo's tours run weekly over the next three months.
const t = useBrowserTest({ SEED_DEMO: 'true' });

const SHOTS = process.env.DEPARTURES_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function postIdOf(page: Page, slug: string): Promise<number> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await res.json()) as { id: number }).id;
  }, `/api/posts/slug/${slug}`);
}

test('staff add a weekly series, mark a date guaranteed with a note and cancel one, by keyboard and pointer', async () => {
  const { page } = t.session;
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  const id = await postIdOf(page, 'old-town-walking-tour');
  await page.goto(`${t.server.origin}/admin/posts/edit/${id}`);
  const card = page.getByRole('region', { name: 'Departures' });
  const table = card.getByRole('table', { name: 'Upcoming departures' });
  await expect.poll(() => table.getByRole('row').count()).toBe(21); // 20 at first, and the header

  const series = card.getByRole('group', { name: 'Add a weekly series' });
  await series.getByLabel('From').fill('2099-06-01');
  await series.getByLabel('To').fill('2099-06-30');
  await series.getByRole('checkbox', { name: 'Monday' }).check();
  await series.getByLabel('Time').fill('09:30');
  await series.getByLabel('Seats').fill('6');
  await series.getByRole('button', { name: 'Add series' }).click();
  await expect.poll(() => card.getByRole('status').textContent()).toBe('Added 5 departures.');

  // 20 at a time: show them all, 2099's last.
  await expect.poll(() => table.getByRole('row').count()).toBe(21);
  const more = card.getByRole('button', { name: /^Show more departures/ });
  const first = card.getByRole('button', { name: 'Edit the departure of Mon, 1 Jun 2099, 09:30' });
  for (let i = 0; i < 10 && (await first.count()) === 0; i++) {
    await more.click();
    await expect
      .poll(async () => (await more.count()) === 0 || (await table.getByRole('row').count()) > 21 * (i + 1))
      .toBe(true);
  }
  await card.getByRole('button', { name: 'Edit the departure of Mon, 1 Jun 2099, 09:30' }).click();
  const editor = card.getByRole('group', { name: 'Edit the departure of Mon, 1 Jun 2099, 09:30' });
  await editor.getByLabel('Departure status').selectOption({ label: 'Guaranteed' });
  await editor.getByLabel('Note').fill('Summer solstice walk');
  await editor.getByLabel('Note').press('Enter');
  await expect.poll(() => card.getByRole('status').textContent()).toBe('Departure updated.');

  await card.getByRole('button', { name: 'Cancel the departure of Mon, 8 Jun 2099, 09:30' }).click();
  await page.getByRole('button', { name: 'Cancel departure' }).click();
  await expect.poll(() => card.getByRole('status').textContent()).toBe('Departure cancelled.');
  const solstice = card.getByRole('row', { name: /Mon, 1 Jun 2099/ });
  expect(await solstice.textContent()).toContain('Summer solstice walk');
  expect(await solstice.textContent()).toContain('Available, guaranteed');
  await expect.poll(() => card.getByRole('row', { name: /Mon, 8 Jun 2099/ }).textContent()).toContain('Cancelled');
  await card.getByRole('button', { name: 'Edit the departure of Mon, 15 Jun 2099, 09:30' }).focus();
  await shot(page, 'departures-card-desktop');
  expect(await seriousFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'departures-card-phone');
});

test('a visitor on a phone reads the dates, shows them all through a plain link, and finds tours by month', async () => {
  const visitor = await t.session.browser.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`${t.server.origin}/tours/sunset-sailing-on-the-bay`);
  const table = visitor.getByRole('region', { name: 'Dates and prices' }).getByRole('table');
  expect(await table.getByRole('row').count()).toBe(13);
  expect(await table.textContent()).toContain('Sold out');
  expect(await table.textContent()).toContain('3 seats left');
  await shot(visitor, 'dates-table-phone');
  await visitor.getByRole('link', { name: 'Show more dates' }).click();
  expect(visitor.url()).toContain('?dates=all#dates');
  expect(await table.getByRole('row').count()).toBeGreaterThan(13);
  expect(await seriousFindings(visitor)).toEqual([]);

  await visitor.goto(`${t.server.origin}/tours`);
  const next = new Date();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const month = next.toISOString().slice(0, 7);
  await visitor.getByText('Filter and sort').click();
  await visitor.getByLabel('Departing in').selectOption(month);
  await visitor.getByRole('button', { name: 'Apply filters' }).click();
  expect(visitor.url()).toContain(`month=${month}`);
  expect(await visitor.getByRole('status').textContent()).toContain('6 tours match your filters');
  expect(await visitor.locator('.card-next').first().textContent()).toMatch(/^Next departure: \w{3}, \d+ \w{3} \d{4}$/);
  await shot(visitor, 'catalogue-month-phone');
  expect(await seriousFindings(visitor)).toEqual([]);
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await shot(visitor, 'catalogue-month-desktop');
  await visitor.goto(`${t.server.origin}/tours/sunset-sailing-on-the-bay#dates`);
  await shot(visitor, 'dates-table-desktop');
  await visitor.close();
});
