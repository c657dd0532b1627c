/**
 * True when a database error is a unique-constraint violation, in SQLite or PostgreSQL. Services check for
 * clashes first and answer 409 with a clear message; this catches the race where two requests pass that check
 * at once, so the loser still gets a 409 and not a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
