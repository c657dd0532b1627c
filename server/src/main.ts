import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap.js';

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
await ensureFirstAdmin(app.ctx.db, config, app.log);
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
