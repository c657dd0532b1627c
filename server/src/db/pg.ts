import type Pg from 'pg';

let loading: Promise<typeof Pg> | null = null;

/**
 * The PostgreSQL client, loaded by the first connection to PostgreSQL rather than at start: a server on SQLite (the
 * default) never needs it. pg answers bigint (count(*), file sizes) and numeric (prices) as strings; both fit a JS
 * number here, so they are parsed as numbers from the first connection on.
 */
export function loadPg(): Promise<typeof Pg> {
  return (loading ??= import('pg').then(({ default: pg }) => {
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
    return pg;
  }));
}
