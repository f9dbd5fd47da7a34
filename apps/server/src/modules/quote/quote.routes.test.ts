import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AdminQuote,
  AdminQuotePage,
  AuditPage,
  ErrorResponse,
  NoticePage,
  SalesOrderPage,
  Quote,
  QuotePage,
  QuoteRevision,
  SampleApplication,
  SessionResponse,
  User,
  paths,
  withQuery,
  type QuoteRequestBody,
  type QuoteRevisionBody,
  type ValidationIssue,
} from '@fuliaotong/contracts';
import { bearer, GOOD_PASSWORD, insertAccount, newIp, registerMember } from '../../../test/accounts.js';
import { sentMessages } from '../../../test/messages.js';
import { companyWithEveryRole } from '../../../test/companies.js';
import { pdfFonts, pdfInfo, pdfMetadata, pdfText } from '../../../test/poppler.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, TEST_SITE_URL, testClock, type TestApp } from '../../../test/test-app.js';
import { addDays, beijingDay, chinaDate } from '../../shared/beijing-time.js';
import { excipients } from '../excipient/excipient.schema.js';
import { lineAmounts } from './quote.service.js';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock();
let t: TestApp;
let product: TestProduct;
let other: TestProduct;
let sales: Awaited<ReturnType<typeof registerStaff>>;
let admin: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  product = await createProduct(t.database, { specs: 3, nameZh: '微晶纤维素' });
  other = await createProduct(t.database, { specs: 2, nameZh: '无水乙醇' });
  sales = await registerStaff(t.app, t.database, ['sales']);
  admin = await registerStaff(t.app, t.database, ['admin']);
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof registerMember>>;
const h = (session: { token: string }) => bearer(session.token);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const errorOf = (response: Parameters<typeof parsed>[0]) => parsed(response, ErrorResponse).error;
/** The issues of a 400 validation_failed. */
const issuesOf = (response: Parameters<typeof parsed>[0]) => (errorOf(response).details ?? []) as ValidationIssue[];
const today = () => beijingDay(clock.now());
/** The SMS about requests sent to a number (registering sent it a code before). */
const quoteSms = async (to: string) => (await sentMessages(t, to)).filter((message) => message.template === 'quote_status');
const titles = async (session: { token: string }) => parsed(await call('GET', '/api/app/notice?pageSize=100', h(session)), NoticePage).items.map((notice) => notice.title);

/** A request for 500 kg of the first grade of the product, contact phone the requester's own number. */
const requestBody = (session: Session, overrides: Partial<QuoteRequestBody> = {}): QuoteRequestBody => ({
  lines: [{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 500, unit: 'kg' }],
  deliveryCity: '浙江省杭州市',
  requiredDate: addDays(today(), 14),
  purpose: 'commercial',
  remark: '需随货提供 COA',
  contactName: '王采购',
  contactPhone: session.account,
  sampleApplicationId: null,
  ...overrides,
});

/** A quote of two lines: 500 kg at ¥48.00 (13%), and 0.333 L of a dangerous good at ¥19.99 (6%). */
const revisionBody = (overrides: Partial<QuoteRevisionBody> = {}): QuoteRevisionBody => ({
  lines: [
    { excipientId: product.excipientId, spec: '药用级 25 kg/袋', unit: 'kg', quantity: 500, unitPriceFen: 4_800, taxRate: 13, taxCode: '1070201040000000000', moq: 100, leadTimeDays: 7, dangerousGoods: null, remark: '' },
    {
      excipientId: other.excipientId,
      spec: '药用级 500 mL/瓶',
      unit: 'L',
      quantity: 0.333,
      unitPriceFen: 1_999,
      taxRate: 6,
      taxCode: '1070302990000000000',
      moq: 0.5,
      leadTimeDays: 3,
      dangerousGoods: 'UN1170，第 3 类易燃液体，危险货物道路运输',
      remark: '整箱发货',
    },
  ],
  validUntil: addDays(today(), 30),
  paymentTerms: 'credit',
  creditDays: 30,
  deliveryTerms: '送货上门，运费由供方承担',
  remark: '',
  ...overrides,
});

async function ask(session: Session, overrides: Partial<QuoteRequestBody> = {}): Promise<Quote> {
  const response = await call('POST', '/api/app/quote', h(session), requestBody(session, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, Quote);
}

async function quote(id: number, overrides: Partial<QuoteRevisionBody> = {}): Promise<QuoteRevision> {
  const response = await call('POST', `/api/admin/quote/${id}/revision`, sales.headers, revisionBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, QuoteRevision);
}

const detail = async (session: Session, id: number) => parsed(await call('GET', `/api/app/quote/${id}`, h(session)), Quote);
const step = (session: Session, id: number, action: 'message' | 'revision-request' | 'accept' | 'decline' | 'cancel', payload?: object) =>
  call('POST', `/api/app/quote/${id}/${action}`, h(session), payload);
const auditOf = async (id: number) =>
  parsed(await call('GET', `/api/admin/audit?entityType=quote&entityId=${id}&pageSize=100`, admin.headers), AuditPage).items.reverse();

describe('the whole story', () => {
  it('request → quote → revision asked → new revision → accept, with numbers, amounts, thread, notices, SMS and audit', async () => {
    const buyer = await registerMember(t.app);
    const asked = await ask(buyer);
    expect(asked.number).toBe(`XJ${chinaDate(clock.now())}${String(asked.id).padStart(6, '0')}`);
    expect(asked).toMatchObject({ status: 'pending', company: null, current: null, revisions: [], contactPhone: buyer.account });
    expect(asked.lines).toEqual([
      { id: expect.any(Number) as number, excipientId: product.excipientId, productName: '微晶纤维素', specId: product.specIds[0], grade: '型号A', packSize: '100 g', quantity: 500, unit: 'kg', dangerousGoods: null },
    ]);
    expect(asked.events.map((event) => [event.kind, event.side, event.message])).toEqual([['requested', 'buyer', '需随货提供 COA']]);
    expect(asked.actions).toEqual({ accept: false, decline: false, requestRevision: false, cancel: true, message: true });
    expect(await titles(sales)).toContain(`新的询价 ${asked.number}`);

    const first = await quote(asked.id);
    expect(first.number).toBe(`BJ${chinaDate(clock.now())}${String(first.id).padStart(6, '0')}`);
    // 500 × ¥48.00 = ¥24,000.00, VAT 13% in it: 2,400,000 × 13 / 113 = 276,106.19 → 276,106 分.
    // 0.333 × ¥19.99 = 665.667 分 → 666; VAT 6%: 666 × 6 / 106 = 37.7 → 38 分.
    expect(first.lines.map((line) => [line.amountFen, line.taxFen])).toEqual([
      [2_400_000, 276_106],
      [666, 38],
    ]);
    expect(first).toMatchObject({ revision: 1, totalFen: 2_400_666, taxFen: 276_144, quotedBy: '审核员小张', paymentTerms: 'credit', creditDays: 30 });
    expect(first.lines[1]).toMatchObject({ productName: '无水乙醇', quantity: 0.333, moq: 0.5, dangerousGoods: 'UN1170，第 3 类易燃液体，危险货物道路运输' });

    const quoted = await detail(buyer, asked.id);
    expect(quoted).toMatchObject({ status: 'quoted', current: { id: first.id, revision: 1 } });
    expect(quoted.actions).toEqual({ accept: true, decline: true, requestRevision: true, cancel: true, message: true });
    expect(await titles(buyer)).toContain('您的询价已报价');
    const [sms] = await quoteSms(buyer.account);
    expect(sms).toMatchObject({
      channel: 'sms',
      template: 'quote_status',
      params: { number: asked.number, status: '已报价（第 1 版）' },
      body: `【辅料通】您的询价单 ${asked.number} 有新进展：已报价（第 1 版），详情请登录辅料通“我的询价”查看。`,
    });

    const revising = await step(buyer, asked.id, 'revision-request', { message: '请按 1 吨重新报价，账期 60 天' });
    expect(parsed(revising, Quote).status).toBe('revising');
    expect(await titles(sales)).toContain(`询价单 ${asked.number}：要求修改报价`);
    const early = await step(buyer, asked.id, 'accept', { revisionId: first.id });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({ code: 'quote_state', message: `询价单 ${asked.number} 待重新报价，不能接受报价` });

    const second = await quote(asked.id, { paymentTerms: 'prepaid', creditDays: 60, remark: '1 吨以上 ¥46.00' });
    expect(second).toMatchObject({ revision: 2, creditDays: null, paymentTerms: 'prepaid' });
    expect(second.number).not.toBe(first.number);
    const stale = await step(buyer, asked.id, 'accept', { revisionId: first.id });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'quote_state', message: '报价已更新为第 2 版，请查看最新一版报价后再接受' });

    const accepted = parsed(await step(buyer, asked.id, 'accept', { revisionId: second.id }), Quote);
    expect(accepted.status).toBe('accepted');
    expect(accepted.revisions.map((revision) => revision.revision)).toEqual([2, 1]);
    expect(accepted.events.map((event) => [event.kind, event.side, event.revision])).toEqual([
      ['requested', 'buyer', null],
      ['quoted', 'staff', 1],
      ['revision', 'buyer', null],
      ['quoted', 'staff', 2],
      ['accepted', 'buyer', 2],
    ]);
    expect(accepted.events[2]!.message).toBe('请按 1 吨重新报价，账期 60 天');
    expect(accepted.actions).toEqual({ accept: false, decline: false, requestRevision: false, cancel: false, message: false });
    // The quote names the sales order made from it; the buyer's notices about it are of the kind 询价.
    const orders = parsed(await call('GET', '/api/app/sales-order', h(buyer)), SalesOrderPage);
    expect(accepted.salesOrderId).toBe(orders.items[0]!.id);
    expect(parsed(await call('GET', `/api/app/quote/${asked.id}`, h(buyer)), Quote).salesOrderId).toBe(orders.items[0]!.id);
    expect(quoted.salesOrderId).toBeNull();
    const notices = parsed(await call('GET', '/api/app/notice?pageSize=100', h(buyer)), NoticePage).items;
    expect(notices.find((notice) => notice.title === '您的询价已报价')?.kind).toBe('quote');

    // Closed: nothing more, from either side.
    const late = await step(buyer, asked.id, 'message', { message: '谢谢' });
    expect(errorOf(late)).toMatchObject({ code: 'quote_state', message: `询价单 ${asked.number} 已接受，不能再留言` });
    const again = await call('POST', `/api/admin/quote/${asked.id}/revision`, sales.headers, revisionBody());
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(`询价单 ${asked.number} 已接受，不能再报价`);

    const audit = await auditOf(asked.id);
    expect(audit.map((entry) => entry.action)).toEqual(['quote.request', 'quote.quote', 'quote.revision', 'quote.quote', 'quote.accept']);
    expect(audit.map((entry) => entry.actorId)).toEqual([buyer.user.id, sales.user.id, buyer.user.id, sales.user.id, buyer.user.id]);
    expect(audit[1]!.summary).toBe(`发出报价 ${first.number}（第 1 版）：询价单 ${asked.number}，合计 ¥24,006.66，有效期至 ${first.validUntil}`);
    expect(audit[4]).toMatchObject({ before: { status: 'quoted' }, after: { status: 'accepted', revision: 2 } });
  });

  it('lets the two sides exchange messages while open; the buyer declines with a reason or withdraws', async () => {
    const buyer = await registerMember(t.app);
    const asked = await ask(buyer);
    const answered = await call('POST', `/api/admin/quote/${asked.id}/message`, sales.headers, { message: '请告知年用量' });
    expect(parsed(answered, AdminQuote).events.map((event) => [event.kind, event.side, event.name, event.message])).toEqual([
      ['requested', 'buyer', expect.any(String) as string, '需随货提供 COA'],
      ['message', 'staff', '审核员小张', '请告知年用量'],
    ]);
    expect(await titles(buyer)).toContain('销售回复了您的询价');
    expect((await quoteSms(buyer.account)).map((message) => message.params)).toEqual([{ number: asked.number, status: '销售留言' }]);
    expect(parsed(await step(buyer, asked.id, 'message', { message: '每年约 5 吨' }), Quote).events.at(-1)).toMatchObject({ kind: 'message', side: 'buyer', message: '每年约 5 吨' });
    // A decline needs a quote.
    const early = await step(buyer, asked.id, 'decline', { message: '' });
    expect(errorOf(early).message).toBe(`询价单 ${asked.number} 待报价，不能拒绝报价`);
    await quote(asked.id);
    const declined = parsed(await step(buyer, asked.id, 'decline', { message: '价格高于预算' }), Quote);
    expect(declined.status).toBe('declined');
    expect(declined.events.at(-1)).toMatchObject({ kind: 'declined', message: '价格高于预算', revision: null });
    expect(errorOf(await step(buyer, asked.id, 'cancel')).message).toBe(`询价单 ${asked.number} 已拒绝，不能再撤回询价`);

    const withdrawn = await ask(buyer);
    expect(parsed(await step(buyer, withdrawn.id, 'cancel'), Quote).status).toBe('cancelled');
    expect(errorOf(await call('POST', `/api/admin/quote/${withdrawn.id}/message`, sales.headers, { message: '?' })).message).toBe(`询价单 ${withdrawn.number} 已撤回，不能再留言`);
    expect((await auditOf(withdrawn.id)).map((entry) => entry.action)).toEqual(['quote.request', 'quote.cancel']);
    expect((await auditOf(asked.id)).map((entry) => entry.action)).toEqual(['quote.request', 'quote.message', 'quote.message', 'quote.quote', 'quote.decline']);
  });

  it('answers one revision as a Chinese PDF with the supplier, the buyer, every line and the terms', async () => {
    const buyer = await registerMember(t.app);
    const asked = await ask(buyer);
    const revision = await quote(asked.id);
    const url = `/api/app/quote/${asked.id}/revision/${revision.id}/pdf`;
    const response = await call('GET', url, h(buyer));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename="${revision.number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Read back as a reader's software reads it (pdftotext: a run of spaces reads as one).
    const text = pdfText(response.rawPayload);
    for (const expected of [
      `报价单 ${revision.number}（第 1 版）`,
      '辅料通（上海）医药科技有限公司',
      '400-820-6688',
      `询价单号：${asked.number}`,
      '联系人：王采购',
      '1. 微晶纤维素：税收分类编码：1070201040000000000 起订量：100 千克 交货期：7 天',
      '危险化学品：UN1170，第 3 类易燃液体，危险货物道路运输',
      '合计金额（含税）：¥24,006.66 其中税额：¥2,761.44',
      `报价有效期至：${revision.validUntil}（含当日）`,
      '付款方式：账期 30 天',
      '交货条款：送货上门，运费由供方承担',
    ]) {
      // A line too long for the page wraps (anywhere in Chinese text): read as one.
      expect(text.replace(/\n+/g, '')).toContain(expected);
    }
    // The lines are a table: one row each, its cells apart (the name and the spec, the amount and its tax, on two lines).
    const table = pdfText(response.rawPayload, { layout: true });
    expect(table).toMatch(/序号\s+品名及规格型号\s+单位\s+数量\s+含税单价\s+税率\s+金额（含税）\n/);
    expect(table).toMatch(/\n\s*1\s+微晶纤维素\s+千克\s+500\s+¥48\.00\s+13%\s+¥24,000\.00\n\s+药用级 25 kg\/袋\s+税额 ¥2,761\.06\n/);
    expect(text).toContain(`辅料通（上海）医药科技有限公司 · ${revision.number} 第 1 页，共 ${pdfInfo(response.rawPayload).Pages} 页`);
    // PDF/A-2b with its fonts embedded, dated when the revision was made: the desk downloads the same file.
    const fonts = pdfFonts(response.rawPayload);
    expect(fonts.map((font) => font.name.slice(7)).sort()).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    expect(fonts.every((font) => font.embedded && font.subset)).toBe(true);
    expect(pdfMetadata(response.rawPayload)).toMatch(/<pdfaid:part>2<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(pdfInfo(response.rawPayload).CreationDate).toBe(`${revision.createdAt.slice(0, 19)}Z`);
    const desk = await call('GET', `/api/admin/quote/${asked.id}/revision/${revision.id}/pdf`, sales.headers);
    expect(desk.rawPayload.equals(response.rawPayload)).toBe(true);
    // Another user's, or a revision of another request: not found.
    const stranger = await registerMember(t.app);
    expect((await call('GET', url, h(stranger))).statusCode).toBe(404);
    const elsewhere = await ask(stranger);
    expect((await call('GET', `/api/app/quote/${elsewhere.id}/revision/${revision.id}/pdf`, h(stranger))).statusCode).toBe(404);
  });
});

describe('who sees and acts on a request', () => {
  const company = () => companyWithEveryRole(t.app, '询价测试制药有限公司');

  it('shows a company request to its 管理员, 采购 and 财务, hides it from 研发, 质量 and another company; only the 管理员 accepts', async () => {
    const first = await company();
    const second = await company();
    const { rnd, purchasing, finance, quality } = first.members;
    const asked = await ask(rnd);
    expect(asked.company).toEqual({ id: first.company.id, name: first.company.name });
    const listed = async (session: Session) => parsed(await call('GET', '/api/app/quote?pageSize=100', h(session)), QuotePage).items.map((row) => row.id);
    for (const role of ['admin', 'purchasing', 'finance', 'rnd'] as const) expect(await listed(first.members[role]), role).toContain(asked.id);
    expect(await listed(quality)).not.toContain(asked.id);
    for (const session of [quality, ...Object.values(second.members)]) {
      const attempts = await Promise.all([
        call('GET', `/api/app/quote/${asked.id}`, h(session)),
        step(session, asked.id, 'message', { message: '你好' }),
        step(session, asked.id, 'revision-request', { message: '你好' }),
        step(session, asked.id, 'accept', { revisionId: 1 }),
        step(session, asked.id, 'decline', { message: '' }),
        step(session, asked.id, 'cancel'),
      ]);
      expect(attempts.map((response) => response.statusCode)).toEqual(attempts.map(() => 404));
      expect(await listed(session)).not.toContain(asked.id);
    }

    // 财务 sees it, but acts on nothing.
    expect((await detail(finance, asked.id)).actions).toEqual({ accept: false, decline: false, requestRevision: false, cancel: false, message: false });
    const refused = await step(finance, asked.id, 'message', { message: '请开专票' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe('只有询价人或企业的管理员、采购可以留言');
    // 采购 (not the requester) writes and asks for a revision.
    expect((await step(purchasing, asked.id, 'message', { message: '请尽快报价' })).statusCode).toBe(200);
    const revision = await quote(asked.id);
    // The staff's quote reaches the requester and the company's 管理员.
    expect(await titles(rnd)).toContain('您的询价已报价');
    expect(await titles(first.members.admin)).toContain('您的询价已报价');
    expect(await titles(purchasing)).not.toContain('您的询价已报价');
    expect((await detail(purchasing, asked.id)).actions).toMatchObject({ accept: false, requestRevision: true });
    expect((await detail(first.members.admin, asked.id)).actions).toMatchObject({ accept: true });
    for (const session of [rnd, purchasing, finance]) {
      const denied = await step(session, asked.id, 'accept', { revisionId: revision.id });
      expect(denied.statusCode).toBe(403);
      expect(errorOf(denied).message).toBe('企业的询价只有企业管理员可以接受报价');
    }
    expect(parsed(await step(first.members.admin, asked.id, 'accept', { revisionId: revision.id }), Quote).status).toBe('accepted');
    // Every one who sees it reads its PDF; the others do not.
    const pdf = (session: Session) => call('GET', `/api/app/quote/${asked.id}/revision/${revision.id}/pdf`, h(session));
    expect((await pdf(finance)).statusCode).toBe(200);
    expect((await pdf(quality)).statusCode).toBe(404);
    expect((await pdf(second.members.admin)).statusCode).toBe(404);
  });

  it('keeps a personal request to its requester, who accepts it', async () => {
    const loner = await registerMember(t.app);
    const { members } = await company();
    const asked = await ask(loner);
    expect(asked.company).toBeNull();
    const revision = await quote(asked.id);
    for (const session of Object.values(members)) expect((await call('GET', `/api/app/quote/${asked.id}`, h(session))).statusCode).toBe(404);
    expect(parsed(await step(loner, asked.id, 'accept', { revisionId: revision.id }), Quote).status).toBe('accepted');
  });
});

describe('checking what is asked and quoted', () => {
  it('refuses in Chinese: a past date, a product not on sale, a grade of another product, bad numbers', async () => {
    const buyer = await registerMember(t.app);
    const past = await call('POST', '/api/app/quote', h(buyer), requestBody(buyer, { requiredDate: addDays(today(), -1) }));
    expect(past.statusCode).toBe(400);
    expect(errorOf(past)).toMatchObject({ code: 'validation_failed', details: [{ path: 'body.requiredDate', message: '需求日期不能早于今天' }] });
    const missing = await call('POST', '/api/app/quote', h(buyer), requestBody(buyer, { lines: [{ excipientId: 999_999, specId: null, quantity: 1, unit: 'kg' }] }));
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('产品 999999 不存在或已下架');
    const hidden = await createProduct(t.database, { specs: 1 });
    await t.database.db.update(excipients).set({ published: false }).where(eq(excipients.id, hidden.excipientId));
    const offSale = await call('POST', '/api/app/quote', h(buyer), requestBody(buyer, { lines: [{ excipientId: hidden.excipientId, specId: null, quantity: 1, unit: 'kg' }] }));
    expect(errorOf(offSale).message).toBe(`产品 ${hidden.excipientId} 不存在或已下架`);
    const wrongSpec = await call('POST', '/api/app/quote', h(buyer), requestBody(buyer, { lines: [{ excipientId: product.excipientId, specId: other.specIds[0]!, quantity: 1, unit: 'kg' }] }));
    expect(errorOf(wrongSpec)).toMatchObject({ code: 'validation_failed', details: [{ path: 'body.lines.0.specId', message: '所选规格不属于该产品，请重新选择' }] });
    const bad = await call('POST', '/api/app/quote', h(buyer), {
      ...requestBody(buyer),
      lines: [{ excipientId: product.excipientId, specId: null, quantity: 0.0001 }],
      contactPhone: '12345',
    });
    expect(bad.statusCode).toBe(400);
    const messages = issuesOf(bad).map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['数量最多保留 3 位小数', '请选择单位']));
    expect(messages.every((message) => /[\u4e00-\u9fff]/.test(message))).toBe(true);
    // Without a spec the sales staff recommend one.
    const open = await ask(buyer, { lines: [{ excipientId: product.excipientId, specId: null, quantity: 2.5, unit: 't' }] });
    expect(open.lines[0]).toMatchObject({ specId: null, grade: null, packSize: null, quantity: 2.5, unit: 't' });

    const pastValidity = await call('POST', `/api/admin/quote/${open.id}/revision`, sales.headers, revisionBody({ validUntil: addDays(today(), -1) }));
    expect(errorOf(pastValidity)).toMatchObject({ code: 'validation_failed', details: [{ path: 'body.validUntil', message: '报价有效期不能早于今天' }] });
    const gone = revisionBody();
    gone.lines[1] = { ...gone.lines[1]!, excipientId: 999_999 };
    expect(errorOf(await call('POST', `/api/admin/quote/${open.id}/revision`, sales.headers, gone)).details).toEqual([{ path: 'body.lines.1.excipientId', message: '产品 999999 不存在' }]);
    const terms = await call('POST', `/api/admin/quote/${open.id}/revision`, sales.headers, { ...revisionBody(), creditDays: null, lines: [{ ...revisionBody().lines[0]!, taxCode: '10702', taxRate: 10 }] });
    expect(terms.statusCode).toBe(400);
    expect(issuesOf(terms).map((issue) => [issue.path, issue.message])).toEqual(
      expect.arrayContaining([
        ['body.creditDays', '付款方式为账期时请填写账期天数'],
        ['body.lines.0.taxCode', '税收分类编码为 19 位数字'],
        ['body.lines.0.taxRate', '税率须为 0、1、3、6、9、13 之一（%）'],
      ]),
    );
    // Only the sales staff quote; the administrator reads.
    expect((await call('POST', `/api/admin/quote/${open.id}/revision`, admin.headers, revisionBody())).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/quote/${open.id}`, admin.headers)).statusCode).toBe(200);
  });

  it('follows a sample application of the caller\'s own once it has shipped', async () => {
    const buyer = await registerMember(t.app);
    const reviewer = await registerStaff(t.app, t.database, ['reviewer']);
    const applied = parsed(await call('POST', '/api/app/sample/or-update', h(buyer), applicationBody([{ excipientId: product.excipientId, specId: product.specIds[1]! }])), SampleApplication);
    const early = await call('POST', '/api/app/quote', h(buyer), requestBody(buyer, { sampleApplicationId: applied.id }));
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(`样品申请 ${applied.number} 尚未发货，发货后才能据此询价`);
    const stranger = await registerMember(t.app);
    expect((await call('POST', '/api/app/quote', h(stranger), requestBody(stranger, { sampleApplicationId: applied.id }))).statusCode).toBe(404);
    for (const [action, payload] of [['approve', {}], ['ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890', batches: [] }]] as const) {
      expect((await call('POST', `/api/admin/application/${applied.id}/${action}`, reviewer.headers, payload)).statusCode).toBe(200);
    }
    const asked = await ask(buyer, { sampleApplicationId: applied.id });
    expect(asked.sampleApplication).toEqual({ id: applied.id, number: applied.number });
  });
});

describe('messages to the buyer', () => {
  it('are SMS to the contact phone and e-mail to an e-mail account, and none when the user turned them off', async () => {
    const email = `buyer-${Date.now()}@example.com`;
    await insertAccount(t.database, email);
    const login = await call('POST', '/api/app/account/login', { 'x-forwarded-for': newIp() }, { account: email, password: GOOD_PASSWORD });
    const byMail = { ...parsed(login, SessionResponse), account: email, password: GOOD_PASSWORD };
    const phone = '13912340001';
    const asked = await ask(byMail, { contactPhone: phone, contactName: '李工' });
    await quote(asked.id);
    expect((await quoteSms(phone)).map((message) => message.body)).toEqual([`【辅料通】您的询价单 ${asked.number} 有新进展：已报价（第 1 版），详情请登录辅料通“我的询价”查看。`]);
    const [mail] = await sentMessages(t, email);
    expect(mail).toMatchObject({ channel: 'email', subject: `【辅料通】您的询价已报价（${asked.number}）` });
    expect(mail!.body).toContain('李工，您好：');
    expect(mail!.body).toContain(TEST_SITE_URL + withQuery(paths.quotes, { id: asked.id }));

    const quiet = await registerMember(t.app);
    const off = await call('PUT', '/api/app/account/profile', h(quiet), { notifyBySmsAndEmail: false });
    expect(parsed(off, User).notifyBySmsAndEmail).toBe(false);
    const silent = await ask(quiet);
    await quote(silent.id);
    expect(await quoteSms(quiet.account)).toEqual([]);
    expect(await titles(quiet)).toContain('您的询价已报价');
  });
});

describe('the sales desk', () => {
  it('lists waiting requests first, finds them by number, company, contact or product, counts each state', async () => {
    const buyer = await registerMember(t.app);
    const waiting = await ask(buyer, { contactName: '查找联系人' });
    const answered = await ask(buyer, { lines: [{ excipientId: other.excipientId, specId: null, quantity: 1, unit: 'L' }] });
    await quote(answered.id);
    const page = parsed(await call('GET', '/api/admin/quote?pageSize=100', sales.headers), AdminQuotePage);
    const firstAnswered = page.items.findIndex((row) => row.status !== 'pending' && row.status !== 'revising');
    expect(page.items.slice(firstAnswered).every((row) => row.status !== 'pending' && row.status !== 'revising')).toBe(true);
    expect(page.countsByStatus.pending).toBeGreaterThan(0);
    expect(Object.keys(page.countsByStatus).sort()).toEqual(['accepted', 'cancelled', 'declined', 'expired', 'pending', 'quoted', 'revising']);
    const find = async (keyword: string, status?: string) =>
      parsed(await call('GET', `/api/admin/quote?pageSize=100&keyword=${encodeURIComponent(keyword)}${status ? `&status=${status}` : ''}`, sales.headers), AdminQuotePage).items.map((row) => row.id);
    expect(await find(waiting.number)).toEqual([waiting.id]);
    expect(await find('查找联系人')).toEqual([waiting.id]);
    expect(await find('无水乙醇')).toContain(answered.id);
    expect(await find('无水乙醇')).not.toContain(waiting.id);
    expect(await find('无水乙醇', 'pending')).not.toContain(answered.id);
    const row = parsed(await call('GET', `/api/admin/quote?pageSize=100&keyword=${answered.number}`, sales.headers), AdminQuotePage).items[0]!;
    expect(row).toMatchObject({ products: '无水乙醇', totalFen: 2_400_666, company: null });
    const detailed = parsed(await call('GET', `/api/admin/quote/${waiting.id}`, sales.headers), AdminQuote);
    expect(detailed).toMatchObject({ requesterAccount: buyer.account, companyStatus: null });
  });

  it('reads each line with its product’s 危险化学品 transport terms as the products desk has them now', async () => {
    // The products desk's own tests save the terms through the desk.
    const flag = (excipientId: number, dangerousGoods: string | null) =>
      t.database.db.update(excipients).set({ dangerousGoods }).where(eq(excipients.id, excipientId));
    const terms = 'UN1170，第 3 类易燃液体，II 类包装';
    await flag(other.excipientId, terms);
    const buyer = await registerMember(t.app);
    const asked = await ask(buyer, {
      lines: [
        { excipientId: product.excipientId, specId: null, quantity: 500, unit: 'kg' },
        { excipientId: other.excipientId, specId: null, quantity: 200, unit: 'L' },
      ],
    });
    const lines = async () => parsed(await call('GET', `/api/admin/quote/${asked.id}`, sales.headers), AdminQuote).lines.map((line) => [line.productName, line.dangerousGoods]);
    expect(await lines()).toEqual([
      ['微晶纤维素', null],
      ['无水乙醇', terms],
    ]);
    // The product's terms now, not when it was asked for: the quote form starts from them.
    await flag(other.excipientId, null);
    expect(await lines()).toEqual([
      ['微晶纤维素', null],
      ['无水乙醇', null],
    ]);
  });
});

describe('the periodic jobs', () => {
  it('remind once within the last days of a quote, and expire it after its last day (Beijing time)', async () => {
    const buyer = await registerMember(t.app);
    const asked = await ask(buyer);
    const revision = await quote(asked.id, { validUntil: addDays(today(), 5) });
    await t.drain();
    expect(await titles(buyer)).not.toContain('报价即将到期');
    let moved = 0;
    const move = async (days: number) => {
      clock.advance(days * DAY);
      moved += days * DAY;
      await t.drain();
    };
    try {
      await move(3);
      expect((await titles(buyer)).filter((title) => title === '报价即将到期')).toHaveLength(1);
      expect((await quoteSms(buyer.account)).map((message) => message.params)).toContainEqual({ number: asked.number, status: `报价将于 ${revision.validUntil} 到期` });
      await move(1);
      expect((await titles(buyer)).filter((title) => title === '报价即将到期')).toHaveLength(1);
      expect((await detail(buyer, asked.id)).status).toBe('quoted');
      await move(2);
      const expired = await detail(buyer, asked.id);
      expect(expired.status).toBe('expired');
      expect(expired.events.at(-1)).toMatchObject({ kind: 'expired', side: 'system', name: '系统', revision: 1 });
      expect(await titles(buyer)).toContain('报价已过期');
      const audit = (await auditOf(asked.id)).at(-1)!;
      expect(audit).toMatchObject({ action: 'quote.expire', actorId: null, actorAccount: '系统', after: { status: 'expired' } });
    } finally {
      clock.advance(-moved);
    }
  });

  it('refuses to accept a quote past its last day even before the job ran', async () => {
    const buyer = await registerMember(t.app);
    const asked = await ask(buyer);
    const revision = await quote(asked.id, { validUntil: today() });
    clock.advance(DAY);
    try {
      const late = await step(buyer, asked.id, 'accept', { revisionId: revision.id });
      expect(late.statusCode).toBe(409);
      expect(errorOf(late).message).toBe(`第 1 版报价已于 ${revision.validUntil} 过期，不能接受；如需采购，请要求销售重新报价`);
      expect((await detail(buyer, asked.id)).actions.accept).toBe(false);
    } finally {
      clock.advance(-DAY);
    }
  });
});

describe('deleting an account', () => {
  it('is refused while a request is open, naming it; afterwards the closed requests keep no contact', async () => {
    const buyer = await registerMember(t.app);
    const asked = await ask(buyer);
    const remove = () => call('POST', '/api/app/account/delete', h(buyer), { password: GOOD_PASSWORD });
    const blocked = await remove();
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked).message).toContain(`询价单 ${asked.number}`);
    await step(buyer, asked.id, 'cancel');
    expect((await remove()).statusCode).toBe(204);
    const kept = parsed(await call('GET', `/api/admin/quote/${asked.id}`, sales.headers), AdminQuote);
    expect(kept).toMatchObject({ status: 'cancelled', contactName: '王**', requester: '已注销用户', requesterAccount: '已注销用户' });
    expect(kept.contactPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(kept.events.map((event) => event.name)).toEqual(['已注销用户', '已注销用户']);
  });
});

it('computes amounts exactly, halves rounded up', () => {
  expect(lineAmounts(1, 0.5, 13)).toEqual({ amountFen: 1, taxFen: 0 });
  expect(lineAmounts(1_000_000_000, 1_000_000, 13)).toEqual({ amountFen: 1e15, taxFen: 115_044_247_787_611 });
  expect(lineAmounts(333, 3, 13)).toEqual({ amountFen: 999, taxFen: 115 });
});
