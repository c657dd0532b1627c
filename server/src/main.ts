import './runtime-tuning.js';
import { ConfigError, loadConfigOrExit } from './config.js';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap.js';
import { seedDemoSite } from './demo/demo-site.js';
import { assertStorageReady } from './media/media-storage.js';
import { holdServerLock } from './db/server-lock.js';

const config = loadConfigOrExit();

// Held for the process's life, so that `npm run restore` can tell a server uses this database (and refuse); a node
// that starts while a restore runs waits for it.
const serverLock = await holdServerLock(config, {
  onWait: () =>
    process.stderr.write('A restore is running on this database: waiting for it to finish before starting.\n'),
  onError: (error) =>
    process.stderr.write(
      `The server's lock connection failed; reconnecting: ${error instanceof Error ? error.message : String(error)}\n`,
    ),
});
const app = await buildApp(config).catch(async (error: unknown) => {
  // A configuration only the app can check (SECRETS_KEY with PostgreSQL) stops the server with its message.
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  await serverLock.release();
  process.exit(1);
});
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
// A first start is a database without users: the first admin is made, then the demo site. Nodes starting together
// on one database take turns, so only the first of them finds it empty.
const { services } = app.ctx;
await services.jobs.runAlone('first-start', async () => {
  const firstStart = (await services.users.count()) === 0;
  await ensureFirstAdmin(services.users, config, app.log);
  if (firstStart && config.seedDemo) {
    await seedDemoSite(services, config.admin.username, app.log).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not seed the demo site'),
    );
  }
});
await app.listen({ port: config.port, host: config.host });

// A graceful stop: /readyz answers 503 at once (the balancer sends no new visitors), the server stops accepting
// connections, answers what is in flight (new requests on open connections get 503 and Connection: close), closes
// each kept-alive connection as soon as it falls idle, stops the periodic jobs, closes the database pool, and exits.
// Past SHUTDOWN_TIMEOUT_SECONDS it exits anyway.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    app.lifecycle.startDraining();
    setTimeout(() => {
      app.log.error(
        { timeoutMs: config.shutdownTimeoutMs },
        'requests still in flight at the shutdown timeout; exiting anyway',
      );
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app
      .close()
      .then(() => serverLock.release())
      .then(
        () => {
          app.log.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'could not stop cleanly');
          process.exit(1);
        },
      );
  });
}
