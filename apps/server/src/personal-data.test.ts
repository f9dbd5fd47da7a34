import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import type { Database } from './db/database.js';
import { selectRows } from './db/database.js';
import { declaredPersonalData } from './db/personal-data.js';
import { serverModules } from './modules.js';

/*
 * Deleting an account must reach every table that names the person (docs/decisions/0042): this walks
 * the migrated database and fails for a table with a column that names a user — a reference to
 * `users`, or a column called like one (user_id, *_user_id, owner_id, actor_id, *_by, account,
 * recipient, e-mail, mobile, phone) — that its module does not declare as erased, anonymised or kept
 * by law (`personalData(...)` beside the table in its schema file).
 */

/** Integer columns that name a user, and text columns that hold an account, an address or a number. */
const USER_REFERENCE = /^(user_id|owner_id|actor_id)$|_user_id$|_by$/;
const CONTACT = /^(account|recipient|email|mobile)$|_account$|_email$|_mobile$|phone/;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Every column of the database's tables that names a person, as `table.column`. */
async function personColumns(): Promise<string[]> {
  const references = await selectRows<{ table: string; column: string }>(
    database.db,
    sql`select t.relname as "table", a.attname as "column"
          from pg_constraint c
          join pg_class t on t.oid = c.conrelid
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
          join pg_class r on r.oid = c.confrelid
         where c.contype = 'f' and r.relname = 'users' and t.relnamespace = (select oid from pg_namespace where nspname = current_schema())`,
  );
  const named = await selectRows<{ table: string; column: string; type: string }>(
    database.db,
    sql`select c.table_name as "table", c.column_name as "column", c.data_type as "type"
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`,
  );
  const columns = new Set(references.map((row) => `${row.table}.${row.column}`));
  for (const row of named) {
    const integer = ['integer', 'bigint'].includes(row.type);
    if ((integer && USER_REFERENCE.test(row.column)) || (row.type === 'text' && CONTACT.test(row.column))) columns.add(`${row.table}.${row.column}`);
  }
  return [...columns].sort();
}

describe('personal data of every table', () => {
  const declarationsOf = (tables: ReadonlyArray<Record<string, unknown>> = []) => tables.flatMap((exports) => declaredPersonalData(exports));
  const declarations = serverModules.flatMap((module) => declarationsOf(module.tables));

  it('each table that names a person is declared erased, anonymised or kept by law, with every such column', async () => {
    const declared = new Map<string, Set<string>>();
    for (const declaration of declarations) {
      expect(declared.has(declaration.tableName), `${declaration.tableName} is declared twice`).toBe(false);
      declared.set(declaration.tableName, new Set(declaration.columns.map((column) => column.name)));
    }
    const found = await personColumns();
    // The walk sees references to users, accounts and contact details (or it could not fail).
    expect(found).toEqual(expect.arrayContaining(['orders.user_id', 'grants.granted_by', 'outbox.recipient', 'invoices.email', 'verification_codes.account']));
    const undeclared = found.filter((name) => {
      const [table, column] = name.split('.') as [string, string];
      return !declared.get(table)?.has(column);
    });
    expect(undeclared, 'columns that name a person without a declaration of what deleting an account does with them').toEqual([]);
  });

  it('a module with rows to erase takes part in deleting an account (the identity core erases its own itself)', () => {
    const erases = (module: (typeof serverModules)[number]) => declarationsOf(module.tables).some((declaration) => declaration.treatment === 'erased');
    const silent = serverModules.filter((module) => module.name !== 'account' && erases(module) && !module.accountDeletion);
    expect(silent.map((module) => module.name)).toEqual([]);
  });

  it('each declaration says why, and a table kept by law names the law', () => {
    for (const declaration of declarations) {
      expect(declaration.columns.length, declaration.tableName).toBeGreaterThan(0);
      expect(declaration.reason.length, declaration.tableName).toBeGreaterThan(10);
      if (declaration.treatment === 'kept') expect(declaration.reason, declaration.tableName).toMatch(/《[^》]+》/);
    }
  });
});
