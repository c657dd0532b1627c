import type { Module } from '@tours-cms/contract';

/** Spec §5: case-insensitive substring of the module's name or type. */
export function filterModules(modules: Module[], search: string): Module[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return modules;
  return modules.filter((m) => m.name.toLowerCase().includes(needle) || m.type.toLowerCase().includes(needle));
}
