import { SCHEDULED_STATUS } from '@tours-cms/contract';
import { invalidField } from './errors.js';
import { nowIso } from './clock.js';
import type { Db } from '../db/dialect.js';
import { inTransaction } from '../db/transaction.js';

interface Scheduled {
  status: string;
  publish_at: string | null;
}

/**
 * The `publish_at` a save stores (decisions §13): the requested moment for the status `scheduled`, null for every
 * other status. A moment already past is refused with 422 on `publish_at` rather than published at once, so a
 * mistyped date never puts a draft live; the one exception is an item already scheduled for that same moment that
 * fell due while it was open in an editor: it stays scheduled and the next run of the job publishes it.
 */
export function scheduleOf(input: Scheduled, current: Scheduled | undefined, now: string = nowIso()): string | null {
  if (input.status !== SCHEDULED_STATUS || input.publish_at === null) return null;
  const alreadyDue = current?.status === SCHEDULED_STATUS && current.publish_at === input.publish_at;
  if (input.publish_at <= now && !alreadyDue) {
    throw invalidField('publish_at', 'Publish at must be in the future; to publish now, choose the status Published');
  }
  return input.publish_at;
}

/**
 * What an old version or a trashed item comes back as: a schedule whose moment has passed returns as a draft
 * (a restore must never publish by surprise); anything else unchanged.
 */
export function withoutPastSchedule<T extends Scheduled>(data: T, now: string = nowIso()): T {
  if (data.status !== SCHEDULED_STATUS) return { ...data, publish_at: null };
  return data.publish_at !== null && data.publish_at > now ? data : { ...data, status: 'draft', publish_at: null };
}

/**
 * Publishes the due items one by one, each in its own transaction (the periodic job): `lock` reads the item under a
 * row lock and it is checked again, since another process may have published or rescheduled it meanwhile; only then
 * does `publish` write it. So with several processes on one database each item is published exactly once. Answers
 * how many this call published.
 */
export async function publishEachDue<T extends { status: string; publish_at: string | null }>(
  db: Db,
  ids: number[],
  now: string,
  lock: (tx: Db, id: number) => Promise<T | undefined>,
  publish: (tx: Db, item: T, id: number) => Promise<void>,
): Promise<number> {
  let published = 0;
  for (const id of ids) {
    const claimed = await inTransaction(db, async (tx) => {
      const current = await lock(tx, id);
      if (current?.status !== SCHEDULED_STATUS || current.publish_at === null || current.publish_at > now) return false;
      await publish(tx, current, id);
      return true;
    });
    if (claimed) published += 1;
  }
  return published;
}
