import { sql } from 'kysely';
import type { Db } from '../db/dialect.js';

/**
 * Tables a backup leaves out: the migrator's own (the manifest names the migrations) and what expires in minutes
 * (throttle counts, job claims, sign-in challenges between the password and the code), and the whole lists'
 * counters, which the restored rows move on as they are written (a counter restored would go back).
 */
const NOT_BACKED_UP = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'throttle_hits',
  'job_runs',
  'two_factor_challenges',
  'list_versions',
]);

export interface TableInfo {
  name: string;
  /** The primary key's columns, in order: a dump reads rows in this order. */
  key: string[];
  /** Columns that reference another table: `column → table`. */
  references: { column: string; table: string }[];
  /** A serial `id` whose sequence must follow the restored rows (PostgreSQL). */
  hasId: boolean;
}

type Row = Record<string, unknown>;

/**
 * Every table a backup holds, read from the database itself (so a table added by a later migration is backed up
 * without a line here), in an order where each table comes after the tables it references. A reference to its own
 * table (a category's parent) is restored in a second pass.
 */
export async function backedUpTables(db: Db): Promise<TableInfo[]> {
  const tables: TableInfo[] = [];
  if (db.dialect === 'sqlite') {
    const names = (
      await sql<{
        name: string;
      }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(
        db.kysely,
      )
    ).rows;
    for (const { name } of names) {
      if (NOT_BACKED_UP.has(name)) continue;
      const columns = (
        await sql<{ name: string; pk: number }>`SELECT name, pk FROM pragma_table_info(${name})`.execute(db.kysely)
      ).rows;
      const keys = (
        await sql<{
          from: string;
          table: string;
        }>`SELECT "from", "table" FROM pragma_foreign_key_list(${name})`.execute(db.kysely)
      ).rows;
      tables.push({
        name,
        key: columns
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name),
        references: keys.map((k) => ({ column: k.from, table: k.table })),
        hasId: columns.some((c) => c.name === 'id'),
      });
    }
  } else {
    const names = (
      await sql<{
        name: string;
      }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(
        db.kysely,
      )
    ).rows;
    const keys = (
      await sql<{ table: string; column: string; kind: string; target: string | null; position: number }>`
        SELECT tc.table_name AS "table", kcu.column_name AS "column", tc.constraint_type AS kind,
               ccu.table_name AS target, kcu.ordinal_position AS position
        FROM information_schema.table_constraints tc
        JOIN information_schema.key_column_usage kcu
          ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
        LEFT JOIN information_schema.constraint_column_usage ccu
          ON tc.constraint_type = 'FOREIGN KEY' AND ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
        WHERE tc.table_schema = current_schema() AND tc.constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')`.execute(
        db.kysely,
      )
    ).rows;
    const idColumns = new Set(
      (
        await sql<{
          table: string;
        }>`SELECT table_name AS "table" FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id'`.execute(
          db.kysely,
        )
      ).rows.map((r) => r.table),
    );
    for (const { name } of names) {
      if (NOT_BACKED_UP.has(name)) continue;
      const own = keys.filter((k) => k.table === name);
      tables.push({
        name,
        key: own
          .filter((k) => k.kind === 'PRIMARY KEY')
          .sort((a, b) => a.position - b.position)
          .map((k) => k.column),
        references: own
          .filter((k) => k.kind === 'FOREIGN KEY' && k.target)
          .map((k) => ({ column: k.column, table: k.target! })),
        hasId: idColumns.has(name),
      });
    }
  }
  return inDependencyOrder(tables);
}

/** Each table after every other table it references (self-references aside). */
export function inDependencyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: TableInfo) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`Tables reference each other in a cycle through ${table.name}`);
    visiting.add(table.name);
    for (const ref of table.references) {
      const target = byName.get(ref.table);
      if (target && target.name !== table.name) visit(target);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/** Reads a table's rows in key order, `size` at a time, so a big table is never held whole. */
export async function* readRows(db: Db, table: TableInfo, size = 2000): AsyncGenerator<Row[]> {
  const order = table.key.length ? table.key : ['rowid'];
  let offset = 0;
  for (;;) {
    const rows = (
      await sql<Row>`SELECT * FROM ${sql.table(table.name)} ORDER BY ${sql.join(order.map((c) => sql.ref(c)))} LIMIT ${size} OFFSET ${offset}`.execute(
        db.kysely,
      )
    ).rows;
    if (rows.length === 0) return;
    yield rows;
    offset += rows.length;
    if (rows.length < size) return;
  }
}

/** Inserts rows as they were read; a self-reference is written in a second pass (`selfColumns`), after every row. */
export async function insertRows(db: Db, table: TableInfo, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const self = table.references.filter((ref) => ref.table === table.name).map((ref) => ref.column);
  const values = self.length
    ? rows.map((row) => ({ ...row, ...Object.fromEntries(self.map((column) => [column, null])) }))
    : rows;
  const columns = Object.keys(values[0]!);
  await sql`INSERT INTO ${sql.table(table.name)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${sql.join(
    values.map((row) => sql`(${sql.join(columns.map((c) => row[c]))})`),
  )}`.execute(db.kysely);
}

/** The second pass for a table that references itself: puts back the references the first pass left empty. */
export async function restoreSelfReferences(db: Db, table: TableInfo, rows: Row[]): Promise<void> {
  const self = table.references.filter((ref) => ref.table === table.name).map((ref) => ref.column);
  if (!self.length || !table.key.length) return;
  for (const row of rows) {
    if (self.every((column) => row[column] === null)) continue;
    const where = sql.join(
      table.key.map((k) => sql`${sql.ref(k)} = ${row[k]}`),
      sql` AND `,
    );
    await sql`UPDATE ${sql.table(table.name)} SET ${sql.join(self.map((c) => sql`${sql.ref(c)} = ${row[c]}`))} WHERE ${where}`.execute(
      db.kysely,
    );
  }
}

/** PostgreSQL: a serial id continues after the restored rows (SQLite's AUTOINCREMENT follows inserts itself). */
export async function resetIdSequence(db: Db, table: TableInfo): Promise<void> {
  if (db.dialect !== 'postgres' || !table.hasId) return;
  await sql`SELECT setval(pg_get_serial_sequence(${table.name}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table.name)}), 1), (SELECT MAX(id) FROM ${sql.table(table.name)}) IS NOT NULL)`.execute(
    db.kysely,
  );
}

/** True when no backed-up table holds a row. */
export async function isEmpty(db: Db, tables: TableInfo[]): Promise<{ empty: boolean; rows: Record<string, number> }> {
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const [count] = (
      await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table.name)}`.execute(db.kysely)
    ).rows;
    if (Number(count?.n)) rows[table.name] = Number(count!.n);
  }
  return { empty: Object.keys(rows).length === 0, rows };
}

/** Removes every row of every table, the referencing tables first. */
export async function deleteAllRows(db: Db, tables: TableInfo[]): Promise<void> {
  for (const table of [...tables].reverse()) {
    const self = table.references.filter((ref) => ref.table === table.name).map((ref) => ref.column);
    if (self.length)
      await sql`UPDATE ${sql.table(table.name)} SET ${sql.join(self.map((c) => sql`${sql.ref(c)} = NULL`))}`.execute(
        db.kysely,
      );
    await sql`DELETE FROM ${sql.table(table.name)}`.execute(db.kysely);
  }
}
