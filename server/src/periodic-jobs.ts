import type { FastifyBaseLogger } from 'fastify';
import { refreshPlannerStatistics } from './db/connect.js';
import type { Db } from './db/dialect.js';
import type { Services } from './services.js';

const TRASH_PURGE_EVERY_MS = 3_600_000;

/**
 * The server's periodic work: publishing the posts and pages whose 'Publish at' has come, sending the e-mail that
 * is due, and (hourly) removing
 * trash entries older than 30 days, media files that no media item owns and activity entries older than the
 * retention setting, then refreshing SQLite's planner statistics of the tables that changed much since. Every
 * process runs the timer, and each run is claimed in `job_runs` first (one conditional
 * update), so with several processes on one database a job runs once per period across all of them (decisions
 * §15); publishing also claims each item under a row lock, so an item is never published twice even if two runs
 * overlapped. A run never overlaps this process's previous one, and a failure is logged and retried at the next
 * run, never thrown out of the timer.
 */
export function startPeriodicJobs(
  services: Services,
  db: Db,
  log: FastifyBaseLogger,
  intervalMs: number,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let delivering: Promise<void> | null = null;
  let deliverAgain = false;

  /**
   * Sends the e-mail that is due, at every run and as soon as a message is queued in this process; one delivery
   * at a time here (each message is also claimed, so other nodes never send it twice).
   */
  function deliverMail(): Promise<void> {
    if (delivering) {
      deliverAgain = true;
      return delivering;
    }
    delivering = (async () => {
      do {
        deliverAgain = false;
        try {
          const { sent, failed } = await services.mail.deliverDue();
          if (sent) log.info({ sent }, 'sent e-mail');
          if (failed) log.warn({ failed }, 'e-mail could not be sent; it is retried later');
        } catch (error) {
          log.error({ err: error }, 'e-mail delivery failed; retrying at the next run');
        }
      } while (deliverAgain && !stopped);
    })().finally(() => {
      delivering = null;
    });
    return delivering;
  }
  const stopHearingMail = services.mail.onQueued(() => void deliverMail());

  async function runOnce(): Promise<void> {
    try {
      // A little under the interval, so that the timer's own drift never makes a process skip its turn.
      if (await services.jobs.claim('publish-due', intervalMs * 0.8)) {
        const published = (await services.posts.publishDue()) + (await services.pages.publishDue());
        if (published) log.info({ published }, 'published scheduled items');
      }
      await deliverMail();
      // Past departures must leave the cached tour pages and catalogue when the day turns (each node watches).
      await services.departures.noticeDay();
      if (await services.jobs.claim('hourly', TRASH_PURGE_EVERY_MS)) {
        const purged = await services.trash.purgeExpired();
        if (purged) log.info({ purged }, 'emptied expired trash entries');
        const orphans = await services.media.sweepOrphans();
        if (orphans) log.warn({ orphans }, 'removed media files that no media item owned');
        const { activity_retention_days: days } = await services.settings.get();
        const expired = await services.activity.purgeOlderThan(days);
        if (expired) log.info({ expired, days }, 'removed activity entries past their retention');
        await refreshPlannerStatistics(db, false);
      }
    } catch (error) {
      log.error({ err: error }, 'periodic jobs failed; retrying at the next run');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  running = runOnce().finally(schedule);
  return {
    async stop() {
      stopped = true;
      stopHearingMail();
      clearTimeout(timer);
      await running;
      await delivering;
    },
  };
}
