import type { Contact, ContactStatus } from '@tours-cms/contract';

/** Case-insensitive substring of name, email or subject, and the exact status when one is chosen. */
export function filterContacts(contacts: Contact[], search: string, status: ContactStatus | ''): Contact[] {
  const needle = search.trim().toLowerCase();
  return contacts.filter(
    (c) =>
      (!status || c.status === status) &&
      (!needle || [c.name, c.email, c.subject].some((field) => field.toLowerCase().includes(needle))),
  );
}
