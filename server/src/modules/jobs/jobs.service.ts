import type { Db } from '../../db/dialect.js';
import { withSessionLock } from '../../db/transaction.js';
import * as repo from './jobs.repository.js';

/** When periodic jobs last ran, across every process on the database, so that each runs once per period. */
export function createJobsService({ db }: { db: Db }) {
  return {
    /** True when this process should run the job now: nobody has in the last `everyMs`. */
    claim(name: string, everyMs: number, now = Date.now()): Promise<boolean> {
      return repo.claimRun(db, name, new Date(now).toISOString(), new Date(now - everyMs).toISOString());
    },

    /** Runs `work` alone across every process on the database (a first start's admin and demo site). */
    runAlone: <T>(name: string, work: () => Promise<T>): Promise<T> => withSessionLock(db, name, work),
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
