import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse, Favorite, NewsDetail, NewsPage, RegulationDetail, RegulationPage } from '@fuliaotong/contracts';
import { news, regulations } from './article.schema.js';
import { viewers } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof viewers>>;
const regulationIds: Record<string, number> = {};
const newsIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const r = await db
    .insert(regulations)
    .values([
      { title: '药品管理法', issuer: '全国人民代表大会常务委员会', docNumber: '主席令第三十一号', category: '法律法规', issuedOn: '2019-08-26', effectiveOn: '2019-12-01', status: '现行', content: '<p>第一条 为了加强药品管理……</p>' },
      { title: '药用辅料登记资料要求（试行）', issuer: '国家药品监督管理局药品审评中心', docNumber: null, category: '技术指导原则', issuedOn: '2024-03-15', effectiveOn: null, status: '现行', content: '<h2>一、适用范围</h2><p>本要求适用于药用辅料。</p>' },
      { title: '关于药用辅料关联审评的公告（征求意见稿）', issuer: '国家药品监督管理局', docNumber: null, category: '征求意见稿', issuedOn: '2025-06-01', effectiveOn: null, status: '征求意见', content: '<p>征求意见。</p>' },
      { title: '药品注册管理办法（2007 年）', issuer: '国家食品药品监督管理局', docNumber: '局令第 28 号', category: '部门规章', issuedOn: '2007-07-10', effectiveOn: '2007-10-01', status: '废止', content: '<p>已废止。</p>' },
    ])
    .returning({ id: regulations.id, title: regulations.title });
  for (const row of r) regulationIds[row.title] = row.id;
  const n = await db
    .insert(news)
    .values([
      { title: '乳糖价格走势分析', category: '行业动态', source: '辅料通', publishedOn: '2025-03-01', cover: '/images/lactose.jpg', summary: '乳糖供应趋紧。', content: '<p>正文</p>' },
      { title: '直接压片用辅料的选择', category: '技术文章', source: '辅料通技术部', publishedOn: '2025-04-12', cover: null, summary: '比较微晶纤维素与乳糖。', content: '<p>正文二</p>' },
      { title: '2025 CPHI 展会预告', category: '展会活动', source: '展会主办方', publishedOn: '2025-05-20', cover: null, summary: '上海见。', content: '<p>正文三</p>' },
    ])
    .returning({ id: news.id, title: news.title });
  for (const row of n) newsIds[row.title] = row.id;
  who = await viewers(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const q = encodeURIComponent;

describe('regulations', () => {
  const list = async (query: string) => {
    const response = await get(`/api/app/regulation?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return parsed(response, RegulationPage).items.map((i) => i.title);
  };

  it('lists the newest first with keyword, category, status and date filters', async () => {
    expect(await list('')).toEqual(['关于药用辅料关联审评的公告（征求意见稿）', '药用辅料登记资料要求（试行）', '药品管理法', '药品注册管理办法（2007 年）']);
    expect(await list(`keyword=${q('辅料')}`)).toEqual(['关于药用辅料关联审评的公告（征求意见稿）', '药用辅料登记资料要求（试行）']);
    expect(await list(`keyword=${q('审评中心')}`)).toEqual(['药用辅料登记资料要求（试行）']);
    expect(await list(`keyword=${q('第 28 号')}`)).toEqual(['药品注册管理办法（2007 年）']);
    expect(await list(`category=${q('部门规章')}`)).toEqual(['药品注册管理办法（2007 年）']);
    expect(await list(`status=${q('现行')}`)).toEqual(['药用辅料登记资料要求（试行）', '药品管理法']);
    expect(await list('issuedFrom=2019-01-01&issuedTo=2024-12-31')).toEqual(['药用辅料登记资料要求（试行）', '药品管理法']);
    expect(await list('pageSize=1&page=2')).toEqual(['药用辅料登记资料要求（试行）']);
    expect(await list(`keyword=${q('药品管理法')}`)).toEqual(['药品管理法']);
  });

  it('ranks the exact title first', async () => {
    // Both contain 药品管理法 only once; the exact title wins over the newer one.
    await t.database.db.insert(regulations).values({
      title: '药品管理法实施条例', issuer: '国务院', category: '法律法规', issuedOn: '2026-01-01', status: '现行', content: '<p>条例</p>',
    });
    expect((await list(`keyword=${q('药品管理法')}`))[0]).toBe('药品管理法');
  });

  it('answers 400 for bad filters', async () => {
    for (const query of ['status=draft', 'issuedFrom=2024-1-1', 'pageSize=500']) {
      expect((await get(`/api/app/regulation?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('answers the full text with the caller favorite, or 404', async () => {
    const id = regulationIds['药用辅料登记资料要求（试行）']!;
    const anonymous = parsed(await get(`/api/app/regulation/${id}`), RegulationDetail);
    expect(anonymous).toMatchObject({ docNumber: null, effectiveOn: null, content: '<h2>一、适用范围</h2><p>本要求适用于药用辅料。</p>', favoriteId: null });
    const favorite = await t.app.inject({ method: 'POST', url: '/api/app/favorite', headers: who.user, payload: { targetType: 'regulation', targetId: id } });
    expect(parsed(await get(`/api/app/regulation/${id}`, who.user), RegulationDetail).favoriteId).toBe(parsed(favorite, Favorite).id);
    expect(parsed(await get('/api/app/regulation/424242'), ErrorResponse).error).toMatchObject({ code: 'not_found', message: '法规不存在' });
  });
});

describe('news', () => {
  const list = async (query: string) => {
    const response = await get(`/api/app/news?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return parsed(response, NewsPage);
  };

  it('lists the newest first with keyword and category filters', async () => {
    const all = await list('');
    expect(all.totalCount).toBe(3);
    expect(all.items.map((i) => i.title)).toEqual(['2025 CPHI 展会预告', '直接压片用辅料的选择', '乳糖价格走势分析']);
    expect(all.items[2]).toMatchObject({ cover: '/images/lactose.jpg', summary: '乳糖供应趋紧。', source: '辅料通' });
    // The keyword reaches summaries too; the title match ranks first.
    expect((await list(`keyword=${q('乳糖')}`)).items.map((i) => i.title)).toEqual(['乳糖价格走势分析', '直接压片用辅料的选择']);
    expect((await list('keyword=cphi')).items.map((i) => i.title)).toEqual(['2025 CPHI 展会预告']);
    expect((await list(`category=${q('技术文章')}`)).items.map((i) => i.title)).toEqual(['直接压片用辅料的选择']);
    expect((await get(`/api/app/news?keyword=${'长'.repeat(51)}`)).statusCode).toBe(400);
  });

  it('answers the full text, or 404', async () => {
    const id = newsIds['乳糖价格走势分析']!;
    expect(parsed(await get(`/api/app/news/${id}`, who.member), NewsDetail)).toMatchObject({ content: '<p>正文</p>', favoriteId: null });
    expect((await get('/api/app/news/424242')).statusCode).toBe(404);
    expect((await get('/api/app/news/0')).statusCode).toBe(400);
  });
});
