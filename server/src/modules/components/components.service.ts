import {
  COMPONENT_COPY_SUFFIX,
  NAME_MAX,
  SLUG_MAX,
  slugify,
  type Component,
  type ComponentData,
  type ComponentType,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { ComponentRow } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { HttpError, invalidField, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import * as repo from './components.repository.js';

export function toComponent(row: ComponentRow): Component {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type as ComponentType,
    content: row.content,
    description: row.description,
    is_common: Boolean(row.is_common),
    is_active: Boolean(row.is_active),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const slugTaken = () =>
  new HttpError(409, 'A component with this slug already exists', [
    { field: 'slug', message: 'Another component already uses this slug: choose another name' },
  ]);

/** The slug the input asks for, else one made from the name; a name of only symbols gives no slug (422). */
function slugFor(input: ComponentData, fallback?: string): string {
  const slug = input.slug ?? fallback ?? slugify(input.name).slice(0, SLUG_MAX).replace(/-+$/, '');
  if (!slug) throw invalidField('name', 'Name must contain at least one letter or digit');
  return slug;
}

async function assertSlugFree(db: Db, slug: string, exceptId?: number): Promise<void> {
  if ((await repo.findComponentSlugOwner(db, slug, exceptId)) !== undefined) throw slugTaken();
}

/** Runs a write that may lose a race for a slug, answering 409 rather than the database's error. */
async function guardSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

function columnsOf(input: ComponentData, slug: string) {
  return {
    name: input.name,
    slug,
    type: input.type,
    content: input.content,
    description: input.description,
    is_common: input.is_common ? 1 : 0,
    is_active: input.is_active ? 1 : 0,
  } as const;
}

export async function listComponents(db: Db, filter: repo.ComponentFilter = {}): Promise<Component[]> {
  return (await repo.listComponents(db, filter)).map(toComponent);
}

/** What the public site wraps around every page: the active common components (decisions §11). */
export async function listPublicComponents(db: Db): Promise<Component[]> {
  return listComponents(db, { isCommon: true, isActive: true });
}

/** By id when the key is a number that names one, else by slug (a slug may itself be digits, "2026"). */
export async function getComponent(db: Db, key: string): Promise<Component> {
  const byId = /^\d{1,15}$/.test(key) ? await repo.findComponentById(db, Number(key)) : undefined;
  const row = byId ?? (await repo.findComponentBySlug(db, key));
  if (!row) throw notFound('Component');
  return toComponent(row);
}

export async function createComponent(db: Db, input: ComponentData): Promise<Component> {
  const slug = slugFor(input);
  await assertSlugFree(db, slug);
  const now = nowIso();
  return toComponent(await guardSlug(() => repo.insertComponent(db, { ...columnsOf(input, slug), created_at: now, updated_at: now })));
}

/**
 * A PUT replaces every field. The slug follows the name when the name changes (it is "generated from the name"),
 * and stays as it is otherwise, so links to a component survive edits of its content.
 */
export async function updateComponent(db: Db, id: number, input: ComponentData): Promise<Component> {
  const existing = await repo.findComponentById(db, id);
  if (!existing) throw notFound('Component');
  const slug = slugFor(input, input.name === existing.name ? existing.slug : undefined);
  await assertSlugFree(db, slug, id);
  await guardSlug(() => repo.updateComponent(db, id, { ...columnsOf(input, slug), updated_at: nowIso() }));
  return toComponent((await repo.findComponentById(db, id))!);
}

export async function deleteComponent(db: Db, id: number): Promise<void> {
  if (!(await repo.deleteComponent(db, id))) throw notFound('Component');
}

/** The first of base, base-2, base-3... that no component holds. */
async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = new Set(await repo.listSlugsStartingWith(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * POST /components/{id}/duplicate: "Main header" → "Main header (copy)" with a fresh unique slug
 * ("main-header-copy", then "main-header-copy-2"...). The copy starts inactive, so that it never takes over the
 * live site (the public page uses the newest active component of each type) until someone switches it on.
 */
export async function duplicateComponent(db: Db, id: number): Promise<Component> {
  const source = await repo.findComponentById(db, id);
  if (!source) throw notFound('Component');
  const name = `${source.name.slice(0, NAME_MAX - COMPONENT_COPY_SUFFIX.length).trimEnd()}${COMPONENT_COPY_SUFFIX}`;
  const base = (slugify(name) || 'component-copy').slice(0, SLUG_MAX - 8).replace(/-+$/, '');
  for (let attempt = 0; ; attempt++) {
    const now = nowIso();
    try {
      const row = await repo.insertComponent(db, {
        name,
        slug: await freeSlug(db, base),
        type: source.type,
        content: source.content,
        description: source.description,
        is_common: source.is_common,
        is_active: 0,
        created_at: now,
        updated_at: now,
      });
      return toComponent(row);
    } catch (error) {
      // Two duplicates at once may pick the same free slug; the loser picks again.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}
