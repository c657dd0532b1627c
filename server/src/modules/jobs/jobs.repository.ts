import type { Db } from '../../db/dialect.js';

/**
 * Claims a run of the job: true when its last run (by any process) is at or before `staleBefore`, and then its
 * last run is now `at`. One conditional update, so of several processes asking at once exactly one gets it.
 */
export async function claimRun(db: Db, name: string, at: string, staleBefore: string): Promise<boolean> {
  await db.kysely
    .insertInto('job_runs')
    .values({ name, last_run_at: new Date(0).toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const result = await db.kysely
    .updateTable('job_runs')
    .set({ last_run_at: at })
    .where('name', '=', name)
    .where('last_run_at', '<=', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
