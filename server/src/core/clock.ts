/** Timestamps are made by the app, never by a database default, so both dialects store the same text. */
export function nowIso(): string {
  return new Date().toISOString();
}
