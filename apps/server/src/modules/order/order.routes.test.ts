import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderDetail, AdminOrderPage, AuditPage, ErrorResponse, GrantList, NoticePage, Order, OrderPage, PaymentMethods, PayResponse, UsagePage, paths, withQuery } from '@fuliaotong/contracts';
import { grants } from '../grant/grant.schema.js';
import { sandboxGatewayOrders, sandboxGatewayRefunds } from '../payment/sandbox/sandbox.schema.js';
import { databases, usageRecords } from '../reference/reference.schema.js';
import { orders, payments } from './order.schema.js';
import { bearer, multipart, registerMember } from '../../../test/accounts.js';
import { PDF } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, testClock, testSandboxKeys, TEST_SITE_URL, type TestApp } from '../../../test/test-app.js';
import { alipayFields, formBody, signAlipay, wechatBody, wechatHeaders, wechatTransaction } from '../../../test/payment-notifications.js';
import { generateSandboxKeys } from '../payment/payment-setup.js';

const MINUTE = 60 * 1000;
const clock = testClock(new Date());
let t: TestApp;
/** 专业会员 年卡 (¥1,980.00) and 辅料用量数据库 年度 (¥980.00), as the migration seeds them. */
const MEMBERSHIP = 1;
const USAGE = 4;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.database.db.insert(databases).values({ code: 'usage', name: '辅料用量数据库', description: '', access: 'login', sortOrder: 3 });
  await t.database.db.insert(usageRecords).values({ ingredient: '乳糖', route: '口服', dosageForm: '片剂', maxAmount: '1020 mg' });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

async function buyer() {
  const session = await registerMember(t.app);
  return { ...session, headers: bearer(session.token) };
}
async function placeOrder(headers: Headers, planId = MEMBERSHIP): Promise<Order> {
  const response = await post('/api/app/order', headers, { planId });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, Order);
}
const orderOf = async (headers: Headers, id: number) => parsed(await get(`/api/app/order/${id}`, headers), Order);
const maxAmountSeenBy = async (headers: Headers) =>
  parsed(await get('/api/app/database/usage/records', headers), UsagePage).items[0]?.maxAmount ?? null;
const grantsOf = async (userId: number) => t.database.db.select().from(grants).where(eq(grants.userId, userId));
const notifyWechat = (body: string, headers: Headers) => t.app.inject({ method: 'POST', url: '/api/app/payment/notify/wechat', headers, payload: body });
const notifyAlipay = (body: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/payment/notify/alipay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
const keys = testSandboxKeys();

/** Pays an order on the sandbox's 微信支付 page as a buyer would: open the QR code's page, confirm. */
async function payOnWechatPage(codeUrl: string) {
  const path = new URL(codeUrl).pathname;
  const page = await t.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('沙箱支付');
  expect(page.body).toContain('确认支付');
  return t.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
}

/** Opens the sandbox's 支付宝 cashier for an order as the buyer's browser would (the gateway's order is placed there); answers its page. */
async function openAlipayCashier(payUrl: string) {
  const cashier = new URL(payUrl);
  const page = await t.app.inject({ method: 'GET', url: `${cashier.pathname}${cashier.search}` });
  expect(page.statusCode, page.body).toBe(200);
  return page.body;
}

/** An order paid by `method` in the sandbox, as a buyer pays it (the notification delivered). */
async function paidOrder(headers: Headers, method: 'wechat' | 'alipay', planId = MEMBERSHIP): Promise<Order> {
  const order = await placeOrder(headers, planId);
  const pay = parsed(await post(`/api/app/order/${order.id}/pay`, headers, { method }), PayResponse);
  if (pay.method === 'wechat') await payOnWechatPage(pay.codeUrl);
  else if (pay.method === 'alipay') {
    const token = /\/sandbox-pay\/alipay\/pay\/([0-9a-f]+)/.exec(await openAlipayCashier(pay.payUrl))![1];
    await t.app.inject({ method: 'POST', url: `/sandbox-pay/alipay/pay/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  }
  const paid = await orderOf(headers, order.id);
  expect(paid.status).toBe('paid');
  return paid;
}

/** The gateway takes the money for an order, but its notification never reaches the server (the process died, it was lost). */
async function paidAtGatewayOnly(number: string) {
  await t.database.db
    .update(sandboxGatewayOrders)
    .set({ status: 'SUCCESS', tradeNo: `4200${Date.now()}`, paidAt: new Date() })
    .where(eq(sandboxGatewayOrders.outTradeNo, number));
}

describe('orders', () => {
  it('are placed for a plan on sale, numbered DD + date, due in 30 minutes, and only their buyer sees them', async () => {
    const { headers } = await buyer();
    const order = await placeOrder(headers);
    expect(order).toMatchObject({ status: 'pending', amountFen: 198_000, name: '专业会员 年卡', kind: 'membership', method: null });
    expect(order.number).toMatch(/^DD\d{8}\d{6}$/);
    expect(new Date(order.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(30 * MINUTE);
    const list = parsed(await get('/api/app/order', headers), OrderPage);
    expect(list.items.map((o) => o.id)).toEqual([order.id]);
    const other = await buyer();
    expect((await get(`/api/app/order/${order.id}`, other.headers)).statusCode).toBe(404);
    expect((await post(`/api/app/order/${order.id}/cancel`, other.headers)).statusCode).toBe(404);
    expect((await post('/api/app/order', headers, { planId: 999 })).statusCode).toBe(404);
    const bad = await post('/api/app/order', headers, { planId: '一' });
    expect(bad.statusCode).toBe(400);
  });

  it('can be cancelled while unpaid; a cancelled one cannot be paid or cancelled again (409 naming its status)', async () => {
    const { headers } = await buyer();
    const order = await placeOrder(headers);
    expect(parsed(await post(`/api/app/order/${order.id}/cancel`, headers), Order).status).toBe('cancelled');
    const again = await post(`/api/app/order/${order.id}/cancel`, headers);
    expect(again.statusCode).toBe(409);
    expect(parsed(again, ErrorResponse).error).toMatchObject({ code: 'order_state', message: '订单已取消，不能取消' });
    const pay = await post(`/api/app/order/${order.id}/pay`, headers, { method: 'wechat' });
    expect(parsed(pay, ErrorResponse).error.message).toBe('订单已取消，不能支付');
  });

  it('close unpaid at 30 minutes, the gateway order with them', async () => {
    const { headers } = await buyer();
    const order = await placeOrder(headers);
    const pay = parsed(await post(`/api/app/order/${order.id}/pay`, headers, { method: 'wechat' }), PayResponse);
    expect(pay).toMatchObject({ method: 'wechat', sandbox: true, expiresAt: order.expiresAt });
    clock.advance(29 * MINUTE);
    await t.drain();
    expect((await orderOf(headers, order.id)).status).toBe('pending');
    clock.advance(2 * MINUTE);
    await t.drain();
    expect((await orderOf(headers, order.id)).status).toBe('closed');
    await expect.poll(async () => (await t.database.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.outTradeNo, order.number)))[0]?.status).toBe('CLOSED');
  });

  it('ask the gateway before closing: an order paid there whose notification never came is paid, not closed', async () => {
    const member = await buyer();
    const byWechat = await placeOrder(member.headers, USAGE);
    parsed(await post(`/api/app/order/${byWechat.id}/pay`, member.headers, { method: 'wechat' }), PayResponse);
    await paidAtGatewayOnly(byWechat.number);
    const byAlipay = await placeOrder(member.headers, MEMBERSHIP);
    const alipay = parsed(await post(`/api/app/order/${byAlipay.id}/pay`, member.headers, { method: 'alipay' }), PayResponse);
    if (alipay.method !== 'alipay') throw new Error('not an Alipay answer');
    await openAlipayCashier(alipay.payUrl);
    await paidAtGatewayOnly(byAlipay.number);
    const unpaid = await placeOrder(member.headers, USAGE);
    parsed(await post(`/api/app/order/${unpaid.id}/pay`, member.headers, { method: 'wechat' }), PayResponse);

    clock.advance(31 * MINUTE);
    await t.drain();
    expect(await orderOf(member.headers, byWechat.id)).toMatchObject({ status: 'paid', paidFen: 98_000, method: 'wechat' });
    expect(await orderOf(member.headers, byAlipay.id)).toMatchObject({ status: 'paid', paidFen: 198_000, method: 'alipay' });
    expect((await orderOf(member.headers, unpaid.id)).status).toBe('closed');
    // Paid as a notification pays: the access granted, the buyer told.
    expect(await maxAmountSeenBy(member.headers)).toBe('1020 mg');
    expect(parsed(await get('/api/app/grant', member.headers), GrantList).member).toBe(true);
    const notices = parsed(await get('/api/app/notice', member.headers), NoticePage);
    expect(notices.items.filter((n) => n.title === '支付成功')).toHaveLength(2);
  });
});

describe('paying by WeChat Pay (sandbox)', () => {
  it('shows a QR code for the sandbox page; confirming there pays the order, grants the membership and tells the buyer, in one go', async () => {
    const member = await buyer();
    expect(await maxAmountSeenBy(member.headers)).toBeNull();
    const order = await placeOrder(member.headers);
    const pay = parsed(await post(`/api/app/order/${order.id}/pay`, member.headers, { method: 'wechat' }), PayResponse);
    if (pay.method !== 'wechat') throw new Error('not a WeChat answer');
    expect(pay.codeUrl).toMatch(/\/sandbox-pay\/wechat\/[0-9a-f]{24}$/);
    const confirmed = await payOnWechatPage(pay.codeUrl);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('支付成功');
    const paid = await orderOf(member.headers, order.id);
    expect(paid).toMatchObject({ status: 'paid', paidFen: 198_000, method: 'wechat' });
    expect(await maxAmountSeenBy(member.headers)).toBe('1020 mg');
    const held = parsed(await get('/api/app/grant', member.headers), GrantList);
    expect(held.member).toBe(true);
    expect(held.items[0]).toMatchObject({ name: '专业会员 年卡', source: 'order', state: 'active' });
    const notices = parsed(await get('/api/app/notice', member.headers), NoticePage);
    expect(notices.items[0]).toMatchObject({ kind: 'order', title: '支付成功' });
    expect(notices.items[0]!.body).toContain('¥1,980.00');
    // Paid is paid: it cannot be paid, cancelled or paid again on the page.
    expect((await post(`/api/app/order/${order.id}/cancel`, member.headers)).statusCode).toBe(409);
    const path = new URL(pay.codeUrl).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('该订单已支付');
    const again = await t.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(again.statusCode).toBe(200);
    expect(await grantsOf(member.user.id)).toHaveLength(1);
  });

  it('asks the gateway when the buyer comes back before the notification', async () => {
    const member = await buyer();
    const order = await placeOrder(member.headers, USAGE);
    parsed(await post(`/api/app/order/${order.id}/pay`, member.headers, { method: 'wechat' }), PayResponse);
    // The gateway took the money, but its notification is lost on the way.
    await t.database.db
      .update(sandboxGatewayOrders)
      .set({ status: 'SUCCESS', tradeNo: '4200000000000000001', paidAt: new Date() })
      .where(eq(sandboxGatewayOrders.outTradeNo, order.number));
    expect((await orderOf(member.headers, order.id)).status).toBe('pending');
    const refreshed = parsed(await post(`/api/app/order/${order.id}/refresh`, member.headers), Order);
    expect(refreshed).toMatchObject({ status: 'paid', paidFen: 98_000 });
    expect(await maxAmountSeenBy(member.headers)).toBe('1020 mg');
  });
});

describe('WeChat Pay notifications', () => {
  async function pendingOrder() {
    const member = await buyer();
    const order = await placeOrder(member.headers);
    return { member, order };
  }

  it('verify the signature over the bytes as sent: other key order, spacing and escaped unicode are fine', async () => {
    const spellings: Array<(value: object) => string> = [
      (value) => JSON.stringify(value, null, 2),
      (value) => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      (value) => JSON.stringify(Object.fromEntries(Object.entries(value).reverse())),
    ];
    for (const spell of spellings) {
      const { member, order } = await pendingOrder();
      const body = wechatBody(keys, wechatTransaction(order.number, order.amountFen), spell);
      const answer = await notifyWechat(body, wechatHeaders(body, keys.wechatPlatform.privateKey, clock.now()));
      expect(answer.statusCode, body).toBe(204);
      expect((await orderOf(member.headers, order.id)).status).toBe('paid');
    }
  });

  it('refuse forged, tampered, stale and wrong-amount ones without changing anything', async () => {
    const { member, order } = await pendingOrder();
    const good = wechatBody(keys, wechatTransaction(order.number, order.amountFen));
    const forger = generateSandboxKeys();
    const attempts: Array<[string, string, Headers]> = [
      ['signed with another key', good, wechatHeaders(good, forger.wechatPlatform.privateKey, clock.now())],
      ['body changed after signing', good.replace('"summary":"支付成功"', '"summary":"支付成功 "'), wechatHeaders(good, keys.wechatPlatform.privateKey, clock.now())],
      ['an hour old', good, wechatHeaders(good, keys.wechatPlatform.privateKey, new Date(clock.now().getTime() - 60 * MINUTE))],
      ['resource encrypted with another key', wechatBody(forger, wechatTransaction(order.number, order.amountFen)), {}],
      ['another merchant', wechatBody(keys, { ...wechatTransaction(order.number, order.amountFen), mchid: '1900000001' }), {}],
      ['a different amount', wechatBody(keys, wechatTransaction(order.number, 1)), {}],
    ];
    for (const [what, body, headers] of attempts) {
      const signed = Object.keys(headers).length > 0 ? headers : wechatHeaders(body, keys.wechatPlatform.privateKey, clock.now());
      const answer = await notifyWechat(body, signed);
      expect(answer.statusCode, what).toBe(400);
      expect(JSON.parse(answer.body), what).toEqual({ code: 'FAIL', message: '失败' });
    }
    expect((await orderOf(member.headers, order.id)).status).toBe('pending');
    expect(await grantsOf(member.user.id)).toEqual([]);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
  });

  it('are applied once: a replay answers the same and grants nothing twice, also when two arrive at once', async () => {
    const { member, order } = await pendingOrder();
    const body = wechatBody(keys, wechatTransaction(order.number, order.amountFen));
    const headers = wechatHeaders(body, keys.wechatPlatform.privateKey, clock.now());
    const answers = await Promise.all([notifyWechat(body, headers), notifyWechat(body, headers)]);
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204]);
    expect((await notifyWechat(body, headers)).statusCode).toBe(204);
    expect(await grantsOf(member.user.id)).toHaveLength(1);
    const notices = parsed(await get('/api/app/notice', member.headers), NoticePage);
    expect(notices.items.filter((n) => n.title === '支付成功')).toHaveLength(1);
  });

  it('of a payment for a closed order reopen and complete it, and tell finance', async () => {
    const finance = await registerStaff(t.app, t.database, ['finance']);
    const { member, order } = await pendingOrder();
    clock.advance(31 * MINUTE);
    await t.drain();
    expect((await orderOf(member.headers, order.id)).status).toBe('closed');
    const body = wechatBody(keys, wechatTransaction(order.number, order.amountFen));
    expect((await notifyWechat(body, wechatHeaders(body, keys.wechatPlatform.privateKey, clock.now()))).statusCode).toBe(204);
    expect((await orderOf(member.headers, order.id)).status).toBe('paid');
    expect(await grantsOf(member.user.id)).toHaveLength(1);
    const alerts = parsed(await get('/api/app/notice', finance.headers), NoticePage);
    expect(alerts.items.map((n) => n.title)).toContain(`订单 ${order.number} 关闭后到账，已重新完成`);
  });

  it('of a second payment for a paid order refund it at once and grant nothing more', async () => {
    const { member, order } = await pendingOrder();
    const pay = parsed(await post(`/api/app/order/${order.id}/pay`, member.headers, { method: 'wechat' }), PayResponse);
    if (pay.method !== 'wechat') throw new Error('not a WeChat answer');
    await payOnWechatPage(pay.codeUrl);
    const second = wechatBody(keys, wechatTransaction(order.number, order.amountFen, '4200000000000000999'));
    expect((await notifyWechat(second, wechatHeaders(second, keys.wechatPlatform.privateKey, clock.now()))).statusCode).toBe(204);
    expect(await grantsOf(member.user.id)).toHaveLength(1);
    const [recorded] = await t.database.db.select().from(payments).where(eq(payments.tradeNo, '4200000000000000999'));
    expect(recorded?.outcome).toBe('refunded');
  });
});

describe('paying by Alipay (sandbox)', () => {
  it('sends the buyer to the cashier; paying there notifies the server and brings the buyer back', async () => {
    const member = await buyer();
    const order = await placeOrder(member.headers, USAGE);
    const pay = parsed(await post(`/api/app/order/${order.id}/pay`, member.headers, { method: 'alipay' }), PayResponse);
    if (pay.method !== 'alipay') throw new Error('not an Alipay answer');
    const cashier = new URL(pay.payUrl);
    expect(cashier.pathname).toBe('/sandbox-pay/alipay/gateway.do');
    expect(cashier.searchParams.get('method')).toBe('alipay.trade.page.pay');
    const page = await t.app.inject({ method: 'GET', url: `${cashier.pathname}${cashier.search}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('¥980.00');
    const tampered = new URL(cashier);
    tampered.searchParams.set('biz_content', cashier.searchParams.get('biz_content')!.replace('"980.00"', '"0.01"'));
    expect((await t.app.inject({ method: 'GET', url: `${tampered.pathname}${tampered.search}` })).statusCode).toBe(400);
    const token = /\/sandbox-pay\/alipay\/pay\/([0-9a-f]+)/.exec(page.body)![1];
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox-pay/alipay/pay/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(TEST_SITE_URL + withQuery(paths.payment, { order: order.id }));
    expect(await orderOf(member.headers, order.id)).toMatchObject({ status: 'paid', paidFen: 98_000, method: 'alipay' });
  });

  it('verifies notifications over the form as sent, and refuses forged or tampered ones', async () => {
    const member = await buyer();
    const order = await placeOrder(member.headers, USAGE);
    const fields = signAlipay(alipayFields(order.number, '980.00'), keys.alipayGateway.privateKey);
    const forged = signAlipay(alipayFields(order.number, '980.00'), generateSandboxKeys().alipayGateway.privateKey);
    const tampered = { ...fields, total_amount: '0.01' };
    for (const body of [formBody(forged), formBody(tampered), formBody({ ...fields, app_id: '2021000000000000' })]) {
      const answer = await notifyAlipay(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe('failure');
    }
    expect((await orderOf(member.headers, order.id)).status).toBe('pending');
    // The same fields in another order and with %20 for spaces are the same notification.
    const reordered = formBody(fields, Object.keys(fields).reverse(), false);
    expect((await notifyAlipay(reordered)).body).toBe('success');
    expect((await notifyAlipay(formBody(fields))).body).toBe('success');
    expect(await orderOf(member.headers, order.id)).toMatchObject({ status: 'paid' });
    expect(await grantsOf(member.user.id)).toHaveLength(1);
  });
});

describe('paying by bank transfer', () => {
  it('gives the account, the amount and a remittance code; a slip makes the order wait for finance', async () => {
    const finance = await registerStaff(t.app, t.database, ['finance']);
    const member = await buyer();
    const order = await placeOrder(member.headers);
    const pay = parsed(await post(`/api/app/order/${order.id}/pay`, member.headers, { method: 'bank' }), PayResponse);
    if (pay.method !== 'bank') throw new Error('not a bank answer');
    expect(pay).toMatchObject({ amountFen: 198_000, accountName: '辅料通（沙箱）示例账户', bankName: '沙箱银行 示例支行' });
    expect(pay.remittanceCode).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(new Date(pay.deadline).getTime() - new Date(order.createdAt).getTime()).toBe(7 * 24 * 60 * MINUTE);
    const again = parsed(await post(`/api/app/order/${order.id}/pay`, member.headers, { method: 'bank' }), PayResponse);
    expect(again).toEqual(pay);
    clock.advance(31 * MINUTE);
    await t.drain();
    expect((await orderOf(member.headers, order.id)).status).toBe('pending');
    const slip = multipart(PDF, '回单.pdf', 'application/pdf');
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/app/order/${order.id}/slip`, headers: { ...member.headers, ...slip.headers }, payload: slip.payload });
    expect(parsed(uploaded, Order)).toMatchObject({ status: 'confirming', slipUploaded: true });
    const cancel = await post(`/api/app/order/${order.id}/cancel`, member.headers);
    expect(parsed(cancel, ErrorResponse).error.message).toBe('订单待确认（已上传汇款凭证），如需取消请联系客服');
    const alerts = parsed(await get('/api/app/notice', finance.headers), NoticePage);
    expect(alerts.items.map((n) => n.title)).toContain(`订单 ${order.number} 已上传汇款凭证`);
    const text = multipart(Buffer.from('not a slip'), 'slip.txt', 'text/plain');
    const refused = await t.app.inject({ method: 'POST', url: `/api/app/order/${order.id}/slip`, headers: { ...member.headers, ...text.headers }, payload: text.payload });
    expect(refused.statusCode).toBe(415);
  });
});

describe('payment methods', () => {
  it('leave Alipay out inside WeChat and say how to open the page in a browser', async () => {
    const wechat = parsed(
      await t.app.inject({ method: 'GET', url: '/api/app/payment/methods', headers: { 'user-agent': 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50' } }),
      PaymentMethods,
    );
    expect(wechat.sandbox).toBe(true);
    expect(wechat.items.find((m) => m.method === 'alipay')).toMatchObject({ available: false, note: expect.stringContaining('在浏览器打开') as unknown });
    expect(wechat.items.find((m) => m.method === 'wechat')?.available).toBe(true);
    const desktop = parsed(await t.app.inject({ method: 'GET', url: '/api/app/payment/methods?client=web&mobile=false' }), PaymentMethods);
    expect(desktop.items.map((m) => [m.method, m.available])).toEqual([
      ['wechat', true],
      ['alipay', true],
      ['bank', true],
    ]);
  });
});

describe('live mode', () => {
  it('refuses notifications signed with the sandbox keys', async () => {
    const live = generateSandboxKeys();
    const app = await createTestApp({
      database: t.database,
      clock,
      payment: {
        mode: 'live',
        wechat: {
          mchid: '1900000109',
          appid: 'wxd678efh567hg6787',
          merchantSerial: 'SANDBOX00000000000000000000000000000000',
          privateKey: live.wechatMerchant.privateKey,
          publicKeyId: 'PUB_KEY_ID_SANDBOX',
          publicKey: live.wechatPlatform.publicKey,
          apiV3Key: live.wechatApiV3Key,
          baseUrl: 'http://127.0.0.1:9/',
        },
        alipay: { appId: '9021000000000000', privateKey: live.alipayApp.privateKey, alipayPublicKey: live.alipayGateway.publicKey, gateway: 'http://127.0.0.1:9/gateway.do' },
        bank: null,
        bankTransferDays: 7,
        sandbox: null,
      },
    });
    try {
      const member = await buyer();
      const order = await placeOrder(member.headers);
      const body = wechatBody(keys, wechatTransaction(order.number, order.amountFen));
      const answer = await app.app.inject({ method: 'POST', url: '/api/app/payment/notify/wechat', headers: wechatHeaders(body, keys.wechatPlatform.privateKey, clock.now()), payload: body });
      expect(answer.statusCode).toBe(400);
      const alipay = formBody(signAlipay(alipayFields(order.number, '1980.00'), keys.alipayGateway.privateKey));
      const refused = await app.app.inject({ method: 'POST', url: '/api/app/payment/notify/alipay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: alipay });
      expect(refused.body).toBe('failure');
      expect((await orderOf(member.headers, order.id)).status).toBe('pending');
      expect((await app.app.inject({ method: 'GET', url: '/sandbox-pay/wechat/0123456789abcdef01234567' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the orders desk', () => {
  it('lets finance confirm a bank transfer of the right amount, once, and refund it, ending the access', async () => {
    const finance = await registerStaff(t.app, t.database, ['finance']);
    const editor = await registerStaff(t.app, t.database, ['editor']);
    const member = await buyer();
    const order = await placeOrder(member.headers, USAGE);
    parsed(await post(`/api/app/order/${order.id}/pay`, member.headers, { method: 'bank' }), PayResponse);
    const slip = multipart(PDF, '回单.pdf', 'application/pdf');
    await t.app.inject({ method: 'POST', url: `/api/app/order/${order.id}/slip`, headers: { ...member.headers, ...slip.headers }, payload: slip.payload });

    const found = parsed(await get(`/api/admin/order?keyword=${order.number}`, finance.headers), AdminOrderPage);
    expect(found.items.map((o) => [o.number, o.status, o.account])).toEqual([[order.number, 'confirming', member.account]]);
    const file = await get(`/api/admin/order/${order.id}/slip`, finance.headers);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/admin/order/${order.id}`, editor.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/order/${order.id}`, member.headers)).statusCode).toBe(403);

    const confirm = (amountFen: number, reference = 'HX20261126000123') =>
      post(`/api/admin/order/${order.id}/confirm-transfer`, finance.headers, { amountFen, reference });
    const short = await confirm(97_000);
    expect(short.statusCode).toBe(409);
    expect(parsed(short, ErrorResponse).error.message).toBe('到账金额 ¥970.00 与订单金额 ¥980.00 不符，请核对后再确认');
    expect(await maxAmountSeenBy(member.headers)).toBeNull();
    const confirmed = parsed(await confirm(98_000), AdminOrderDetail);
    expect(confirmed).toMatchObject({ status: 'paid', paidBy: 'bank', tradeNo: 'HX20261126000123', paidFen: 98_000 });
    expect(await maxAmountSeenBy(member.headers)).toBe('1020 mg');
    expect((await confirm(98_000)).statusCode).toBe(409);

    const refunded = parsed(await post(`/api/admin/order/${order.id}/refund`, finance.headers, { reason: '客户误购，协商退款' }), AdminOrderDetail);
    expect(refunded).toMatchObject({ status: 'refunded', refundFen: 98_000 });
    expect(refunded.payments.map((p) => [p.kind, p.amountFen])).toEqual([
      ['payment', 98_000],
      ['refund', 98_000],
    ]);
    expect(await maxAmountSeenBy(member.headers)).toBeNull();
    const notices = parsed(await get('/api/app/notice', member.headers), NoticePage);
    expect(notices.items[0]).toMatchObject({ kind: 'order', title: '订单已退款' });
    const admin = await registerStaff(t.app, t.database, ['admin']);
    const audit = parsed(await get(`/api/admin/audit?entityType=order&entityId=${order.id}`, admin.headers), AuditPage);
    expect(audit.items.map((e) => e.action)).toEqual(['order.refund', 'order.confirm-transfer']);
  });

  it('refunds an order paid by WeChat Pay through the gateway', async () => {
    const finance = await registerStaff(t.app, t.database, ['finance']);
    const member = await buyer();
    const order = await placeOrder(member.headers);
    const pay = parsed(await post(`/api/app/order/${order.id}/pay`, member.headers, { method: 'wechat' }), PayResponse);
    if (pay.method !== 'wechat') throw new Error('not a WeChat answer');
    await payOnWechatPage(pay.codeUrl);
    const refunded = parsed(await post(`/api/admin/order/${order.id}/refund`, finance.headers, { reason: '重复购买' }), AdminOrderDetail);
    expect(refunded.status).toBe('refunded');
    const [gatewayOrder] = await t.database.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.outTradeNo, order.number));
    expect(gatewayOrder?.refundedFen).toBe(198_000);
    expect(parsed(await get('/api/app/grant', member.headers), GrantList).member).toBe(false);
    expect((await post(`/api/admin/order/${order.id}/refund`, finance.headers, { reason: '重复购买' })).statusCode).toBe(409);
  });

  it.each(['wechat', 'alipay'] as const)('refunds a payment by %s once when finance asks ten times at once; the others answer 409, none 5xx', async (method) => {
    const finance = await registerStaff(t.app, t.database, ['finance']);
    const member = await buyer();
    const order = await paidOrder(member.headers, method);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(`/api/admin/order/${order.id}/refund`, finance.headers, { reason: '客户误购，协商退款' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(['该订单正在退款，请稍后刷新查看结果', '订单已退款，不能退款']).toContain(parsed(refused, ErrorResponse).error.message);
    }
    const detail = parsed(await get(`/api/admin/order/${order.id}`, finance.headers), AdminOrderDetail);
    expect(detail).toMatchObject({ status: 'refunded', refundFen: order.amountFen });
    expect(detail.payments.map((p) => p.kind)).toEqual(['payment', 'refund']);
    const [gatewayOrder] = await t.database.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.outTradeNo, order.number));
    expect(gatewayOrder?.refundedFen).toBe(order.amountFen);
    const notices = parsed(await get('/api/app/notice', member.headers), NoticePage);
    expect(notices.items.filter((n) => n.title === '订单已退款')).toHaveLength(1);
  });

  it('a refund left unfinished (the process died after the gateway refunded) is tried again later and is the same refund', async () => {
    const finance = await registerStaff(t.app, t.database, ['finance']);
    const member = await buyer();
    const order = await paidOrder(member.headers, 'wechat');
    // The first attempt claimed the order and the gateway refunded under the order's refund number; then the process died.
    const [gatewayOrder] = await t.database.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.outTradeNo, order.number));
    await t.database.db.insert(sandboxGatewayRefunds).values({ orderId: gatewayOrder!.id, refundNo: `${order.number}R0`, amountFen: order.amountFen, refundId: '503001' });
    await t.database.db.update(sandboxGatewayOrders).set({ refundedFen: order.amountFen }).where(eq(sandboxGatewayOrders.id, gatewayOrder!.id));
    await t.database.db.update(orders).set({ refundStartedAt: clock.now() }).where(eq(orders.id, order.id));

    const meanwhile = await post(`/api/admin/order/${order.id}/refund`, finance.headers, { reason: '重复购买' });
    expect(meanwhile.statusCode).toBe(409);
    expect(parsed(meanwhile, ErrorResponse).error.message).toBe('该订单正在退款，请稍后刷新查看结果');
    clock.advance(3 * MINUTE);
    const retried = parsed(await post(`/api/admin/order/${order.id}/refund`, finance.headers, { reason: '重复购买' }), AdminOrderDetail);
    expect(retried).toMatchObject({ status: 'refunded', refundFen: order.amountFen });
    const [after] = await t.database.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, gatewayOrder!.id));
    expect(after?.refundedFen).toBe(order.amountFen);
  });
});
