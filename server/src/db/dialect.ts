import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * What differs between SQLite and PostgreSQL lives here and nowhere else: the auto-increment key, the big
 * integer type and the case-insensitive unique index.
 */
export interface DialectHelpers {
  name: DialectName;
  /** Adds an auto-incrementing integer primary key `id`. */
  addIdColumn<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
  bigint: 'integer' | 'bigint';
}

export function dialectHelpers(name: DialectName): DialectHelpers {
  return {
    name,
    addIdColumn: (table) =>
      name === 'postgres'
        ? table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
        : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement()),
    bigint: name === 'postgres' ? 'bigint' : 'integer',
  };
}

/** Kysely with the dialect it talks to, so repositories can pick portable forms where they must. */
export interface Db {
  kysely: Kysely<import('./tables.js').Database>;
  dialect: DialectName;
}
