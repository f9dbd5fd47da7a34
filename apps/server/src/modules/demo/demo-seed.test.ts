import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminCompany,
  AdminCompanyPage,
  AdminQuote,
  AdminQuotePage,
  AdminChangeNoticePage,
  ChangeNoticeReport,
  AdminSalesOrder,
  AdminSalesOrderPage,
  COMPANY_ROLES,
  QuoteRevision,
  isCreditCode,
  type QuoteStateName,
} from '@fuliaotong/contracts';
import { selectRows, type Database } from '../../db/database.js';
import { GOOD_PASSWORD } from '../../../test/accounts.js';
import { outboxMessages } from '../../../test/messages.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, openTestDatabase, testClock, type TestApp } from '../../../test/test-app.js';
import { addDays, beijingDay, chinaDate } from '../../shared/beijing-time.js';
import { lineAmounts } from '../quote/quote.service.js';
import { DEMO_COMPANIES, DEMO_QUOTES, demoQuoteState } from './demo-buying.js';
import { DEMO_CHANGE_NOTICE } from './demo-change-notice.js';
import { DEFAULT_SCALE, registrationAt } from './demo-content.js';
import { secondaryIndexes, truncatePublicInformation } from './demo.repository.js';
import { seedDemoContent } from './demo-seed.js';

const scale = { excipients: 20, registrations: 300, standards: 30, usageRecords: 40, regulations: 15, news: 20 };

describe('seeding the demo content', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    if (database.kind === 'postgres') {
      const [row] = await selectRows<{ schema: string }>(database.db, sql`SELECT current_schema() AS schema`);
      if (row?.schema.startsWith('test_')) await database.db.execute(sql.raw(`DROP SCHEMA "${row.schema}" CASCADE`));
    }
    await database.close();
  });

  const count = async (table: string) =>
    (await selectRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

  it('fills an empty database, with search columns computed by the database', async () => {
    const phases: string[] = [];
    const report = await seedDemoContent(database.db, { scale, batchSize: 128, onlyIfEmpty: true, onProgress: (p) => phases.push(p.phase) });
    expect(report.skipped).toBe(false);
    expect(phases).toContain('registrations');
    expect(await count('excipients')).toBe(20);
    expect(await count('registrations')).toBe(300);
    expect(await count('standards')).toBe(30);
    expect(await count('usage_records')).toBe(40);
    expect(await count('regulations')).toBe(15);
    expect(await count('news')).toBe(20);
    expect(await count('databases')).toBe(3);
    expect(await count('excipient_specs')).toBeGreaterThan(20);
    // The buying side, in the same transaction.
    expect(report.counts).toMatchObject({ companies: 2, members: 9, quotes: 6, salesOrders: 1 });
    expect(await count('companies')).toBe(2);
    expect(await count('company_members')).toBe(9);
    expect(await count('users')).toBe(9);
    expect(await count('quote_requests')).toBe(6);
    expect(await count('sales_orders')).toBe(1);
    // 乙醇 is not among these 20 products: its line is left out, the rest are on the catalogue's products.
    const lines = await selectRows<{ product_name: string; linked: boolean }>(
      database.db,
      sql`SELECT l.product_name, e.name_zh = l.product_name AS linked FROM quote_request_lines l LEFT JOIN excipients e ON e.id = l.excipient_id`,
    );
    expect(lines.map((line) => line.product_name)).not.toContain('乙醇');
    expect(lines.every((line) => line.linked)).toBe(true);

    const [reg] = await selectRows<{ reg_no: string; search_grams: string[] }>(
      database.db,
      sql`SELECT reg_no, search_grams FROM registrations ORDER BY id LIMIT 1`,
    );
    const first = registrationAt({ ...DEFAULT_SCALE, ...scale }, 0);
    expect(reg!.reg_no).toBe(first.regNo);
    expect(reg!.search_grams).toContain(first.name.slice(0, 2).toLowerCase());

    const bad = await selectRows<{ url: string }>(
      database.db,
      sql`SELECT url FROM excipient_documents WHERE url <> '/api/app/excipient/' || excipient_id || '/document/' || id`,
    );
    expect(bad).toEqual([]);
    const found = await selectRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM excipients WHERE search_grams @> ARRAY[${first.name.slice(0, 1)}]::text[]`,
    );
    expect(found[0]!.n).toBeGreaterThan(0);
  });

  it('leaves a database with content alone when asked to seed only an empty one', async () => {
    const report = await seedDemoContent(database.db, { scale, onlyIfEmpty: true });
    expect(report.skipped).toBe(true);
    expect(await count('excipients')).toBe(20);
    expect(await count('companies')).toBe(2);
  });

  it('rebuilds the registration indexes after a bulk load', async () => {
    const before = await secondaryIndexes(database.db, 'registrations');
    expect(before.map((i) => i.name)).toContain('registrations_grams_idx');
    await truncatePublicInformation(database.db);
    expect(await count('excipients')).toBe(0);
    await seedDemoContent(database.db, { scale: { ...scale, registrations: 500 }, deferIndexesFrom: 100, batchSize: 200 });
    expect(await count('registrations')).toBe(500);
    expect(await secondaryIndexes(database.db, 'registrations')).toEqual(before);
  });

  it('resets the catalogue under sample carts and applications: cart items go, applications keep their copy', async () => {
    const [user] = await selectRows<{ id: number }>(
      database.db,
      sql`INSERT INTO users (account, password_hash) VALUES ('13800000000', 'x') RETURNING id`,
    );
    const [spec] = await selectRows<{ id: number; excipient_id: number }>(database.db, sql`SELECT id, excipient_id FROM excipient_specs ORDER BY id LIMIT 1`);
    await database.db.execute(
      sql`INSERT INTO sample_cart_items (user_id, excipient_id, spec_id, quantity) VALUES (${user!.id}, ${spec!.excipient_id}, ${spec!.id}, 1)`,
    );
    const [application] = await selectRows<{ id: number }>(
      database.db,
      sql`INSERT INTO sample_applications (number, user_id, contact_name, mobile, email, company, company_type, purpose, dosage_form, stage, address)
          VALUES ('YP20250101000001', ${user!.id}, '张三', '13800000000', 'a@example.com', '某药业', '制剂企业', '处方开发', '片剂', '研发', '{}'::jsonb)
          RETURNING id`,
    );
    await database.db.execute(
      sql`INSERT INTO sample_application_items (application_id, excipient_id, spec_id, name_zh, grade, pack_size, quantity)
          VALUES (${application!.id}, ${spec!.excipient_id}, ${spec!.id}, '微晶纤维素', 'PH101', '100 g', 1)`,
    );

    const report = await seedDemoContent(database.db, { scale, reset: true });
    expect(await count('excipients')).toBe(20);
    expect(await count('sample_cart_items')).toBe(0);
    // Companies, requests and orders stay, once: their lines keep the names, no longer linked to a product.
    expect(report.counts).toMatchObject({ companies: 0, quotes: 0, salesOrders: 0 });
    expect(await count('companies')).toBe(2);
    expect(await count('quote_requests')).toBe(6);
    expect(await count('sales_order_lines WHERE excipient_id IS NULL')).toBe(await count('sales_order_lines'));
    const items = await selectRows<{ excipient_id: number | null; spec_id: number | null; name_zh: string }>(
      database.db,
      sql`SELECT excipient_id, spec_id, name_zh FROM sample_application_items`,
    );
    expect(items).toEqual([{ excipient_id: null, spec_id: null, name_zh: '微晶纤维素' }]);
    // Ids start again from 1, as before the reset.
    const [first] = await selectRows<{ id: number }>(database.db, sql`SELECT min(id) AS id FROM excipients`);
    expect(first!.id).toBe(1);
  });
});

describe('the buying side of the demo, on the desks', () => {
  const clock = testClock();
  let t: TestApp;
  let sales: Awaited<ReturnType<typeof registerStaff>>;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    // The default catalogue (乙醇 among its products), fewer registration records.
    const report = await seedDemoContent(t.database.db, { onlyIfEmpty: true, scale: { registrations: 100 } });
    expect(report.counts).toMatchObject({ companies: 2, members: 9, quotes: 6, salesOrders: 1 });
    sales = await registerStaff(t.app, t.database, ['sales']);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: sales.headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };
  const today = () => beijingDay(clock.now());
  const quotes = async () => parsed(await get('/api/admin/quote?pageSize=50'), AdminQuotePage);
  const quoteIn = async (status: QuoteStateName) => {
    const summary = (await quotes()).items.find((item) => item.status === status);
    expect(summary, status).toBeDefined();
    return parsed(await get(`/api/admin/quote/${summary!.id}`), AdminQuote);
  };
  /** XJ/BJ/XS + the Beijing day of `at` + the id in 6 digits. */
  const numbered = (prefix: string, id: number, at: string) => `${prefix}${chinaDate(new Date(at))}${String(id).padStart(6, '0')}`;

  it('lists two verified companies, each with members holding the five roles, a valid credit code and a licence', async () => {
    const page = parsed(await get('/api/admin/company?status=verified&pageSize=50'), AdminCompanyPage);
    expect(page.items.map((item) => item.name).sort()).toEqual(DEMO_COMPANIES.map((company) => company.name).sort());
    for (const summary of page.items) {
      expect(isCreditCode(summary.creditCode), summary.creditCode).toBe(true);
      expect(summary).toMatchObject({ status: 'verified', hasLicense: true, rejectReason: null });
      expect(Date.parse(summary.verifiedAt!)).toBeGreaterThan(Date.parse(summary.createdAt));
      const company = parsed(await get(`/api/admin/company/${summary.id}`), AdminCompany);
      expect(company.members).toHaveLength(summary.memberCount);
      expect([...new Set(company.members.flatMap((member) => member.roles))].sort()).toEqual([...COMPANY_ROLES].sort());
      expect(company.members.filter((member) => member.roles.includes('admin'))).toHaveLength(1);
      for (const member of company.members) expect(member.account).toMatch(/^[a-z]+@[a-z]+\.example\.com$/);
      expect(company.members.every((member) => /^[\u4e00-\u9fa5]{2,3}$/.test(member.name))).toBe(true);
      const licence = await get(`/api/admin/company/${summary.id}/license`);
      expect(licence.headers['content-type']).toBe('image/png');
      expect(licence.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('has a published change notice on a featured product, reaching the 管理员, 质量 and 采购 of the companies that asked its price', async () => {
    const quality = await registerStaff(t.app, t.database, ['quality']);
    const page = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/change-notice', headers: quality.headers }), AdminChangeNoticePage);
    expect(page.items).toHaveLength(1);
    const notice = page.items[0]!;
    expect(notice).toMatchObject({ status: 'published', kind: 'packaging', impactLevel: 'minor', excipient: { name: DEMO_CHANGE_NOTICE.product } });
    expect(notice.number).toBe(numbered('BG', notice.id, notice.publishedAt!));
    expect(notice.effectiveOn > today()).toBe(true);
    const report = parsed(await t.app.inject({ method: 'GET', url: `/api/admin/change-notice/${notice.id}/report`, headers: quality.headers }), ChangeNoticeReport);
    expect(report.counts.recipients).toBeGreaterThan(0);
    expect(report.companies.map((company) => company.company).every((name) => DEMO_COMPANIES.some((demo) => demo.name === name))).toBe(true);
  });

  it('has members nobody can sign in to', async () => {
    for (const person of DEMO_COMPANIES.flatMap((company) => company.people)) {
      const response = await t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: person.account, password: GOOD_PASSWORD } });
      expect(response.statusCode, person.account).toBe(401);
    }
  });

  it('has price requests in six states, numbered and priced as the quote service numbers and prices them', async () => {
    const page = await quotes();
    expect(page.countsByStatus).toEqual({ pending: 1, quoted: 1, revising: 1, accepted: 1, declined: 1, expired: 1, cancelled: 0 });
    const companies = DEMO_COMPANIES.map((company) => company.name);
    for (const summary of page.items) {
      expect(summary.number).toBe(numbered('XJ', summary.id, summary.createdAt));
      expect(companies).toContain(summary.company);
      const quote = parsed(await get(`/api/admin/quote/${summary.id}`), AdminQuote);
      expect(quote.companyStatus).toBe('verified');
      expect(quote.events[0]).toMatchObject({ kind: 'requested', side: 'buyer' });
      expect(quote.revisions).toHaveLength(quote.status === 'pending' ? 0 : quote.status === 'revising' ? 2 : 1);
      for (const line of quote.lines) expect(line.excipientId).not.toBeNull();
      for (const revision of quote.revisions) {
        expect(revision.number).toBe(numbered('BJ', revision.id, revision.createdAt));
        expect(revision.quotedBy).toBe('张晓明');
        for (const line of revision.lines) {
          expect(line.taxCode).toMatch(/^\d{19}$/);
          expect({ amountFen: line.amountFen, taxFen: line.taxFen }).toEqual(lineAmounts(line.unitPriceFen, line.quantity, line.taxRate));
          expect(quote.lines.map((asked) => asked.excipientId)).toContain(line.excipientId);
        }
        expect(revision.totalFen).toBe(revision.lines.reduce((sum, line) => sum + line.amountFen, 0));
      }
      const times = quote.events.map((event) => Date.parse(event.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Date.parse(quote.updatedAt)).toBe(times.at(-1));
    }

    const quoted = await quoteIn('quoted');
    expect(quoted.current!.validUntil > today()).toBe(true);
    expect(quoted.current!.lines.find((line) => line.productName === '乙醇')?.dangerousGoods).toMatch(/^UN1170，第 3 类易燃液体/);
    const expired = await quoteIn('expired');
    expect(expired.current!.validUntil < today()).toBe(true);
    expect(expired.events.at(-1)).toMatchObject({ kind: 'expired', side: 'system', name: '系统', revision: 1 });
    const revising = await quoteIn('revising');
    expect(revising.events.map((event) => event.kind)).toEqual(['requested', 'quoted', 'revision', 'quoted', 'revision']);
    expect(revising.revisions.map((revision) => revision.revision)).toEqual([2, 1]);
    expect((await quoteIn('declined')).events.map((event) => event.kind)).toEqual(['requested', 'quoted', 'declined']);
    expect((await quoteIn('pending')).current).toBeNull();
    expect(DEMO_QUOTES.map(demoQuoteState).sort()).toEqual(page.items.map((item) => item.status).sort());
  });

  it('has one completed sales order, made from the accepted quote: paid in full, shipped with batch numbers, received', async () => {
    const page = parsed(await get('/api/admin/sales-order?pageSize=50'), AdminSalesOrderPage);
    expect(page.items).toHaveLength(1);
    expect(page.countsByStatus.completed).toBe(1);
    const order = parsed(await get(`/api/admin/sales-order/${page.items[0]!.id}`), AdminSalesOrder);
    const accepted = await quoteIn('accepted');
    expect(order.number).toBe(numbered('XS', order.id, order.createdAt));
    expect(order.quote).toMatchObject({ id: accepted.id, number: accepted.number, revision: 1, revisionNumber: accepted.current!.number });
    expect(accepted.events.at(-1)).toMatchObject({ kind: 'accepted', side: 'buyer', revision: 1, message: `已生成销售订单 ${order.number}，销售将与您签订合同` });
    expect(order.createdAt).toBe(accepted.events.at(-1)!.createdAt);
    expect(order.company?.name).toBe(accepted.company?.name);

    expect(order.status).toBe('completed');
    expect(order.totalFen).toBe(order.lines.reduce((sum, line) => sum + line.amountFen, 0));
    expect(order.taxFen).toBe(order.lines.reduce((sum, line) => sum + line.taxFen, 0));
    expect(order.totalFen).toBe(accepted.current!.totalFen);
    expect(order.lines.map(({ productName, quantity, unitPriceFen }) => ({ productName, quantity, unitPriceFen }))).toEqual(
      accepted.current!.lines.map(({ productName, quantity, unitPriceFen }) => ({ productName, quantity, unitPriceFen })),
    );
    for (const line of order.lines) {
      expect(line.batchNumbers.length, line.productName).toBeGreaterThan(0);
      for (const batch of line.batchNumbers) expect(batch).toMatch(/^[0-9A-Za-z][0-9A-Za-z\-_/.]*$/);
    }
    expect(order.contractNumber).toBeTruthy();
    expect(order.signedOn! <= today()).toBe(true);
    expect(order.payment.paidFen).toBe(order.totalFen);
    expect(order.bankReference).toMatch(/^\d{20}$/);
    expect(['顺丰速运', '德邦物流']).toContain(order.shipment?.carrier);
    expect(order.shipment!.trackingNumber.length).toBeGreaterThanOrEqual(4);
    expect(order.receivedAt).not.toBeNull();
    expect(order.completedAt).toBe(order.receivedAt);
    expect(order.events.map((event) => event.kind)).toEqual(['created', 'signed', 'paid', 'shipped', 'received', 'completed']);
    const times = order.events.map((event) => Date.parse(event.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.parse(order.payment.paidAt!)).toBeLessThan(Date.parse(order.shipment!.shippedAt));
    expect(order.events.find((event) => event.kind === 'shipped')?.message).toContain(order.lines[0]!.batchNumbers[0]);
  });

  it('is dated from the seeding: the jobs leave it as it is; the quote waiting for an answer runs out after its last day; quoting sends the demo members nothing', async () => {
    const before = (await quotes()).countsByStatus;
    await t.drain();
    expect((await quotes()).countsByStatus).toEqual(before);

    const pending = await quoteIn('pending');
    const body = {
      lines: pending.lines.map((line) => ({
        excipientId: line.excipientId!,
        spec: `${line.grade ?? '药用级'} 25 kg/袋`,
        unit: line.unit,
        quantity: line.quantity,
        unitPriceFen: 9_000,
        taxRate: 13,
        taxCode: '1070201040000000000',
        moq: 5,
        leadTimeDays: 5,
        dangerousGoods: null,
        remark: '',
      })),
      validUntil: addDays(today(), 90),
      paymentTerms: 'prepaid',
      creditDays: null,
      deliveryTerms: '送货上门，运费由供方承担',
      remark: '',
    };
    const sent = await t.app.inject({ method: 'POST', url: `/api/admin/quote/${pending.id}/revision`, headers: sales.headers, payload: body });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(parsed(sent, QuoteRevision).number).toMatch(/^BJ\d{14}$/);
    await t.drain();
    const people = DEMO_COMPANIES.flatMap((company) => company.people);
    for (const to of [...people.map((person) => person.account), ...people.map((person) => person.phone)]) {
      expect(await outboxMessages(t.database, to), to).toEqual([]);
    }

    const quoted = await quoteIn('quoted');
    const lastDay = quoted.current!.validUntil;
    const days = Math.round((Date.parse(lastDay) - Date.parse(today())) / 86_400_000) + 1;
    clock.advance(days * 86_400_000);
    await t.drain();
    // Back to today, where the staff's session is still valid, to look.
    clock.advance(-days * 86_400_000);
    const after = parsed(await get(`/api/admin/quote/${quoted.id}`), AdminQuote);
    expect(after.status).toBe('expired');
    expect(after.events.at(-1)).toMatchObject({ kind: 'expired', revision: 1 });
  });
});
