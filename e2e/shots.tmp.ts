import { startServer, launchBrowser, signInThroughUi } from './src/index.js';
const paths = process.argv.slice(2);
const server = await startServer({ SEED_DEMO: 'true' });
const s = await launchBrowser();
try {
  await signInThroughUi(s.page, server.origin, server.admin.username, server.admin.password);
  for (const width of [1366, 390]) {
    await s.page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    for (const p of paths) {
      await s.page.goto(server.origin + p);
      await s.page.waitForTimeout(1200);
      const name = p.replace(/[^a-z0-9]+/gi, '_') + '_' + width;
      await s.page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
      console.log(name);
    }
  }
} finally { await s.close(); await server.stop(); }
