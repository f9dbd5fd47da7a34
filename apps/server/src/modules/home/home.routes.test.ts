import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomeData } from '@fuliaotong/contracts';
import { news, regulations } from '../article/article.schema.js';
import { excipients } from '../excipient/excipient.schema.js';
import { databases } from '../reference/reference.schema.js';
import { bearer } from '../../../test/accounts.js';
import { viewers } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof viewers>>;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  await db.insert(excipients).values(
    Array.from({ length: 12 }, (_, i) => ({ nameZh: `辅料 ${i + 1}`, nameEn: `Excipient ${i + 1}`, category: '填充剂', featured: i % 4 !== 3 })),
  );
  await db.insert(databases).values([
    { code: 'registration', name: '原辅包登记信息', description: '…', access: 'public', sortOrder: 1 },
    { code: 'usage', name: '辅料用量数据库', description: '…', access: 'member', sortOrder: 3 },
  ]);
  await db.insert(news).values(
    Array.from({ length: 8 }, (_, i) => ({ title: `资讯 ${i + 1}`, category: '行业动态', source: '辅料通', publishedOn: `2025-01-0${i + 1}`, summary: '…', content: '<p>…</p>' })),
  );
  await db.insert(regulations).values(
    Array.from({ length: 7 }, (_, i) => ({ title: `法规 ${i + 1}`, issuer: '国家药监局', category: '部门规章', issuedOn: `2024-02-0${i + 1}`, status: '现行' as const, content: '<p>…</p>' })),
  );
  who = await viewers(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/app/home', () => {
  it('answers featured products, databases, the latest news and regulations and the product count', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/home' });
    expect(response.statusCode).toBe(200);
    const home = parsed(response, HomeData);
    expect(home.featured).toHaveLength(8);
    expect(home.featured.map((e) => e.nameZh)).toEqual(['辅料 1', '辅料 2', '辅料 3', '辅料 5', '辅料 6', '辅料 7', '辅料 9', '辅料 10']);
    expect(home.excipientCount).toBe(12);
    expect(home.news.map((n) => n.title)).toEqual(['资讯 8', '资讯 7', '资讯 6', '资讯 5', '资讯 4', '资讯 3']);
    expect(home.regulations.map((r) => r.title)).toEqual(['法规 7', '法规 6', '法规 5', '法规 4', '法规 3', '法规 2']);
    expect(home.databases.map((d) => [d.code, d.accessible, d.lockedMessage])).toEqual([
      ['registration', true, null],
      ['usage', false, '会员可见'],
    ]);
  });

  it('tells members that they may open every database; a bad token reads as anonymous', async () => {
    const member = parsed(await t.app.inject({ method: 'GET', url: '/api/app/home', headers: who.member }), HomeData);
    expect(member.databases.every((d) => d.accessible)).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/app/home', headers: bearer('expired.or.forged') });
    expect(bad.statusCode).toBe(200);
    expect(parsed(bad, HomeData).databases[1]!.accessible).toBe(false);
  });
});
