import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseList, ErrorResponse, StandardPage, StandardRecord, UsagePage, UsageRecord } from '@fuliaotong/contracts';
import { registrations } from '../registration/registration.schema.js';
import { databases, standards, usageRecords } from './reference.schema.js';
import { viewers } from '../../../test/members.js';
import { createTestApp, jwtSecretOf, testClock, type TestApp } from '../../../test/test-app.js';
import { CONTENT_CHANGED } from '../../db/signals.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof viewers>>;
const standardIds: Record<string, number> = {};
const usageIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  await db.insert(databases).values([
    { code: 'registration', name: '原辅包登记信息', description: 'CDE 登记信息', access: 'public', sortOrder: 1 },
    { code: 'standard', name: '药典标准数据库', description: '各国药典辅料标准', access: 'login', sortOrder: 2 },
    { code: 'usage', name: '辅料用量数据库', description: '单位制剂最大用量', access: 'member', sortOrder: 3 },
  ]);
  await db.insert(registrations).values([
    { regNo: 'F20190000001', name: '乳糖', company: '浙江华康药用辅料有限公司', province: '浙江', source: '国产', type: '辅料', reviewStatus: 'A', updatedOn: '2024-05-01' },
    { regNo: 'F20190000002', name: '蔗糖', company: '广西南宁糖业有限公司', province: '广西', source: '国产', type: '辅料', reviewStatus: 'A', updatedOn: '2025-02-03' },
  ]);
  const s = await db
    .insert(standards)
    .values([
      { name: '乳糖', nameEn: 'Lactose Monohydrate', pharmacopoeia: 'ChP', edition: '2025 年版', status: '现行', effectiveOn: '2025-10-01' },
      { name: '无水乳糖', nameEn: 'Anhydrous Lactose', pharmacopoeia: 'USP-NF', edition: 'USP 2025', status: '现行', effectiveOn: '2025-05-01' },
      { name: '乳糖', nameEn: 'Lactose', pharmacopoeia: 'EP', edition: '11.0', status: '废止', effectiveOn: '2023-01-01' },
      { name: '硬脂酸镁', nameEn: 'Magnesium Stearate', pharmacopoeia: 'JP', edition: 'JP 18', status: '草案公示', effectiveOn: null },
    ])
    .returning({ id: standards.id, name: standards.name, pharmacopoeia: standards.pharmacopoeia });
  for (const row of s) standardIds[`${row.name}/${row.pharmacopoeia}`] = row.id;
  const u = await db
    .insert(usageRecords)
    .values([
      { ingredient: '乳糖', route: '口服', dosageForm: '片剂', maxAmount: '1020 mg' },
      { ingredient: '乳糖', route: '吸入', dosageForm: '吸入制剂', maxAmount: '25 mg' },
      { ingredient: '硬脂酸镁', route: '口服', dosageForm: '胶囊剂', maxAmount: '60 mg' },
    ])
    .returning({ id: usageRecords.id, ingredient: usageRecords.ingredient, route: usageRecords.route });
  for (const row of u) usageIds[`${row.ingredient}/${row.route}`] = row.id;
  who = await viewers(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/app/database', () => {
  it('lists the databases with record counts, newest dates and what the caller may open', async () => {
    const anonymous = parsed(await get('/api/app/database'), DatabaseList);
    expect(anonymous.totalCount).toBe(3);
    expect(anonymous.items.map((d) => [d.code, d.recordCount, d.updatedOn, d.accessible, d.lockedMessage])).toEqual([
      ['registration', 2, '2025-02-03', true, null],
      ['standard', 4, '2025-10-01', false, '登录后查看'],
      ['usage', 3, null, false, '会员可见'],
    ]);
    const user = parsed(await get('/api/app/database', who.user), DatabaseList);
    expect(user.items.map((d) => [d.accessible, d.lockedMessage])).toEqual([[true, null], [true, null], [false, '会员可见']]);
    const member = parsed(await get('/api/app/database', who.member), DatabaseList);
    expect(member.items.every((d) => d.accessible && d.lockedMessage === null)).toBe(true);
  });
});

describe('GET /api/app/database/:code/records', () => {
  it('keeps log-in databases from anonymous callers and member databases from non-members', async () => {
    const anonymous = await get('/api/app/database/standard/records');
    expect(anonymous.statusCode).toBe(401);
    const refused = parsed(anonymous, ErrorResponse).error;
    expect(refused.code).toBe('unauthorized');
    expect(refused.message).toContain('登录');
    expect((await get('/api/app/database/usage/records')).statusCode).toBe(401);
    const user = await get('/api/app/database/usage/records', who.user);
    expect(user.statusCode).toBe(403);
    expect(parsed(user, ErrorResponse).error).toMatchObject({ code: 'forbidden', message: '会员可见，请升级会员' });
    expect((await get('/api/app/database/standard/records', who.user)).statusCode).toBe(200);
    expect((await get('/api/app/database/usage/records', who.member)).statusCode).toBe(200);
  });

  it('sends registration records to their own API and refuses unknown databases', async () => {
    const registration = await get('/api/app/database/registration/records');
    expect(registration.statusCode).toBe(400);
    expect(parsed(registration, ErrorResponse).error.message).toContain('/api/app/registration');
    expect((await get('/api/app/database/patents/records')).statusCode).toBe(400);
  });

  it('lists standards with keyword, pharmacopoeia and status filters, exact names first', async () => {
    const list = async (query: string) => {
      const response = await get(`/api/app/database/standard/records?${query}`, who.user);
      expect(response.statusCode, response.body).toBe(200);
      return parsed(response, StandardPage);
    };
    const all = await list('');
    expect(all.totalCount).toBe(4);
    expect(all.items.map((s) => s.effectiveOn)).toEqual(['2025-10-01', '2025-05-01', '2023-01-01', null]);
    const lactose = await list(`keyword=${encodeURIComponent('乳糖')}`);
    expect(lactose.items.map((s) => s.name)).toEqual(['乳糖', '乳糖', '无水乳糖']);
    expect((await list('keyword=anhydrous')).items.map((s) => s.name)).toEqual(['无水乳糖']);
    expect((await list('pharmacopoeia=EP')).items.map((s) => s.status)).toEqual(['废止']);
    expect((await list(`status=${encodeURIComponent('现行')}`)).totalCount).toBe(2);
    expect((await list('pageSize=1&page=2')).items).toHaveLength(1);
    expect((await get('/api/app/database/standard/records?pharmacopoeia=BP', who.user)).statusCode).toBe(400);
  });

  it('lists usage data; the maximum amount is for members and locked for the others', async () => {
    const response = await get(`/api/app/database/usage/records?route=${encodeURIComponent('口服')}`, who.member);
    const page = parsed(response, UsagePage);
    expect(page.totalCount).toBe(2);
    expect(page.items.map((u) => [u.ingredient, u.maxAmount, u.locked])).toEqual([
      ['乳糖', '1020 mg', []],
      ['硬脂酸镁', '60 mg', []],
    ]);
    const keyword = parsed(await get(`/api/app/database/usage/records?keyword=${encodeURIComponent('镁')}`, who.member), UsagePage);
    expect(keyword.items.map((u) => u.dosageForm)).toEqual(['胶囊剂']);
    const form = parsed(await get(`/api/app/database/usage/records?dosageForm=${encodeURIComponent('吸入制剂')}`, who.member), UsagePage);
    expect(form.items.map((u) => u.maxAmount)).toEqual(['25 mg']);
  });
});

describe('GET /api/app/database/:code/records/:id', () => {
  it('answers one standard under the same access rules', async () => {
    const url = `/api/app/database/standard/records/${standardIds['硬脂酸镁/JP']}`;
    expect((await get(url)).statusCode).toBe(401);
    const response = await get(url, who.user);
    expect(parsed(response, StandardRecord)).toMatchObject({ name: '硬脂酸镁', pharmacopoeia: 'JP', effectiveOn: null });
    expect((await get('/api/app/database/standard/records/999999', who.user)).statusCode).toBe(404);
  });

  it('answers one usage record to members, with the maximum amount', async () => {
    const url = `/api/app/database/usage/records/${usageIds['乳糖/吸入']}`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, who.user)).statusCode).toBe(403);
    const record = parsed(await get(url, who.member), UsageRecord);
    expect(record).toEqual({ id: usageIds['乳糖/吸入'], ingredient: '乳糖', route: '吸入', dosageForm: '吸入制剂', maxAmount: '25 mg', locked: [] });
    expect((await get('/api/app/database/registration/records/1')).statusCode).toBe(400);
  });

  it('locks the maximum amount for non-members when the usage database is opened to signed-in users', async () => {
    await t.database.db.update(databases).set({ access: 'login' }).where(eq(databases.code, 'usage'));
    try {
      const page = parsed(await get('/api/app/database/usage/records', who.user), UsagePage);
      expect(page.items).toHaveLength(3);
      for (const item of page.items) {
        expect(item.maxAmount).toBeUndefined();
        expect(item.locked).toEqual([{ level: 'member', message: '会员可见', fields: ['maxAmount'], database: 'usage' }]);
      }
      const raw = await get('/api/app/database/usage/records', who.user);
      expect(raw.body).not.toContain('1020 mg');
    } finally {
      await t.database.db.update(databases).set({ access: 'member' }).where(eq(databases.code, 'usage'));
    }
  });
});

describe('a database’s access level, reused for a second by each process', () => {
  it('is read again after the second, and at once after a content change', async () => {
    const clock = testClock();
    const cached = await createTestApp({ database: t.database, sessionCacheMs: 1000, clock, jwtSecret: jwtSecretOf(t.app) });
    const usage = async () => (await cached.app.inject({ method: 'GET', url: '/api/app/database/usage/records', headers: who.user })).statusCode;
    try {
      expect(await usage()).toBe(403);
      await t.database.db.update(databases).set({ access: 'login' }).where(eq(databases.code, 'usage'));
      // Within the second: the level read a moment ago.
      expect(await usage()).toBe(403);
      clock.advance(1001);
      expect(await usage()).toBe(200);
      await t.database.db.update(databases).set({ access: 'member' }).where(eq(databases.code, 'usage'));
      expect(await usage()).toBe(200);
      // A content change (any process's) drops it.
      await t.database.signals.publish(CONTENT_CHANGED, 'test');
      await expect.poll(usage).toBe(403);
    } finally {
      await t.database.db.update(databases).set({ access: 'member' }).where(eq(databases.code, 'usage'));
      await cached.close();
    }
  });
});
