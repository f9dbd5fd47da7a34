import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddToCartResult,
  CartCheckResult,
  CartItem,
  CartList,
  CartRemoveResult,
  ConfirmedSampleList,
  DEFAULT_SAMPLE_LIMITS,
  ErrorResponse,
  type SampleLimits,
} from '@fuliaotong/contracts';
import { excipients, excipientSpecs } from '../excipient/excipient.schema.js';
import { bearer, registerMember } from '../../../test/accounts.js';
import { createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
/** Forty options of one product: enough to fill a cart past any limit used here. */
let many: TestProduct;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  many = await createProduct(t.database, { specs: 40 });
  staff = (await registerStaff(t.app, t.database)).headers;
});
afterAll(async () => {
  await t.close();
});

async function setLimits(limits: Partial<SampleLimits>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/sample-limits',
    headers: staff,
    payload: { ...DEFAULT_SAMPLE_LIMITS, ...limits },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function member() {
  const session = await registerMember(t.app);
  const h = bearer(session.token);
  const api = {
    userId: session.user.id,
    headers: h,
    add: (excipientId: number, specId: number, quantity?: number) =>
      t.app.inject({ method: 'POST', url: '/api/app/sample/sample-cart', headers: h, payload: { excipientId, specId, ...(quantity !== undefined ? { quantity } : {}) } }),
    check: (payload: object) => t.app.inject({ method: 'POST', url: '/api/app/sample/check-sample-cart-num', headers: h, payload }),
    list: async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/app/sample/sample-cart-list', headers: h });
      expect(response.statusCode, response.body).toBe(200);
      return parsed(response, CartList);
    },
    count: async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/app/sample/sample-cart-num', headers: h });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      return response.body;
    },
    patch: (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/app/sample/sample-cart/${id}`, headers: h, payload }),
    remove: (ids: number[]) => t.app.inject({ method: 'POST', url: '/api/app/sample/cart-sample-remove', headers: h, payload: { ids } }),
    checked: (ids: number[], checked: boolean) =>
      t.app.inject({ method: 'POST', url: '/api/app/sample/sample-cart-checked', headers: h, payload: { ids, checked } }),
    confirmed: (ids: string) => t.app.inject({ method: 'GET', url: `/api/app/sample/confirmed-sample-list?ids=${ids}`, headers: h }),
  };
  return api;
}

describe('adding to the cart', () => {
  it('adds an option (201), merges the same option again (200) and lists newest first with names', async () => {
    const m = await member();
    const product = await createProduct(t.database, { nameZh: '微晶纤维素' });
    const first = await m.add(product.excipientId, product.specIds[0]!, 2);
    expect(first.statusCode, first.body).toBe(201);
    const added = parsed(first, AddToCartResult);
    expect(added).toMatchObject({ merged: false, itemCount: 1 });
    expect(added.item.nameEn).toMatch(/^Test/);
    expect(added.item).toMatchObject({ nameZh: '微晶纤维素', category: '填充剂', grade: '型号A', packSize: '100 g', quantity: 2, checked: true, available: true, unavailableReason: null });

    const second = await m.add(product.excipientId, product.specIds[1]!);
    expect(second.statusCode).toBe(201);
    expect(parsed(second, AddToCartResult).item.quantity).toBe(1);

    const again = await m.add(product.excipientId, product.specIds[0]!, 3);
    expect(again.statusCode, again.body).toBe(200);
    const merged = parsed(again, AddToCartResult);
    expect(merged).toMatchObject({ merged: true, itemCount: 2 });
    expect(merged.item).toMatchObject({ id: added.item.id, quantity: 5 });

    const list = await m.list();
    expect(list.totalCount).toBe(2);
    expect(list.items.map((i) => i.specId)).toEqual([product.specIds[1], product.specIds[0]]);
    expect(list.limits).toEqual(DEFAULT_SAMPLE_LIMITS);
    expect(await m.count()).toBe('2');
  });

  it('answers 404 for an unknown product or spec and for a spec of another product, 409 when samples are not offered', async () => {
    const m = await member();
    const a = await createProduct(t.database);
    const b = await createProduct(t.database);
    const suspended = await createProduct(t.database, { sampleAvailable: false });
    const missing = await m.add(999_999, a.specIds[0]!);
    expect(missing.statusCode).toBe(404);
    expect(parsed(missing, ErrorResponse).error.message).toBe('该产品或规格不存在');
    expect((await m.add(a.excipientId, 999_999)).statusCode).toBe(404);
    expect((await m.add(a.excipientId, b.specIds[0]!)).statusCode).toBe(404);
    const off = await m.add(suspended.excipientId, suspended.specIds[0]!);
    expect(off.statusCode).toBe(409);
    expect(parsed(off, ErrorResponse).error).toMatchObject({ code: 'conflict', message: '该产品暂停提供样品' });
    await t.database.db.update(excipientSpecs).set({ sampleAvailable: false }).where(eq(excipientSpecs.id, a.specIds[2]!));
    const spec = await m.add(a.excipientId, a.specIds[2]!);
    expect(spec.statusCode).toBe(409);
    expect(parsed(spec, ErrorResponse).error.message).toBe('该规格暂不提供样品');
    expect(await m.count()).toBe('0');
  });

  it('answers 400 with Chinese details for a bad body', async () => {
    const m = await member();
    const response = await m.add(many.excipientId, many.specIds[0]!, 0);
    expect(response.statusCode).toBe(400);
    const body = parsed(response, ErrorResponse);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toEqual([{ path: 'body.quantity', message: '数量至少为 1' }]);
    const fraction = await t.app.inject({
      method: 'POST',
      url: '/api/app/sample/sample-cart',
      headers: m.headers,
      payload: { excipientId: many.excipientId, specId: many.specIds[0], quantity: 1.5 },
    });
    expect(parsed(fraction, ErrorResponse).error.details).toEqual([{ path: 'body.quantity', message: '数量须为整数' }]);
    const empty = await m.remove([]);
    expect(empty.statusCode).toBe(400);
    expect(parsed(empty, ErrorResponse).error.details).toHaveProperty('0.message', '请选择样品');
    const patch = await m.patch(1, {});
    expect(patch.statusCode).toBe(400);
    expect(parsed(patch, ErrorResponse).error.details).toHaveProperty('0.message', '请提供数量或选中状态');
    const ids = await m.confirmed('1,x');
    expect(ids.statusCode).toBe(400);
    expect(parsed(ids, ErrorResponse).error.details).toHaveProperty('0.message', 'ids 须为逗号分隔的样品编号');
  });
});

describe('limits', () => {
  it('stops at the number of items per cart (409 limit_exceeded) and the check says the same; staff can raise it', async () => {
    await setLimits({ maxCartItems: 3 });
    try {
      const m = await member();
      for (const specId of many.specIds.slice(0, 3)) expect((await m.add(many.excipientId, specId)).statusCode).toBe(201);
      const check = await m.check({ excipientId: many.excipientId, specId: many.specIds[3], quantity: 1 });
      expect(check.statusCode).toBe(200);
      expect(parsed(check, CartCheckResult)).toEqual({
        allowed: false,
        message: '样品车最多放 3 种样品，请先移除一些',
        itemCount: 3,
        maxItems: 3,
        quantity: 1,
        maxQuantity: 10,
      });
      const full = await m.add(many.excipientId, many.specIds[3]!);
      expect(full.statusCode).toBe(409);
      expect(parsed(full, ErrorResponse).error).toMatchObject({ code: 'limit_exceeded', message: '样品车最多放 3 种样品，请先移除一些' });
      // An option already in the cart can still grow.
      expect((await m.add(many.excipientId, many.specIds[0]!)).statusCode).toBe(200);

      await setLimits({ maxCartItems: 4 });
      const allowed = parsed(await m.check({ excipientId: many.excipientId, specId: many.specIds[3], quantity: 1 }), CartCheckResult);
      expect(allowed).toMatchObject({ allowed: true, message: null, maxItems: 4 });
      expect((await m.add(many.excipientId, many.specIds[3]!)).statusCode).toBe(201);
      expect(await m.count()).toBe('4');
    } finally {
      await setLimits({});
    }
  });

  it('stops at the quantity per item, for adds, merges, checks and the stepper', async () => {
    const m = await member();
    const [s0, s1] = many.specIds as [number, number];
    const tooMany = await m.add(many.excipientId, s0, 11);
    expect(tooMany.statusCode).toBe(409);
    expect(parsed(tooMany, ErrorResponse).error).toMatchObject({ code: 'limit_exceeded', message: '每种样品最多申请 10 件' });
    const id = parsed(await m.add(many.excipientId, s0, 8), AddToCartResult).item.id;
    const merge = await m.add(many.excipientId, s0, 3);
    expect(merge.statusCode).toBe(409);
    expect(parsed(merge, ErrorResponse).error.message).toBe('每种样品最多申请 10 件（样品车中已有 8 件）');
    const addCheck = parsed(await m.check({ excipientId: many.excipientId, specId: s0, quantity: 3 }), CartCheckResult);
    expect(addCheck).toMatchObject({ allowed: false, message: '每种样品最多申请 10 件（样品车中已有 8 件）', quantity: 11, itemCount: 1 });
    const setCheck = parsed(await m.check({ excipientId: many.excipientId, specId: s0, quantity: 10, mode: 'set' }), CartCheckResult);
    expect(setCheck).toMatchObject({ allowed: true, message: null, quantity: 10 });
    const newCheck = parsed(await m.check({ excipientId: many.excipientId, specId: s1, quantity: 2 }), CartCheckResult);
    expect(newCheck).toMatchObject({ allowed: true, quantity: 2, itemCount: 1 });

    const stepper = await m.patch(id, { quantity: 11 });
    expect(stepper.statusCode).toBe(409);
    expect(parsed(stepper, ErrorResponse).error).toMatchObject({ code: 'limit_exceeded', message: '每种样品最多申请 10 件' });
    const ok = await m.patch(id, { quantity: 10 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(parsed(ok, CartItem).quantity).toBe(10);

    await setLimits({ maxQuantity: 20 });
    try {
      expect((await m.add(many.excipientId, s0, 10)).statusCode).toBe(200);
      expect((await m.list()).items[0]!.quantity).toBe(20);
    } finally {
      await setLimits({});
    }
  });

  it('checks an unavailable option as not allowed, with its reason, and an unknown one as 404', async () => {
    const m = await member();
    const suspended = await createProduct(t.database, { sampleAvailable: false });
    const check = parsed(await m.check({ excipientId: suspended.excipientId, specId: suspended.specIds[0], quantity: 1 }), CartCheckResult);
    expect(check).toMatchObject({ allowed: false, message: '该产品暂停提供样品' });
    expect((await m.check({ excipientId: suspended.excipientId, specId: many.specIds[0], quantity: 1 })).statusCode).toBe(404);
  });
});

describe('two tabs at once', () => {
  it('30 parallel adds of different options with a limit of 20 make exactly 20 rows, without a 500', async () => {
    const m = await member();
    const responses = await Promise.all(many.specIds.slice(0, 30).map((specId) => m.add(many.excipientId, specId)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    expect((await m.list()).totalCount).toBe(20);
    expect(await m.count()).toBe('20');
  });

  it('10 parallel adds of the same option lose no quantity', async () => {
    const m = await member();
    const responses = await Promise.all(Array.from({ length: 10 }, () => m.add(many.excipientId, many.specIds[5]!)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const list = await m.list();
    expect(list.totalCount).toBe(1);
    expect(list.items[0]!.quantity).toBe(10);
    // Past the quantity limit, the refused adds are not counted.
    const more = await Promise.all(Array.from({ length: 4 }, () => m.add(many.excipientId, many.specIds[5]!)));
    expect(more.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
    expect((await m.list()).items[0]!.quantity).toBe(10);
  });
});

describe('the cart page', () => {
  it('selects, deselects, removes (ignoring ids that are not the caller’s) and shows unavailable items', async () => {
    const m = await member();
    const other = await member();
    const product = await createProduct(t.database, { specs: 3 });
    const ids: number[] = [];
    for (const specId of product.specIds) ids.push(parsed(await m.add(product.excipientId, specId), AddToCartResult).item.id);
    const foreign = parsed(await other.add(product.excipientId, product.specIds[0]!), AddToCartResult).item.id;

    const unchecked = await m.checked([ids[0]!, ids[1]!, foreign], false);
    expect(unchecked.statusCode).toBe(200);
    expect(parsed(unchecked, CartList).items.map((i) => i.checked)).toEqual([true, false, false]);
    expect((await other.list()).items[0]!.checked).toBe(true);
    const patched = await m.patch(ids[0]!, { checked: true });
    expect(parsed(patched, CartItem).checked).toBe(true);
    expect((await other.patch(ids[0]!, { quantity: 2 })).statusCode).toBe(404);

    await t.database.db.update(excipientSpecs).set({ sampleAvailable: false }).where(eq(excipientSpecs.id, product.specIds[1]!));
    let list = await m.list();
    expect(list.items.map((i) => [i.available, i.unavailableReason])).toEqual([
      [true, null],
      [false, 'spec_unavailable'],
      [true, null],
    ]);
    await t.database.db.update(excipients).set({ sampleAvailable: false }).where(eq(excipients.id, product.excipientId));
    list = await m.list();
    expect(list.items.every((i) => i.unavailableReason === 'samples_suspended')).toBe(true);
    await t.database.db.update(excipients).set({ sampleAvailable: true }).where(eq(excipients.id, product.excipientId));

    const removed = await m.remove([ids[0]!, foreign, 999_999]);
    expect(removed.statusCode).toBe(200);
    expect(parsed(removed, CartRemoveResult)).toEqual({ removed: 1, itemCount: 2 });
    expect(await other.count()).toBe('1');
    expect(await m.count()).toBe('2');
  });

  it('confirms the chosen items for an application, re-checking each', async () => {
    const m = await member();
    const other = await member();
    const product = await createProduct(t.database, { specs: 3 });
    const ids: number[] = [];
    for (const specId of product.specIds) ids.push(parsed(await m.add(product.excipientId, specId, 2), AddToCartResult).item.id);
    const foreign = parsed(await other.add(product.excipientId, product.specIds[0]!), AddToCartResult).item.id;

    const ok = parsed(await m.confirmed(`${ids[2]},${ids[0]},${foreign}`), ConfirmedSampleList);
    expect(ok.items.map((i) => i.id)).toEqual([ids[2], ids[0]]);
    expect(ok).toMatchObject({ missingIds: [foreign], ready: true, message: null, limits: DEFAULT_SAMPLE_LIMITS });

    await t.database.db.update(excipientSpecs).set({ sampleAvailable: false }).where(eq(excipientSpecs.id, product.specIds[0]!));
    const blocked = parsed(await m.confirmed(ids.join(',')), ConfirmedSampleList);
    expect(blocked.ready).toBe(false);
    expect(blocked.message).toBe(`${product.nameZh}（型号A 100 g）该规格暂不提供样品，请先从样品车移除`);

    await setLimits({ maxApplicationItems: 1 });
    try {
      const tooMany = parsed(await m.confirmed(`${ids[1]},${ids[2]}`), ConfirmedSampleList);
      expect(tooMany).toMatchObject({ ready: false, message: '每份申请最多 1 种样品，请分开申请' });
    } finally {
      await setLimits({});
    }
    const gone = parsed(await m.confirmed(String(foreign)), ConfirmedSampleList);
    expect(gone).toMatchObject({ items: [], missingIds: [foreign], ready: false, message: '所选样品已不在样品车中，请重新选择' });
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/app/sample/sample-cart-list'],
      ['GET', '/api/app/sample/sample-cart-num'],
      ['POST', '/api/app/sample/sample-cart'],
      ['GET', '/api/app/sample/confirmed-sample-list?ids=1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
