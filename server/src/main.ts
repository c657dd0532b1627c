import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap.js';
import { seedDemoSite } from './demo/demo-site.js';
import { assertStorageReady } from './media/media-storage.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);
// A store that refuses this configuration stops the server now, naming the variable, not at the first upload.
try {
  await assertStorageReady(app.ctx.mediaStorage, config);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    await app.close();
    process.exit(1);
  }
  throw error;
}
// A first start is a database without users: the first admin is made, then the demo site.
const { services } = app.ctx;
const firstStart = (await services.users.count()) === 0;
await ensureFirstAdmin(services.users, config, app.log);
if (firstStart && config.seedDemo) {
  await seedDemoSite(services, config.admin.username, app.log).catch((error: unknown) => app.log.error({ err: error }, 'could not seed the demo site'));
}
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
