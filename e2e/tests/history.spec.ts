import { expect, test } from 'vitest';
import { launchBrowser, signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest({ SEED_DEMO: 'true' });

async function openEditor(page: import('playwright-core').Page, title: string): Promise<void> {
  await page.goto(`${t.server.origin}/admin/posts`);
  await page.getByRole('link', { name: `Edit ${title}`, exact: true }).click();
  await page.waitForURL('**/admin/posts/edit/*');
  await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe(title);
}

test('an editor changes a tour twice, compares the first version with the current one and restores it', async () => {
  const { page } = t.session;
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await openEditor(page, 'Sea Kayak at Dawn');
  await page.getByLabel('Price').fill('60');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await page.waitForURL('**/admin/posts');
  await openEditor(page, 'Sea Kayak at Dawn');
  await page.getByLabel(/^Title/).fill('Sea Kayak at Sunrise');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await page.waitForURL('**/admin/posts');

  await openEditor(page, 'Sea Kayak at Sunrise');
  const history = page.getByRole('region', { name: 'History' });
  await expect.poll(() => history.getByText('Current version: 3').isVisible()).toBe(true);
  await history.getByRole('button', { name: /^Version 1/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Version 1' });
  await expect.poll(() => dialog.getByRole('term').allTextContents()).toEqual(['Title', 'Price']);
  expect(await dialog.locator('del').allTextContents()).toContain('Dawn');
  expect(await dialog.locator('ins').allTextContents()).toContain('Sunrise');
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Sea Kayak at Dawn');
  expect(await page.getByLabel('Price').inputValue()).toBe('55');
  await expect.poll(() => history.getByText('Current version: 4').isVisible()).toBe(true);
  // The restore is a version too: the title the restore replaced is one choice away.
  expect(await history.getByRole('button', { name: /^Version 3/ }).isVisible()).toBe(true);
});

test('two tabs edit one tour: the second save is refused and offers to save anyway', async () => {
  const first = t.session.page;
  const second = await t.session.browser.newPage();
  await openEditor(first, 'Lantern Food Walk');
  await openEditor(second, 'Lantern Food Walk');
  await first.getByLabel('Price').fill('70');
  await first.getByRole('button', { name: 'Update Post' }).click();
  await first.waitForURL('**/admin/posts');

  await second.getByLabel('Duration').fill('3.5 hours');
  await second.getByRole('button', { name: 'Update Post' }).click();
  const alert = second.getByRole('alert').filter({ hasText: 'Not saved: this post was changed since you opened it.' });
  await expect.poll(() => alert.isVisible()).toBe(true);
  expect(await alert.textContent()).toContain('saved version 2');
  await alert.getByRole('button', { name: 'Show the differences' }).click();
  const compare = second.getByRole('dialog', { name: 'Your changes and the saved version' });
  await expect.poll(() => compare.getByRole('term').allTextContents()).toEqual(['Price', 'Duration']);
  await compare.getByRole('button', { name: 'Close' }).click();
  await alert.getByRole('button', { name: 'Save mine anyway' }).click();
  await second.waitForURL('**/admin/posts');
  const saved = await second.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
    return (await fetch('/api/posts/slug/lantern-food-walk', { headers })).json();
  });
  // Saving anyway writes this tab's form, which still held the old price; the other tab's save is in the history.
  expect(saved).toMatchObject({ duration: '3.5 hours', price: 65, version: 3 });
  await second.close();
});

test('two browser contexts edit one page: the second is warned, compares, and loads the first one’s version', async () => {
  const origin = t.server.origin;
  const pages = await t.session.page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
    return (await fetch('/api/pages/', { headers })).json();
  });
  const contact = (pages as { id: number; slug: string }[]).find((p) => p.slug === 'contact')!;
  // A second, separate context: its own storage, signed in on its own.
  const other = await launchBrowser();
  try {
    await signInThroughUi(other.page, origin, t.server.admin.username, t.server.admin.password);
    const first = t.session.page;
    const second = other.page;
    for (const tab of [first, second]) {
      await tab.goto(`${origin}/admin/pages/edit/${contact.id}`);
      await expect.poll(() => tab.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('Contact');
    }
    await first.getByRole('textbox', { name: 'Title', exact: true }).fill('Contact us');
    await first.getByRole('button', { name: 'Save Page' }).click();
    await expect.poll(() => first.getByText('Page updated.').isVisible()).toBe(true);

    await second.getByRole('textbox', { name: 'Title', exact: true }).fill('Get in touch');
    await second.getByRole('button', { name: 'Save Page' }).click();
    const alert = second.getByRole('alert').filter({ hasText: 'Not saved: this page was changed since you opened it.' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    await alert.getByRole('button', { name: 'Show the differences' }).click();
    const compare = second.getByRole('dialog', { name: 'Your changes and the saved version' });
    await expect.poll(() => compare.getByRole('term').allTextContents()).toEqual(['Page Title']);
    expect((await compare.locator('del').allTextContents()).join(' ')).toContain('Contact');
    expect((await compare.locator('ins').allTextContents()).join(' ')).toContain('touch');
    await compare.getByRole('button', { name: 'Close' }).click();
    await alert.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => second.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('Contact us');
    const history = second.getByRole('region', { name: 'History' });
    await expect.poll(() => history.getByText('Current version: 2').isVisible()).toBe(true);
  } finally {
    await other.close();
  }
});
