/**
 * `npm run media:variants` (after `npm run build`): makes the responsive variants of every image that has none yet,
 * in one run, with the same configuration as the server (DATA_DIR, DATABASE_URL, the media storage). The server
 * also makes them by itself, in the background, at start and on first use; this is for doing it up front, say
 * before the first start after an upgrade on a large library. Safe beside a running server: each image is claimed
 * in the database, so no image is made twice. A server on SQLite shows the new variants from its next change.
 */
import { loadConfigOrExit } from './config.js';
import { buildApp } from './app.js';
import { assertStorageReady } from './media/media-storage.js';

const config = loadConfigOrExit();

const app = await buildApp(config);
let made = 0;
let failed = 0;
try {
  await assertStorageReady(app.ctx.mediaStorage, config);
  for (;;) {
    const outcome = await app.ctx.services.media.makeNextVariants();
    if (!outcome) break;
    if ('error' in outcome) {
      failed += 1;
      const reason = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      process.stderr.write(
        `media ${outcome.id}: ${outcome.willRetry ? 'could not be stored (the server will try again)' : 'could not be resized (it is sent as it is)'}: ${reason}\n`,
      );
    } else {
      made += 1;
      process.stdout.write(
        `media ${outcome.id}: ${outcome.widths.length ? `${outcome.widths.join(', ')} px` : 'deleted meanwhile'}\n`,
      );
    }
  }
  process.stdout.write(`Made the variants of ${made} image(s); ${failed} could not be made.\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await app.close();
}
if (failed > 0) process.exitCode = 1;
