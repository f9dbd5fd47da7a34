import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../database.js';

/**
 * What a backup holds of the database's schema, read from PostgreSQL's catalog (the same on PGlite):
 * the tables of the schema the connection works in (`current_schema()`: `public`, or DATABASE_SCHEMA),
 * drizzle's record of applied migrations left out, in an order in which every table comes after the
 * tables its foreign keys point at.
 */
export interface BackupTable {
  name: string;
  /** The columns a backup carries: every column but the generated ones (computed again on restore). */
  columns: string[];
  /** The primary key's columns: rows are written in its order. */
  primaryKey: string[];
  /** It has a column GENERATED ALWAYS AS IDENTITY (its values are restored with OVERRIDING SYSTEM VALUE). */
  identityAlways: boolean;
  /** It has a bytea column (stored files): read a few rows at a time. */
  wide: boolean;
}

/** drizzle's record of applied migrations (in the `drizzle` schema, or DATABASE_SCHEMA): rebuilt by the migrator on restore. */
const MIGRATIONS_TABLE = '__drizzle_migrations';

export async function backupTables(db: Db): Promise<BackupTable[]> {
  const columns = await selectRows<{ table: string; column: string; generated: boolean; identity_always: boolean; wide: boolean }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS "column", a.attgenerated <> '' AS generated, a.attidentity = 'a' AS identity_always,
               a.atttypid = 'bytea'::regtype AS wide
        FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> ${MIGRATIONS_TABLE}
        ORDER BY c.relname, a.attnum`,
  );
  const keys = await selectRows<{ table: string; column: string }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS "column"
        FROM pg_catalog.pg_index i
        JOIN pg_catalog.pg_class c ON c.oid = i.indrelid
        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE n.nspname = current_schema() AND i.indisprimary
        ORDER BY c.relname, k.position`,
  );
  const references = await selectRows<{ child: string; parent: string }>(
    db,
    sql`SELECT child.relname AS child, parent.relname AS parent
        FROM pg_catalog.pg_constraint f
        JOIN pg_catalog.pg_class child ON child.oid = f.conrelid
        JOIN pg_catalog.pg_class parent ON parent.oid = f.confrelid
        JOIN pg_catalog.pg_namespace n ON n.oid = child.relnamespace
        WHERE f.contype = 'f' AND n.nspname = current_schema()`,
  );
  const tables = new Map<string, BackupTable>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], primaryKey: [], identityAlways: false, wide: false };
    tables.set(row.table, table);
    if (!row.generated) table.columns.push(row.column);
    if (row.identity_always) table.identityAlways = true;
    if (row.wide) table.wide = true;
  }
  for (const key of keys) tables.get(key.table)?.primaryKey.push(key.column);
  return foreignKeyOrder([...tables.values()], references);
}

/**
 * The tables ordered so that each comes after those it references (a table referencing itself is left
 * to its rows' order: its primary key). A cycle between tables cannot be loaded one table at a time.
 */
export function foreignKeyOrder<T extends { name: string }>(tables: T[], references: Array<{ child: string; parent: string }>): T[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    if (child === parent || !byName.has(child) || !byName.has(parent)) continue;
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent, [...path, name]);
    state.set(name, 'done');
    ordered.push(byName.get(name)!);
  };
  for (const name of [...byName.keys()].sort()) visit(name, []);
  return ordered;
}

/** A sequence of the schema and where it stands (`last_value`, and whether `nextval` has handed it out). */
export interface SequenceValue {
  name: string;
  /** A bigint, as text. */
  value: string;
  called: boolean;
}

export async function sequenceValues(db: Db): Promise<SequenceValue[]> {
  const names = await selectRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await selectRows<{ value: string; called: boolean }>(db, sql`SELECT last_value::text AS value, is_called AS called FROM ${sql.identifier(name)}`);
    values.push({ name, value: row!.value, called: row!.called });
  }
  return values;
}

/** The newest migration recorded as applied (drizzle's `created_at`, the journal's `when`), or undefined when none is. */
export async function appliedMigration(db: Db, migrationsSchema: string): Promise<{ when: number; hash: string } | undefined> {
  const [found] = await selectRows<{ found: boolean }>(db, sql`SELECT to_regclass(${`"${migrationsSchema}"."${MIGRATIONS_TABLE}"`}) IS NOT NULL AS found`);
  if (!found?.found) return undefined;
  const [row] = await selectRows<{ when: string; hash: string }>(
    db,
    sql`SELECT created_at::text AS "when", hash FROM ${sql.identifier(migrationsSchema)}.${sql.identifier(MIGRATIONS_TABLE)} ORDER BY created_at DESC LIMIT 1`,
  );
  return row ? { when: Number(row.when), hash: row.hash } : undefined;
}
