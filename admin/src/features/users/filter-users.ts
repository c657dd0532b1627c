import type { Role, User } from '@tours-cms/contract';

/** Case-insensitive substring of username, email or full name, and the exact role when one is chosen. */
export function filterUsers(users: User[], search: string, role: Role | ''): User[] {
  const needle = search.trim().toLowerCase();
  return users.filter(
    (u) =>
      (!role || u.role === role) &&
      (!needle || [u.username, u.email, u.full_name ?? ''].some((field) => field.toLowerCase().includes(needle))),
  );
}
