import { isReservedRedirectPath, normalizeRedirectPath, type Redirect, type RedirectData } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { HttpError, invalidField, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import type { Actor } from '../../core/actor.js';
import { inTransaction } from '../../db/transaction.js';
import { describeChanges } from '../../core/change-summary.js';
import type { ActivityService } from '../activity/activity.service.js';
import * as repo from './redirects.repository.js';

export interface RedirectsDeps {
  db: Db;
  activity: ActivityService;
}

/** How long a redirect's hits may wait before they are written: the Redirects screen flushes them when it reads. */
const HITS_FLUSH_MS = 10_000;

const REDIRECT_LABELS: Partial<Record<keyof Redirect, string>> = { from_path: 'from', to: 'to', status_code: 'kind' };

/** The path part of a redirect's target when it is a path on this site, else null (an external URL). */
function sitePathOf(to: string): string | null {
  return to.startsWith('/') ? normalizeRedirectPath(to) : null;
}

/**
 * Redirects: old addresses that keep working. Staff manage them on the Redirects screen; the pages and posts
 * services add one when a published item's address changes (`moved`). A redirect never leads in a loop or a
 * chain (422 on save; `moved` repoints the redirects that led to the old address instead), and never hides a
 * live page: the public site looks a redirect up only for an address that answers nothing else.
 */
export function createRedirectsService({ db, activity }: RedirectsDeps) {
  /**
   * Hits counted since the last flush, by redirect id. A visitor's (or a bot's) request to an old address costs
   * no write: the counts are added in one statement per redirect every HITS_FLUSH_MS, before staff read the list,
   * and when the server stops (issue 27).
   */
  let pendingHits = new Map<number, number>();
  let flushing: Promise<void> = Promise.resolve();
  async function flushHits(): Promise<void> {
    const hits = pendingHits;
    if (!hits.size) return flushing;
    pendingHits = new Map();
    flushing = flushing.then(async () => {
      for (const [id, count] of hits) await repo.countHits(db, id, count);
    });
    return flushing;
  }
  let flushTimer: NodeJS.Timeout | null = null;
  /** Refuses a loop (to itself) or a chain (to a path that redirects, or from a path others lead to). */
  async function assertNoChain(data: RedirectData, exceptId?: number): Promise<void> {
    const target = sitePathOf(data.to);
    if (target === data.from_path) throw invalidField('to', 'A redirect cannot lead to its own address');
    if (target !== null) {
      const onward = await repo.findRedirectFrom(db, target);
      if (onward && onward.id !== exceptId)
        throw invalidField('to', `${target} itself redirects to ${onward.to}: point this redirect there instead`);
    }
    const leadingHere = (await repo.listRedirectsTo(db, data.from_path)).filter((r) => r.id !== exceptId);
    if (leadingHere.length)
      throw invalidField(
        'from_path',
        `${leadingHere[0]!.from_path} already redirects to ${data.from_path}: that would make a chain`,
      );
  }

  async function get(id: number): Promise<Redirect> {
    const redirect = await repo.findRedirectById(db, id);
    if (!redirect) throw notFound('Redirect');
    return redirect;
  }

  async function write(data: RedirectData, actor: Actor, before?: Redirect): Promise<number> {
    await assertNoChain(data, before?.id);
    const now = nowIso();
    try {
      return await inTransaction(db, async (tx) => {
        const title = `${data.from_path} → ${data.to}`;
        if (!before) {
          const id = await repo.insertRedirect(tx, {
            ...data,
            hits: 0,
            automatic: 0,
            created_at: now,
            updated_at: now,
          });
          await activity.record(tx, actor, {
            action: 'create',
            itemType: 'redirect',
            itemId: id,
            title,
            summary: `${data.status_code}`,
          });
          return id;
        }
        await repo.updateRedirect(tx, before.id, { ...data, updated_at: now });
        await activity.record(tx, actor, {
          action: 'update',
          itemType: 'redirect',
          itemId: before.id,
          title,
          summary: describeChanges(before, data, REDIRECT_LABELS),
        });
        return before.id;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, 'A redirect from this path already exists', [
          { field: 'from_path', message: 'A redirect from this path already exists' },
        ]);
      throw error;
    }
  }

  return {
    list: async (): Promise<Redirect[]> => {
      await flushHits();
      return repo.listRedirects(db);
    },

    /** Writes the hits counted so far (on a timer, and when the server stops). */
    flushHits,

    /** Stops the flush timer after a last flush. */
    async close(): Promise<void> {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      await flushHits();
    },
    get,

    async create(data: RedirectData, actor: Actor): Promise<Redirect> {
      return get(await write(data, actor));
    },

    async update(id: number, data: RedirectData, actor: Actor): Promise<Redirect> {
      return get(await write(data, actor, await get(id)));
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const before = await repo.findRedirectById(tx, id);
        if (!before || !(await repo.deleteRedirect(tx, id))) throw notFound('Redirect');
        await activity.record(tx, actor, {
          action: 'delete',
          itemType: 'redirect',
          itemId: id,
          title: `${before.from_path} → ${before.to}`,
        });
      });
    },

    /** The redirect from this address, counting the hit; null when there is none. */
    async follow(path: string): Promise<Redirect | null> {
      const redirect = await repo.findRedirectFrom(db, normalizeRedirectPath(path));
      if (!redirect) return null;
      pendingHits.set(redirect.id, (pendingHits.get(redirect.id) ?? 0) + 1);
      flushTimer ??= setTimeout(() => {
        flushTimer = null;
        flushHits().catch(() => undefined);
      }, HITS_FLUSH_MS).unref();
      return redirect;
    },

    /**
     * A published page or tour moved from one address to another (in the caller's transaction): the old address
     * redirects (301) to the new one, redirects that led to the old address now lead to the new one (no
     * chains), and a redirect from the new address goes (a redirect never hides a live page).
     */
    async moved(tx: Db, fromPath: string, toPath: string): Promise<void> {
      const from = normalizeRedirectPath(fromPath);
      const to = normalizeRedirectPath(toPath);
      if (from === to || from === '/' || isReservedRedirectPath(from)) return;
      const now = nowIso();
      await repo.deleteRedirectFrom(tx, to);
      for (const leading of await repo.listRedirectsTo(tx, from)) {
        if (leading.from_path === to) await repo.deleteRedirect(tx, leading.id);
        else await repo.updateRedirect(tx, leading.id, { to, updated_at: now });
      }
      const existing = await repo.findRedirectFrom(tx, from);
      if (existing) await repo.updateRedirect(tx, existing.id, { to, status_code: 301, updated_at: now });
      else
        await repo.insertRedirect(tx, {
          from_path: from,
          to,
          status_code: 301,
          hits: 0,
          automatic: 1,
          created_at: now,
          updated_at: now,
        });
    },

    /** An address that a page or tour now holds again: a redirect from it would hide it, so it goes. */
    async released(tx: Db, path: string): Promise<void> {
      await repo.deleteRedirectFrom(tx, normalizeRedirectPath(path));
    },
  };
}

export type RedirectsService = ReturnType<typeof createRedirectsService>;
