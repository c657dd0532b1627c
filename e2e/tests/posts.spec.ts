import { beforeAll, expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const dialogs: string[] = [];

const t = useBrowserTest();
beforeAll(() => {
  // Any alert() means content script ran in the admin: the test must see it.
  t.session.browser.on('page', (page) => page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss())));
  t.session.page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
});

test('an editor builds the catalogue: a category with a child, a tour post found, viewed, renamed and deleted', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  // The catalogue is an editor's work: make one, then sign in as them.
  const signIn = await fetch(`${origin}/api/auth/token`, { method: 'POST', body: new URLSearchParams(t.server.admin) });
  const { access_token: adminToken } = (await signIn.json()) as { access_token: string };
  const created = await fetch(`${origin}/api/users/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: 'erin',
      email: 'erin@example.com',
      full_name: 'Erin Editor',
      password: 'erin-password-1',
      role: 'editor',
    }),
  });
  expect(created.status).toBe(201);
  await signInThroughUi(page, origin, 'erin', 'erin-password-1');

  // A category with a child.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
  await expect.poll(() => page.getByText('No categories found.').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Add New Category' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Category' });
  await dialog.getByLabel('Name').fill('Boat Tours');
  expect(await dialog.getByRole('textbox', { name: 'Slug', exact: true }).inputValue()).toBe('boat-tours');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Add New Category' }).click();
  dialog = page.getByRole('dialog', { name: 'Add New Category' });
  await dialog.getByLabel('Name').fill('Sunset Cruises');
  await dialog.getByLabel('Parent Category').selectOption({ label: 'Boat Tours' });
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  const childRow = page.getByRole('row').filter({ hasText: 'Boat Tours > Sunset Cruises' });
  await expect.poll(() => childRow.getByText('Subcategory').isVisible()).toBe(true);

  // A tour post with price, details, SEO fields and the child category.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();
  await expect.poll(() => page.getByText('No posts found.').isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Add New Post' }).click();
  await page.waitForURL('**/admin/posts/create');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Sunset Boat Tour');
  expect(await page.getByRole('textbox', { name: 'Slug', exact: true }).inputValue()).toBe('sunset-boat-tour');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Three golden hours on the bay.');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' Drinks included.');
  await page.getByLabel('Excerpt', { exact: true }).fill('An evening on the water');
  await page.getByLabel('Price', { exact: true }).fill('49.50');
  await page.getByLabel('Duration', { exact: true }).fill('3 hours');
  await page.getByLabel('Age', { exact: true }).fill('6+');
  await page.getByLabel('Location', { exact: true }).fill('Marina');
  await page.getByLabel('Button Label', { exact: true }).fill('Book now');
  await page.getByLabel('Button Value', { exact: true }).fill('https://booking.example.com/sunset');
  await page.getByLabel('Short Description', { exact: true }).fill('Golden hour on the bay');
  await page
    .getByLabel('Calendar Time iFrame', { exact: true })
    .fill('<iframe src="https://calendar.example.com/embed"></iframe>');
  await page.getByLabel('SEO Title', { exact: true }).fill('Sunset Boat Tour | Harbour Tours');
  await page.getByLabel('SEO Description', { exact: true }).fill('Sail into the sunset with drinks and music.');
  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Boat Tours > Sunset Cruises' });
  await page.getByRole('button', { name: 'Create Post' }).click();
  await page.waitForURL(`${origin}/admin/posts`);

  const saved = await page.evaluate(async () => {
    const res = await fetch('/api/posts/slug/sunset-boat-tour', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.json();
  });
  expect(saved).toMatchObject({
    title: 'Sunset Boat Tour',
    status: 'published',
    price: 49.5,
    duration: '3 hours',
    age: '6+',
    location: 'Marina',
    button_label: 'Book now',
    button_value: 'https://booking.example.com/sunset',
    short_description: 'Golden hour on the bay',
    calendar_time_iframe: '<iframe src="https://calendar.example.com/embed"></iframe>',
    seo_title: 'Sunset Boat Tour | Harbour Tours',
    seo_description: 'Sail into the sunset with drinks and music.',
    excerpt: 'An evening on the water',
  });
  expect(saved.content).toContain('<strong> Drinks included.</strong>');
  const categories = await page.evaluate(async () => {
    const res = await fetch('/api/categories/', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await res.json()) as { id: number; name: string }[];
  });
  expect(saved.category_id).toBe(categories.find((c) => c.name === 'Sunset Cruises')!.id);

  // Another post, so that the search has something to leave out.
  await page.getByRole('link', { name: 'Add New Post' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Old Town Walk');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await page.waitForURL(`${origin}/admin/posts`);
  await expect.poll(() => page.getByRole('row').count()).toBe(3);

  // Found by search.
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('SUNSET');
  await expect.poll(() => page.getByRole('row').count()).toBe(2);
  const row = page.getByRole('row').filter({ hasText: 'Sunset Boat Tour' });
  expect(await row.getByText('sunset-boat-tour').isVisible()).toBe(true);
  expect(await row.getByText('Published').isVisible()).toBe(true);

  // Its view, in a new tab.
  const [view] = await Promise.all([
    t.session.browser.waitForEvent('page'),
    row.getByRole('link', { name: 'View Sunset Boat Tour' }).click(),
  ]);
  await view.waitForLoadState();
  expect(view.url()).toBe(`${origin}/admin/posts/view/sunset-boat-tour`);
  await expect.poll(() => view.getByRole('heading', { name: 'Sunset Boat Tour', level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => view.getByText('Three golden hours on the bay.').isVisible()).toBe(true);
  await view.close();

  // Renamed: the slug stays.
  await row.getByRole('link', { name: 'Edit Sunset Boat Tour' }).click();
  await page.waitForURL('**/admin/posts/edit/*');
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Title', exact: true }).inputValue())
    .toBe('Sunset Boat Tour');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Sunset Boat Tour Deluxe');
  expect(await page.getByRole('textbox', { name: 'Slug', exact: true }).inputValue()).toBe('sunset-boat-tour');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await page.waitForURL(`${origin}/admin/posts`);
  const renamed = page.getByRole('row').filter({ hasText: 'Sunset Boat Tour Deluxe' });
  await expect.poll(() => renamed.getByText('sunset-boat-tour', { exact: true }).isVisible()).toBe(true);

  // Deleted through the confirmation.
  await renamed.getByRole('button', { name: 'Delete Sunset Boat Tour Deluxe' }).click();
  const confirm = page.getByRole('alertdialog');
  expect(await confirm.getByText('Are you sure you want to delete this post?').isVisible()).toBe(true);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'Sunset Boat Tour Deluxe' }).count()).toBe(0);
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'Old Town Walk' }).count()).toBe(1);
  expect(dialogs).toEqual([]);
});

test('script in post content is stored but never runs in the admin', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  const content =
    '<p>Safe text</p><script>alert("script")</script><img src="x" onerror="alert(\'img\')"><a href="javascript:alert(\'link\')">Click</a>';
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/api/posts/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Tricky', slug: 'tricky', content: body }),
    });
    return res.status;
  }, content);
  expect(status).toBe(201);

  await page.goto(`${origin}/admin/posts/view/tricky`);
  await expect.poll(() => page.getByText('Safe text').isVisible()).toBe(true);
  expect(await page.locator('article script').count()).toBe(0);
  expect(await page.locator('article [onerror]').count()).toBe(0);
  expect(await page.locator('article a', { hasText: 'Click' }).getAttribute('href')).toBeFalsy();

  await page.goto(`${origin}/admin/posts`);
  await page.getByRole('link', { name: 'Edit Tricky' }).click();
  await expect.poll(() => page.getByRole('textbox', { name: 'Content' }).textContent()).toContain('Safe text');
  expect(await page.locator('.ProseMirror script, .ProseMirror [onerror]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
