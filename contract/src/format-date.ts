/** An ISO timestamp as a date in the reader's locale; an unreadable value is shown as an empty string. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(locale);
}
