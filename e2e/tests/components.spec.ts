import { expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest();

/**
 * A header with a navigation dropdown (a data-attribute widget), a script that reports where it ran and tries to
 * reach the admin, and a javascript: link the editor must blank.
 */
const HEADER_HTML =
  '<header class="bg-slate-900 text-white p-4"><nav class="flex gap-6 items-center">' +
  '<a href="/" class="font-bold"><i class="fa-solid fa-mountain"></i> Crete Tours</a>' +
  '<div data-dropdown class="relative"><button type="button" data-dropdown-toggle>Tours</button>' +
  '<ul data-dropdown-menu class="hidden absolute bg-white text-slate-900 p-2"><li><a href="/samaria">Samaria Gorge</a></li></ul></div>' +
  '<a id="bad-link" href="javascript:alert(1)">Offers</a>' +
  '<span id="script-status">Script did not run</span></nav><p id="tagline">Island tours</p></header>' +
  '<script>' +
  'window.headerScriptRan = true;' +
  'var reached = [];' +
  'try { localStorage.setItem("pwned", "1"); reached.push("storage"); } catch (e) {}' +
  'try { parent.document.title = "pwned"; reached.push("admin DOM"); } catch (e) {}' +
  'try { parent.headerScriptRan = true; reached.push("admin window"); } catch (e) {}' +
  'document.getElementById("script-status").textContent = reached.length ? "Reached " + reached.join(", ") : "Script ran in the sandbox";' +
  '</script>';

test('an editor builds a header with a dropdown widget, sees it sandboxed, saves, duplicates, views and deletes the copy', async () => {
  const { page, browser } = t.session;
  const requests: string[] = [];
  page.on('request', (req) => requests.push(req.url()));

  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  // The editors are not part of what the dashboard loads.
  expect(requests.filter((url) => /code-editor|rich-text-editor|codemirror|prettier|standalone/.test(url))).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Common Components' }).click();
  await expect.poll(() => page.getByText('No components found. Create one to get started!').isVisible()).toBe(true);

  await page.getByRole('link', { name: '+ Create New Component' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Create Common Component' }).isVisible()).toBe(true);
  const save = page.getByRole('button', { name: 'Save Component' });
  expect(await save.getAttribute('aria-disabled')).toBe('true');
  await page.getByLabel('Component Name').fill('Main Header');
  expect(await page.getByLabel('Type').inputValue()).toBe('header');
  expect(await page.getByLabel('Mark as common component').isChecked()).toBe(true);
  // Name without content: still disabled, and trying to save says why.
  expect(await save.getAttribute('aria-disabled')).toBe('true');
  await page.getByLabel('Component Name').press('Enter');
  await expect
    .poll(() => page.getByRole('alert').filter({ hasText: 'Component Name and Content are required' }).isVisible())
    .toBe(true);

  // Write the layout in the Code Editor mode, then go back to the rich text canvas.
  await page.getByRole('button', { name: 'Code Editor' }).click();
  await page.getByRole('textbox', { name: 'Content code' }).click();
  await page.keyboard.insertText(HEADER_HTML);
  await page.getByRole('button', { name: 'Rich Text' }).click();

  const canvas = page.getByTitle('Rich text editing area').contentFrame();
  // The content's script ran inside the frame, where neither the admin's storage nor its DOM can be reached.
  await expect.poll(() => canvas.locator('#script-status').textContent()).toBe('Script ran in the sandbox');
  // The dropdown widget works in the canvas.
  expect(await canvas.getByRole('link', { name: 'Samaria Gorge' }).isVisible()).toBe(false);
  await canvas.getByRole('button', { name: 'Tours' }).click();
  await expect.poll(() => canvas.getByRole('link', { name: 'Samaria Gorge' }).isVisible()).toBe(true);
  // The javascript: link was blanked by the editor.
  await expect.poll(() => canvas.locator('#bad-link').getAttribute('href')).toBe('');
  // Nothing of it reached the admin page.
  expect(
    await page.evaluate(() => ({
      ran: (window as unknown as { headerScriptRan?: boolean }).headerScriptRan ?? null,
      pwned: localStorage.getItem('pwned'),
      hasToken: localStorage.getItem('token') !== null,
      title: document.title,
    })),
  ).toEqual({ ran: null, pwned: null, hasToken: true, title: 'Create Common Component · Tours CMS' });

  // Typing in the canvas is kept too.
  await canvas.getByText('Island tours').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' since 1998');
  await expect.poll(() => canvas.locator('#tagline').textContent()).toBe('Island tours since 1998');

  await save.click();
  await page.waitForURL('**/admin/commoncomp');
  const card = page.getByRole('article', { name: 'Main Header', exact: true });
  await expect.poll(() => card.isVisible()).toBe(true);
  expect(await card.getByText('Header', { exact: true }).isVisible()).toBe(true);
  expect(await card.getByText('Common', { exact: true }).isVisible()).toBe(true);

  // What was saved: the user's content, not the dropdown the widget opened nor the script's own output.
  const saved = await page.evaluate(async () => {
    const res = await fetch('/api/components/main-header', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await res.json()) as { content: string; type: string; is_common: boolean; is_active: boolean };
  });
  expect(saved).toMatchObject({ type: 'header', is_common: true, is_active: true });
  expect(saved.content).toContain('<ul data-dropdown-menu="" class="hidden absolute');
  expect(saved.content).toContain('<a id="bad-link" href="">Offers</a>');
  expect(saved.content).toContain('<span id="script-status">Script did not run</span>');
  expect(saved.content).toContain('<p id="tagline">Island tours since 1998</p>');
  expect(saved.content).toContain('<script>window.headerScriptRan = true;');

  // The manager's live preview renders the component in its own sandboxed frame, script and all.
  const preview = card.getByTitle('Preview of Main Header').contentFrame();
  await expect.poll(() => preview.locator('#script-status').textContent()).toBe('Script ran in the sandbox');
  expect(await preview.getByRole('link', { name: 'Crete Tours' }).isVisible()).toBe(true);

  // Duplicate: a copy named '… (copy)', inactive until switched on.
  await card.getByRole('button', { name: 'Duplicate Main Header' }).click();
  const copy = page.getByRole('article', { name: 'Main Header (copy)' });
  await expect.poll(() => copy.isVisible()).toBe(true);
  expect(await copy.getByText('Inactive', { exact: true }).isVisible()).toBe(true);
  expect(await copy.getByText('/main-header-copy').isVisible()).toBe(true);

  // View opens the full-screen viewer in a new tab, where the widget works too.
  const [viewer] = await Promise.all([
    browser.waitForEvent('page'),
    copy.getByRole('link', { name: /^View Main Header \(copy\)/ }).click(),
  ]);
  await viewer.waitForURL('**/admin/components/view/main-header-copy');
  const rendered = viewer.getByTitle('Main Header (copy)').contentFrame();
  await expect.poll(() => rendered.locator('#script-status').textContent()).toBe('Script ran in the sandbox');
  await rendered.getByRole('button', { name: 'Tours' }).click();
  await expect.poll(() => rendered.getByRole('link', { name: 'Samaria Gorge' }).isVisible()).toBe(true);

  // A component that does not exist: the viewer's 404.
  await viewer.goto(`${t.server.origin}/admin/components/view/no-such-component`);
  await expect.poll(() => viewer.getByRole('heading', { name: '404 - Not Found' }).isVisible()).toBe(true);
  expect(await viewer.getByText('Component not found').isVisible()).toBe(true);
  await viewer.getByRole('link', { name: 'Back to Component Manager' }).click();
  await viewer.waitForURL('**/admin/commoncomp');
  await viewer.close();

  // Delete the copy, after the spec's confirmation naming it.
  await copy.getByRole('button', { name: 'Delete Main Header (copy)' }).click();
  const confirm = page.getByRole('alertdialog');
  expect(await confirm.getByText('Are you sure you want to delete "Main Header (copy)"?').isVisible()).toBe(true);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => copy.count()).toBe(0);
  expect(await card.isVisible()).toBe(true);
});
