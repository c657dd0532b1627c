import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest();

/** Calls the API with the token the admin keeps after signing in. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    },
    { method, path, body },
  );
}

/**
 * Typed in the Code view: a link to another page of the site, and a script that reports what it could reach from
 * where it runs (the builder's sandboxed frames, and the public page's frame).
 */
const CODE_ADDITION =
  '\n<p><a id="to-tours" href="/excursions">See all tours</a></p>' +
  '<p id="reach">Script did not run</p>' +
  '<script>' +
  'var reached = [];' +
  'try { localStorage.setItem("pwned", "1"); reached.push("storage"); } catch (e) {}' +
  'try { window.top.document.title = "pwned"; reached.push("top document"); } catch (e) {}' +
  'try { parent.location.href; reached.push("top location"); } catch (e) {}' +
  'document.getElementById("reach").textContent = reached.length ? "Reached " + reached.join(", ") : "Script ran in the sandbox";' +
  '</script>';

test('an editor builds a page in the visual editor and in code, publishes it, and visitors see it at its address', async () => {
  const { page } = t.session;
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pages' }).click();
  await expect.poll(() => page.getByText('No pages found.').isVisible()).toBe(true);

  // The page the new one links to, and a header around every page.
  await api(page, 'POST', '/pages/', {
    title: 'Excursions',
    slug: 'excursions',
    status: 'published',
    content: '<h1 id="tours-heading">All our tours</h1>',
  });
  await api(page, 'POST', '/components/', {
    name: 'Header',
    type: 'header',
    content: '<header><a href="/">Crete Tours</a></header>',
  });

  await page.goto(`${t.server.origin}/admin/pages`);
  await page.getByRole('link', { name: 'Add New Page' }).click();
  await page.waitForURL('**/admin/pages/create');
  const slug = page.getByRole('textbox', { name: 'URL Slug' });
  expect(await slug.inputValue()).toBe('new-page');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Samaria Gorge Hike');
  expect(await slug.inputValue()).toBe('samaria-gorge-hike');

  // Visual: type into the editing canvas and make the first line a heading with the toolbar.
  const canvas = page.getByTitle('Rich text editing area').contentFrame();
  await canvas.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Walk the gorge');
  await page.getByRole('combobox', { name: 'Format' }).selectOption('h2');
  await expect.poll(() => canvas.locator('h2').textContent()).toBe('Walk the gorge');

  // Code: what the canvas made is there as HTML; add a link and a script at the end.
  const viewMode = page.getByRole('group', { name: 'View mode' });
  await viewMode.getByRole('button', { name: 'Code' }).click();
  const code = page.getByRole('textbox', { name: 'Page content code' });
  await expect.poll(() => code.textContent()).toContain('<h2>Walk the gorge</h2>');
  expect(await page.getByLabel('Language').inputValue()).toBe('html');
  await code.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(CODE_ADDITION);

  // Back to Visual: the link is in the canvas, and the script ran there, sandboxed.
  await viewMode.getByRole('button', { name: 'Visual' }).click();
  await expect.poll(() => canvas.getByRole('link', { name: 'See all tours' }).isVisible()).toBe(true);
  await expect.poll(() => canvas.locator('#reach').textContent()).toBe('Script ran in the sandbox');
  expect(await page.evaluate(() => ({ pwned: localStorage.getItem('pwned'), title: document.title }))).toEqual({
    pwned: null,
    title: 'Admin · Tours CMS',
  });

  // Preview at phone width shows the same content.
  await viewMode.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Mobile' }).click();
  const preview = page.getByTitle('Page preview').contentFrame();
  await expect.poll(() => preview.locator('h2').textContent()).toBe('Walk the gorge');

  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByRole('button', { name: 'Save Page' }).click();
  await page.waitForURL('**/admin/pages');
  const row = page.getByRole('row').filter({ hasText: 'Samaria Gorge Hike' });
  await expect.poll(() => row.getByText('Published').isVisible()).toBe(true);
  expect(await row.getByText('Rich Editor').isVisible()).toBe(true);
  expect(await row.getByText(`${t.server.origin}/samaria-gorge-hike`).isVisible()).toBe(true);

  // The public page: the content in a sandboxed frame under the common header, its script contained there.
  const [visitor] = await Promise.all([
    t.session.browser.waitForEvent('page'),
    row.getByRole('link', { name: 'View Samaria Gorge Hike live' }).click(),
  ]);
  await visitor.waitForLoadState();
  expect(visitor.url()).toBe(`${t.server.origin}/samaria-gorge-hike`);
  expect(await visitor.title()).toBe('Samaria Gorge Hike');
  const site = visitor.frameLocator('#site-frame');
  await expect.poll(() => site.locator('h2').textContent()).toBe('Walk the gorge');
  expect(await site.getByRole('link', { name: 'Crete Tours' }).isVisible()).toBe(true);
  await expect.poll(() => site.locator('#reach').textContent()).toBe('Script ran in the sandbox');
  expect(await visitor.evaluate(() => document.title)).toBe('Samaria Gorge Hike');
  // The admin's token is still where it was, untouched by the page's script.
  expect(
    await page.evaluate(() => ({
      token: localStorage.getItem('token') !== null,
      pwned: localStorage.getItem('pwned'),
    })),
  ).toEqual({
    token: true,
    pwned: null,
  });

  // An internal link inside the frame takes the whole page to that page.
  await site.getByRole('link', { name: 'See all tours' }).click();
  await visitor.waitForURL(`${t.server.origin}/excursions`);
  await expect
    .poll(() => visitor.frameLocator('#site-frame').locator('#tours-heading').textContent())
    .toBe('All our tours');
  await visitor.close();

  // Back to draft: the address answers the 404 screen at once.
  await row.getByRole('link', { name: 'Edit Samaria Gorge Hike' }).click();
  await page.waitForURL('**/admin/pages/edit/*');
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Title', exact: true }).inputValue())
    .toBe('Samaria Gorge Hike');
  await page.getByLabel('Status', { exact: true }).selectOption('draft');
  expect(await page.getByLabel('Status: Draft').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Save Page' }).click();
  await expect.poll(() => page.getByText('Page updated.').isVisible()).toBe(true);

  const draft = await t.session.browser.newPage();
  const response = await draft.goto(`${t.server.origin}/samaria-gorge-hike`);
  expect(response?.status()).toBe(404);
  expect(await draft.getByRole('heading', { name: '404 - Not Found' }).isVisible()).toBe(true);
  expect(await draft.getByText('Page not found or is not published.').isVisible()).toBe(true);
  await draft.getByRole('link', { name: 'Go back to Home' }).click();
  await draft.waitForURL(`${t.server.origin}/`);
  await draft.close();

  // Delete it from the list, after the spec's confirmation.
  await page.goto(`${t.server.origin}/admin/pages`);
  await page.getByRole('button', { name: 'Delete Samaria Gorge Hike' }).click();
  const confirm = page.getByRole('alertdialog');
  expect(await confirm.getByText('Are you sure you want to delete this page?').isVisible()).toBe(true);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'Samaria Gorge Hike' }).count()).toBe(0);
});
