import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../account/account.schema.js';
import { companies, companyInvitations, companyMembers } from '../company/company.schema.js';
import { excipients, excipientSpecs } from '../excipient/excipient.schema.js';
import { uploads } from '../files/files.schema.js';
import { quoteEvents, quoteRequestLines, quoteRequests, quoteRevisionLines, quoteRevisions } from '../quote/quote.schema.js';
import { REGISTRATION_COLUMNS, registrationRow } from '../registration/registration-columns.js';
import { salesOrderEvents, salesOrderLines, salesOrders } from '../sales-order/sales-order.schema.js';
import { changeNoticeRecipients, changeNotices } from '../change-notice/change-notice.schema.js';
import { confidentialityAgreements } from '../document-request/document-request.schema.js';
import { batches, batchResults } from '../batch/batch.schema.js';
import { standards } from '../reference/reference.schema.js';
import { selectRows, type Db } from '../../db/database.js';
import type {
  DemoDatabase,
  DemoExcipient,
  DemoRegistration,
  DemoStandard,
  DemoUsageRecord,
} from './demo-content.js';
import type { DemoNews, DemoRegulation } from './demo-articles.js';

/** Anything that runs SQL: the database or a transaction. */
export type Executor = Pick<Db, 'execute'>;
export type { Db };

/** The tables of the public information, children first. Favorites point at their rows by id. */
export const PUBLIC_INFORMATION_TABLES = [
  'favorites',
  'excipient_safety_data',
  'excipient_documents',
  'excipient_specs',
  'excipients',
  'registrations',
  'standards',
  'usage_records',
  'regulations',
  'news',
  'databases',
] as const;

/**
 * Inserts rows given as JSON objects keyed by column name, many per statement: the rows travel as
 * one JSON parameter and json_populate_recordset turns them into rows of the table's own type, so a
 * batch costs one round trip and one parameter whatever its size, on PGlite and PostgreSQL alike.
 * Generated columns (search_text, search_grams) are never named: the database computes them.
 */
async function insertJson(db: Executor, table: string, columns: readonly string[], rows: readonly object[], returning?: SQL) {
  const cols = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  return db.execute(
    sql`INSERT INTO ${sql.identifier(table)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)${returning ? sql` RETURNING ${returning}` : sql``}`,
  );
}

export async function insertRegistrations(db: Executor, rows: readonly DemoRegistration[]) {
  if (rows.length) await insertJson(db, 'registrations', REGISTRATION_COLUMNS, rows.map(registrationRow));
}

export async function insertExcipients(db: Executor, rows: readonly DemoExcipient[]) {
  if (!rows.length) return;
  const inserted = await insertJson(
    db,
    'excipients',
    ['name_zh', 'name_en', 'synonyms', 'cas', 'category', 'dosage_forms', 'pharmacopoeias', 'summary', 'description', 'reg_nos', 'sample_available', 'featured', 'dangerous_goods'],
    rows.map((e) => ({
      name_zh: e.nameZh,
      name_en: e.nameEn,
      synonyms: e.synonyms,
      cas: e.cas,
      category: e.category,
      dosage_forms: e.dosageForms,
      pharmacopoeias: e.pharmacopoeias,
      summary: e.summary,
      description: e.description,
      reg_nos: e.regNos,
      sample_available: e.sampleAvailable,
      featured: e.featured,
      dangerous_goods: e.dangerousGoods,
    })),
    sql`id, name_zh`,
  );
  const ids = new Map((inserted as { rows: { id: number; name_zh: string }[] }).rows.map((r) => [r.name_zh, r.id]));
  const idOf = (e: DemoExcipient) => {
    const id = ids.get(e.nameZh);
    if (id === undefined) throw new Error(`excipient ${e.nameZh} was not inserted`);
    return id;
  };
  await insertJson(
    db,
    'excipient_specs',
    ['excipient_id', 'grade', 'pack_size', 'sample_available', 'sort_order'],
    rows.flatMap((e) =>
      e.specs.map((s) => ({ excipient_id: idOf(e), grade: s.grade, pack_size: s.packSize, sample_available: s.sampleAvailable, sort_order: s.sortOrder })),
    ),
  );
  await insertJson(
    db,
    'excipient_documents',
    ['excipient_id', 'kind', 'title', 'access', 'url'],
    rows.flatMap((e) => e.documents.map((d) => ({ excipient_id: idOf(e), kind: d.kind, title: d.title, access: d.access, url: '' }))),
  );
  const sheets = rows.flatMap((e) => (e.safetyData ? [{ e, sheet: e.safetyData }] : []));
  if (sheets.length) {
    await insertJson(
      db,
      'excipient_safety_data',
      ['excipient_id', 'revision', 'revised_on', 'content'],
      sheets.map(({ e, sheet: { revision, revisedOn, ...content } }) => ({ excipient_id: idOf(e), revision, revised_on: revisedOn, content })),
    );
  }
  // Documents are downloaded through the API, by product and document id.
  await db.execute(
    sql`UPDATE excipient_documents SET url = '/api/app/excipient/' || excipient_id || '/document/' || id WHERE url = ''`,
  );
}

export async function insertDatabases(db: Executor, rows: readonly DemoDatabase[]) {
  await insertJson(
    db,
    'databases',
    ['code', 'name', 'description', 'access', 'sort_order'],
    rows.map((d) => ({ code: d.code, name: d.name, description: d.description, access: d.access, sort_order: d.sortOrder })),
  );
}

export async function insertStandards(db: Executor, rows: readonly DemoStandard[]) {
  if (!rows.length) return;
  await insertJson(
    db,
    'standards',
    ['name', 'name_en', 'pharmacopoeia', 'edition', 'status', 'effective_on', 'test_items', 'revision_note'],
    rows.map((s) => ({
      name: s.name,
      name_en: s.nameEn,
      pharmacopoeia: s.pharmacopoeia,
      edition: s.edition,
      status: s.status,
      effective_on: s.effectiveOn,
      test_items: s.testItems,
      revision_note: s.revisionNote,
    })),
  );
}

export async function insertUsageRecords(db: Executor, rows: readonly DemoUsageRecord[]) {
  if (!rows.length) return;
  await insertJson(
    db,
    'usage_records',
    ['ingredient', 'route', 'dosage_form', 'max_amount'],
    rows.map((u) => ({ ingredient: u.ingredient, route: u.route, dosage_form: u.dosageForm, max_amount: u.maxAmount })),
  );
}

export async function insertRegulations(db: Executor, rows: readonly DemoRegulation[]) {
  if (!rows.length) return;
  await insertJson(
    db,
    'regulations',
    ['title', 'issuer', 'doc_number', 'category', 'issued_on', 'effective_on', 'status', 'content'],
    rows.map((r) => ({
      title: r.title,
      issuer: r.issuer,
      doc_number: r.docNumber,
      category: r.category,
      issued_on: r.issuedOn,
      effective_on: r.effectiveOn,
      status: r.status,
      content: r.content,
    })),
  );
}

export async function insertNews(db: Executor, rows: readonly DemoNews[]) {
  if (!rows.length) return;
  await insertJson(
    db,
    'news',
    ['title', 'category', 'source', 'published_on', 'cover', 'summary', 'content'],
    rows.map((n) => ({ title: n.title, category: n.category, source: n.source, published_on: n.publishedOn, cover: n.cover, summary: n.summary, content: n.content })),
  );
}

export interface TableCounts {
  excipients: number;
  registrations: number;
  regulations: number;
  news: number;
}

export async function countPublicInformation(db: Executor): Promise<TableCounts> {
  const [row] = await selectRows<{ excipients: number; registrations: number; regulations: number; news: number }>(
    db as Db,
    sql`SELECT (SELECT count(*) FROM excipients)::int AS excipients, (SELECT count(*) FROM registrations)::int AS registrations,
               (SELECT count(*) FROM regulations)::int AS regulations, (SELECT count(*) FROM news)::int AS news`,
  );
  return row!;
}

/** Whether any public-information table holds a row (cheap at any size, unlike counting). */
export async function hasPublicInformation(db: Executor): Promise<boolean> {
  const [row] = await selectRows<{ present: boolean }>(
    db as Db,
    sql`SELECT EXISTS (SELECT 1 FROM excipients) OR EXISTS (SELECT 1 FROM registrations)
            OR EXISTS (SELECT 1 FROM regulations) OR EXISTS (SELECT 1 FROM news) AS present`,
  );
  return row!.present;
}

export async function hasRegistrations(db: Executor): Promise<boolean> {
  const [row] = await selectRows<{ present: boolean }>(db as Db, sql`SELECT EXISTS (SELECT 1 FROM registrations) AS present`);
  return row!.present;
}

/**
 * The catalogue, which other tables point at with declared ON DELETE actions: a sample cart item goes
 * with its product option, a sample application keeps its own copy of what was applied for and only
 * loses the link.
 */
const CATALOGUE_TABLES: readonly string[] = ['excipient_documents', 'excipient_specs', 'excipients'];

/** Empties every public-information table (and the favorites that point into them). */
export async function truncatePublicInformation(db: Executor) {
  // The catalogue is deleted, not truncated: TRUNCATE refuses tables that others reference, and would
  // not run their ON DELETE actions. Options and documents go with their product.
  await db.execute(sql`DELETE FROM excipients`);
  for (const table of CATALOGUE_TABLES) {
    await db.execute(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), 1, false)`);
  }
  const rest = PUBLIC_INFORMATION_TABLES.filter((table) => !CATALOGUE_TABLES.includes(table));
  await db.execute(sql.raw(`TRUNCATE ${rest.join(', ')} RESTART IDENTITY`));
}

/** Serialises seeding between server processes that share one PostgreSQL database (until commit). */
export async function lockSeeding(db: Executor) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(7312001)`);
}

export interface IndexDefinition {
  name: string;
  definition: string;
}

/** The secondary indexes of a table (not those behind primary-key or unique constraints). */
export async function secondaryIndexes(db: Executor, table: string): Promise<IndexDefinition[]> {
  return selectRows<IndexDefinition>(
    db as Db,
    sql`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = ${table}
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = to_regnamespace(current_schema()))
        ORDER BY i.indexname`,
  );
}

export async function dropIndexes(db: Executor, indexes: readonly IndexDefinition[]) {
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX "${index.name}"`));
}

/** Builds indexes (inside a transaction: the memory setting lasts until it ends). */
export async function createIndexes(db: Executor, indexes: readonly IndexDefinition[]) {
  if (!indexes.length) return;
  await db.execute(sql`SET LOCAL maintenance_work_mem = '128MB'`);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

/**
 * VACUUM (ANALYZE) after a load: statistics for the planner, and hint bits and the visibility map
 * set once now rather than by the first readers (the state autovacuum keeps a live table in).
 * Not inside a transaction.
 */
export async function vacuumAnalyze(db: Executor, tables: readonly string[]) {
  await db.execute(sql.raw(`VACUUM (ANALYZE) ${tables.map((t) => `"${t}"`).join(', ')}`));
}

/* --------------------------------------------------------------------------------------------- */
/* The buying side: companies, their members, price requests and a sales order (demo-buying.ts)    */

/** Whether the site has any company, price request or sales order (the demo's buying side is added only to a site with none). */
export async function hasBuyingActivity(db: Executor): Promise<boolean> {
  const [row] = await selectRows<{ present: boolean }>(
    db as Db,
    sql`SELECT EXISTS (SELECT 1 FROM companies) OR EXISTS (SELECT 1 FROM quote_requests) OR EXISTS (SELECT 1 FROM sales_orders) AS present`,
  );
  return row!.present;
}

export interface CatalogueProduct {
  id: number;
  nameZh: string;
  specs: Array<{ id: number; grade: string; packSize: string }>;
}

/** The published products of these names, with their specs in their order. */
export async function catalogueProducts(db: Db, names: readonly string[]): Promise<CatalogueProduct[]> {
  if (names.length === 0) return [];
  const products = await db
    .select({ id: excipients.id, nameZh: excipients.nameZh })
    .from(excipients)
    .where(and(inArray(excipients.nameZh, [...names]), eq(excipients.published, true)));
  if (products.length === 0) return [];
  const specs = await db
    .select({ id: excipientSpecs.id, excipientId: excipientSpecs.excipientId, grade: excipientSpecs.grade, packSize: excipientSpecs.packSize })
    .from(excipientSpecs)
    .where(inArray(excipientSpecs.excipientId, products.map((p) => p.id)))
    .orderBy(asc(excipientSpecs.sortOrder), asc(excipientSpecs.id));
  return products.map((p) => ({ ...p, specs: specs.filter((s) => s.excipientId === p.id).map(({ id, grade, packSize }) => ({ id, grade, packSize })) }));
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values);
}

export async function insertCompany(db: Db, values: typeof companies.$inferInsert): Promise<number> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  return row!.id;
}

export async function insertCompanyMembers(db: Db, rows: Array<typeof companyMembers.$inferInsert>): Promise<void> {
  if (rows.length) await db.insert(companyMembers).values(rows);
}

export async function insertCompanyInvitations(db: Db, rows: Array<typeof companyInvitations.$inferInsert>): Promise<void> {
  if (rows.length) await db.insert(companyInvitations).values(rows);
}

/** The next id of a table's serial (numbers such as XJ… are made from the id before the row is written). */
export async function nextId(db: Executor, table: 'quote_requests' | 'quote_revisions' | 'sales_orders'): Promise<number> {
  const [row] = await selectRows<{ id: number }>(db as Db, sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id`);
  return row!.id;
}

export async function insertQuoteRequest(
  db: Db,
  values: typeof quoteRequests.$inferInsert,
  lines: Array<Omit<typeof quoteRequestLines.$inferInsert, 'requestId'>>,
): Promise<void> {
  await db.insert(quoteRequests).values(values);
  await db.insert(quoteRequestLines).values(lines.map((line) => ({ ...line, requestId: values.id! })));
}

export async function insertQuoteRevision(
  db: Db,
  values: typeof quoteRevisions.$inferInsert,
  lines: Array<Omit<typeof quoteRevisionLines.$inferInsert, 'revisionId'>>,
): Promise<void> {
  await db.insert(quoteRevisions).values(values);
  await db.insert(quoteRevisionLines).values(lines.map((line) => ({ ...line, revisionId: values.id! })));
}

/** Entries of the requests' threads, written in the order given (their ids keep it). */
export async function insertQuoteEvents(db: Db, rows: Array<typeof quoteEvents.$inferInsert>): Promise<void> {
  for (const row of rows) await db.insert(quoteEvents).values(row);
}

export async function remittanceCodeTaken(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.remittanceCode, code));
  return row !== undefined;
}

export async function insertSalesOrder(
  db: Db,
  values: typeof salesOrders.$inferInsert,
  lines: Array<Omit<typeof salesOrderLines.$inferInsert, 'orderId'>>,
  events: Array<Omit<typeof salesOrderEvents.$inferInsert, 'orderId'>>,
): Promise<void> {
  await db.insert(salesOrders).values(values);
  await db.insert(salesOrderLines).values(lines.map((line) => ({ ...line, orderId: values.id! })));
  for (const event of events) await db.insert(salesOrderEvents).values({ ...event, orderId: values.id! });
}

/* --------------------------------------------------------------------------------------------- */
/* The confidentiality agreement (demo-confidentiality.ts)                                          */

/** Publishes the demo's first version of the 保密协议 on a site that has none. Answers whether it did. */
export async function insertFirstAgreement(db: Executor, agreement: { title: string; body: string; effectiveOn: string }, at: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${confidentialityAgreements} (version, title, body, effective_on, published_at)
    SELECT 1, ${agreement.title}, ${agreement.body}, ${agreement.effectiveOn}::date, ${at.toISOString()}::timestamptz
    WHERE NOT EXISTS (SELECT 1 FROM ${confidentialityAgreements})`);
}

/* --------------------------------------------------------------------------------------------- */
/* The change notice (demo-change-notice.ts)                                                        */

/**
 * Publishes the demo's change notice on a site that has none, on the product named, reaching the
 * 管理员, 质量 and 采购 of the companies that asked prices of it. Nothing when the product is missing.
 */
export async function insertFirstChangeNotice(
  db: Executor,
  notice: { product: string; kind: string; title: string; description: string; impactLevel: string; impact: string; effectiveOn: string },
  at: Date,
): Promise<void> {
  const result = (await db.execute(sql`
    WITH next AS (SELECT nextval(pg_get_serial_sequence('change_notices', 'id'))::int AS id)
    INSERT INTO ${changeNotices} (id, number, excipient_id, product_name, kind, title, description, impact_level, impact, effective_on, status, published_at, created_at, updated_at)
    SELECT next.id, 'BG' || to_char(${at.toISOString()}::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(next.id::text, 6, '0'),
           e.id, e.name_zh, ${notice.kind}, ${notice.title}, ${notice.description}, ${notice.impactLevel}, ${notice.impact}, ${notice.effectiveOn}::date,
           'published', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    FROM next, ${excipients} e
    WHERE e.name_zh = ${notice.product} AND NOT EXISTS (SELECT 1 FROM ${changeNotices})
    LIMIT 1
    RETURNING id`)) as { rows: Array<{ id: number }> };
  const created = result.rows[0];
  if (!created) return;
  await db.execute(sql`
    INSERT INTO ${changeNoticeRecipients} (notice_id, user_id, company_id, reasons, notified_at)
    SELECT DISTINCT ${created.id}::int, m.user_id, m.company_id, ARRAY['quoted']::text[], ${at.toISOString()}::timestamptz
    FROM ${companyMembers} m
    WHERE m.roles && ARRAY['admin', 'quality', 'purchasing']::text[]
      AND m.company_id IN (
        SELECT q.company_id FROM ${quoteRequests} q JOIN ${quoteRequestLines} l ON l.request_id = q.id
        JOIN ${changeNotices} n ON n.excipient_id = l.excipient_id
        WHERE n.id = ${created.id} AND q.company_id IS NOT NULL)
    ON CONFLICT DO NOTHING`);
}

/* Batches and their results (demo-batches.ts)                                                      */

/** Products by name with their first spec and the test items of their standard (current 中国药典 first). */
export async function batchProducts(db: Db, ids: readonly number[], names: readonly string[]): Promise<Array<{ id: number; name: string; specId: number | null; testItems: string[] }>> {
  const rows = await db
    .select({
      id: excipients.id,
      name: excipients.nameZh,
      specId: sql<number | null>`(select ${excipientSpecs.id} from ${excipientSpecs} where ${excipientSpecs.excipientId} = ${excipients.id} order by ${excipientSpecs.sortOrder}, ${excipientSpecs.id} limit 1)`,
      testItems: sql<string[] | null>`(select ${standards.testItems} from ${standards} where ${standards.name} = ${excipients.nameZh} order by case when ${standards.status} = '现行' then 0 else 1 end, case when ${standards.pharmacopoeia} = 'ChP' then 0 else 1 end, ${standards.id} limit 1)`,
    })
    .from(excipients)
    .where(or(inArray(excipients.id, [...ids, 0]), inArray(excipients.nameZh, [...names, ''])))
    .orderBy(asc(excipients.id));
  return rows.map((row) => ({ ...row, specId: row.specId === null ? null : Number(row.specId), testItems: row.testItems ?? [] }));
}

export async function insertBatch(db: Db, values: typeof batches.$inferInsert, results: ReadonlyArray<Omit<typeof batchResults.$inferInsert, 'batchId' | 'position'>>): Promise<void> {
  const existing = await db.select({ id: batches.id }).from(batches).where(and(eq(batches.excipientId, values.excipientId), eq(batches.batchNumber, values.batchNumber)));
  if (existing.length > 0) return;
  const [row] = await db.insert(batches).values(values).returning({ id: batches.id });
  if (results.length > 0) await db.insert(batchResults).values(results.map((result, i) => ({ ...result, batchId: row!.id, position: i + 1 })));
}
