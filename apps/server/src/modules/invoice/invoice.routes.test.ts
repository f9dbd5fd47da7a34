import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminInvoice, AdminInvoicePage, AuditPage, ErrorResponse, Invoice, InvoicePage, InvoiceTitle, InvoiceTitleList, NoticePage, Order, OrderPage, PayResponse } from '@fuliaotong/contracts';
import { isCreditCode } from '@fuliaotong/contracts/constants';
import { bearer, multipart, registerMember } from '../../../test/accounts.js';
import { PDF, PNG } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const special = {
  kind: 'company',
  type: 'special',
  name: '阿里巴巴（中国）有限公司',
  taxId: '91330100716105852F',
  addressPhone: '杭州市余杭区文一西路 969 号 0571-85022088',
  bankAccount: '中国工商银行杭州分行 1202000000000000000',
  email: 'fapiao@example.com',
} as const;

/** A member with an order of the usage database paid (in the sandbox, as a buyer pays it). */
async function buyerWithPaidOrder() {
  const member = await registerMember(t.app);
  const headers = bearer(member.token);
  const order = parsed(await post('/api/app/order', headers, { planId: 4 }), Order);
  const pay = parsed(await post(`/api/app/order/${order.id}/pay`, headers, { method: 'wechat' }), PayResponse);
  if (pay.method !== 'wechat') throw new Error('not a WeChat answer');
  await t.app.inject({ method: 'POST', url: `${new URL(pay.codeUrl).pathname}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  return { member, headers, order };
}

describe('the 统一社会信用代码 check (GB 32100-2015)', () => {
  it('accepts real codes and refuses a wrong check digit, a wrong length and letters the standard leaves out', () => {
    for (const good of ['91330100716105852F', '91440300708461136T', '914403001922038216', '91350100M000100Y43']) expect(isCreditCode(good), good).toBe(true);
    for (const bad of ['91330100716105852E', '914403001922038217', '9133010071610585', '91330100716105852FX', '91330100716I05852F', '91330100716105852f']) {
      expect(isCreditCode(bad), bad).toBe(false);
    }
  });
});

describe('invoice titles', () => {
  it('are kept per user; a wrong credit code, a personal 专票 and a company without a code are refused in Chinese', async () => {
    const member = await registerMember(t.app);
    const headers = bearer(member.token);
    const created = await post('/api/app/invoice-title', headers, { ...special, taxId: '91330100716105852f' });
    expect(created.statusCode, created.body).toBe(201);
    expect(parsed(created, InvoiceTitle).taxId).toBe('91330100716105852F');
    const wrong = await post('/api/app/invoice-title', headers, { ...special, taxId: '91330100716105852E' });
    expect(wrong.statusCode).toBe(400);
    expect(parsed(wrong, ErrorResponse).error.details).toEqual([{ path: 'body.taxId', message: '统一社会信用代码不正确（校验位不符），请核对营业执照' }]);
    const personal = await post('/api/app/invoice-title', headers, { kind: 'personal', type: 'special', name: '王工', email: 'w@example.com' });
    expect(parsed(personal, ErrorResponse).error.details).toEqual([{ path: 'body.type', message: '个人不能开具增值税专用发票' }]);
    const noCode = await post('/api/app/invoice-title', headers, { ...special, taxId: undefined });
    expect(parsed(noCode, ErrorResponse).error.details).toEqual([{ path: 'body.taxId', message: '单位抬头请填写统一社会信用代码' }]);
    expect(parsed(await get('/api/app/invoice-title', headers), InvoiceTitleList).items).toHaveLength(1);
    const other = await registerMember(t.app);
    const id = parsed(created, InvoiceTitle).id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/app/invoice-title/${id}`, headers: bearer(other.token) })).statusCode).toBe(404);
  });
});

describe('invoices', () => {
  it('are asked for once per paid order; finance issues a 专票 with its PDF and the buyer downloads it', async () => {
    const { member, headers, order } = await buyerWithPaidOrder();
    const finance = await registerStaff(t.app, t.database, ['finance']);
    const title = parsed(await post('/api/app/invoice-title', headers, special), InvoiceTitle);
    const unpaid = parsed(await post('/api/app/order', headers, { planId: 5 }), Order);
    const early = await post('/api/app/invoice', headers, { orderId: unpaid.id, titleId: title.id });
    expect(parsed(early, ErrorResponse).error).toMatchObject({ code: 'order_state', message: '订单尚未支付，支付后才能申请发票' });
    const asked = await post('/api/app/invoice', headers, { orderId: order.id, titleId: title.id });
    expect(asked.statusCode, asked.body).toBe(201);
    const invoice = parsed(asked, Invoice);
    expect(invoice).toMatchObject({ status: 'requested', amountFen: 98_000, orderNumber: order.number, title: { type: 'special', taxId: '91330100716105852F' } });
    expect((await post('/api/app/invoice', headers, { orderId: order.id, titleId: title.id })).statusCode).toBe(409);
    const invoiceOf = async () => parsed(await get('/api/app/order', headers), OrderPage).items.find((o) => o.id === order.id)?.invoice;
    // The order list says it was asked for, so that the page offers no second request.
    expect(await invoiceOf()).toEqual({ id: invoice.id, status: 'requested', invoiceNumber: null, hasFile: false });
    expect(parsed(await get('/api/app/order', headers), OrderPage).items.find((o) => o.id === unpaid.id)?.invoice).toBeNull();
    const stranger = await registerMember(t.app);
    expect((await post('/api/app/invoice', bearer(stranger.token), { orderId: order.id, titleId: title.id })).statusCode).toBe(404);

    const queue = parsed(await get('/api/admin/invoice?status=requested', finance.headers), AdminInvoicePage);
    expect(queue.items.map((i) => i.id)).toContain(invoice.id);
    expect((await post(`/api/admin/invoice/${invoice.id}/issue`, finance.headers, { invoiceNumber: '26330000000012345678' })).statusCode).toBe(409);
    const image = multipart(PNG, 'invoice.png', 'image/png');
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/invoice/${invoice.id}/file`, headers: { ...finance.headers, ...image.headers }, payload: image.payload });
    expect(refused.statusCode).toBe(415);
    const pdf = multipart(PDF, 'invoice.pdf', 'application/pdf');
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/admin/invoice/${invoice.id}/file`, headers: { ...finance.headers, ...pdf.headers }, payload: pdf.payload });
    expect(parsed(uploaded, AdminInvoice).hasFile).toBe(true);
    const editor = await registerStaff(t.app, t.database, ['editor']);
    expect((await post(`/api/admin/invoice/${invoice.id}/issue`, editor.headers, { invoiceNumber: '26330000000012345678' })).statusCode).toBe(403);
    const issued = parsed(await post(`/api/admin/invoice/${invoice.id}/issue`, finance.headers, { invoiceNumber: '26330000000012345678' }), AdminInvoice);
    expect(issued).toMatchObject({ status: 'issued', invoiceNumber: '26330000000012345678', taxIdChecked: true });

    const file = await get(`/api/app/invoice/${invoice.id}/file`, headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await get(`/api/app/invoice/${invoice.id}/file`, bearer(stranger.token))).statusCode).toBe(404);
    expect(await invoiceOf()).toEqual({ id: invoice.id, status: 'issued', invoiceNumber: '26330000000012345678', hasFile: true });
    const mine = parsed(await get('/api/app/invoice', headers), InvoicePage);
    expect(mine.items[0]).toMatchObject({ status: 'issued', hasFile: true });
    const notices = parsed(await get('/api/app/notice', headers), NoticePage);
    expect(notices.items[0]).toMatchObject({ title: '发票已开具' });
    const admin = await registerStaff(t.app, t.database, ['admin']);
    const audit = parsed(await get(`/api/admin/audit?entityType=invoice&entityId=${invoice.id}`, admin.headers), AuditPage);
    expect(audit.items.map((e) => e.action)).toEqual(['invoice.issue', 'invoice.upload']);
    expect(issued.account).toBe(member.account);

    // A refund: finance is told to reverse it, and marks it 红冲.
    expect(parsed(await post(`/api/admin/order/${order.id}/refund`, finance.headers, { reason: '客户退订' }), Order).status).toBe('refunded');
    const alerts = parsed(await get('/api/app/notice', finance.headers), NoticePage);
    expect(alerts.items.map((n) => n.title)).toContain(`订单 ${order.number} 已退款，发票 26330000000012345678 需红冲`);
    const reversed = parsed(await post(`/api/admin/invoice/${invoice.id}/reverse`, finance.headers, { reason: '订单已退款' }), AdminInvoice);
    expect(reversed.status).toBe('reversed');
  });

  it('rejected with a reason can be asked for again with another title; staff may correct a tax ID the check refuses', async () => {
    const { headers, order } = await buyerWithPaidOrder();
    const finance = await registerStaff(t.app, t.database, ['finance']);
    const personal = parsed(await post('/api/app/invoice-title', headers, { kind: 'personal', type: 'normal', name: '王工', email: 'w@example.com' }), InvoiceTitle);
    const invoice = parsed(await post('/api/app/invoice', headers, { orderId: order.id, titleId: personal.id }), Invoice);
    const rejected = parsed(await post(`/api/admin/invoice/${invoice.id}/reject`, finance.headers, { reason: '请使用单位抬头' }), AdminInvoice);
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '请使用单位抬头' });
    const company = parsed(await post('/api/app/invoice-title', headers, special), InvoiceTitle);
    const again = parsed(await post('/api/app/invoice', headers, { orderId: order.id, titleId: company.id }), Invoice);
    expect(again).toMatchObject({ id: invoice.id, status: 'requested', title: { name: special.name } });
    const pdf = multipart(PDF, 'invoice.pdf', 'application/pdf');
    await t.app.inject({ method: 'POST', url: `/api/admin/invoice/${invoice.id}/file`, headers: { ...finance.headers, ...pdf.headers }, payload: pdf.payload });
    const issued = parsed(
      await post(`/api/admin/invoice/${invoice.id}/issue`, finance.headers, { invoiceNumber: '26330000000012345679', taxId: '330100716105852' }),
      AdminInvoice,
    );
    expect(issued).toMatchObject({ status: 'issued', title: { taxId: '330100716105852' }, taxIdChecked: false });
  });
});
