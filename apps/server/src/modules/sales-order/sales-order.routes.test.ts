import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminInvoice,
  AdminInvoicePage,
  AdminSalesOrder,
  AdminSalesOrderPage,
  AuditPage,
  ErrorResponse,
  InvoicePage,
  InvoiceTitle,
  NoticePage,
  Quote,
  QuoteRevision,
  SalesOrder,
  SalesOrderPage,
  type CompanyRoleName,
  type QuoteRevisionBody,
  type SalesOrderShipBody,
  type ValidationIssue,
} from '@fuliaotong/contracts';
import { bearer, GOOD_PASSWORD, multipart, registerMember } from '../../../test/accounts.js';
import { PDF } from '../../../test/fixture-files.js';
import { sentMessages } from '../../../test/messages.js';
import { companyWithEveryRole } from '../../../test/companies.js';
import { parsed } from '../../../test/responses.js';
import { createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { addDays, beijingDay, chinaDate } from '../../shared/beijing-time.js';

const clock = testClock();
let t: TestApp;
let product: TestProduct;
let other: TestProduct;
let sales: Awaited<ReturnType<typeof registerStaff>>;
let finance: Awaited<ReturnType<typeof registerStaff>>;
let admin: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  product = await createProduct(t.database, { specs: 2, nameZh: '微晶纤维素' });
  other = await createProduct(t.database, { specs: 1, nameZh: '无水乙醇' });
  [sales, finance, admin] = await Promise.all([
    registerStaff(t.app, t.database, ['sales']),
    registerStaff(t.app, t.database, ['finance']),
    registerStaff(t.app, t.database, ['admin']),
  ]);
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof registerMember>>;
const h = (session: { token: string }) => bearer(session.token);
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const errorOf = (response: Parameters<typeof parsed>[0]) => parsed(response, ErrorResponse).error;
const issuesOf = (response: Parameters<typeof parsed>[0]) => (errorOf(response).details ?? []) as ValidationIssue[];
const today = () => beijingDay(clock.now());
const titles = async (session: { token: string }) => parsed(await call('GET', '/api/app/notice?pageSize=100', h(session)), NoticePage).items.map((notice) => notice.title);

/** 500 kg at ¥48.00 (13 %) and 20 L of a dangerous good at ¥19.99 (13 %): ¥24,000.00 + ¥399.80. */
const revisionBody = (overrides: Partial<QuoteRevisionBody> = {}): QuoteRevisionBody => ({
  lines: [
    { excipientId: product.excipientId, spec: '药用级 25 kg/袋', unit: 'kg', quantity: 500, unitPriceFen: 4_800, taxRate: 13, taxCode: '1070201040000000000', moq: 100, leadTimeDays: 7, dangerousGoods: null, remark: '' },
    { excipientId: other.excipientId, spec: '药用级 20 L/桶', unit: 'L', quantity: 20, unitPriceFen: 1_999, taxRate: 13, taxCode: '1070302990000000000', moq: 20, leadTimeDays: 3, dangerousGoods: 'UN1170，第 3 类易燃液体', remark: '' },
  ],
  validUntil: addDays(today(), 30),
  paymentTerms: 'prepaid',
  creditDays: null,
  deliveryTerms: '送货上门，运费由供方承担',
  remark: '',
  ...overrides,
});
const TOTAL = 2_400_000 + 39_980;

/** A request by `asker`, quoted by sales and accepted by `accepter`: answers the order made. */
async function ordered(asker: Session, accepter: Session, overrides: Partial<QuoteRevisionBody> = {}): Promise<SalesOrder> {
  const asked = parsed(
    await call('POST', '/api/app/quote', h(asker), {
      lines: [
        { excipientId: product.excipientId, specId: null, quantity: 500, unit: 'kg' },
        { excipientId: other.excipientId, specId: null, quantity: 20, unit: 'L' },
      ],
      deliveryCity: '浙江省杭州市',
      requiredDate: addDays(today(), 14),
      purpose: 'commercial',
      remark: '',
      contactName: '王采购',
      contactPhone: asker.account,
      sampleApplicationId: null,
    }),
    Quote,
  );
  const revision = parsed(await call('POST', `/api/admin/quote/${asked.id}/revision`, sales.headers, revisionBody(overrides)), QuoteRevision);
  const accepted = await call('POST', `/api/app/quote/${asked.id}/accept`, h(accepter), { revisionId: revision.id });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const thread = parsed(accepted, Quote).events.at(-1)!;
  const number = /销售订单 (XS\d+)/.exec(thread.message ?? '')?.[1];
  expect(number, thread.message ?? '').toBeDefined();
  const mine = parsed(await call('GET', '/api/app/sales-order?pageSize=100', h(accepter)), SalesOrderPage).items.find((row) => row.number === number)!;
  return detail(accepter, mine.id);
}

const detail = async (session: Session, id: number) => parsed(await call('GET', `/api/app/sales-order/${id}`, h(session)), SalesOrder);
const desk = (id: number, step: 'contract' | 'confirm-transfer' | 'ship' | 'receive' | 'cancel', headers: Headers, payload?: object) =>
  call('POST', `/api/admin/sales-order/${id}/${step}`, headers, payload);
const sign = (id: number) => desk(id, 'contract', sales.headers, { contractNumber: 'HT-2026-0158', signedOn: today() });
const shipBody = (order: SalesOrder): SalesOrderShipBody => ({
  carrier: '顺丰速运',
  trackingNumber: 'SF1234567890123',
  lines: order.lines.map((line, i) => ({ lineId: line.id, batchNumbers: i === 0 ? ['MCC261101', 'MCC261102'] : ['ETH2611-07'] })),
});
const auditOf = async (id: number) =>
  parsed(await call('GET', `/api/admin/audit?entityType=sales_order&entityId=${id}&pageSize=100`, admin.headers), AuditPage).items.reverse().map((entry) => entry.action);

const company = () => companyWithEveryRole(t.app, '订单测试制药有限公司');

/** A 专票 title of the member's own. */
async function specialTitle(session: Session): Promise<InvoiceTitle> {
  const response = await call('POST', '/api/app/invoice-title', h(session), {
    kind: 'company',
    type: 'special',
    name: '浙江示例制药有限公司',
    taxId: '91330100716105852F',
    addressPhone: '杭州市滨江区示例路 1 号 0571-88888888',
    bankAccount: '工商银行杭州分行 1202000000000000000',
    email: 'finance@example.com',
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, InvoiceTitle);
}

describe('a company buys on prepaid terms', () => {
  let members: Record<CompanyRoleName, Session>;
  let stranger: Record<CompanyRoleName, Session>;
  let order: SalesOrder;
  beforeAll(async () => {
    const [first, second] = await Promise.all([company(), company()]);
    members = first.members;
    stranger = second.members;
    order = await ordered(members.purchasing, members.admin);
  });

  it('is made from the accepted revision: number, lines, total, terms, remittance code, history; sales are told', async () => {
    expect(order.number).toBe(`XS${chinaDate(clock.now())}${String(order.id).padStart(6, '0')}`);
    expect(order).toMatchObject({
      status: 'contract',
      totalFen: TOTAL,
      paymentTerms: 'prepaid',
      deliveryTerms: '送货上门，运费由供方承担',
      deliveryCity: '浙江省杭州市',
      contractNumber: null,
      shipment: null,
      invoice: null,
      payment: { remittanceCode: expect.stringMatching(/^[2-9A-HJ-NP-Z]{8}$/) as string, paidAt: null },
    });
    expect(order.taxFen).toBe(276_106 + 4_599);
    expect(order.lines.map((line) => [line.productName, line.quantity, line.amountFen, line.dangerousGoods, line.batchNumbers])).toEqual([
      ['微晶纤维素', 500, 2_400_000, null, []],
      ['无水乙醇', 20, 39_980, 'UN1170，第 3 类易燃液体', []],
    ]);
    expect(order.quote.revision).toBe(1);
    expect(order.events.map((event) => [event.kind, event.side])).toEqual([['created', 'system']]);
    expect(order.actions).toEqual({ receive: false, cancel: true, invoice: false });
    expect(await titles(sales)).toContain(`新的销售订单 ${order.number}`);
    expect(await auditOf(order.id)).toEqual(['sales-order.create']);
  });

  it('is seen by the company 管理员, 采购, 财务 and 质量, not by 研发 nor another company; each may do only their part', async () => {
    const listed = async (session: Session) => parsed(await call('GET', '/api/app/sales-order?pageSize=100', h(session)), SalesOrderPage).items.map((row) => row.id);
    for (const role of ['admin', 'purchasing', 'finance', 'quality'] as const) expect(await listed(members[role]), role).toContain(order.id);
    expect(await listed(members.rnd)).not.toContain(order.id);
    for (const session of [members.rnd, ...Object.values(stranger)]) {
      const attempts = await Promise.all([
        call('GET', `/api/app/sales-order/${order.id}`, h(session)),
        call('POST', `/api/app/sales-order/${order.id}/receive`, h(session)),
        call('POST', `/api/app/sales-order/${order.id}/cancel`, h(session), { reason: '不要了' }),
        call('POST', `/api/app/sales-order/${order.id}/invoice`, h(session), { titleId: 1 }),
      ]);
      expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);
    }
    const cancelled = await call('POST', `/api/app/sales-order/${order.id}/cancel`, h(members.purchasing), { reason: '不要了' });
    expect(cancelled.statusCode).toBe(403);
    expect(errorOf(cancelled).message).toBe('企业的订单只有企业管理员可以取消');
    expect((await detail(members.quality, order.id)).actions).toEqual({ receive: false, cancel: false, invoice: false });
  });

  it('goes through contract, transfer, shipping with batch numbers, receipt and a 专票 the 财务 member downloads', async () => {
    // Before the contract, finance cannot confirm money; sales cannot sign for a later day.
    const early = await desk(order.id, 'confirm-transfer', finance.headers, { amountFen: TOTAL, reference: 'HX1' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toContain('尚未签订合同');
    const future = await desk(order.id, 'contract', sales.headers, { contractNumber: 'HT-1', signedOn: addDays(today(), 1) });
    expect(future.statusCode).toBe(400);
    expect(issuesOf(future)[0]).toMatchObject({ path: 'body.signedOn' });
    // Roles: the contract is the sales staff's, the money finance's.
    expect((await desk(order.id, 'contract', finance.headers, { contractNumber: 'HT-1', signedOn: today() })).statusCode).toBe(403);

    const signed = parsed(await sign(order.id), AdminSalesOrder);
    expect(signed).toMatchObject({ status: 'signed', contractNumber: 'HT-2026-0158', signedOn: today() });
    expect(await titles(members.admin)).toContain('合同已签订');
    expect(await titles(members.finance)).toContain('合同已签订');
    const signedNotice = parsed(await call('GET', '/api/app/notice?pageSize=100', h(members.finance)), NoticePage).items.find((notice) => notice.title === '合同已签订');
    expect(signedNotice?.kind).toBe('sales_order');
    expect(await titles(finance)).toContain(`销售订单 ${order.number} 合同已签订`);
    const sms = (await sentMessages(t, members.purchasing.account)).filter((message) => message.template === 'sales_order_status');
    expect(sms.at(-1)?.params).toEqual({ number: order.number, status: '合同已签订，请安排付款' });
    // The buyer sees where to pay.
    const seen = await detail(members.purchasing, order.id);
    expect(seen.payment.accountNumber).toEqual(expect.any(String));

    // 款到发货: no shipping before the money.
    const tooSoon = await desk(order.id, 'ship', sales.headers, shipBody(order));
    expect(tooSoon.statusCode).toBe(409);
    expect(errorOf(tooSoon).message).toBe(`销售订单 ${order.number} 为款到发货，货款到账后才能发货`);
    expect((await desk(order.id, 'confirm-transfer', sales.headers, { amountFen: TOTAL, reference: 'HX1' })).statusCode).toBe(403);
    const short = await desk(order.id, 'confirm-transfer', finance.headers, { amountFen: TOTAL - 1, reference: 'HX1' });
    expect(short.statusCode).toBe(409);
    expect(errorOf(short).message).toContain('与订单合计 ¥24,399.80 不一致');
    const paid = parsed(await desk(order.id, 'confirm-transfer', finance.headers, { amountFen: TOTAL, reference: 'HX20261128000456' }), AdminSalesOrder);
    expect(paid).toMatchObject({ status: 'paid', bankReference: 'HX20261128000456', payment: { paidFen: TOTAL } });
    expect((await desk(order.id, 'confirm-transfer', finance.headers, { amountFen: TOTAL, reference: 'HX2' })).statusCode).toBe(409);

    // The invoice: the company's 财务 asks (采购 may not), finance issues it on the invoice desk.
    expect((await detail(members.finance, order.id)).actions.invoice).toBe(true);
    const title = await specialTitle(members.finance);
    const refused = await call('POST', `/api/app/sales-order/${order.id}/invoice`, h(members.purchasing), { titleId: title.id });
    expect(refused.statusCode).toBe(403);
    const othersTitle = await specialTitle(members.admin);
    expect((await call('POST', `/api/app/sales-order/${order.id}/invoice`, h(members.finance), { titleId: othersTitle.id })).statusCode).toBe(404);
    const asked = parsed(await call('POST', `/api/app/sales-order/${order.id}/invoice`, h(members.finance), { titleId: title.id }), SalesOrder);
    expect(asked.invoice).toMatchObject({ status: 'requested', type: 'special', mine: true, hasFile: false });
    expect(asked.actions.invoice).toBe(false);
    expect((await detail(members.admin, order.id)).invoice?.mine).toBe(false);
    expect((await call('POST', `/api/app/sales-order/${order.id}/invoice`, h(members.admin), { titleId: othersTitle.id })).statusCode).toBe(409);
    const onDesk = parsed(await call('GET', '/api/admin/invoice?status=requested&pageSize=100', finance.headers), AdminInvoicePage).items.find((row) => row.orderNumber === order.number)!;
    expect(onDesk).toMatchObject({ salesOrderId: order.id, orderId: null, amountFen: TOTAL, title: { type: 'special', name: '浙江示例制药有限公司' } });
    expect(onDesk.orderName).toBe('微晶纤维素 等 2 项（销售订单）');

    // Shipping: every line needs its batch numbers.
    const partial = await desk(order.id, 'ship', sales.headers, { ...shipBody(order), lines: shipBody(order).lines.slice(0, 1) });
    expect(partial.statusCode).toBe(400);
    expect(errorOf(partial).message).toBe('请填写 无水乙醇 的批号');
    const badBatch = await desk(order.id, 'ship', sales.headers, { ...shipBody(order), lines: [{ lineId: order.lines[0]!.id, batchNumbers: ['批号 1'] }] });
    expect(badBatch.statusCode).toBe(400);
    // The first line's product has batches on record (the quality desk's): a number that is not one of them is refused;
    // the second line's product has none yet, so its number is taken as written.
    const quality = await registerStaff(t.app, t.database, ['quality']);
    for (const batchNumber of ['MCC261101', 'MCC261102']) {
      const recorded = await call('POST', '/api/admin/batch', quality.headers, { excipientId: order.lines[0]!.excipientId, batchNumber, manufacturedOn: '2026-11-01', expiresOn: '2029-10-31', quantity: '500 kg' });
      expect(recorded.statusCode, recorded.body).toBe(201);
    }
    const unrecorded = await desk(order.id, 'ship', sales.headers, { ...shipBody(order), lines: [{ lineId: order.lines[0]!.id, batchNumbers: ['MCC261101', 'MCC269999'] }, shipBody(order).lines[1]!] });
    expect(unrecorded.statusCode).toBe(400);
    expect(issuesOf(unrecorded)).toEqual([{ path: 'body.lines.0.batchNumbers.1', message: `批号 MCC269999 不是${order.lines[0]!.productName}已登记的批次，请核对批号` }]);
    const shipped = parsed(await desk(order.id, 'ship', sales.headers, shipBody(order)), AdminSalesOrder);
    expect(shipped).toMatchObject({ status: 'shipped', shipment: { carrier: '顺丰速运', trackingNumber: 'SF1234567890123' } });
    const forQuality = await detail(members.quality, order.id);
    expect(forQuality.lines.map((line) => line.batchNumbers)).toEqual([['MCC261101', 'MCC261102'], ['ETH2611-07']]);
    expect(await titles(members.admin)).toContain('订单已发货');

    // Receipt: the 采购 confirms; paid, the order is complete.
    expect((await call('POST', `/api/app/sales-order/${order.id}/receive`, h(members.finance))).statusCode).toBe(403);
    const received = parsed(await call('POST', `/api/app/sales-order/${order.id}/receive`, h(members.purchasing)), SalesOrder);
    expect(received.status).toBe('completed');
    expect(received.events.map((event) => event.kind)).toEqual(['created', 'signed', 'paid', 'invoice', 'shipped', 'received', 'completed']);
    expect((await call('POST', `/api/app/sales-order/${order.id}/receive`, h(members.purchasing))).statusCode).toBe(409);

    // Finance issues the 专票; the 财务 member downloads it.
    const pdf = multipart(PDF, 'invoice.pdf', 'application/pdf');
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/invoice/${onDesk.id}/file`, headers: { ...finance.headers, ...pdf.headers }, payload: pdf.payload })).statusCode).toBe(200);
    expect(parsed(await call('POST', `/api/admin/invoice/${onDesk.id}/issue`, finance.headers, { invoiceNumber: '26330000000012345678' }), AdminInvoice).status).toBe('issued');
    const mine = parsed(await call('GET', '/api/app/invoice', h(members.finance)), InvoicePage).items[0]!;
    expect(mine).toMatchObject({ salesOrderId: order.id, orderNumber: order.number, status: 'issued', hasFile: true });
    const file = await call('GET', `/api/app/invoice/${onDesk.id}/file`, h(members.finance));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await detail(members.admin, order.id)).invoice).toMatchObject({ status: 'issued', hasFile: true, mine: false });

    expect(await auditOf(order.id)).toEqual([
      'sales-order.create',
      'sales-order.contract',
      'sales-order.confirm-transfer',
      'sales-order.invoice',
      'sales-order.ship',
      'sales-order.receive',
    ]);
    const deskPage = parsed(await call('GET', `/api/admin/sales-order?keyword=${order.payment.remittanceCode}`, finance.headers), AdminSalesOrderPage);
    expect(deskPage.items.map((row) => row.id)).toEqual([order.id]);
    expect(deskPage.countsByStatus.completed).toBe(1);
  });
});

describe('credit terms, cancelling, the desk', () => {
  it('ships on 账期 before the money; receipt leaves it open until finance confirms the transfer', async () => {
    const buyer = await registerMember(t.app);
    const order = await ordered(buyer, buyer, { paymentTerms: 'credit', creditDays: 60 });
    expect(order).toMatchObject({ company: null, paymentTerms: 'credit', creditDays: 60 });
    expect((await sign(order.id)).statusCode).toBe(200);
    expect((await desk(order.id, 'ship', sales.headers, shipBody(order))).statusCode).toBe(200);
    const received = parsed(await call('POST', `/api/app/sales-order/${order.id}/receive`, h(buyer)), SalesOrder);
    expect(received).toMatchObject({ status: 'shipped', receivedAt: expect.any(String) as string, completedAt: null });
    expect(received.actions.invoice).toBe(false);
    const paid = parsed(await desk(order.id, 'confirm-transfer', finance.headers, { amountFen: TOTAL, reference: 'HX3' }), AdminSalesOrder);
    expect(paid).toMatchObject({ status: 'completed', completedAt: expect.any(String) as string });
    expect((await detail(buyer, order.id)).actions.invoice).toBe(true);
  });

  it('is cancelled by the buyer before the contract, by sales before the money, never after', async () => {
    const buyer = await registerMember(t.app);
    const first = await ordered(buyer, buyer);
    const cancelled = parsed(await call('POST', `/api/app/sales-order/${first.id}/cancel`, h(buyer), { reason: '项目推迟' }), SalesOrder);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: '项目推迟' });
    expect(await titles(sales)).toContain(`销售订单 ${first.number} 已被买方取消`);
    expect((await sign(first.id)).statusCode).toBe(409);

    const second = await ordered(buyer, buyer);
    expect((await sign(second.id)).statusCode).toBe(200);
    const late = await call('POST', `/api/app/sales-order/${second.id}/cancel`, h(buyer), { reason: '项目推迟' });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toContain('合同签订后不能在线取消');
    expect((await desk(second.id, 'confirm-transfer', finance.headers, { amountFen: TOTAL, reference: 'HX4' })).statusCode).toBe(200);
    const afterMoney = await desk(second.id, 'cancel', sales.headers, { reason: '客户要求' });
    expect(afterMoney.statusCode).toBe(409);
    expect(errorOf(afterMoney).message).toContain('货款已到账，不能取消');

    const third = await ordered(buyer, buyer);
    expect(parsed(await desk(third.id, 'cancel', sales.headers, { reason: '客户要求取消' }), AdminSalesOrder).status).toBe('cancelled');
    expect(await titles(buyer)).toContain('订单已取消');
  });

  it('is read by sales, finance and administrators only; a stranger and a bad id get 404; bad bodies 400', async () => {
    const buyer = await registerMember(t.app);
    const order = await ordered(buyer, buyer);
    const editor = await registerStaff(t.app, t.database, ['editor']);
    expect((await call('GET', '/api/admin/sales-order', editor.headers)).statusCode).toBe(403);
    for (const staff of [sales, finance, admin]) expect((await call('GET', `/api/admin/sales-order/${order.id}`, staff.headers)).statusCode).toBe(200);
    expect((await desk(order.id, 'contract', admin.headers, { contractNumber: 'HT', signedOn: today() })).statusCode).toBe(403);
    const stranger = await registerMember(t.app);
    expect((await call('GET', `/api/app/sales-order/${order.id}`, h(stranger))).statusCode).toBe(404);
    expect((await call('GET', '/api/app/sales-order/999999', h(buyer))).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/sales-order/999999', sales.headers)).statusCode).toBe(404);
    const empty = await desk(order.id, 'contract', sales.headers, { contractNumber: '', signedOn: '2026-02-30' });
    expect(empty.statusCode).toBe(400);
    expect(issuesOf(empty).map((issue) => issue.path).sort()).toEqual(['body.contractNumber', 'body.signedOn']);
  });

  it('keeps the buyer from deleting the account while an order is open; afterwards the order keeps no contact', async () => {
    const buyer = await registerMember(t.app);
    const order = await ordered(buyer, buyer);
    const remove = () => call('POST', '/api/app/account/delete', h(buyer), { password: GOOD_PASSWORD });
    const blocked = await remove();
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked).message).toContain(`销售订单（${order.number}）`);
    expect((await call('POST', `/api/app/sales-order/${order.id}/cancel`, h(buyer), { reason: '项目推迟' })).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(204);
    const kept = parsed(await call('GET', `/api/admin/sales-order/${order.id}`, sales.headers), AdminSalesOrder);
    expect(kept).toMatchObject({ status: 'cancelled', contactName: '王**', buyer: '已注销用户', buyerAccount: '已注销用户' });
    expect(kept.contactPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });
});
