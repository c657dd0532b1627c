import { SCHEDULED_STATUS } from '@tours-cms/contract';
import { invalidField } from './errors.js';
import { nowIso } from './clock.js';

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
