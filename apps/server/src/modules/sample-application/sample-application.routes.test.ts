import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSummary, Address, AddressList, ApplicationPage, CartList, DEFAULT_SAMPLE_LIMITS, ErrorResponse, NoticePage, SampleApplication, type SampleApplicationBody, type SampleLimits, paths, withQuery } from '@fuliaotong/contracts';
import { excipients } from '../excipient/excipient.schema.js';
import { bearer, registerMember } from '../../../test/accounts.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { applicationNumber } from './sample-application.service.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
let product: TestProduct;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database, { specs: 30, nameZh: '羟丙甲纤维素' });
  staff = (await registerStaff(t.app, t.database)).headers;
});
afterAll(async () => {
  await t.close();
});

async function setLimits(limits: Partial<SampleLimits>) {
  const response = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/sample-limits', headers: staff, payload: { ...DEFAULT_SAMPLE_LIMITS, ...limits } });
  expect(response.statusCode, response.body).toBe(200);
}

const items = (...specIndexes: number[]) => specIndexes.map((i) => ({ excipientId: product.excipientId, specId: product.specIds[i]!, quantity: 2 }));

async function member() {
  const session = await registerMember(t.app);
  const h = bearer(session.token);
  return {
    userId: session.user.id,
    account: session.account,
    headers: h,
    submit: (body: SampleApplicationBody | object) => t.app.inject({ method: 'POST', url: '/api/app/sample/or-update', headers: h, payload: body }),
    get: (id: number) => t.app.inject({ method: 'GET', url: `/api/app/sample/application/${id}`, headers: h }),
    list: async (query = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/app/sample/application?${query}`, headers: h });
      expect(response.statusCode, response.body).toBe(200);
      return parsed(response, ApplicationPage);
    },
    withdraw: (id: number) => t.app.inject({ method: 'POST', url: `/api/app/sample/application/${id}/withdraw`, headers: h }),
    addToCart: (specIndex: number) =>
      t.app.inject({ method: 'POST', url: '/api/app/sample/sample-cart', headers: h, payload: { excipientId: product.excipientId, specId: product.specIds[specIndex] } }),
    cart: async () => parsed(await t.app.inject({ method: 'GET', url: '/api/app/sample/sample-cart-list', headers: h }), CartList),
    notices: async () => parsed(await t.app.inject({ method: 'GET', url: '/api/app/notice', headers: h }), NoticePage),
  };
}

/** A new member with one application awaiting review. */
async function applied(body: Partial<SampleApplicationBody> = {}) {
  const m = await member();
  const response = await m.submit(applicationBody(items(0, 1), body));
  expect(response.statusCode, response.body).toBe(201);
  return { m, application: parsed(response, SampleApplication) };
}

const staffCall = (id: number, action: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/application/${id}/${action}`, headers: staff, ...(payload ? { payload } : {}) });

describe('submitting an application', () => {
  it('creates it with a number, copies of the address and item names, an event and a notice; applied items leave the cart', async () => {
    const m = await member();
    for (const i of [0, 1, 2]) expect((await m.addToCart(i)).statusCode).toBe(201);
    const before = Date.now();
    const response = await m.submit(applicationBody(items(0, 1)));
    expect(response.statusCode, response.body).toBe(201);
    const application = parsed(response, SampleApplication);
    expect(application.number).toBe(applicationNumber(application.id, new Date(before)));
    expect(application.number).toMatch(/^YP20\d{6}\d{6,}$/);
    expect(application).toMatchObject({
      status: 'submitted',
      company: '杭州某某制药有限公司',
      contactName: '王工',
      itemCount: 2,
      itemNames: ['羟丙甲纤维素'],
      address: { recipient: '王工', regionCodes: ['33', '3301', '330106'], regionNames: ['浙江省', '杭州市', '西湖区'], street: '文三路 90 号' },
      rejectReason: null,
      carrier: null,
      canEdit: true,
      canWithdraw: true,
    });
    expect(application.items.map((i) => [i.specId, i.nameZh, i.grade, i.packSize, i.quantity])).toEqual([
      [product.specIds[0], '羟丙甲纤维素', '型号A', '100 g', 2],
      [product.specIds[1], '羟丙甲纤维素', '型号B', '500 g', 2],
    ]);
    expect(application.history).toEqual([
      expect.objectContaining({ action: 'submit', status: 'submitted', actorRole: 'member', actorName: m.account, note: '' }),
    ]);
    // Only the option not applied for stays in the cart.
    expect((await m.cart()).items.map((i) => i.specId)).toEqual([product.specIds[2]]);
    const notice = (await m.notices()).items[0]!;
    expect(notice).toMatchObject({ kind: 'sample', title: '样品申请已提交', link: withQuery(paths.applicationOrder, { id: application.id }) });
    expect(notice.body).toContain(application.number);
    // Not saved in the address book unless asked.
    expect(parsed(await t.app.inject({ method: 'GET', url: '/api/app/address', headers: m.headers }), AddressList).totalCount).toBe(0);
    const summary = parsed(await t.app.inject({ method: 'GET', url: '/api/app/account/summary', headers: m.headers }), AccountSummary);
    expect(summary.applications).toBe(1);
  });

  it('ships to one of the caller’s addresses (a copy), or saves a new one when asked; another user’s address is 404', async () => {
    const m = await member();
    const other = await member();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/app/address',
      headers: m.headers,
      payload: { recipient: '李经理', mobile: '13900139000', regionCodes: ['11', '1101', '110108'], street: '中关村大街 1 号' },
    });
    const addressId = parsed(saved, Address).id;
    const { address: _address, ...withoutAddress } = applicationBody(items(3));
    const byId = await m.submit({ ...withoutAddress, addressId });
    expect(byId.statusCode, byId.body).toBe(201);
    expect(parsed(byId, SampleApplication).address).toEqual({
      recipient: '李经理',
      mobile: '13900139000',
      regionCodes: ['11', '1101', '110108'],
      regionNames: ['北京市', '海淀区'],
      street: '中关村大街 1 号',
    });
    // Changing the address book later does not rewrite the application.
    await t.app.inject({ method: 'DELETE', url: `/api/app/address/${addressId}`, headers: m.headers });
    expect(parsed(await m.get(parsed(byId, SampleApplication).id), SampleApplication).address.recipient).toBe('李经理');

    const foreign = await other.submit({ ...withoutAddress, addressId: parsed(await t.app.inject({ method: 'POST', url: '/api/app/address', headers: m.headers, payload: { recipient: '李经理', mobile: '13900139000', regionCodes: ['11', '1101', '110108'], street: '中关村大街 1 号' } }), Address).id });
    expect(foreign.statusCode).toBe(404);
    expect(parsed(foreign, ErrorResponse).error.message).toBe('收货地址不存在');

    const withSave = await other.submit(applicationBody(items(4), { saveAddress: true }));
    expect(withSave.statusCode, withSave.body).toBe(201);
    const book = parsed(await t.app.inject({ method: 'GET', url: '/api/app/address', headers: other.headers }), AddressList);
    expect(book.items.map((a) => [a.recipient, a.regionNames, a.isDefault])).toEqual([['王工', ['浙江省', '杭州市', '西湖区'], true]]);
  });

  it('answers 400 with Chinese details for bad input', async () => {
    const m = await member();
    const bad = await m.submit({ ...applicationBody(items(0)), purpose: 'fun', stage: 'unknown' });
    expect(bad.statusCode).toBe(400);
    expect(parsed(bad, ErrorResponse).error.details).toEqual([
      { path: 'body.purpose', message: '请选择有效的申请用途' },
      { path: 'body.stage', message: '请选择有效的研发阶段' },
    ]);
    const region = await m.submit(applicationBody(items(0), { address: { recipient: '王工', mobile: '13800138000', regionCodes: ['33', '9999', '330106'], street: '文三路 90 号' } }));
    expect(region.statusCode).toBe(400);
    expect(parsed(region, ErrorResponse).error.details).toEqual([{ path: 'body.address.regionCodes', message: '请选择正确的省、市、区县' }]);
    const twice = await m.submit(applicationBody([...items(0), ...items(0)]));
    expect(twice.statusCode).toBe(400);
    expect(parsed(twice, ErrorResponse).error.details).toEqual([{ path: 'body.items.1.specId', message: '同一规格的样品只能出现一次' }]);
    const { address: _address, ...noAddress } = applicationBody(items(0));
    const neither = await m.submit(noAddress);
    expect(neither.statusCode).toBe(400);
    expect(parsed(neither, ErrorResponse).error.details).toContainEqual({ path: 'body.addressId', message: '请选择收货地址或填写新地址（二选一）' });
    const fields = await m.submit({ ...applicationBody([]), mobile: '123', email: 'nope', contactName: '' });
    expect(fields.statusCode).toBe(400);
    const messages = (parsed(fields, ErrorResponse).error.details as Array<{ path: string; message: string }>).map((d) => [d.path, d.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['body.contactName', '请输入联系人'],
        ['body.mobile', '请输入 11 位手机号码'],
        ['body.email', '请输入正确的邮箱地址'],
        ['body.items', '请至少选择一个样品'],
      ]),
    );
    expect((await m.list()).totalCount).toBe(0);
  });

  it('refuses unknown (404) and unavailable (409) samples', async () => {
    const m = await member();
    const other = await createProduct(t.database, { specs: 1 });
    expect((await m.submit(applicationBody([{ excipientId: product.excipientId, specId: other.specIds[0]! }]))).statusCode).toBe(404);
    const suspended = await createProduct(t.database, { specs: 1, sampleAvailable: false, nameZh: '乳糖' });
    const off = await m.submit(applicationBody([{ excipientId: suspended.excipientId, specId: suspended.specIds[0]! }]));
    expect(off.statusCode).toBe(409);
    expect(parsed(off, ErrorResponse).error).toMatchObject({ code: 'conflict', message: '乳糖（型号A 100 g）该产品暂停提供样品' });
  });
});

describe('limits', () => {
  it('items per application and quantity per item: 409 limit_exceeded; raised by the staff', async () => {
    const m = await member();
    const many = await m.submit(applicationBody(items(...Array.from({ length: 21 }, (_, i) => i))));
    expect(many.statusCode).toBe(409);
    expect(parsed(many, ErrorResponse).error).toMatchObject({ code: 'limit_exceeded', message: '每份申请最多 20 种样品，请分开申请' });
    const lots = await m.submit(applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 11 }]));
    expect(lots.statusCode).toBe(409);
    expect(parsed(lots, ErrorResponse).error).toMatchObject({ code: 'limit_exceeded', message: '每种样品最多申请 10 件' });
    await setLimits({ maxApplicationItems: 21, maxQuantity: 11 });
    try {
      expect((await m.submit(applicationBody(items(...Array.from({ length: 21 }, (_, i) => i))))).statusCode).toBe(201);
      expect((await m.submit(applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 11 }]))).statusCode).toBe(201);
    } finally {
      await setLimits({});
    }
  });

  it('at most 5 applications awaiting review; a reviewed one makes room; the staff can raise the limit', async () => {
    const m = await member();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await m.submit(applicationBody(items(i)));
      expect(response.statusCode).toBe(201);
      ids.push(parsed(response, SampleApplication).id);
    }
    const sixth = await m.submit(applicationBody(items(5)));
    expect(sixth.statusCode).toBe(409);
    expect(parsed(sixth, ErrorResponse).error).toMatchObject({ code: 'limit_exceeded', message: '您有 5 份申请正在审核中，请等待审核后再提交' });
    expect((await staffCall(ids[0]!, 'approve', {})).statusCode).toBe(200);
    expect((await m.submit(applicationBody(items(5)))).statusCode).toBe(201);
    expect((await m.submit(applicationBody(items(6)))).statusCode).toBe(409);
    await setLimits({ maxPendingApplications: 6 });
    try {
      expect((await m.submit(applicationBody(items(6)))).statusCode).toBe(201);
    } finally {
      await setLimits({});
    }
  });

  it('parallel submissions do not pass the pending limit', async () => {
    const m = await member();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => m.submit(applicationBody(items(i)))));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    expect((await m.list()).countsByStatus.submitted).toBe(5);
    // Every number is different.
    expect(new Set(responses.filter((r) => r.statusCode === 201).map((r) => parsed(r, SampleApplication).number)).size).toBe(5);
  });
});

describe('changing and withdrawing', () => {
  it('updates an application awaiting review (200, an update event), not after approval (409), never another user’s (404)', async () => {
    const { m, application } = await applied();
    const other = await member();
    const update = await m.submit(applicationBody(items(2), { id: application.id, company: '上海某某医药研究院', notes: '加急' }));
    expect(update.statusCode, update.body).toBe(200);
    const updated = parsed(update, SampleApplication);
    expect(updated).toMatchObject({ id: application.id, number: application.number, company: '上海某某医药研究院', notes: '加急', itemCount: 1 });
    expect(updated.items.map((i) => i.specId)).toEqual([product.specIds[2]]);
    expect(updated.history.map((e) => e.action)).toEqual(['submit', 'update']);
    expect((await other.submit(applicationBody(items(2), { id: application.id }))).statusCode).toBe(404);
    expect((await staffCall(application.id, 'approve', { note: '资料齐全' })).statusCode).toBe(200);
    const late = await m.submit(applicationBody(items(2), { id: application.id }));
    expect(late.statusCode).toBe(409);
    expect(parsed(late, ErrorResponse).error).toMatchObject({ code: 'conflict', message: '该申请当前为「已通过」，不能修改' });
  });

  it('withdraws one awaiting review, with an event and a notice; not after approval; not another user’s', async () => {
    const { m, application } = await applied();
    const other = await member();
    expect((await other.withdraw(application.id)).statusCode).toBe(404);
    const withdrawn = await m.withdraw(application.id);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(parsed(withdrawn, SampleApplication)).toMatchObject({ status: 'withdrawn', canEdit: false, canWithdraw: false });
    expect((await m.notices()).items[0]).toMatchObject({ title: '样品申请已撤回' });
    expect(parsed(await m.withdraw(application.id), ErrorResponse).error.message).toBe('该申请当前为「已撤回」，不能撤回');

    const second = await applied();
    await staffCall(second.application.id, 'approve', {});
    const late = await second.m.withdraw(second.application.id);
    expect(late.statusCode).toBe(409);
    expect(parsed(late, ErrorResponse).error.message).toBe('该申请当前为「已通过」，不能撤回');
  });

  it('lists the caller’s applications newest first with counts per status, and shows only their own', async () => {
    const m = await member();
    const other = await member();
    const ids: number[] = [];
    for (const i of [0, 1, 2]) ids.push(parsed(await m.submit(applicationBody(items(i, i + 10))), SampleApplication).id);
    await m.withdraw(ids[0]!);
    const page = await m.list();
    expect(page.items.map((a) => a.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(page.totalCount).toBe(3);
    expect(page.countsByStatus).toEqual({ submitted: 2, approved: 0, rejected: 0, shipped: 0, delivered: 0, withdrawn: 1 });
    expect(page.items[0]).toMatchObject({ itemCount: 2, itemNames: ['羟丙甲纤维素'] });
    const withdrawn = await m.list('status=withdrawn');
    expect(withdrawn.items.map((a) => a.id)).toEqual([ids[0]]);
    expect(withdrawn.totalCount).toBe(1);
    expect((await m.list('pageSize=2&page=2')).items.map((a) => a.id)).toEqual([ids[0]]);
    expect((await other.list()).totalCount).toBe(0);
    expect((await other.get(ids[1]!)).statusCode).toBe(404);
    expect((await m.get(ids[1]!)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/sample/application?status=lost', headers: m.headers })).statusCode).toBe(400);
  });

  it('keeps the names of a product removed from the catalogue since', async () => {
    const removable = await createProduct(t.database, { specs: 1, nameZh: '交联聚维酮' });
    const m = await member();
    const { id } = parsed(await m.submit(applicationBody([{ excipientId: removable.excipientId, specId: removable.specIds[0]! }])), SampleApplication);
    await t.database.db.delete(excipients).where(eq(excipients.id, removable.excipientId));
    const application = parsed(await m.get(id), SampleApplication);
    expect(application.items).toEqual([expect.objectContaining({ excipientId: null, specId: null, nameZh: '交联聚维酮', grade: '型号A' })]);
  });
});
