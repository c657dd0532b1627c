import type { Module } from '@tours-cms/contract';

/** Case-insensitive substring of the module's name or type. */
export function filterModules(modules: Module[], search: string): Module[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return modules;
  return modules.filter((m) => m.name.toLowerCase().includes(needle) || m.type.toLowerCase().includes(needle));
}
