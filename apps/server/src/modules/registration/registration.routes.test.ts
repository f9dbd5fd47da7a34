import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorResponse,
  Favorite,
  RegistrationDetail,
  RegistrationPage,
  RegistrationQuery,
} from '@fuliaotong/contracts';
import { excipients } from '../excipient/excipient.schema.js';
import { registrations } from './registration.schema.js';
import { viewers } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { RegistrationRepository } from './registration.repository.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof viewers>>;
const ids: Record<string, number> = {};
let excipientId: number;

const base = { source: '国产', type: '辅料' as const, reviewStatus: 'A' as const, companyAddress: '', spec: '', packageSpec: '', remark: '' };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const rows = await db
    .insert(registrations)
    .values([
      {
        ...base, regNo: 'F20190000001', name: '乳糖', company: '浙江华康药用辅料有限公司', province: '浙江', updatedOn: '2024-05-01',
        companyAddress: '浙江省衢州市开化县华埠镇华工路 18 号', spec: '药用级', packageSpec: '25 kg/袋', remark: '已与多个制剂关联审评',
      },
      { ...base, regNo: 'F20200000002', name: '一水乳糖', company: '山东聊城阿华制药股份有限公司', province: '山东', reviewStatus: 'I', updatedOn: '2023-01-10' },
      { ...base, regNo: 'F20210000003', name: '无水乳糖', company: 'DFE Pharma GmbH & Co. KG', province: '德国', source: '进口', updatedOn: '2024-08-20' },
      { ...base, regNo: 'B20200000004', name: '药用中硼硅玻璃管制注射剂瓶', company: '山东药用玻璃股份有限公司', province: '山东', type: '药包材', updatedOn: '2022-03-03' },
      { ...base, regNo: 'Y20190000005', name: '阿莫西林', company: '华北制药股份有限公司', province: '河北', type: '原料药', reviewStatus: 'I', updatedOn: '2021-12-12' },
      { ...base, regNo: 'F20220000006', name: '蔗糖', company: '广西南宁糖业有限公司', province: '广西', updatedOn: '2024-01-01' },
      { ...base, regNo: 'F20230000007', name: '乳糖醇', company: '浙江华康药用辅料有限公司', province: '浙江', updatedOn: '2024-09-30' },
    ])
    .returning({ id: registrations.id, name: registrations.name });
  for (const row of rows) ids[row.name] = row.id;
  const [excipient] = await db
    .insert(excipients)
    .values({ nameZh: '乳糖', nameEn: 'Lactose', category: '填充剂', regNos: ['F20190000001'] })
    .returning({ id: excipients.id });
  excipientId = excipient!.id;
  who = await viewers(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

async function list(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await t.app.inject({ method: 'GET', url: `/api/app/registration?${search.toString()}` });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, RegistrationPage);
}
const names = (page: RegistrationPage) => page.items.map((i) => i.name);
const repositoryOf = () => new RegistrationRepository(t.database.db);

describe('GET /api/app/registration', () => {
  it('lists the newest first, in pages, with the summary fields only', async () => {
    const first = await list({ pageSize: 3 });
    expect(first.totalCount).toBe(7);
    expect(names(first)).toEqual(['乳糖醇', '无水乳糖', '乳糖']);
    expect(Object.keys(first.items[0]!).sort()).toEqual(['company', 'id', 'name', 'province', 'regNo', 'reviewStatus', 'type', 'updatedOn']);
    expect(names(await list({ pageSize: 3, page: 3 }))).toEqual(['阿莫西林']);
    const raw = await t.app.inject({ method: 'GET', url: '/api/app/registration' });
    expect(raw.body).not.toContain('companyAddress');
    expect(raw.body).not.toContain('华工路');
  });

  it('sorts by update date or registration number', async () => {
    expect(names(await list({ sort: 'updated_asc', pageSize: 2 }))).toEqual(['阿莫西林', '药用中硼硅玻璃管制注射剂瓶']);
    expect((await list({ sort: 'regno_asc', pageSize: 1 })).items[0]!.regNo).toBe('B20200000004');
    expect((await list({ sort: 'regno_desc', pageSize: 1 })).items[0]!.regNo).toBe('Y20190000005');
  });

  it('filters by type, review status, province and update dates', async () => {
    expect(names(await list({ type: '药包材' }))).toEqual(['药用中硼硅玻璃管制注射剂瓶']);
    expect(new Set(names(await list({ status: 'I' })))).toEqual(new Set(['一水乳糖', '阿莫西林']));
    expect(names(await list({ province: '山东', type: '辅料' }))).toEqual(['一水乳糖']);
    expect(names(await list({ updatedFrom: '2024-01-01', updatedTo: '2024-05-01' }))).toEqual(['乳糖', '蔗糖']);
  });

  it('filters by company with a part of its name, case-insensitively', async () => {
    expect(names(await list({ company: '华康' }))).toEqual(['乳糖醇', '乳糖']);
    expect(names(await list({ company: '浙江华康药用' }))).toEqual(['乳糖醇', '乳糖']);
    expect(names(await list({ company: 'gmbh' }))).toEqual(['无水乳糖']);
    expect(names(await list({ company: '华' }))).toHaveLength(4);
    expect((await list({ company: '华康', status: 'I' })).totalCount).toBe(0);
  });

  it('finds one- and two-character keywords in names, companies and registration numbers', async () => {
    const one = await list({ keyword: '糖' });
    expect(new Set(names(one))).toEqual(new Set(['乳糖', '一水乳糖', '无水乳糖', '蔗糖', '乳糖醇']));
    expect(one.totalCount).toBe(5);
    expect((await list({ keyword: '乳糖' })).totalCount).toBe(4);
    expect(names(await list({ keyword: '玻璃' }))).toEqual(['药用中硼硅玻璃管制注射剂瓶']);
    expect(names(await list({ keyword: 'f2019' }))).toEqual(['乳糖']);
    expect(names(await list({ keyword: 'Y20190000005' }))).toEqual(['阿莫西林']);
    expect(names(await list({ keyword: '南宁糖业' }))).toEqual(['蔗糖']);
    expect((await list({ keyword: '乳糖片' })).totalCount).toBe(0);
  });

  it('ranks the exact name first, then names that start with the keyword, then the newest', async () => {
    expect(names(await list({ keyword: '乳糖', sort: 'relevance' }))).toEqual(['乳糖', '乳糖醇', '无水乳糖', '一水乳糖']);
    // Without a keyword relevance is the newest first.
    expect(names(await list({ sort: 'relevance', pageSize: 1 }))).toEqual(['乳糖醇']);
  });

  it('answers 400 with the error shape for bad filters', async () => {
    for (const query of ['type=辅', 'status=B', 'updatedFrom=2024/01/01', 'sort=newest', 'pageSize=0', 'pageSize=101', `company=${'华'.repeat(51)}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/app/registration?${encodeURI(query)}` });
      expect(response.statusCode, query).toBe(400);
      const { error } = parsed(response, ErrorResponse);
      expect(error.code, query).toBe('validation_failed');
      expect(error.requestId, query).toEqual(expect.any(String));
    }
  });

  it('finds the same records whichever way a page is read: the order walked, the matches read whole, the plain query', async () => {
    // The walk tests rows with a LIKE on the lower-cased text, the indexes with grams and terms: the same matches.
    const walking = new RegistrationRepository(t.database.db, { readAllUpTo: 0 });
    const reading = new RegistrationRepository(t.database.db, { readAllUpTo: 1_000_000 });
    for (const filters of [
      { company: 'GmbH' },
      { company: 'DFE PHARMA' },
      { company: 'pharma gmbh & co' },
      { company: '华' },
      { company: '华康', sort: 'updated_asc' },
      { company: '股份', keyword: '乳糖' },
      { keyword: 'DFE' },
      { keyword: '乳' },
      { keyword: '乳糖', sort: 'regno_desc' },
      { keyword: '乳糖', status: 'A', province: '浙江' },
      { keyword: 'f2019' },
      { keyword: '药用 玻璃' },
      { keyword: '100%' },
      { type: '辅料', sort: 'regno_asc' },
    ]) {
      const query = RegistrationQuery.parse({ ...filters, pageSize: 10 });
      const expected = await repositoryOf().exportRows(query, 10);
      const summaries = expected.map((r) => ({ id: r.id, regNo: r.regNo, name: r.name, company: r.company, province: r.province, type: r.type, reviewStatus: r.reviewStatus, updatedOn: r.updatedOn }));
      expect((await walking.search(query)).items, JSON.stringify(filters)).toEqual(summaries);
      expect((await reading.search(query)).items, JSON.stringify(filters)).toEqual(summaries);
    }
    expect((await walking.search(RegistrationQuery.parse({ company: 'gmbh' }))).items.map((r) => r.name)).toEqual(['无水乳糖']);
  });

  it('ranks every match by relevance, however many there are and however they are read', async () => {
    for (const limits of [{}, { readAllUpTo: 0 }, { exactCount: 1 }, { exactCount: 1, readAllUpTo: 0 }]) {
      const repository = new RegistrationRepository(t.database.db, limits);
      const ranked = await repository.search(RegistrationQuery.parse({ keyword: '乳糖', sort: 'relevance' }));
      expect(ranked.items.map((r) => r.name), JSON.stringify(limits)).toEqual(['乳糖', '乳糖醇', '无水乳糖', '一水乳糖']);
      expect(ranked.totalCount).toBe(4);
    }
  });

  it('pages on from a cursor in every order, the same records as one long page', async () => {
    for (const sort of ['updated_desc', 'updated_asc', 'regno_asc', 'regno_desc', 'relevance'] as const) {
      for (const filters of [{ keyword: '糖' }, { keyword: '乳' }, {}] as Array<Record<string, string>>) {
        const whole = await list({ ...filters, sort, pageSize: 100 });
        expect(whole.nextCursor).toBeNull();
        const walked: string[] = [];
        let after: string | undefined;
        for (let step = 0; step < 20; step++) {
          const page = await list({ ...filters, sort, pageSize: 2, ...(after ? { after } : {}) });
          walked.push(...page.items.map((r) => r.regNo));
          if (!page.nextCursor) break;
          after = page.nextCursor;
        }
        expect(walked, `${sort} ${JSON.stringify(filters)}`).toEqual(whole.items.map((r) => r.regNo));
      }
    }
  });

  it('answers 400 in Chinese for a cursor it did not write, or written for another order', async () => {
    const first = await list({ keyword: '糖', sort: 'regno_asc', pageSize: 1 });
    for (const after of ['abc', 'eyJ4IjoxfQ', first.nextCursor!]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/app/registration?keyword=${encodeURIComponent('糖')}&after=${after}` });
      expect(response.statusCode, after).toBe(400);
      expect(parsed(response, ErrorResponse).error.message).toBe('翻页位置无效，请回到第一页');
    }
  });

  it('counts exactly up to the limit and estimates above it; pages by number stop at their cap, cursors go on', async () => {
    const strict = new RegistrationRepository(t.database.db, { exactCount: 2, offsetCap: 2 });
    for (const filters of [{ keyword: '乳糖' }, { keyword: '乳糖醇' }, { company: '股份' }, { keyword: '糖', status: 'A' }]) {
      const query = RegistrationQuery.parse(filters);
      const exact = await repositoryOf().search(query);
      // A page of 2 does not reach the end of these lists: the total is the count (exact or estimated).
      const estimated = await strict.search(RegistrationQuery.parse({ ...filters, pageSize: 2 }));
      expect(exact.totalExact, JSON.stringify(filters)).toBe(true);
      expect(estimated.totalExact, JSON.stringify(filters)).toBe(exact.totalCount <= 2);
      expect(estimated.totalCount, JSON.stringify(filters)).toBe(exact.totalCount);
      // A page that reaches the end of the list counts what it read: exact, whatever the limit.
      const whole = await strict.search(query);
      expect([whole.totalCount, whole.totalExact], JSON.stringify(filters)).toEqual([exact.totalCount, true]);
    }
    const past = await strict.search(RegistrationQuery.parse({ keyword: '乳糖', page: 2, pageSize: 2 }));
    expect(past).toMatchObject({ items: [], nextCursor: null, totalCount: 4 });
    const first = await strict.search(RegistrationQuery.parse({ keyword: '乳糖', pageSize: 2 }));
    const second = await strict.search(RegistrationQuery.parse({ keyword: '乳糖', pageSize: 2, after: first.nextCursor! }));
    expect(second.items).toHaveLength(2);
  });
});

describe('GET /api/app/registration/:id', () => {
  const detail = async (headers: Record<string, string>, id = ids['乳糖']) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/app/registration/${id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return { detail: parsed(response, RegistrationDetail), body: response.body };
  };

  it('leaves out the log-in and member fields for anonymous callers and says so', async () => {
    const { detail: record, body } = await detail(who.anonymous);
    expect(record).toMatchObject({ regNo: 'F20190000001', name: '乳糖', source: '国产', excipientId, favoriteId: null });
    expect(record.companyAddress).toBeUndefined();
    expect(record.spec).toBeUndefined();
    expect(record.packageSpec).toBeUndefined();
    expect(record.remark).toBeUndefined();
    expect(body).not.toContain('华工路');
    expect(body).not.toContain('关联审评');
    expect(record.locked).toEqual([
      { level: 'login', message: '登录后查看', fields: ['companyAddress', 'spec', 'packageSpec'] },
      { level: 'member', message: '会员可见', fields: ['remark'], database: 'registration' },
    ]);
  });

  it('shows address and specifications after log-in, the remark to members only', async () => {
    const { detail: signedIn, body } = await detail(who.user);
    expect(signedIn).toMatchObject({ companyAddress: '浙江省衢州市开化县华埠镇华工路 18 号', spec: '药用级', packageSpec: '25 kg/袋' });
    expect(signedIn.remark).toBeUndefined();
    expect(body).not.toContain('关联审评');
    expect(signedIn.locked).toEqual([{ level: 'member', message: '会员可见', fields: ['remark'], database: 'registration' }]);

    const { detail: member } = await detail(who.member);
    expect(member).toMatchObject({ companyAddress: '浙江省衢州市开化县华埠镇华工路 18 号', remark: '已与多个制剂关联审评' });
    expect(member.locked).toEqual([]);
  });

  it('has no catalogue link for a record no product carries; favorites are per caller', async () => {
    expect((await detail(who.anonymous, ids['阿莫西林'])).detail.excipientId).toBeNull();
    const created = await t.app.inject({
      method: 'POST', url: '/api/app/favorite', headers: who.member, payload: { targetType: 'registration', targetId: ids['阿莫西林'] },
    });
    expect((await detail(who.member, ids['阿莫西林'])).detail.favoriteId).toBe(parsed(created, Favorite).id);
    expect((await detail(who.user, ids['阿莫西林'])).detail.favoriteId).toBeNull();
  });

  it('answers 404 for an unknown record', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/registration/987654' });
    expect(response.statusCode).toBe(404);
    expect(parsed(response, ErrorResponse).error.message).toBe('登记信息不存在');
  });
});
