import type { FastifyBaseLogger } from 'fastify';
import type { MediaService } from '../../modules/media/media.service.js';

/**
 * Makes the variants of images that have none, one image at a time in the background (a large photo's eight
 * variants take a second or two of one core): woken by every change to the media library (an upload), by a page
 * that shows an image still without variants, and once at start, for images uploaded before variants existed. It
 * runs until no image is left; a failure is logged and the image is sent as it is.
 */
export function createImageVariantQueue(media: Pick<MediaService, 'makeNextVariants'>, log: FastifyBaseLogger) {
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let stopped = false;

  async function drain(): Promise<void> {
    do {
      wokenWhileRunning = false;
      while (!stopped) {
        const outcome = await media.makeNextVariants();
        if (!outcome) break;
        if ('error' in outcome) {
          log.error(
            { err: outcome.error, mediaId: outcome.id },
            outcome.willRetry
              ? 'could not store the variants of an image; will try again'
              : 'could not make the variants of an image; it is sent as it is',
          );
        }
      }
    } while (wokenWhileRunning && !stopped);
  }

  return {
    /** Starts making variants, or makes sure the run under way looks again before it stops. */
    wake(): void {
      if (stopped) return;
      if (running) {
        wokenWhileRunning = true;
        return;
      }
      running = drain()
        .catch((error: unknown) => log.error({ err: error }, 'the image variants job stopped'))
        .finally(() => {
          running = null;
        });
    },

    /** Resolves once no image is being worked on (for a one-off run, and for tests). */
    async idle(): Promise<void> {
      while (running) await running;
    },

    /** Stops after the image under way (the server is closing; the database must outlive the job). */
    async stop(): Promise<void> {
      stopped = true;
      await running;
    },
  };
}

export type ImageVariantQueue = ReturnType<typeof createImageVariantQueue>;
