import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { useBrowserTest } from '../src/index.js';

let hostile: { origin: string; close(): Promise<void> };

/**
 * A hostile site of another origin: it opens our preview frame in a window of its own and, once the frame says it
 * is ready, posts it a render message with a fake sign-in form, as a phishing page would try to show one under
 * our address.
 */
async function startHostileSite(frameUrl: string): Promise<{ origin: string; close(): Promise<void> }> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile</title></head><body>
<button type="button" id="open">Open</button>
<script>
var opened = null;
window.addEventListener('message', function (event) {
  if (event.source === opened && event.data && event.data.type === 'ready') document.title = 'frame ready';
});
document.getElementById('open').addEventListener('click', function () { opened = window.open(${JSON.stringify(frameUrl)}, 'victim'); });
window.attack = function () {
  opened.postMessage({ protocol: 'tours-cms-frame/1', type: 'render', html: '<h1 id="pwn">Session expired: sign in again</h1><script>document.title = "owned"<\\/script>' }, '*');
};
</script></body></html>`;
  const site = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => site.close(() => resolve())),
  };
}

const t = useBrowserTest();
beforeAll(async () => {
  hostile = await startHostileSite(`${t.server.origin}/frame/preview.html`);
});
afterAll(async () => {
  await hostile?.close();
});

// Review finding: the frame runtime obeyed any window that opened it, so another site could show its own markup
// and run its scripts at our address.
test('a site of another origin that opens our preview frame cannot make it show or run anything', async () => {
  const page = t.session.page;
  await page.goto(hostile.origin);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Open' }).click();
  const frame = await popup;
  await frame.waitForLoadState();
  await expect.poll(() => page.title()).toBe('frame ready');

  // Counts the messages the frame receives, in a listener added after the runtime's own: once it has seen the
  // hostile message, the runtime has already handled (or ignored) it.
  await frame.evaluate(() => {
    (window as unknown as { seen: number }).seen = 0;
    window.addEventListener('message', () => (window as unknown as { seen: number }).seen++);
  });
  await page.evaluate(() => (window as unknown as { attack(): void }).attack());
  await expect.poll(() => frame.evaluate(() => (window as unknown as { seen: number }).seen)).toBe(1);

  expect(await frame.locator('#pwn').count()).toBe(0);
  expect(await frame.title()).not.toBe('owned');
  expect(await frame.locator('#tcms-root').innerHTML()).toBe('');
});
