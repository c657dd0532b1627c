import { activityLabels, moduleFields, type Module, type ModuleData } from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import { describeChanges } from '../../core/change-summary.js';
import type { ActivityService } from '../activity/activity.service.js';
import * as repo from './content-modules.repository.js';

export interface ModulesDeps {
  db: Db;
  activity: ActivityService;
}

const MODULE_LABELS = activityLabels(moduleFields);

/** Reusable building blocks of the website (banners, headings, videos, buttons, text). */
export function createModulesService({ db, activity }: ModulesDeps) {
  return {
    list: (): Promise<Module[]> => repo.listModules(db),

    async create(input: ModuleData, actor: Actor): Promise<Module> {
      const now = nowIso();
      return inTransaction(db, async (tx) => {
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
    },

    async update(id: number, input: ModuleData, actor: Actor): Promise<Module> {
      return inTransaction(db, async (tx) => {
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
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const before = await repo.findModuleById(tx, id);
        if (!before || !(await repo.deleteModule(tx, id))) throw notFound('Module');
        await activity.record(tx, actor, { action: 'delete', itemType: 'module', itemId: id, title: before.name });
      });
    },
  };
}

export type ModulesService = ReturnType<typeof createModulesService>;
