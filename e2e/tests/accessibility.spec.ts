import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  navigateInApp,
  seriousFindings,
  signInThroughUi,
  useBrowserTest,
  waitUntilQuiet,
  watchRequests,
} from '../src/index.js';

let token: string;
const ids: Record<string, number | string> = {};

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${t.server.origin}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

// The demo site brings pages, posts, a category, components and an image.
const t = useBrowserTest({ SEED_DEMO: 'true' });

beforeAll(async () => {
  const signIn = await fetch(`${t.server.origin}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams(t.server.admin),
  });
  token = ((await signIn.json()) as { access_token: string }).access_token;
  const posts = await api<{ id: number; slug: string }[]>('GET', '/posts/');
  ids.post = posts[0]!.id;
  ids.postSlug = posts[0]!.slug;
  ids.page = (await api<{ id: number }[]>('GET', '/pages/'))[0]!.id;
  ids.component = (await api<{ id: number }[]>('GET', '/components/'))[0]!.id;
  await api('POST', '/modules/', { name: 'Summer banner', type: 'banner', heading: 'Island hopping' });
  await api('POST', '/tags/', { name: 'Family', slug: 'family' });
  await api('POST', '/users/', {
    username: 'erin',
    email: 'erin@example.com',
    full_name: 'Erin Editor',
    password: 'erin-password-1',
    role: 'editor',
  });
  const inquiry = await fetch(`${t.server.origin}/api/contacts/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Visitor',
      email: 'visitor@example.com',
      subject: 'Winter tours',
      message: 'Do you run tours in winter?',
    }),
  });
  expect(inquiry.status).toBe(201);
});

/**
 * Opens an address and waits until the screen's main heading is shown and its data have arrived. Inside the
 * signed-in admin it navigates as the app's links do, instead of loading the whole app again for every screen.
 */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  watchRequests(page);
  if (path.startsWith('/admin/') && new URL(page.url()).pathname.startsWith('/admin/')) await navigateInApp(page, path);
  else await page.goto(`${t.server.origin}${path}`);
  await expect
    .poll(() => page.getByRole('heading', { name: heading }).first().isVisible(), { timeout: 15_000 })
    .toBe(true);
  await waitUntilQuiet(page);
}

async function expectNoSeriousFindings(page: Page, screen: string): Promise<void> {
  const findings = await seriousFindings(page);
  expect(findings, `${screen}: ${JSON.stringify(findings, null, 2)}`).toEqual([]);
}

test('the login screen has no serious or critical accessibility findings', async () => {
  await open(t.session.page, '/admin', 'Sign in to Admin');
  await expectNoSeriousFindings(t.session.page, 'login');
});

/** The walk through every screen and dialog took 50–60 s on a two-core machine with a reload per screen: room to spare. */
const SCREENS_TIMEOUT_MS = 180_000;

test(
  'every admin screen, its dialogs included, has no serious or critical accessibility findings',
  async () => {
    const { page } = t.session;
    await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
    const screens: [string, string | RegExp][] = [
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/media', 'Media Library'],
      ['/admin/posts', 'Posts'],
      ['/admin/posts/create', 'Create New Post'],
      [`/admin/posts/edit/${ids.post}`, 'Edit Post'],
      ['/admin/pages', 'Pages'],
      ['/admin/pages/create', /Create Page|New Page/],
      [`/admin/pages/edit/${ids.page}`, /Edit Page/],
      ['/admin/contacts', 'Contacts'],
      ['/admin/modules', 'Modules'],
      ['/admin/users', 'Users'],
      ['/admin/categories', 'Categories'],
      ['/admin/tags', 'Tags'],
      ['/admin/commoncomp', /Common Components|Component Manager/],
      ['/admin/menus', 'Menus'],
      ['/admin/components/create', 'Create Common Component'],
      [`/admin/components/edit/${ids.component}`, 'Edit Common Component'],
      ['/admin/settings', 'Settings'],
      ['/admin/redirects', 'Redirects'],
      ['/admin/trash', 'Trash'],
      ['/admin/activity', 'Activity'],
      ['/admin/account', 'Account'],
    ];
    for (const [path, heading] of screens) {
      await open(page, path, heading);
      await expectNoSeriousFindings(page, path);
    }

    await open(page, '/admin/contacts', 'Contacts');
    await page.getByRole('button', { name: /View/ }).first().click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await expectNoSeriousFindings(page, 'contact details');

    await open(page, '/admin/modules', 'Modules');
    await page.getByRole('button', { name: 'Add New Module' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Add New Module' }).isVisible()).toBe(true);
    await expectNoSeriousFindings(page, 'add module');

    await open(page, '/admin/account', 'Account');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect.poll(() => page.getByLabel('Secret key').isVisible()).toBe(true);
    await expectNoSeriousFindings(page, 'two-factor setup');

    await open(page, '/admin/users', 'Users');
    await page.getByRole('button', { name: 'Edit erin' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Edit User' }).isVisible()).toBe(true);
    await expectNoSeriousFindings(page, 'edit user');

    for (const view of ['Code', 'Split', 'Preview']) {
      await open(page, `/admin/pages/edit/${ids.page}`, /Edit Page/);
      await page.getByRole('group', { name: 'View mode' }).getByRole('button', { name: view }).click();
      await waitUntilQuiet(page);
      await expectNoSeriousFindings(page, `page builder, ${view}`);
    }

    await page.goto(`${t.server.origin}/admin/posts/view/${ids.postSlug}`);
    await waitUntilQuiet(page);
    await expectNoSeriousFindings(page, 'post view');
    await page.goto(`${t.server.origin}/admin/components/view/${ids.component}`);
    await waitUntilQuiet(page);
    await expectNoSeriousFindings(page, 'component viewer');
  },
  SCREENS_TIMEOUT_MS,
);

test('on a phone, the dashboard, the posts list and the media library have no serious or critical findings', async () => {
  const { page } = t.session;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    for (const [path, heading] of [
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/posts', 'Posts'],
      ['/admin/media', 'Media Library'],
    ] as const) {
      await open(page, path, heading);
      await expectNoSeriousFindings(page, `${path} (phone)`);
    }
  } finally {
    await page.setViewportSize({ width: 1366, height: 900 });
  }
});

test('the public tour pages and the catalogue have no serious or critical accessibility findings, on a phone too', async () => {
  const { page } = t.session;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, heading] of [
      ['/tours', 'Tours'],
      ['/tours/category/the-bay', 'The Bay'],
      ['/tours?q=nothing-matches-this', 'Tours'],
      ['/tours/sunset-sailing-on-the-bay', 'Sunset Sailing on the Bay'],
    ] as const) {
      await open(page, path, heading);
      await expectNoSeriousFindings(page, `${path} at ${width}px`);
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
});
