import type { AdminInvoicePage, Invoice, InvoiceTitle, Order, PayResponse, Plan } from '@fuliaotong/contracts';
import { expect } from 'vitest';
import { PDF } from '../../apps/server/test/fixture-files.js';
import { apiRequest, apiUpload, type Session } from './accounts.js';
import { url } from './browser.js';

/*
 * Orders, payments and invoices made through the API, for stories about what happens to them next:
 * the pages a buyer uses for them are in e2e/payments.spec.ts and e2e/buyer-story.spec.ts.
 */

/** A plan on sale, by its name (the plans of drizzle/0016_plans.sql). */
export async function planNamed(name: string): Promise<Plan> {
  const { body } = await apiRequest<{ items: Plan[] }>('/api/app/plan');
  const plan = body.items.find((item) => item.name === name);
  if (!plan) throw new Error(`no plan named ${name} is on sale`);
  return plan;
}

/** An unpaid order of the plan named `planName`. */
export async function orderByApi(buyer: Session, planName: string): Promise<Order> {
  const plan = await planNamed(planName);
  const { status, body } = await apiRequest<Order>('/api/app/order', { token: buyer.token, json: { planId: plan.id } });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

/** The order as its buyer sees it now. */
export async function orderNow(buyer: Session, id: number): Promise<Order> {
  const { status, body } = await apiRequest<Order>(`/api/app/order/${id}`, { token: buyer.token });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Pays an order by WeChat in the payment sandbox (as a buyer's scan and 确认支付 would), and waits until it is paid. */
export async function payByWechatSandbox(buyer: Session, order: Order): Promise<Order> {
  const { status, body } = await apiRequest<PayResponse>(`/api/app/order/${order.id}/pay`, { token: buyer.token, json: { method: 'wechat' } });
  expect(status, JSON.stringify(body)).toBe(200);
  if (body.method !== 'wechat') throw new Error(`asked for WeChat Pay, got ${body.method}`);
  const paid = await fetch(url(`${new URL(body.codeUrl).pathname}/pay`), { method: 'POST' });
  expect(paid.status, await paid.text()).toBe(200);
  // The gateway's notification reaches the server a moment later (and works outside a test too: setup).
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now = await orderNow(buyer, order.id);
    if (now.status === 'paid') return now;
    if (Date.now() > deadline) throw new Error(`order ${order.number} is ${now.status}, not paid, 15 s after the sandbox's payment`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Chooses 对公转账 for an order and uploads the bank's slip: the order waits for finance (待确认). */
export async function transferByApi(buyer: Session, order: Order): Promise<Order> {
  const pay = await apiRequest<PayResponse>(`/api/app/order/${order.id}/pay`, { token: buyer.token, json: { method: 'bank' } });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  const slip = await apiUpload(`/api/app/order/${order.id}/slip`, buyer.token, { name: '汇款凭证.pdf', type: 'application/pdf', bytes: PDF });
  expect(slip.status, JSON.stringify(slip.body)).toBeLessThan(300);
  const now = await orderNow(buyer, order.id);
  expect(now.status).toBe('confirming');
  return now;
}

/** Finance confirms that a transfer arrived, for the whole amount. */
export async function confirmTransferByApi(finance: Session, order: Order, reference = `HX${Date.now()}`): Promise<void> {
  const { status, body } = await apiRequest(`/api/admin/order/${order.id}/confirm-transfer`, {
    token: finance.token,
    json: { amountFen: order.amountFen, reference },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

/** A company invoice title of the buyer's (普票). */
export async function invoiceTitleByApi(buyer: Session, name = '苏州某某药业有限公司'): Promise<InvoiceTitle> {
  const { status, body } = await apiRequest<InvoiceTitle>('/api/app/invoice-title', {
    token: buyer.token,
    json: { kind: 'company', type: 'normal', name, taxId: '91330100716105852F', email: 'fapiao@example.com' },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

/** The buyer asks for an invoice of a paid order, with a title made for it. */
export async function requestInvoiceByApi(buyer: Session, order: Order): Promise<Invoice> {
  const title = await invoiceTitleByApi(buyer);
  const { status, body } = await apiRequest<Invoice>('/api/app/invoice', { token: buyer.token, json: { orderId: order.id, titleId: title.id } });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

/** Finance issues a requested invoice of an order: the PDF, then the number. */
export async function issueInvoiceByApi(finance: Session, orderNumber: string, invoiceNumber: string): Promise<void> {
  const { body } = await apiRequest<AdminInvoicePage>('/api/admin/invoice?status=requested&pageSize=50', { token: finance.token });
  const invoice = body.items.find((item) => item.orderNumber === orderNumber);
  if (!invoice) throw new Error(`no invoice of ${orderNumber} awaits issuing`);
  const file = await apiUpload(`/api/admin/invoice/${invoice.id}/file`, finance.token, { name: `发票-${invoiceNumber}.pdf`, type: 'application/pdf', bytes: PDF });
  expect(file.status, JSON.stringify(file.body)).toBeLessThan(300);
  const issued = await apiRequest(`/api/admin/invoice/${invoice.id}/issue`, { token: finance.token, json: { invoiceNumber } });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
}
