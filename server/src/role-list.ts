import { ROLES, type Role } from '@tours-cms/contract';

/**
 * The roles a stored JSON list names (the settings' `two_factor_roles`), in the contract's order; none when
 * there is no list or it cannot be read.
 */
export function parseRoleList(json: string | null): Role[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? ROLES.filter((role) => value.includes(role)) : [];
  } catch {
    return [];
  }
}
