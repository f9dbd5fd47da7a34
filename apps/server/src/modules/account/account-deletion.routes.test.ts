import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminApplication,
  AdminApplicationPage,
  AdminInvoicePage,
  ErrorResponse,
  GrantList,
  Invoice,
  InvoiceTitle,
  Order,
  PayResponse,
  SampleApplication,
  SessionResponse,
  User,
} from '@fuliaotong/contracts';
import { selectRows } from '../../db/database.js';
import { declaredPersonalData } from '../../db/personal-data.js';
import { serverModules } from '../../modules.js';
import { addresses } from '../address/address.schema.js';
import { favorites } from '../favorite/favorite.schema.js';
import { uploads } from '../files/files.schema.js';
import { grants, grantSeats } from '../grant/grant.schema.js';
import { invoices, invoiceTitles } from '../invoice/invoice.schema.js';
import { outbox } from '../messages/messages.schema.js';
import { notices } from '../notice/notice.schema.js';
import { orders, payments } from '../order/order.schema.js';
import { sampleApplicationEvents, sampleApplicationItems, sampleApplications } from '../sample-application/sample-application.schema.js';
import { sampleCartItems } from '../sample-cart/sample-cart.schema.js';
import { verificationCodes } from '../verification/verification.schema.js';
import { users } from './account.schema.js';
import { authAttempts, sessions } from './auth.schema.js';
import { bearer, GOOD_PASSWORD, multipart, newIp, registerMember, registrationOf } from '../../../test/accounts.js';
import { PDF, PNG } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { codeFor } from '../../../test/verification.js';

/*
 * Deleting an account (注销): refused while a sample application is open; otherwise the personal data
 * goes and the company's records stay, with the applicant's contact details masked.
 */

const clock = testClock();
let t: TestApp;
let product: TestProduct;
let staff: Record<string, string>;
const logLines: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  t = await createTestApp({ clock, logLines });
  product = await createProduct(t.database, { specs: 2, nameZh: '微晶纤维素' });
  staff = (await registerStaff(t.app, t.database)).headers;
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof registerMember>>;

const remove = (member: Member, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/app/account/delete', headers: { ...bearer(member.token), 'x-forwarded-for': newIp() }, payload });

async function apply(member: Member): Promise<SampleApplication> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/sample/or-update',
    headers: bearer(member.token),
    payload: applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 2 }], {
      contactName: '王晓明',
      mobile: '13912345678',
      email: 'wang.xm@pharma-example.com',
      notes: '请周一上午送达，电话联系王工',
      address: { recipient: '李研', mobile: '13698765432', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号 东部软件园 3 号楼' },
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, SampleApplication);
}

const staffAct = (id: number, action: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/application/${id}/${action}`, headers: staff, ...(payload ? { payload } : {}) });

describe('refusal while something is open', () => {
  it('is refused, with the reason, while an application awaits review, is approved or shipped; allowed once it is finished', async () => {
    const member = await registerMember(t.app);
    const application = await apply(member);
    const refusal = '您有 1 份样品申请尚未完成（待审核、已通过、已发货），暂时不能注销账号。请撤回待审核的申请，或等样品签收后再注销。';

    const submitted = await remove(member, { password: GOOD_PASSWORD });
    expect(submitted.statusCode).toBe(409);
    expect(parsed(submitted, ErrorResponse).error).toMatchObject({ code: 'conflict', message: refusal });

    expect((await staffAct(application.id, 'approve', { note: '' })).statusCode).toBe(200);
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(409);
    expect((await staffAct(application.id, 'ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890' })).statusCode).toBe(200);
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(409);
    expect(await profileStatus(member.token)).toBe(200);

    expect((await staffAct(application.id, 'deliver')).statusCode).toBe(200);
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(204);
  });

  it('does not spend the code of a deletion it refuses; a withdrawn application is finished', async () => {
    const member = await registerMember(t.app);
    const application = await apply(member);
    clock.advance(61_000);
    const code = await codeFor(t.app, member.account, 'delete', newIp());
    expect((await remove(member, { code })).statusCode).toBe(409);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/app/sample/application/${application.id}/withdraw`, headers: bearer(member.token) });
    expect(withdrawn.statusCode).toBe(200);
    expect((await remove(member, { code })).statusCode).toBe(204);
  });
});

describe('confirmation', () => {
  it('needs the right password or a code sent for deleting', async () => {
    const member = await registerMember(t.app);
    const wrong = await remove(member, { password: 'not-my-password' });
    expect(parsed(wrong, ErrorResponse).error.details).toContainEqual({ path: 'body.password', message: '密码不正确' });
    const neither = await remove(member, {});
    expect(parsed(neither, ErrorResponse).error.details).toContainEqual({ path: 'body', message: '请输入密码或验证码（二选一）' });

    clock.advance(61_000);
    const loginCode = await codeFor(t.app, member.account, 'login', newIp());
    expect(parsed(await remove(member, { code: loginCode }), ErrorResponse).error.code).toBe('code_invalid');
    expect(await profileStatus(member.token)).toBe(200);

    clock.advance(61_000);
    const code = await codeFor(t.app, member.account, 'delete', newIp());
    expect((await remove(member, { code })).statusCode).toBe(204);
    expect(await profileStatus(member.token)).toBe(401);
  });
});

async function profileStatus(token: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/app/account/profile', headers: bearer(token) })).statusCode;
}

/** Rows of the user in each table of personal data. */
async function personalRows(userId: number): Promise<Record<string, number>> {
  const owners = {
    addresses: [addresses, addresses.userId],
    favorites: [favorites, favorites.userId],
    cart: [sampleCartItems, sampleCartItems.userId],
    notices: [notices, notices.userId],
    sessions: [sessions, sessions.userId],
    uploads: [uploads, uploads.ownerId],
  } as const;
  const counts: Record<string, number> = {};
  for (const [name, [table, column]] of Object.entries(owners)) {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, userId));
    counts[name] = row!.n;
  }
  return counts;
}

describe('what goes and what stays', () => {
  it('anonymises the personal data in place and keeps the company’s record of the finished application', async () => {
    const member = await registerMember(t.app);
    const h = bearer(member.token);
    // A profile, an avatar, an address, a favorite, a cart item, a second session, a failed log-in, a code.
    await t.app.inject({ method: 'PUT', url: '/api/app/account/profile', headers: h, payload: { name: '王晓明', nickName: '王工', sex: 'male' } });
    const upload = multipart(PNG, 'me.png', 'image/png');
    const withAvatar = parsed(await t.app.inject({ method: 'POST', url: '/api/app/account/avatar', headers: { ...h, ...upload.headers }, payload: upload.payload }), User);
    expect(withAvatar.avatar).toBeTruthy();
    await t.app.inject({
      method: 'POST',
      url: '/api/app/address',
      headers: h,
      payload: { recipient: '王晓明', mobile: '13912345678', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' },
    });
    await t.app.inject({ method: 'POST', url: '/api/app/favorite', headers: h, payload: { targetType: 'excipient', targetId: product.excipientId } });
    await t.app.inject({ method: 'POST', url: '/api/app/sample/sample-cart', headers: h, payload: { excipientId: product.excipientId, specId: product.specIds[1]! } });
    const second = parsed(
      await t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: member.account, password: GOOD_PASSWORD } }),
      SessionResponse,
    );
    await t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: member.account, password: 'wrong-password-1' } });
    const application = await apply(member);
    await staffAct(application.id, 'approve', { note: '' });
    await staffAct(application.id, 'ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890' });
    await staffAct(application.id, 'deliver');
    clock.advance(61_000);
    await codeFor(t.app, member.account, 'login', newIp());

    const id = member.user.id;
    expect(Object.values(await personalRows(id)).every((n) => n > 0), JSON.stringify(await personalRows(id))).toBe(true);

    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(204);
    // Codes and log-in attempts name the number: gone.
    expect(await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.account, member.account))).toEqual([]);
    expect(await t.database.db.select().from(authAttempts).where(eq(authAttempts.account, member.account))).toEqual([]);

    // Signed out everywhere; the old credentials lead nowhere.
    expect(await profileStatus(member.token)).toBe(401);
    expect(await profileStatus(second.token)).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: member.account, password: GOOD_PASSWORD } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: `deleted:${id}`, password: GOOD_PASSWORD } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: withAvatar.avatar! })).statusCode).toBe(404);

    // The user's row stays, with nothing personal left.
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ account: `deleted:${id}`, passwordHash: '', name: '', nickName: '', sex: 'unknown', avatar: null, roles: [], disabledAt: null });
    expect(user!.deletedAt).toEqual(clock.now());
    expect(await personalRows(id)).toEqual({ addresses: 0, favorites: 0, cart: 0, notices: 0, sessions: 0, uploads: 0 });

    // The application stays with its samples and history; the person's contact details are masked.
    const [kept] = await t.database.db.select().from(sampleApplications).where(eq(sampleApplications.id, application.id));
    expect(kept).toMatchObject({
      userId: id,
      status: 'delivered',
      number: application.number,
      company: application.company,
      companyType: application.companyType,
      department: application.department,
      projectName: application.projectName,
      carrier: '顺丰速运',
      trackingNumber: 'SF1234567890',
      contactName: '王**',
      mobile: '139****5678',
      email: 'w***@pharma-example.com',
      notes: '',
      address: { recipient: '李**', mobile: '136****5432', regionCodes: ['33', '3301', '330106'], regionNames: application.address.regionNames, street: '' },
    });
    expect(await t.database.db.select().from(sampleApplicationItems).where(eq(sampleApplicationItems.applicationId, application.id))).toHaveLength(1);
    const events = await t.database.db.select().from(sampleApplicationEvents).where(eq(sampleApplicationEvents.applicationId, application.id));
    expect(events.map((e) => e.action)).toEqual(['submit', 'approve', 'ship', 'deliver']);
    expect(events.find((e) => e.action === 'submit')!.actorName).toBe('已注销用户');
    expect(JSON.stringify(events)).not.toMatch(/王晓明|王工|13912345678/);
    expect(JSON.stringify(kept)).not.toMatch(/王晓明|李研|13912345678|13698765432|wang\.xm|文三路/);

    // The staff desk still lists and opens it.
    const list = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/application', headers: staff, query: { keyword: application.number } }), AdminApplicationPage);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ number: application.number, status: 'delivered', applicant: { account: '已注销用户', name: '已注销用户' } });
    const sheet = parsed(await t.app.inject({ method: 'GET', url: `/api/admin/application/${application.id}`, headers: staff }), AdminApplication);
    expect(sheet).toMatchObject({ contactName: '王**', mobile: '139****5678', items: [{ nameZh: '微晶纤维素', quantity: 2 }] });

    // The number is free again: registering it makes a new, empty account.
    clock.advance(61_000);
    const again = await t.app.inject({ method: 'POST', url: '/api/app/account/register', headers: { 'x-forwarded-for': newIp() }, payload: await registrationOf(t.app, member.account) });
    expect(again.statusCode).toBe(201);
    const fresh = parsed(again, SessionResponse);
    expect(fresh.user.id).not.toBe(id);
    const summary = await t.app.inject({ method: 'GET', url: '/api/app/account/summary', headers: bearer(fresh.token) });
    expect(summary.json()).toMatchObject({ applications: 0, favorites: 0 });
  });

  it('the database refuses to delete a user whose applications it keeps (no cascade erases them)', async () => {
    const member = await registerMember(t.app);
    const application = await apply(member);
    await expect(t.database.db.delete(users).where(eq(users.id, member.user.id))).rejects.toThrow();
    const [kept] = await t.database.db.select().from(sampleApplications).where(eq(sampleApplications.id, application.id));
    expect(kept).toBeDefined();
  });
});

/*
 * Orders, invoices and paid access (docs/decisions/0042): what is still open refuses the deletion and
 * says what to finish first; what the law keeps stays, without the person.
 */

const post = (url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** An order of the usage database (plan 4, ¥980), unpaid. */
async function placeOrder(member: Member): Promise<Order> {
  const response = await post('/api/app/order', bearer(member.token), { planId: 4 });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, Order);
}

/** Pays an order on the sandbox's 微信支付 page, as a buyer does. */
async function payOrder(member: Member, order: Order): Promise<void> {
  const pay = parsed(await post(`/api/app/order/${order.id}/pay`, bearer(member.token), { method: 'wechat' }), PayResponse);
  if (pay.method !== 'wechat') throw new Error('not a WeChat answer');
  await t.app.inject({ method: 'POST', url: `${new URL(pay.codeUrl).pathname}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  expect(parsed(await t.app.inject({ method: 'GET', url: `/api/app/order/${order.id}`, headers: bearer(member.token) }), Order).status).toBe('paid');
}

const companyTitle = {
  kind: 'company',
  type: 'special',
  name: '杭州某某药业有限公司',
  taxId: '91330100716105852F',
  addressPhone: '杭州市西湖区文三路 90 号 0571-88886666',
  bankAccount: '中国工商银行杭州分行 1202000000000000000',
  email: 'caiwu.wang@pharma-example.com',
} as const;

async function requestInvoice(member: Member, order: Order, title: object = companyTitle): Promise<Invoice> {
  const saved = parsed(await post('/api/app/invoice-title', bearer(member.token), title), InvoiceTitle);
  const asked = await post('/api/app/invoice', bearer(member.token), { orderId: order.id, titleId: saved.id });
  expect(asked.statusCode, asked.body).toBe(201);
  return parsed(asked, Invoice);
}

async function issueInvoice(invoice: Invoice, invoiceNumber: string): Promise<void> {
  const pdf = multipart(PDF, 'invoice.pdf', 'application/pdf');
  const uploaded = await t.app.inject({ method: 'POST', url: `/api/admin/invoice/${invoice.id}/file`, headers: { ...staff, ...pdf.headers }, payload: pdf.payload });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  expect((await post(`/api/admin/invoice/${invoice.id}/issue`, staff, { invoiceNumber })).statusCode).toBe(200);
}

/** A company membership of `holder` with seats for two colleagues, running now. */
async function companyMembership(holder: Member): Promise<number> {
  const [grant] = await t.database.db
    .insert(grants)
    .values({
      userId: holder.user.id,
      kind: 'membership',
      name: '企业会员 年卡',
      seats: 3,
      source: 'staff',
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + 365 * 24 * 60 * 60 * 1000),
    })
    .returning({ id: grants.id });
  return grant!.id;
}

const refusalOf = async (member: Member) => {
  const response = await remove(member, { password: GOOD_PASSWORD });
  expect(response.statusCode, response.body).toBe(409);
  return parsed(response, ErrorResponse).error;
};

describe('refusal while an order, an invoice or a membership shared with colleagues is open', () => {
  it('is refused while an order is unpaid, naming it; allowed once it is cancelled', async () => {
    const member = await registerMember(t.app);
    const order = await placeOrder(member);
    expect(await refusalOf(member)).toMatchObject({ code: 'conflict', message: `请先完成或取消未支付的订单 ${order.number}，再注销账号。` });
    expect(await profileStatus(member.token)).toBe(200);
    expect((await post(`/api/app/order/${order.id}/cancel`, bearer(member.token))).statusCode).toBe(200);
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(204);
  });

  it('is refused while a bank transfer awaits confirmation; allowed once finance confirmed it, and the order and its slip stay', async () => {
    const member = await registerMember(t.app);
    const order = await placeOrder(member);
    expect((await post(`/api/app/order/${order.id}/pay`, bearer(member.token), { method: 'bank' })).statusCode).toBe(200);
    const slip = multipart(PDF, '回单.pdf', 'application/pdf');
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/app/order/${order.id}/slip`, headers: { ...bearer(member.token), ...slip.headers }, payload: slip.payload });
    expect(parsed(uploaded, Order).status).toBe('confirming');
    expect((await refusalOf(member)).message).toBe(`订单 ${order.number} 的对公转账正在等待财务确认到账，请确认完成后再注销账号；如需取消请联系客服。`);

    const confirmed = await post(`/api/admin/order/${order.id}/confirm-transfer`, staff, { amountFen: order.amountFen, reference: 'HX20261126000123' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(204);

    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: member.user.id, status: 'paid', paidFen: order.amountFen });
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    // The slip is the voucher of the money received: finance still opens it.
    const file = await t.app.inject({ method: 'GET', url: `/api/admin/order/${order.id}/slip`, headers: staff });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('is refused while an invoice request awaits finance, naming its order; allowed once it is issued', async () => {
    const member = await registerMember(t.app);
    const order = await placeOrder(member);
    await payOrder(member, order);
    const invoice = await requestInvoice(member, order);
    expect((await refusalOf(member)).message).toBe(`订单 ${order.number} 的发票正在开具中，请等发票开具后再注销账号。`);
    await issueInvoice(invoice, '26330000000012345601');
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(204);
  });

  it('names every unfinished thing at once: an unpaid order and an invoice awaiting finance', async () => {
    const member = await registerMember(t.app);
    const paid = await placeOrder(member);
    await payOrder(member, paid);
    const invoice = await requestInvoice(member, paid);
    const unpaid = await placeOrder(member);
    const message = (await refusalOf(member)).message;
    expect(message).toContain(`请先完成或取消未支付的订单 ${unpaid.number}，再注销账号。`);
    expect(message).toContain(`订单 ${paid.number} 的发票正在开具中，请等发票开具后再注销账号。`);
    expect((await post(`/api/app/order/${unpaid.id}/cancel`, bearer(member.token))).statusCode).toBe(200);
    await issueInvoice(invoice, '26330000000012345602');
    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(204);
  });

  it('is refused while colleagues hold seats of the user’s company membership; allowed once they are taken back', async () => {
    const holder = await registerMember(t.app);
    const colleague = await registerMember(t.app);
    const grantId = await companyMembership(holder);
    expect((await post(`/api/app/grant/${grantId}/seat`, bearer(holder.token), { account: colleague.account })).statusCode).toBe(200);
    expect((await refusalOf(holder)).message).toBe('您的企业会员“企业会员 年卡”（1 个成员账号）仍有同事在使用，请先在个人中心“会员与订阅”中收回成员席位，再注销账号。');
    const takenBack = await t.app.inject({ method: 'DELETE', url: `/api/app/grant/${grantId}/seat/${colleague.user.id}`, headers: bearer(holder.token) });
    expect(takenBack.statusCode, takenBack.body).toBe(204);
    expect((await remove(holder, { password: GOOD_PASSWORD })).statusCode).toBe(204);
  });

  it('gives back the seat a user holds of someone else’s membership', async () => {
    const holder = await registerMember(t.app);
    const colleague = await registerMember(t.app);
    const grantId = await companyMembership(holder);
    expect((await post(`/api/app/grant/${grantId}/seat`, bearer(holder.token), { account: colleague.account })).statusCode).toBe(200);
    expect((await remove(colleague, { password: GOOD_PASSWORD })).statusCode).toBe(204);
    expect(await t.database.db.select().from(grantSeats).where(eq(grantSeats.grantId, grantId))).toEqual([]);
    const list = parsed(await t.app.inject({ method: 'GET', url: '/api/app/grant', headers: bearer(holder.token) }), GrantList);
    expect(list.items[0]?.seatHolders).toEqual([]);
  });
});

describe('what the accounting records keep', () => {
  it('issued invoices and paid orders stay without the person; titles, messages and every erased table’s rows go; no notice reaches the deleted account', async () => {
    const member = await registerMember(t.app);
    const h = bearer(member.token);
    const first = await placeOrder(member);
    await payOrder(member, first);
    const issued = await requestInvoice(member, first);
    await issueInvoice(issued, '26330000000012345602');
    const second = await placeOrder(member);
    await payOrder(member, second);
    const rejected = await requestInvoice(member, second, { kind: 'personal', type: 'normal', name: '王晓明', email: 'wang.xm@pharma-example.com' });
    expect((await post(`/api/admin/invoice/${rejected.id}/reject`, staff, { reason: '请使用单位抬头' })).statusCode).toBe(200);
    // A seat of a colleague's membership, and an address, for the declarations' check below.
    const holder = await registerMember(t.app);
    const grantId = await companyMembership(holder);
    await post(`/api/app/grant/${grantId}/seat`, bearer(holder.token), { account: member.account });
    await post('/api/app/address', h, { recipient: '王晓明', mobile: '13912345678', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' });
    await t.drain();
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, member.account))).not.toEqual([]);

    expect((await remove(member, { password: GOOD_PASSWORD })).statusCode).toBe(204);
    const id = member.user.id;

    // The issued invoice: the title as invoiced and its file stay; the delivery e-mail and the address and phone go.
    const [kept] = await t.database.db.select().from(invoices).where(eq(invoices.id, issued.id));
    expect(kept).toMatchObject({
      userId: id,
      status: 'issued',
      invoiceNumber: '26330000000012345602',
      titleName: companyTitle.name,
      taxId: companyTitle.taxId,
      bankAccount: companyTitle.bankAccount,
      email: '',
      addressPhone: null,
    });
    const desk = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/invoice?status=issued&pageSize=100', headers: staff }), AdminInvoicePage);
    expect(desk.items.find((item) => item.id === issued.id)).toMatchObject({ hasFile: true, account: '已注销用户' });
    const orderDesk = await t.app.inject({ method: 'GET', url: `/api/admin/order?keyword=${first.number}`, headers: staff });
    expect(orderDesk.json()).toMatchObject({ items: [{ number: first.number, status: 'paid', account: '已注销用户' }] });
    expect((await t.database.db.select().from(uploads).where(eq(uploads.name, kept!.fileKey!))).map((file) => file.personal)).toEqual([false]);
    // The rejected request keeps nothing of its title.
    const [refused] = await t.database.db.select().from(invoices).where(eq(invoices.id, rejected.id));
    expect(refused).toMatchObject({ status: 'rejected', titleName: '', taxId: null, bankAccount: null, addressPhone: null, email: '', fileKey: null });
    expect(await t.database.db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, id))).toEqual([]);
    // Orders and payments stay, naming the anonymised account; the grants they paid for end with it.
    expect((await t.database.db.select().from(orders).where(eq(orders.userId, id))).map((o) => o.status)).toEqual(['paid', 'paid']);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, first.id))).toHaveLength(1);
    expect((await t.database.db.select().from(grants).where(eq(grants.userId, id))).every((g) => g.revokedAt !== null)).toBe(true);

    // Every table declared erased has nothing of the account left; nothing kept holds its number or e-mail.
    for (const declaration of serverModules.flatMap((module) => (module.tables ?? []).flatMap((exports) => declaredPersonalData(exports)))) {
      for (const column of declaration.columns) {
        const value = column.dataType === 'number' ? id : member.account;
        const [row] = await selectRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from ${sql.identifier(declaration.tableName)} where ${sql.identifier(column.name)} = ${value}`,
        );
        if (declaration.treatment === 'erased') expect(row!.n, `${declaration.tableName}.${column.name}`).toBe(0);
        if (column.dataType !== 'number') expect(row!.n, `${declaration.tableName}.${column.name} keeps the account`).toBe(0);
      }
    }
    const [mail] = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from invoices where email like '%wang.xm%' or title_name = '王晓明'`);
    expect(mail!.n).toBe(0);

    // Finance refunds the order afterwards: the accounting goes on, and no notice is written for the deleted account.
    const refund = await post(`/api/admin/order/${second.id}/refund`, staff, { reason: '客户退订' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await t.database.db.select().from(notices).where(eq(notices.userId, id))).toEqual([]);
  });
});

it('writes no error-level line to the server log', () => {
  expect(logLines.filter((line) => (line.level as number) >= 50)).toEqual([]);
});
