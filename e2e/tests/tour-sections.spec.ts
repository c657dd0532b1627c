import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

// The demo site brings images to choose.
const t = useBrowserTest({ SEED_DEMO: 'true' });

async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return res.json();
  }, `/api${path}`);
}

async function addFaq(page: Page, question: string, answer: string) {
  await page.getByRole('button', { name: 'Add New FAQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New FAQ' });
  await dialog.getByLabel(/^Question/).fill(question);
  await dialog.getByRole('textbox', { name: /^Answer/ }).click();
  await page.keyboard.type(answer);
  await dialog.getByRole('button', { name: 'Create FAQ' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

/** Opens a section of Tour details by its summary line. */
async function openSection(page: Page, title: string) {
  await page
    .getByRole('region', { name: 'Tour Details' })
    .locator('summary', { hasText: new RegExp(`^${title}`) })
    .click();
}

async function chooseImage(page: Page, opener: string, file = /bay-at-sunset\.jpg/) {
  await page.getByRole('button', { name: opener }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Media' });
  await dialog.getByRole('button', { name: file }).click();
  await dialog.getByRole('button', { name: 'Select File' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

test('staff build a two-day itinerary with an image, reorder it by keyboard, add inclusions (reordered by drag), FAQs and a gallery, and publish', async () => {
  const { page } = t.session;
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);

  // Two FAQs written once, on their own screen.
  await page.goto(`${t.server.origin}/admin/faqs`);
  await addFaq(page, 'What should I bring for the river cruise?', 'Sun cream, a hat and water.');
  await addFaq(page, 'Is lunch vegetarian-friendly?', 'Yes: tell us when you book.');

  await page.goto(`${t.server.origin}/admin/posts/create`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Douro Valley in Two Days');
  await page.getByLabel(/^Duration/).fill('2 days');

  await openSection(page, 'Itinerary');
  await page.getByRole('button', { name: 'Add Day 1' }).click();
  await page.getByRole('textbox', { name: 'Title of Day 1' }).fill('Porto to the Douro');
  await chooseImage(page, 'Choose an image for Day 1');
  await page.getByRole('button', { name: 'Add Day 2' }).click();
  await page.getByRole('textbox', { name: 'Title of Day 2' }).fill('Wine estates and the river');
  await page.getByRole('textbox', { name: 'Overnight of Day 2' }).fill('Home');

  // Reorder by keyboard: pick Day 2 up with Space, move it up, drop it.
  const announcements = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: 'Drag Day 2' }).focus();
  await page.keyboard.press('Space');
  // (the pick-up is said, then at once where it hovers: its own place)
  await expect.poll(() => announcements.textContent()).toContain('Day 2 is over position 2 of 2');
  // On a loaded machine the first arrow can come before the sensor listens: pressed again until it is heard (the
  // first position is as far up as Day 2 can go, so a second press that is heard changes nothing).
  await expect
    .poll(async () => {
      await page.keyboard.press('ArrowUp');
      return announcements.textContent();
    })
    .toContain('is over position 1 of 2');
  await page.keyboard.press('Space');
  await expect.poll(() => announcements.textContent()).toContain('dropped at position 1 of 2');
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Title of Day 1' }).inputValue())
    .toBe('Wine estates and the river');

  await openSection(page, "What's Included");
  await page.getByRole('button', { name: 'Add an included item' }).click();
  await page.getByRole('textbox', { name: 'Included item 1' }).fill('Lunch at a wine estate');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Included item 2' }).fill('River cruise');
  // Reorder by pointer: the second line's handle dragged above the first (a few steps, as a hand moves).
  const from = (await page.getByRole('button', { name: 'Drag Included item 2' }).boundingBox())!;
  const to = (await page.getByRole('button', { name: 'Drag Included item 1' }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++)
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 8) * step) / 8);
  await page.mouse.up();
  await expect.poll(() => page.getByRole('textbox', { name: 'Included item 1' }).inputValue()).toBe('River cruise');

  await openSection(page, 'FAQs');
  for (const question of ['What should I bring for the river cruise?', 'Is lunch vegetarian-friendly?']) {
    await page.getByRole('combobox', { name: 'Add an FAQ' }).selectOption({ label: question });
    await page.getByRole('button', { name: 'Add FAQ' }).click();
  }

  await openSection(page, 'Gallery');
  await chooseImage(page, 'Add an image to the gallery');
  await page.getByRole('textbox', { name: 'Caption of image 1' }).fill('The bay at sunset');
  await chooseImage(page, 'Add an image to the gallery', /harbour-morning\.jpg/);

  expect(await seriousFindings(page)).toEqual([]);

  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await page.waitForURL('**/admin/posts');

  const post = await api<{
    itinerary: { title: string; overnight: string | null; image: { file_path: string } | null }[];
    includes: string[];
    faq_ids: number[];
    gallery: { caption: string; media: { file_path: string } }[];
  }>(page, '/posts/slug/douro-valley-in-two-days');
  expect(post.itinerary.map((day) => day.title)).toEqual(['Wine estates and the river', 'Porto to the Douro']);
  expect(post.itinerary[0]!.overnight).toBe('Home');
  expect(post.itinerary[0]!.image).toBeNull();
  expect(post.itinerary[1]!.image?.file_path).toMatch(/^uploads\//);
  expect(post.includes).toEqual(['River cruise', 'Lunch at a wine estate']);
  expect(post.faq_ids).toHaveLength(2);
  expect(post.gallery).toMatchObject([{ caption: 'The bay at sunset' }, { caption: null }]);

  // The FAQs screen counts the tour that now shows each (its list refreshed by the post's save).
  await page.getByRole('link', { name: 'FAQs' }).click();
  const row = page.getByRole('row', { name: /What should I bring for the river cruise\?/ });
  await expect.poll(() => row.textContent()).toContain('1 tour');

  // A visitor on a phone reads the tour: opens day 2, pages through the gallery with the keyboard.
  const visitor = await t.session.browser.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`${t.server.origin}/tours/douro-valley-in-two-days`);
  const days = visitor.locator('details.day');
  expect(await days.first().getAttribute('open')).not.toBeNull();
  await visitor.getByText('Porto to the Douro').click();
  expect(await days.nth(1).getAttribute('open')).not.toBeNull();
  expect(await visitor.getByText('Not included: ', { exact: false }).count()).toBe(0);
  expect(await visitor.getByText('Included: ', { exact: false }).count()).toBe(2);

  const thumbnails = visitor.locator('a.gallery-link');
  expect(await thumbnails.first().getAttribute('href')).toMatch(/^\/uploads\//); // a plain link without scripts
  await thumbnails.first().focus();
  await visitor.keyboard.press('Enter');
  const viewer = visitor.getByRole('dialog', { name: 'Gallery, image 1 of 2' });
  await expect.poll(() => viewer.isVisible()).toBe(true);
  expect(await viewer.textContent()).toContain('The bay at sunset');
  await visitor.keyboard.press('ArrowRight');
  await expect.poll(() => visitor.getByRole('dialog', { name: 'Gallery, image 2 of 2' }).isVisible()).toBe(true);
  await visitor.keyboard.press('Enter'); // the focused Next button: round to the first
  await expect.poll(() => visitor.getByRole('dialog', { name: 'Gallery, image 1 of 2' }).isVisible()).toBe(true);
  await visitor.keyboard.press('Escape');
  await expect.poll(() => visitor.getByRole('dialog').count()).toBe(0);
  expect(await thumbnails.first().evaluate((link) => link === document.activeElement)).toBe(true);

  const trip = (
    await visitor
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '')))
  ).find((block) => Array.isArray(block['@type']) && block['@type'].includes('TouristTrip'));
  expect(trip.itinerary.itemListElement.map((item: { name: string }) => item.name)).toEqual([
    'Wine estates and the river',
    'Porto to the Douro',
  ]);
  expect(await seriousFindings(visitor)).toEqual([]);
  await visitor.close();
});

test('on a wide screen "On this page" stays in view as a visitor reads down a tour, and leads to each section', async () => {
  const visitor = await t.session.browser.newPage();
  // A laptop's window: the tour's facts and the navigation together are taller than it.
  await visitor.setViewportSize({ width: 1280, height: 700 });
  await visitor.goto(`${t.server.origin}/tours/two-islands-overnight`);
  const nav = visitor.getByRole('navigation', { name: 'On this page' });
  const inView = async () => {
    const box = await nav.boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= 700;
  };
  for (const [link, id] of [
    ['Questions and answers', 'faqs'],
    ['Gallery', 'gallery'],
    ['Itinerary', 'itinerary'],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect.poll(() => visitor.evaluate(() => location.hash)).toBe(`#${id}`);
    await expect.poll(() => visitor.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect.poll(inView).toBe(true);
    expect(await nav.getByRole('link').count()).toBe(6);
  }
  await visitor.close();
});
