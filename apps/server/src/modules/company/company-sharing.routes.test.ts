import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Address,
  AddressList,
  ApplicationPage,
  COMPANY_ROLES,
  CompanyInvitationList,
  Invoice,
  InvoiceTitle,
  InvoiceTitleList,
  MyCompany,
  Order,
  OrderPage,
  PayResponse,
  SampleApplication,
  type CompanyRoleName,
} from '@fuliaotong/contracts';
import { bearer, registerMember } from '../../../test/accounts.js';
import { companyWithEveryRole } from '../../../test/companies.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, type TestProduct } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { GrantRepository } from '../grant/grant.repository.js';

/*
 * What a company shares with its members by role (docs/decisions/0068): its addresses and invoice
 * titles, the sample applications and orders its 管理员 reads, and the seats of its 企业会员.
 */

let t: TestApp;
let product: TestProduct;
type Session = Awaited<ReturnType<typeof registerMember>>;
type Every = Awaited<ReturnType<typeof companyWithEveryRole>>;
let a: Every;
let b: Every;

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database, { specs: 4, nameZh: '微晶纤维素' });
  a = await companyWithEveryRole(t.app, '浙江甲制药');
  b = await companyWithEveryRole(t.app, '江苏乙制药');
});
afterAll(async () => {
  await t.close();
});

const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
const address = { recipient: '李采购', mobile: '13800138001', regionCodes: ['33', '3301', '330106'], street: '文三路 100 号 仓库' };
const title = { kind: 'company', type: 'special', name: '浙江甲制药有限公司', taxId: '91330100716105852F', addressPhone: '杭州 0571-88888888', bankAccount: '工行 1202', email: 'fp@example.com' };
const managers = { address: ['admin', 'purchasing'], title: ['admin', 'finance'] } as const;
const users = { address: ['admin', 'purchasing', 'rnd', 'quality'], title: ['admin', 'finance', 'purchasing'] } as const;

describe("a company's addresses", () => {
  it('are added, changed and deleted by its 管理员 and 采购, used by 管理员, 采购, 研发 and 质量; others and other companies get 404', async () => {
    for (const role of COMPANY_ROLES) {
      const response = await call(a.members[role], 'POST', '/api/app/address', { ...address, companyId: a.company.id });
      expect(response.statusCode, role).toBe((managers.address as readonly string[]).includes(role) ? 201 : 403);
    }
    const made = parsed(await call(a.members.purchasing, 'POST', '/api/app/address', { ...address, companyId: a.company.id }), Address);
    expect(made).toMatchObject({ owner: 'company', companyId: a.company.id, companyName: a.company.name, isDefault: false, canManage: true });
    // Another company's id is not found, and so is the company of someone without one.
    expect((await call(b.members.admin, 'POST', '/api/app/address', { ...address, companyId: a.company.id })).statusCode).toBe(404);
    expect((await call(await registerMember(t.app), 'POST', '/api/app/address', { ...address, companyId: a.company.id })).statusCode).toBe(404);

    for (const role of COMPANY_ROLES) {
      const uses = (users.address as readonly string[]).includes(role);
      const list = parsed(await call(a.members[role], 'GET', '/api/app/address'), AddressList);
      expect(list.items.some((item) => item.id === made.id), role).toBe(uses);
      expect((await call(a.members[role], 'GET', `/api/app/address/${made.id}`)).statusCode, role).toBe(uses ? 200 : 404);
      const change = await call(a.members[role], 'PUT', `/api/app/address/${made.id}`, { ...address, street: `文三路 ${role}` });
      expect(change.statusCode, role).toBe((managers.address as readonly string[]).includes(role) ? 200 : uses ? 403 : 404);
    }
    for (const role of COMPANY_ROLES) {
      expect((await call(b.members[role], 'GET', `/api/app/address/${made.id}`)).statusCode).toBe(404);
      expect(parsed(await call(b.members[role], 'GET', '/api/app/address'), AddressList).items.map((item) => item.id)).not.toContain(made.id);
      expect((await call(b.members[role], 'DELETE', `/api/app/address/${made.id}`)).statusCode).toBe(404);
    }
    const rnd = parsed(await call(a.members.rnd, 'GET', `/api/app/address/${made.id}`), Address);
    expect(rnd.canManage).toBe(false);
    expect((await call(a.members.purchasing, 'POST', `/api/app/address/${made.id}/set-default`)).statusCode).toBe(409);
    expect((await call(a.members.admin, 'DELETE', `/api/app/address/${made.id}`)).statusCode).toBe(204);
    expect((await call(a.members.purchasing, 'GET', `/api/app/address/${made.id}`)).statusCode).toBe(404);
  });

  it('serve a sample application of a member who may use them, and nobody outside the company', async () => {
    const made = parsed(await call(a.members.admin, 'POST', '/api/app/address', { ...address, companyId: a.company.id }), Address);
    const apply = async (who: Session) => {
      await call(who, 'POST', '/api/app/sample/sample-cart', { excipientId: product.excipientId, specId: product.specIds[0] });
      const body = applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]! }]);
      const { address: _ignored, ...rest } = body;
      return call(who, 'POST', '/api/app/sample/or-update', { ...rest, addressId: made.id });
    };
    const submitted = await apply(a.members.quality);
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(parsed(submitted, SampleApplication).address).toMatchObject({ recipient: address.recipient, street: address.street });
    expect((await apply(a.members.finance)).statusCode).toBe(404);
    expect((await apply(b.members.purchasing)).statusCode).toBe(404);
  });

  it('stay with the company when a member leaves, who loses them at once', async () => {
    const { company, members } = await companyWithEveryRole(t.app, '山东丙制药');
    const made = parsed(await call(members.purchasing, 'POST', '/api/app/address', { ...address, companyId: company.id }), Address);
    const own = parsed(await call(members.purchasing, 'POST', '/api/app/address', address), Address);
    expect(own).toMatchObject({ owner: 'personal', companyId: null, isDefault: true, canManage: true });
    expect((await call(members.purchasing, 'DELETE', `/api/app/company/${company.id}/member/${members.purchasing.user.id}`)).statusCode).toBe(204);
    expect((await call(members.purchasing, 'GET', `/api/app/address/${made.id}`)).statusCode).toBe(404);
    expect(parsed(await call(members.purchasing, 'GET', '/api/app/address'), AddressList).items.map((item) => item.id)).toEqual([own.id]);
    expect(parsed(await call(members.admin, 'GET', `/api/app/address/${made.id}`), Address).street).toBe(address.street);
  });
});

describe("a company's invoice titles", () => {
  it('are kept by its 管理员 and 财务, chosen by 管理员, 财务 and 采购; others and other companies get 404', async () => {
    for (const role of COMPANY_ROLES) {
      const response = await call(a.members[role], 'POST', '/api/app/invoice-title', { ...title, companyId: a.company.id });
      expect(response.statusCode, role).toBe((managers.title as readonly string[]).includes(role) ? 201 : 403);
    }
    expect((await call(b.members.finance, 'POST', '/api/app/invoice-title', { ...title, companyId: a.company.id })).statusCode).toBe(404);
    const made = parsed(await call(a.members.finance, 'POST', '/api/app/invoice-title', { ...title, companyId: a.company.id }), InvoiceTitle);
    expect(made).toMatchObject({ owner: 'company', companyId: a.company.id, companyName: a.company.name, canManage: true });
    for (const role of COMPANY_ROLES) {
      const uses = (users.title as readonly string[]).includes(role);
      const list = parsed(await call(a.members[role], 'GET', '/api/app/invoice-title'), InvoiceTitleList);
      expect(list.items.some((item) => item.id === made.id), role).toBe(uses);
      const change = await call(a.members[role], 'PUT', `/api/app/invoice-title/${made.id}`, { ...title, bankAccount: `工行 ${role}` });
      expect(change.statusCode, role).toBe((managers.title as readonly string[]).includes(role) ? 200 : uses ? 403 : 404);
      expect(parsed(await call(b.members[role], 'GET', '/api/app/invoice-title'), InvoiceTitleList).items.map((item) => item.id)).not.toContain(made.id);
      expect((await call(b.members[role], 'DELETE', `/api/app/invoice-title/${made.id}`)).statusCode).toBe(404);
    }
    expect((await call(a.members.purchasing, 'DELETE', `/api/app/invoice-title/${made.id}`)).statusCode).toBe(403);
    expect((await call(a.members.admin, 'DELETE', `/api/app/invoice-title/${made.id}`)).statusCode).toBe(204);
  });

  it('serve an invoice request of the 采购 for their own paid order; the 研发 and another company cannot name it', async () => {
    const made = parsed(await call(a.members.finance, 'POST', '/api/app/invoice-title', { ...title, companyId: a.company.id }), InvoiceTitle);
    const paidOrder = async (who: Session) => {
      const order = parsed(await call(who, 'POST', '/api/app/order', { planId: 4 }), Order);
      const pay = parsed(await call(who, 'POST', `/api/app/order/${order.id}/pay`, { method: 'wechat' }), PayResponse);
      if (pay.method !== 'wechat') throw new Error('not a WeChat answer');
      await t.app.inject({ method: 'POST', url: `${new URL(pay.codeUrl).pathname}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      return order;
    };
    const order = await paidOrder(a.members.purchasing);
    const asked = await call(a.members.purchasing, 'POST', '/api/app/invoice', { orderId: order.id, titleId: made.id });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(parsed(asked, Invoice).title).toMatchObject({ type: 'special', name: title.name, taxId: title.taxId });
    expect((await call(a.members.rnd, 'POST', '/api/app/invoice', { orderId: (await paidOrder(a.members.rnd)).id, titleId: made.id })).statusCode).toBe(404);
    expect((await call(b.members.finance, 'POST', '/api/app/invoice', { orderId: (await paidOrder(b.members.finance)).id, titleId: made.id })).statusCode).toBe(404);
  });
});

describe("the members' applications and orders", () => {
  it('are read by the company 管理员 with the member who made them; other roles get 403, people without a company 404, other companies see none', async () => {
    const { company, members } = await companyWithEveryRole(t.app, '湖北丁制药');
    const order = parsed(await call(members.rnd, 'POST', '/api/app/order', { planId: 1 }), Order);
    await call(members.quality, 'POST', '/api/app/sample/sample-cart', { excipientId: product.excipientId, specId: product.specIds[1] });
    const application = parsed(await call(members.quality, 'POST', '/api/app/sample/or-update', applicationBody([{ excipientId: product.excipientId, specId: product.specIds[1]! }])), SampleApplication);
    const orders = parsed(await call(members.admin, 'GET', '/api/app/order?scope=company'), OrderPage);
    expect(orders.items.map((item) => item.id)).toEqual([order.id]);
    expect(orders.items[0]!.memberName).toMatch(/\S/);
    const applications = parsed(await call(members.admin, 'GET', '/api/app/sample/application?scope=company'), ApplicationPage);
    expect(applications.items.map((item) => item.id)).toEqual([application.id]);
    expect(applications.items[0]!.memberName).toMatch(/\S/);
    // Their own lists are unchanged, with no member named.
    expect(parsed(await call(members.admin, 'GET', '/api/app/order'), OrderPage).items).toEqual([]);
    expect(parsed(await call(members.rnd, 'GET', '/api/app/order'), OrderPage).items[0]).toMatchObject({ id: order.id, memberName: null });
    for (const role of ['purchasing', 'rnd', 'quality', 'finance'] as CompanyRoleName[]) {
      expect((await call(members[role], 'GET', '/api/app/order?scope=company')).statusCode, role).toBe(403);
      expect((await call(members[role], 'GET', '/api/app/sample/application?scope=company')).statusCode, role).toBe(403);
    }
    expect((await call(await registerMember(t.app), 'GET', '/api/app/order?scope=company')).statusCode).toBe(404);
    const other = parsed(await call(b.members.admin, 'GET', '/api/app/order?scope=company'), OrderPage);
    expect(other.items.map((item) => item.id)).not.toContain(order.id);
    expect(parsed(await call(b.members.admin, 'GET', '/api/app/sample/application?scope=company'), ApplicationPage).items.map((item) => item.id)).not.toContain(application.id);
    // A member who leaves takes nothing: what they made while members stays the company's to read.
    expect((await call(members.rnd, 'DELETE', `/api/app/company/${company.id}/member/${members.rnd.user.id}`)).statusCode).toBe(204);
    expect(parsed(await call(members.admin, 'GET', '/api/app/order?scope=company'), OrderPage).items.map((item) => item.id)).toEqual([order.id]);
    const after = parsed(await call(members.rnd, 'POST', '/api/app/order', { planId: 1 }), Order);
    expect(parsed(await call(members.admin, 'GET', '/api/app/order?scope=company'), OrderPage).items.map((item) => item.id)).not.toContain(after.id);
  });
});

describe('the seats of a 企业会员 bought by a member of a company', () => {
  it('invite each holder to the company as 研发; a member already in it, or in another company, is not invited', async () => {
    const { company, members } = await companyWithEveryRole(t.app, '广东戊制药');
    const now = new Date();
    const grant = await new GrantRepository(t.database.db).insert({
      userId: members.purchasing.user.id,
      kind: 'membership',
      name: '企业会员 年卡',
      seats: 10,
      source: 'order',
      startsAt: now,
      endsAt: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
    });
    const seat = (account: string) => call(members.purchasing, 'POST', `/api/app/grant/${grant.id}/seat`, { account });
    const stranger = await registerMember(t.app);
    expect((await seat(stranger.account)).statusCode).toBe(200);
    const mine = parsed(await call(stranger, 'GET', '/api/app/company'), MyCompany);
    expect(mine.invitations).toMatchObject([{ companyId: company.id, roles: ['rnd'] }]);
    expect((await call(stranger, 'POST', `/api/app/company-invitation/${mine.invitations[0]!.id}/accept`)).statusCode).toBe(200);
    expect(parsed(await call(stranger, 'GET', '/api/app/company'), MyCompany).company).toMatchObject({ id: company.id, myRoles: ['rnd'] });
    // The 管理员 may change the role afterwards, as for any member.
    expect((await call(members.admin, 'PUT', `/api/app/company/${company.id}/member/${stranger.user.id}`, { roles: ['quality'] })).statusCode).toBe(200);

    expect((await seat(members.finance.account)).statusCode).toBe(200);
    expect(parsed(await call(members.finance, 'GET', '/api/app/company'), MyCompany).company?.myRoles).toEqual(['finance']);
    expect((await seat(b.members.rnd.account)).statusCode).toBe(200);
    expect(parsed(await call(b.members.rnd, 'GET', '/api/app/company'), MyCompany).invitations).toEqual([]);
    const invitations = parsed(await call(members.admin, 'GET', `/api/app/company/${company.id}/invitation`), CompanyInvitationList);
    // The rnd member's and the seat holder's: nobody else was invited.
    expect(invitations.items.filter((item) => item.roles.includes('rnd')).map((item) => item.account)).toHaveLength(2);
  });

  it('of a buyer without a company invite nobody', async () => {
    const buyer = await registerMember(t.app);
    const now = new Date();
    const grant = await new GrantRepository(t.database.db).insert({ userId: buyer.user.id, kind: 'membership', name: '企业会员 年卡', seats: 3, source: 'order', startsAt: now, endsAt: new Date(now.getTime() + 3600 * 1000) });
    const holder = await registerMember(t.app);
    expect((await call(buyer, 'POST', `/api/app/grant/${grant.id}/seat`, { account: holder.account })).statusCode).toBe(200);
    expect(parsed(await call(holder, 'GET', '/api/app/company'), MyCompany).invitations).toEqual([]);
  });
});
