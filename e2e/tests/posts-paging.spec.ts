import { expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

// Issue 26: the Posts screen pages, searches and sorts on the server, and the URL keeps the view.
const t = useBrowserTest();

test('the Posts screen shows a page with the total, more on request, searches on the server and keeps the view', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  const signIn = await fetch(`${origin}/api/auth/token`, { method: 'POST', body: new URLSearchParams(t.server.admin) });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const titles = [
    ...Array.from({ length: 57 }, (_, i) => `Walk ${String(i + 1).padStart(2, '0')}`),
    'Harbour Cruise Gamma',
    'Harbour Cruise Alpha',
    'Harbour Cruise Beta',
  ];
  for (const [i, title] of titles.entries()) {
    const res = await fetch(`${origin}/api/posts/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, slug: `post-${i + 1}`, status: i % 2 ? 'draft' : 'published' }),
    });
    expect(res.status).toBe(201);
  }
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();

  // The first page, newest first, with the total.
  await expect.poll(() => page.getByText('Showing 50 of 60 posts').isVisible()).toBe(true);
  expect(await page.getByRole('row').count()).toBe(51);
  expect(await page.getByRole('row').nth(1).getByText('Harbour Cruise Beta').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => page.getByText('Showing 60 of 60 posts').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);

  // Searched on the server, sorted by title; the URL names the view.
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('harbour');
  await expect.poll(() => page.getByText('Showing 3 of 3 posts').isVisible()).toBe(true);
  await page.getByRole('combobox', { name: 'Sort posts' }).selectOption({ label: 'Title A–Z' });
  const rowTitles = () =>
    page
      .getByRole('row')
      .filter({ hasText: 'Harbour' })
      .evaluateAll((rows) => rows.map((row) => row.querySelector('td p')?.textContent));
  const sorted = ['Harbour Cruise Alpha', 'Harbour Cruise Beta', 'Harbour Cruise Gamma'];
  await expect.poll(rowTitles).toEqual(sorted);
  const url = new URL(page.url());
  expect(url.searchParams.get('q')).toBe('harbour');
  expect(url.searchParams.get('sort')).toBe('title');

  // A reload (or the link shared) shows the same rows, with the search box and sort as they were.
  await page.reload();
  await expect.poll(rowTitles).toEqual(sorted);
  expect(await page.getByRole('searchbox', { name: 'Search posts' }).inputValue()).toBe('harbour');
  expect(await page.getByRole('combobox', { name: 'Sort posts' }).inputValue()).toBe('title');
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label: 'Draft' });
  await expect.poll(() => page.getByText('Showing 2 of 2 posts').isVisible()).toBe(true);
  expect(new URL(page.url()).searchParams.get('status')).toBe('draft');

  // On a phone the table scrolls its Status column out of view beneath the pinned actions: each row also says
  // its status under its title, where a person sees it without scrolling (nothing drawn over it).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin}/admin/posts?q=harbour&sort=title`);
  await expect.poll(rowTitles).toEqual(sorted);
  const seenWithoutScrolling = (title: string, status: string) =>
    page
      .getByRole('row')
      .filter({ hasText: title })
      .getByText(status, { exact: true })
      .evaluateAll((badges) =>
        badges.some((badge) => {
          const box = badge.getBoundingClientRect();
          if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) return false;
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && badge.contains(hit);
        }),
      );
  await expect.poll(() => seenWithoutScrolling('Harbour Cruise Alpha', 'Published')).toBe(true);
  expect(await seenWithoutScrolling('Harbour Cruise Beta', 'Draft')).toBe(true);
  expect(await seenWithoutScrolling('Harbour Cruise Beta', 'Published')).toBe(false);
});
