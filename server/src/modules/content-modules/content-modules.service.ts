import { activityLabels, moduleFields, type Module, type ModuleData } from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import { describeChanges } from '../../core/change-summary.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { SiteChanges } from '../../core/site-changes.js';
import * as repo from './content-modules.repository.js';

export interface ModulesDeps {
  db: Db;
  activity: ActivityService;
  /** Modules show inside pages' and tours' content (`<div data-module="id">`): a change renders them again. */
  siteChanges: SiteChanges;
}

const MODULE_LABELS = activityLabels(moduleFields);

/** Reusable building blocks of the website (banners, headings, videos, buttons, text). */
export function createModulesService({ db, activity, siteChanges }: ModulesDeps) {
  return {
    list: (): Promise<Module[]> => repo.listModules(db),

    /** The modules of these ids that exist (what a page's or tour's content places). */
    async byIds(ids: number[]): Promise<Map<number, Module>> {
      if (ids.length === 0) return new Map();
      return new Map((await repo.listModulesByIds(db, ids)).map((module) => [module.id, module]));
    },

    async create(input: ModuleData, actor: Actor): Promise<Module> {
      const now = nowIso();
      const made = await inTransaction(db, async (tx) => {
        const created = await repo.insertModule(tx, { ...input, created_at: now, updated_at: now });
        await activity.record(tx, actor, {
          action: 'create',
          itemType: 'module',
          itemId: created.id,
          title: created.name,
          summary: `Type ${created.type}`,
        });
        return created;
      });
      siteChanges.changed('module');
      return made;
    },

    async update(id: number, input: ModuleData, actor: Actor): Promise<Module> {
      const updated = await inTransaction(db, async (tx) => {
        const before = await repo.findModuleById(tx, id);
        if (!before || !(await repo.updateModule(tx, id, { ...input, updated_at: nowIso() }))) throw notFound('Module');
        await activity.record(tx, actor, {
          action: 'update',
          itemType: 'module',
          itemId: id,
          title: input.name,
          summary: describeChanges(before, input, MODULE_LABELS),
        });
        return (await repo.findModuleById(tx, id))!;
      });
      siteChanges.changed('module');
      return updated;
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const before = await repo.findModuleById(tx, id);
        if (!before || !(await repo.deleteModule(tx, id))) throw notFound('Module');
        await activity.record(tx, actor, { action: 'delete', itemType: 'module', itemId: id, title: before.name });
      });
      siteChanges.changed('module');
    },
  };
}

export type ModulesService = ReturnType<typeof createModulesService>;
