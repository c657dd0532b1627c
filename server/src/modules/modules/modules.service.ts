import type { Module, moduleInputSchema } from '@tours-cms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import { notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import * as repo from './modules.repository.js';

type ModuleFields = z.output<typeof moduleInputSchema>;

export interface ModulesDeps {
  db: Db;
}

/** Reusable building blocks of the website (banners, headings, videos, buttons, text). */
export function createModulesService({ db }: ModulesDeps) {
  return {
    list: (): Promise<Module[]> => repo.listModules(db),

    async create(input: ModuleFields): Promise<Module> {
      const now = nowIso();
      return repo.insertModule(db, { ...input, created_at: now, updated_at: now });
    },

    async update(id: number, input: ModuleFields): Promise<Module> {
      if (!(await repo.updateModule(db, id, { ...input, updated_at: nowIso() }))) throw notFound('Module');
      return (await repo.findModuleById(db, id))!;
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.deleteModule(db, id))) throw notFound('Module');
    },
  };
}

export type ModulesService = ReturnType<typeof createModulesService>;
