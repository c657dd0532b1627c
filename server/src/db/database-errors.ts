/**
 * What the database's refusals mean, in SQLite's extended codes and PostgreSQL's SQLSTATEs: the one place that
 * knows either spelling.
 */
function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
}

/**
 * True for a unique-constraint violation. Services check for clashes first and answer 409 with a clear message;
 * this catches the race where two requests pass that check at once, so the loser still gets a 409 and not a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** True when a referenced row does not exist (or vanished meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** True for PostgreSQL's data exceptions (class 22): out-of-range numbers, NUL characters, text too long. */
export function isDataException(error: unknown): boolean {
  const code = codeOf(error);
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
