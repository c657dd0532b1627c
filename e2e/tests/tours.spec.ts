import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  launchBrowser,
  seriousFindings,
  signInThroughUi,
  startBookingProvider,
  useBrowserTest,
  waitUntilSettled,
  type BookingProvider,
} from '../src/index.js';

let provider: BookingProvider;
beforeAll(async () => {
  provider = await startBookingProvider();
});
afterAll(async () => provider?.stop());

// The demo site brings destinations, six tours and their pictures; the browser trusts the stand-in provider.
const t = useBrowserTest({ SEED_DEMO: 'true' }, () => provider.chromiumArgs);

const TITLE = 'Lighthouse Sunset Picnic';
const SLUG = 'lighthouse-sunset-picnic';

test('staff publish a tour with a booking calendar; a visitor finds it, books through the provider and asks a question; unpublishing hides it', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);

  // Staff: a new tour with an image, a price, a destination and the provider's embed, published.
  await page.goto(`${origin}/admin/posts/create`);
  await page.getByLabel(/^Title/).fill(TITLE);
  await page.getByLabel('Price').fill('95');
  await page.getByLabel('Duration').fill('4 hours');
  await page.getByLabel('Location').fill('Ferry pier');
  await page.getByLabel('Short Description').fill('A picnic under the lighthouse as the sun goes down.');
  await page.getByLabel('Calendar Time iFrame').fill('<script src="https://book.example.com/embed.js"></script>');
  // A script embed cannot be shown: the form says so while staff edit.
  await expect.poll(() => page.getByText('The tour page cannot show this booking calendar').isVisible()).toBe(true);
  await page.getByLabel('Calendar Time iFrame').fill(provider.embed(SLUG));
  expect(await page.getByText('The tour page cannot show this booking calendar').count()).toBe(0);
  await page.getByLabel('Status').selectOption('published');
  await page.getByLabel('Category').selectOption({ label: 'The Islands' });
  await page.getByRole('button', { name: 'Choose from Media Library' }).click();
  const media = page.getByRole('dialog', { name: 'Select Media' });
  await media.getByRole('button', { name: /island-picnic-day\.jpg/ }).click();
  await media.getByRole('button', { name: 'Select File' }).click();
  await page.getByRole('button', { name: 'Create Post' }).click();
  await page.waitForURL('**/admin/posts');
  await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
  expect(await page.getByRole('link', { name: /^View on site/ }).getAttribute('href')).toBe(`/tours/${SLUG}`);

  // A visitor, in a tab of their own: the catalogue, narrowed by destination and price.
  const visitor = await t.session.browser.newPage();
  await visitor.goto(`${origin}/tours`);
  const cards = () =>
    visitor
      .getByRole('list')
      .filter({ has: visitor.getByRole('article') })
      .getByRole('heading', { level: 3 })
      .allTextContents();
  expect(await cards()).toContain(TITLE);
  const filters = visitor.getByRole('search', { name: 'Filter tours' });
  await filters.getByLabel('Destination').selectOption({ label: 'The Islands (3)' });
  await filters.getByLabel('To', { exact: true }).fill('200');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await visitor.waitForURL(
    (url) => url.searchParams.get('category') === 'the-islands' && url.searchParams.get('price_max') === '200',
  );
  expect((await cards()).sort()).toEqual(['Island Picnic Day', TITLE].sort());
  await visitor.getByRole('link', { name: TITLE }).click();
  await visitor.waitForURL(`${origin}/tours/${SLUG}`);

  // The tour page: its facts, and structured data search engines can read.
  expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
  expect(await visitor.getByRole('complementary', { name: 'Tour details' }).getByText('€95.00').isVisible()).toBe(true);
  const [trip] = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
    JSON.parse(text),
  );
  expect(trip).toMatchObject({
    '@type': ['TouristTrip', 'Product'],
    name: TITLE,
    touristType: 'The Islands',
    offers: { '@type': 'Offer', price: '95.00', priceCurrency: 'EUR', url: `${origin}/tours/${SLUG}` },
  });

  // The provider's calendar runs on its own origin with its session cookie, takes the guests in a form inside the
  // frame, and its checkout opens in a new tab that is not sandboxed, where the payment goes through: each a step
  // the frame's sandbox allows, under no feature policy of ours (no allow list).
  expect(await visitor.locator('iframe.calendar').getAttribute('allow')).toBeNull();
  const calendar = visitor.frameLocator('iframe.calendar');
  await expect.poll(() => calendar.locator('#state').textContent()).toBe('own origin, cookie ok');
  await waitUntilSettled(visitor.locator('iframe.calendar'));
  await calendar.getByLabel('Guests').fill('3');
  await calendar.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => calendar.locator('#guests').textContent()).toBe('3 guests');
  const [checkout] = await Promise.all([
    t.session.browser.waitForEvent('page'),
    calendar.getByRole('button', { name: 'Check out' }).click(),
  ]);
  await checkout.waitForLoadState();
  expect(new URL(checkout.url()).origin).toBe(provider.origin);
  await expect.poll(() => checkout.locator('#origin').textContent()).toBe('Checkout runs on its own origin');
  await checkout.getByRole('button', { name: 'Pay now' }).click();
  await expect.poll(() => checkout.getByRole('heading', { name: 'Booking confirmed' }).isVisible()).toBe(true);
  expect(provider.paid).toEqual([SLUG]);
  await checkout.close();

  // An inquiry about this tour, sent by the plain form.
  const form = visitor.getByRole('region', { name: 'Ask about this tour' });
  await form.getByLabel('Name').fill('Maya Silva');
  await form.getByLabel('Email').fill('maya@example.com');
  await form.getByLabel('Message').fill('Can we bring our dog?');
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  await visitor.waitForURL(`${origin}/tours/${SLUG}#inquiry-sent`);
  expect(
    await visitor.getByRole('status').filter({ hasText: 'Thank you! Your inquiry has been sent.' }).isVisible(),
  ).toBe(true);

  // Staff see which tour the visitor asked about.
  await page.goto(`${origin}/admin/contacts`);
  const row = page.getByRole('row').filter({ hasText: 'Maya Silva' });
  expect(await row.getByRole('link', { name: TITLE }).getAttribute('href')).toMatch(/^\/admin\/posts\/edit\/\d+$/);

  // Unpublished: gone from the catalogue, its page and the sitemap at once.
  await row.getByRole('link', { name: TITLE }).click();
  await page.getByLabel('Status').selectOption('draft');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await page.waitForURL('**/admin/posts');
  await visitor.goto(`${origin}/tours`);
  expect(await cards()).not.toContain(TITLE);
  const gone = await visitor.goto(`${origin}/tours/${SLUG}`);
  expect(gone?.status()).toBe(404);
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  expect(sitemap).not.toContain(SLUG);
  expect(sitemap).toContain('/tours/island-picnic-day</loc>');
  await visitor.close();
});

test('the catalogue and a tour page work without scripts, and header links navigate to tours', async () => {
  const origin = t.server.origin;
  const page = await t.session.browser.newPage();
  await page.goto(`${origin}/tours/category/old-town`);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Old Town');
  expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
    'Old Town Walking Tour',
    'Lantern Food Walk',
  ]);
  // The header is staff HTML in a sandboxed frame; its links move the whole page.
  const header = page.frameLocator('iframe[title="Site header"]');
  await header.getByRole('link', { name: 'Good to know' }).click();
  await page.waitForURL(`${origin}/good-to-know`);
  await page.close();

  // A context of the run's Chromium with scripts off: no browser of its own to start.
  const noScripts = await launchBrowser([], { javaScriptEnabled: false });
  const plain = noScripts.page;
  await plain.goto(`${origin}/tours`);
  await plain.getByLabel('Duration').selectOption({ label: 'Several days' });
  await plain.getByRole('button', { name: 'Apply filters' }).click();
  await plain.waitForURL(/duration=days/);
  expect(await plain.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Two Islands Overnight']);
  await plain.getByRole('link', { name: 'Two Islands Overnight' }).click();
  expect(await plain.getByText('€340.00').first().isVisible()).toBe(true);
  // The frames of staff HTML show without scripts too (with scripts they wait for their styles to paint).
  const plainHeader = plain.frameLocator('iframe[title="Site header"]');
  await expect.poll(() => plainHeader.getByRole('link', { name: 'Good to know' }).isVisible()).toBe(true);
  await noScripts.close();
});

test('on a phone the tours come first: the filters wait under “Filter and sort”, and stay open on the filtered view', async () => {
  const phone = await t.session.browser.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${t.server.origin}/tours`);
  const toggle = phone.getByText('Filter and sort', { exact: true });
  const search = phone.getByRole('search', { name: 'Filter tours' });
  const firstCard = phone.getByRole('article').first();
  expect(await search.isVisible()).toBe(false);
  expect(await firstCard.isVisible()).toBe(true);
  expect((await firstCard.boundingBox())!.y).toBeLessThan(844);

  await toggle.click();
  expect(await search.isVisible()).toBe(true);
  await search.getByLabel('Duration').selectOption({ label: 'Several days' });
  await search.getByRole('button', { name: 'Apply filters' }).click();
  await phone.waitForURL(/duration=days/);
  expect(await phone.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Two Islands Overnight']);
  expect(await phone.getByText('Filter and sort (1 active)').isVisible()).toBe(true);
  expect(await search.getByLabel('Duration').inputValue()).toBe('days');

  // A wide screen shows the form as a sidebar, with no toggle to find first.
  await phone.setViewportSize({ width: 1280, height: 900 });
  expect(await search.isVisible()).toBe(true);
  expect(await phone.getByText('Filter and sort', { exact: false }).isVisible()).toBe(false);
  await phone.close();
});

test('an inquiry the server refuses comes back with everything typed and the error at its field; corrected, it is sent', async () => {
  const visitor = await t.session.browser.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`${t.server.origin}/tours/sea-kayak-at-dawn`);
  const message = 'Two adults and a child of nine: is there a Sunday trip?';
  await visitor.getByLabel('Name').fill('Ana Visitor');
  // The browser's own check lets this address through; the server's does not.
  await visitor.getByLabel('Email').fill('ana@nowhere');
  await visitor.getByLabel('Message').fill(message);
  await visitor.getByRole('button', { name: 'Send inquiry' }).click();
  await visitor.waitForURL('**/tours/sea-kayak-at-dawn/inquiry');

  expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Your inquiry was not sent');
  expect(await seriousFindings(visitor)).toEqual([]);
  const summary = visitor.getByRole('alert');
  expect(await summary.getByRole('link').allTextContents()).toEqual(['Enter a valid email address']);
  await summary.getByRole('link', { name: 'Enter a valid email address' }).click();
  const email = visitor.getByLabel('Email');
  expect(await email.evaluate((element) => element === document.activeElement || element.matches(':target'))).toBe(
    true,
  );
  expect(await email.getAttribute('aria-invalid')).toBe('true');
  expect(await visitor.getByLabel('Name').inputValue()).toBe('Ana Visitor');
  expect(await visitor.getByLabel('Message').inputValue()).toBe(message);

  await email.fill('ana@example.com');
  await visitor.getByRole('button', { name: 'Send inquiry' }).click();
  await visitor.waitForURL('**/tours/sea-kayak-at-dawn#inquiry-sent');
  expect(await visitor.getByText('Thank you! Your inquiry has been sent.').isVisible()).toBe(true);
  await visitor.close();
});
