import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Sees only the connection's own schema. Kysely's stock PostgreSQL introspector (which the migrator uses to find
 * its tables) scans every schema with has_schema_privilege(), and fails with "schema does not exist" when another
 * site or test drops its schema during the scan. Columns are not listed: nothing here needs them.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`SELECT current_schema() AS name`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; is_view: boolean }>`
      SELECT table_name AS name, table_schema AS schema, table_type = 'VIEW' AS is_view
      FROM information_schema.tables
      WHERE table_schema = current_schema()`.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.is_view, columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL as Kysely speaks it, with introspection kept to the current schema. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
