import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

let website: { origin: string; close(): Promise<void> };

/** The inquiry form exactly as docs/inquiry-form.md documents it. */
function documentedSnippet(): string {
  const doc = fs.readFileSync(new URL('../../docs/inquiry-form.md', import.meta.url), 'utf8');
  const snippet = /```html\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!snippet) throw new Error('docs/inquiry-form.md has no html snippet');
  return snippet;
}

const escapeAttribute = (html: string) => html.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A website page as the public site serves it: the content in a srcdoc frame sandboxed without
 * allow-same-origin, under a policy the frame inherits that lets it connect only to the site itself.
 */
function websitePage(content: string): string {
  const frameDocument = `<!doctype html><html><head><meta charset="utf-8"><title>Contact us</title></head><body>${content}</body></html>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Contact us</title></head><body style="margin:0">
<iframe title="Page content" sandbox="allow-scripts allow-forms allow-popups" style="border:0;width:100%;height:100vh" srcdoc="${escapeAttribute(frameDocument)}"></iframe>
</body></html>`;
}
const WEBSITE_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; frame-src 'self'";

/**
 * Stands in for the public page engine (another feature) on a real socket: /contact-us is a website page holding
 * the documented snippet, and every other path is passed through to the app, so the page and the API share one
 * origin as they do in production. (A page faked with page.route has no network address; Chrome then treats its
 * frame as public and refuses its requests to the loopback server, which no real deployment would see.)
 */
async function startWebsite(apiOrigin: string): Promise<{ origin: string; close(): Promise<void> }> {
  const upstream = new URL(apiOrigin);
  const site = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/contact-us') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': WEBSITE_CSP });
      res.end(websitePage(documentedSnippet()));
      return;
    }
    const proxied = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}

/** Each test signs in afresh, so one failing test does not leave the next signed out (or in). */
async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto(`${t.server.origin}/admin`);
  await page.evaluate(() => localStorage.clear());
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
}

const t = useBrowserTest();
beforeAll(async () => {
  website = await startWebsite(t.server.origin);
});
afterAll(async () => {
  await website?.close();
});

test('a visitor sends an inquiry through the website form; staff find it, mark it in progress, then resolved', async () => {
  const { page } = t.session;
  await page.goto(`${website.origin}/contact-us`);
  const frame = page.frameLocator('iframe[title="Page content"]');
  const frameOrigin = await page
    .frames()
    .find((f) => f !== page.mainFrame())!
    .evaluate(() => window.origin);
  expect(frameOrigin).toBe('null');

  await frame.getByLabel('Name', { exact: true }).fill('Maria Papadopoulou');
  await frame.getByLabel('Email', { exact: true }).fill('maria@example.com');
  await frame.getByLabel('Phone (optional)').fill('+30 210 555 0199');
  await frame.getByLabel('Subject', { exact: true }).fill('Private boat tour <for 6>');
  await frame.getByLabel('Message', { exact: true }).fill('Hello! Can we book the <b>sunset</b> tour on 12 June?');
  await frame.getByRole('button', { name: 'Send inquiry' }).click();
  await expect.poll(() => frame.getByRole('status').textContent()).toBe('Thank you! Your message has been sent.');
  expect(await frame.getByLabel('Name', { exact: true }).inputValue()).toBe('');

  await signInAsAdmin(page);
  await expect.poll(() => page.getByLabel('Total Contacts: 1').isVisible()).toBe(true);
  await expect.poll(() => page.getByText('1 new inquiry').isVisible()).toBe(true);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Contacts' }).isVisible()).toBe(true);
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('maria@');
  const row = page.getByRole('row').filter({ hasText: 'Maria Papadopoulou' });
  await expect.poll(() => row.getByText('New', { exact: true }).isVisible()).toBe(true);
  // HTML typed by the visitor is text, not markup.
  expect(await row.getByText('Private boat tour <for 6>').isVisible()).toBe(true);
  // On a laptop every column is in view: the table does not scroll sideways under its pinned actions.
  await page.setViewportSize({ width: 1280, height: 800 });
  const scroller = page.getByRole('table').locator('xpath=..');
  await expect.poll(() => scroller.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);

  await row.getByRole('button', { name: 'View details of Maria Papadopoulou' }).click();
  const details = page.getByRole('dialog', { name: 'Contact Details' });
  await expect.poll(() => details.getByText('+30 210 555 0199').isVisible()).toBe(true);
  expect(await details.getByText('Hello! Can we book the <b>sunset</b> tour on 12 June?').isVisible()).toBe(true);
  expect(await details.locator('b').count()).toBe(0);
  await details.getByRole('button', { name: 'Mark In Progress' }).click();
  await expect.poll(() => details.isVisible()).toBe(false);
  await expect.poll(() => row.getByText('In Progress', { exact: true }).isVisible()).toBe(true);

  await row.getByRole('button', { name: 'View details of Maria Papadopoulou' }).click();
  await details.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect.poll(() => details.isVisible()).toBe(false);
  await expect.poll(() => row.getByText('Resolved', { exact: true }).isVisible()).toBe(true);

  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label: 'New' });
  await expect.poll(() => page.getByText('No contacts found.').isVisible()).toBe(true);
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label: 'Resolved' });
  await expect.poll(() => row.isVisible()).toBe(true);
});

test('staff create, edit and delete a module', async () => {
  const { page } = t.session;
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Modules' }).click();
  await expect.poll(() => page.getByText('No modules found.').isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Add New Module' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Module' });
  expect(await add.getByLabel('Type').inputValue()).toBe('banner');
  await add.getByLabel('Name').fill('Intro film');
  await add.getByLabel('Type').selectOption({ label: 'Video' });
  await add.getByLabel('Heading').fill('See the islands');
  await add.getByLabel('Video URL').fill('https://videos.example.com/intro.mp4');
  await add.getByLabel('Button Link').fill('javascript:alert(1)');
  await add.getByRole('button', { name: 'Create Module' }).click();
  await expect
    .poll(() => page.getByRole('alert').filter({ hasText: 'Error saving module. Please try again.' }).isVisible())
    .toBe(true);
  expect(
    await add.getByText('Button link must be a web address starting with http:// or https://').first().isVisible(),
  ).toBe(true);
  await add.getByLabel('Button Link').fill('https://tours.example.com/book');
  await add.getByRole('button', { name: 'Create Module' }).click();
  await expect.poll(() => add.isVisible()).toBe(false);

  const card = page.getByRole('listitem', { name: 'Intro film' });
  await expect.poll(() => card.getByText('Video', { exact: true }).isVisible()).toBe(true);
  expect(await card.getByText('See the islands').isVisible()).toBe(true);

  await card.getByRole('button', { name: 'Edit Intro film' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Module' });
  expect(await edit.getByLabel('Video URL').inputValue()).toBe('https://videos.example.com/intro.mp4');
  await edit.getByLabel('Name').fill('Island film');
  await edit.getByLabel('Type').selectOption({ label: 'Banner' });
  await edit.getByRole('button', { name: 'Update Module' }).click();
  await expect.poll(() => edit.isVisible()).toBe(false);
  const edited = page.getByRole('listitem', { name: 'Island film' });
  await expect.poll(() => edited.getByText('Banner', { exact: true }).isVisible()).toBe(true);
  expect(await page.getByRole('listitem', { name: 'Intro film' }).count()).toBe(0);

  await page.getByRole('searchbox', { name: 'Search modules' }).fill('banner');
  await expect.poll(() => edited.isVisible()).toBe(true);
  await page.getByRole('searchbox', { name: 'Search modules' }).fill('');

  await edited.getByRole('button', { name: 'Delete Island film' }).click();
  const confirm = page.getByRole('alertdialog');
  expect(await confirm.getByText('Are you sure you want to delete this module?').isVisible()).toBe(true);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => page.getByText('No modules found.').isVisible()).toBe(true);
});
