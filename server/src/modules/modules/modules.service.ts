import type { Module, ModuleType, moduleInputSchema } from '@tours-cms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import type { ModuleRow } from '../../db/tables.js';
import { notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import * as repo from './modules.repository.js';

type ModuleFields = z.output<typeof moduleInputSchema>;

export function toModule(row: ModuleRow): Module {
  return {
    id: row.id,
    name: row.name,
    type: row.type as ModuleType,
    heading: row.heading,
    subtitle: row.subtitle,
    description: row.description,
    video_url: row.video_url,
    button_label: row.button_label,
    button_link: row.button_link,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Only the columns the client may set; id and timestamps are the server's. */
function columnsOf(input: ModuleFields) {
  return {
    name: input.name,
    type: input.type,
    heading: input.heading,
    subtitle: input.subtitle,
    description: input.description,
    video_url: input.video_url,
    button_label: input.button_label,
    button_link: input.button_link,
  };
}

export async function listModules(db: Db): Promise<Module[]> {
  return (await repo.listModules(db)).map(toModule);
}

export async function createModule(db: Db, input: ModuleFields): Promise<Module> {
  const now = nowIso();
  return toModule(await repo.insertModule(db, { ...columnsOf(input), created_at: now, updated_at: now }));
}

export async function updateModule(db: Db, id: number, input: ModuleFields): Promise<Module> {
  if (!(await repo.updateModule(db, id, { ...columnsOf(input), updated_at: nowIso() }))) throw notFound('Module');
  return toModule((await repo.findModuleById(db, id))!);
}

export async function deleteModule(db: Db, id: number): Promise<void> {
  if (!(await repo.deleteModule(db, id))) throw notFound('Module');
}
