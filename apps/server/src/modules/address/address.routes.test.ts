import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Address, AddressList, ErrorResponse, MAX_ADDRESSES, type AddressBody } from '@fuliaotong/contracts';
import { bearer, registerMember } from '../../../test/accounts.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parsed } from '../../../test/responses.js';
import { eq } from 'drizzle-orm';
import { addresses } from './address.schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const hangzhou: AddressBody = {
  recipient: '王工',
  mobile: '13800138000',
  regionCodes: ['33', '3301', '330106'],
  street: '文三路 90 号 5 号楼 3 层',
};
const beijing: AddressBody = { ...hangzhou, recipient: '李经理', regionCodes: ['11', '1101', '110108'], street: '中关村大街 1 号' };

async function member() {
  const { token } = await registerMember(t.app);
  const h = bearer(token);
  return {
    list: async () => parsed(await t.app.inject({ method: 'GET', url: '/api/app/address', headers: h }), AddressList),
    create: (body: unknown) => t.app.inject({ method: 'POST', url: '/api/app/address', headers: h, payload: body as object }),
    call: (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) }),
  };
}

const defaults = (list: AddressList) => list.items.filter((a) => a.isDefault).map((a) => a.id);

describe('address book', () => {
  it('adds an address with region names from the division data; the first becomes the default', async () => {
    const m = await member();
    const response = await m.create(hangzhou);
    expect(response.statusCode).toBe(201);
    const address = parsed(response, Address);
    expect(address).toMatchObject({ ...hangzhou, regionNames: ['浙江省', '杭州市', '西湖区'], isDefault: true });
    const second = parsed(await m.create(beijing), Address);
    expect(second.isDefault).toBe(false);
    expect(second.regionNames).toEqual(['北京市', '海淀区']);
    const list = await m.list();
    expect(list.totalCount).toBe(2);
    expect(list.items[0]!.id).toBe(address.id);
  });

  it('writes an address with places only: no 市辖区 under a municipality, no 县 grouping of 重庆市, also for one saved with them', async () => {
    const m = await member();
    const chongqing = parsed(await m.create({ ...beijing, regionCodes: ['50', '5002', '500229'] }), Address);
    expect(chongqing.regionNames).toEqual(['重庆市', '城口县']);
    const shanghai = parsed(await m.create({ ...beijing, regionCodes: ['31', '3101', '310101'] }), Address);
    expect(shanghai.regionNames).toEqual(['上海市', '黄浦区']);
    await t.database.db.update(addresses).set({ regionNames: ['上海市', '市辖区', '黄浦区'] }).where(eq(addresses.id, shanghai.id));
    const read = parsed(await m.call('GET', `/api/app/address/${shanghai.id}`), Address);
    expect(read.regionNames).toEqual(['上海市', '黄浦区']);
    expect(read.regionCodes).toEqual(['31', '3101', '310101']);
  });

  it('keeps exactly one default through set-default, create-as-default and delete', async () => {
    const m = await member();
    const a = parsed(await m.create(hangzhou), Address);
    const b = parsed(await m.create(beijing), Address);
    const setB = await m.call('POST', `/api/app/address/${b.id}/set-default`);
    expect(setB.statusCode).toBe(200);
    expect(defaults(await m.list())).toEqual([b.id]);
    const c = parsed(await m.create({ ...hangzhou, isDefault: true }), Address);
    expect(defaults(await m.list())).toEqual([c.id]);
    // Deleting the default makes the most recently added other address the default.
    expect((await m.call('DELETE', `/api/app/address/${c.id}`)).statusCode).toBe(204);
    expect(defaults(await m.list())).toEqual([b.id]);
    // Un-setting the default in an edit keeps it: there is always one.
    const edited = await m.call('PUT', `/api/app/address/${b.id}`, { ...beijing, street: '知春路 7 号', isDefault: false });
    expect(parsed(edited, Address)).toMatchObject({ street: '知春路 7 号', isDefault: true });
    expect(defaults(await m.list())).toEqual([b.id]);
    expect((await m.call('DELETE', `/api/app/address/${b.id}`)).statusCode).toBe(204);
    expect(defaults(await m.list())).toEqual([a.id]);
  });

  it('edits and reads one address', async () => {
    const m = await member();
    const a = parsed(await m.create(hangzhou), Address);
    const put = await m.call('PUT', `/api/app/address/${a.id}`, beijing);
    expect(put.statusCode).toBe(200);
    const got = await m.call('GET', `/api/app/address/${a.id}`);
    expect(parsed(got, Address)).toMatchObject({ ...beijing, regionNames: ['北京市', '海淀区'] });
  });

  it.each([
    [{ ...hangzhou, regionCodes: ['33', '3301', '999999'] }, 'body.regionCodes', '请选择正确的省、市、区县'],
    [{ ...hangzhou, regionCodes: ['33', '3301'] }, 'body.regionCodes', '请选择正确的省、市、区县'],
    [{ ...hangzhou, mobile: '1380013800' }, 'body.mobile', '请输入 11 位手机号码'],
    [{ ...hangzhou, recipient: ' ' }, 'body.recipient', '请输入收货人'],
    [{ ...hangzhou, street: '' }, 'body.street', '请输入详细地址'],
  ])('refuses %j with a Chinese message', async (body, path, message) => {
    const m = await member();
    const response = await m.create(body);
    expect(response.statusCode).toBe(400);
    expect(parsed(response, ErrorResponse).error.details).toContainEqual({ path, message });
  });

  it(`keeps at most ${MAX_ADDRESSES}, even when many are added at once`, async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: MAX_ADDRESSES + 5 }, () => m.create(hangzhou)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(MAX_ADDRESSES);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(parsed(refused[0]!, ErrorResponse).error.message).toBe('最多保存 20 个收货地址，请先删除不用的地址');
    const list = await m.list();
    expect(list.totalCount).toBe(MAX_ADDRESSES);
    expect(defaults(list)).toHaveLength(1);
  });

  it('answers 404 for another user’s address, exactly as for a missing one', async () => {
    const owner = await member();
    const other = await member();
    const a = parsed(await owner.create(hangzhou), Address);
    for (const [method, url, body] of [
      ['GET', `/api/app/address/${a.id}`],
      ['PUT', `/api/app/address/${a.id}`, beijing],
      ['DELETE', `/api/app/address/${a.id}`],
      ['POST', `/api/app/address/${a.id}/set-default`],
      ['GET', '/api/app/address/999999'],
    ] as const) {
      const response = await other.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(parsed(response, ErrorResponse).error.message).toBe('收货地址不存在');
    }
    expect((await owner.list()).items[0]).toMatchObject({ id: a.id, recipient: hangzhou.recipient });
    expect((await other.call('GET', '/api/app/address/abc')).statusCode).toBe(400);
  });
});
