import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse, SearchResult, paths, withQuery } from '@fuliaotong/contracts';
import { news, regulations } from '../article/article.schema.js';
import { excipients } from '../excipient/excipient.schema.js';
import { registrations } from '../registration/registration.schema.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { excerpt, SEARCH_ALL_PER_TYPE, SEARCH_COUNT_CAP } from './search.service.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const e = await db
    .insert(excipients)
    .values([
      { nameZh: '一水乳糖', nameEn: 'Lactose Monohydrate', category: '填充剂', summary: '喷雾干燥' },
      { nameZh: '乳糖', nameEn: 'Lactose', cas: '63-42-3', category: '填充剂', synonyms: ['乳糖一水合物'], summary: '常用填充剂' },
      { nameZh: '硬脂酸镁', nameEn: 'Magnesium Stearate', category: '润滑剂', summary: '润滑剂' },
    ])
    .returning({ id: excipients.id, name: excipients.nameZh });
  for (const row of e) ids[`excipient:${row.name}`] = row.id;
  const base = { company: '浙江华康药用辅料有限公司', province: '浙江', source: '国产', type: '辅料' as const, reviewStatus: 'A' as const };
  const r = await db
    .insert(registrations)
    .values([
      ...Array.from({ length: 7 }, (_, i) => ({ ...base, regNo: `F2019000010${i}`, name: `无水乳糖 ${i + 1} 号`, updatedOn: `2024-0${i + 1}-01` })),
      { ...base, regNo: 'F20190000001', name: '乳糖', updatedOn: '2020-01-01' },
    ])
    .returning({ id: registrations.id, name: registrations.name });
  for (const row of r) ids[`registration:${row.name}`] = row.id;
  const g = await db
    .insert(regulations)
    .values({ title: '药用辅料登记资料要求', issuer: '药品审评中心', category: '技术指导原则', issuedOn: '2024-03-15', status: '现行', content: '<p>乳糖等辅料</p>' })
    .returning({ id: regulations.id });
  ids['regulation'] = g[0]!.id;
  const longSummary = `${'辅料市场综述。'.repeat(30)}今年乳糖价格上涨，LACTOSE 供应紧张。${'后续展望。'.repeat(30)}`;
  const n = await db
    .insert(news)
    .values([{ title: '市场观察', category: '行业动态', source: '辅料通', publishedOn: '2025-03-01', summary: longSummary, content: '<p>正文</p>' }])
    .returning({ id: news.id });
  ids['news'] = n[0]!.id;
});
afterAll(async () => {
  await t.close();
});

async function search(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/app/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, SearchResult);
}
const q = encodeURIComponent;

describe('GET /api/app/search', () => {
  it('searches every type at once: counts per type and the first hits of each', async () => {
    const result = await search(`q=${q('乳糖')}`);
    expect(result.counts).toEqual({ excipient: 2, registration: 8, regulation: 0, news: 1 });
    expect(result.countCap).toBe(SEARCH_COUNT_CAP);
    expect(result.totalCount).toBe(11);
    expect(result.type).toBe('all');
    const byType = (type: string) => result.items.filter((i) => i.type === type);
    expect(byType('excipient').map((i) => i.title)).toEqual(['乳糖', '一水乳糖']);
    expect(byType('registration')).toHaveLength(SEARCH_ALL_PER_TYPE);
    // The exact name first, then the newest.
    expect(byType('registration').map((i) => i.title).slice(0, 3)).toEqual(['乳糖', '无水乳糖 7 号', '无水乳糖 6 号']);
    expect(byType('news')).toHaveLength(1);
  });

  it('links every hit to its page and marks the matches in title and snippet', async () => {
    const result = await search(`q=${q('乳糖')}&type=excipient`);
    const [lactose] = result.items;
    expect(lactose).toMatchObject({
      type: 'excipient',
      id: ids['excipient:乳糖'],
      title: '乳糖',
      url: withQuery(paths.excipientDetail, { id: ids['excipient:乳糖'] }),
      titleHighlights: [[0, 2]],
    });
    expect(lactose!.snippet).toContain('别名：乳糖一水合物');
    for (const [start, end] of lactose!.snippetHighlights) expect(lactose!.snippet.slice(start, end)).toBe('乳糖');
    const registration = (await search(`q=${q('乳糖')}&type=registration&pageSize=1`)).items[0]!;
    expect(registration.url).toBe(withQuery(paths.topDatabaseDetail, { code: 'registration', id: ids['registration:乳糖'] }));
    expect(registration.date).toBe('2020-01-01');
    const regulation = (await search(`q=${q('登记资料')}&type=regulation`)).items[0]!;
    expect(regulation.url).toBe(withQuery(paths.topRegulations, { id: ids['regulation'] }));
  });

  it('cuts long texts around the match, and highlights case-insensitively', async () => {
    const hit = (await search('q=lactose&type=news')).items[0]!;
    expect(hit.url).toBe(withQuery(paths.topNewsDetail, { id: ids['news'] }));
    expect(hit.snippet.length).toBeLessThan(200);
    expect(hit.snippet).toContain('LACTOSE');
    expect(hit.snippetHighlights).toHaveLength(1);
    const [[start, end]] = hit.snippetHighlights as [[number, number]];
    expect(hit.snippet.slice(start, end)).toBe('LACTOSE');
    expect(excerpt('短文本', '文')).toBe('短文本');
  });

  it('pages through one type', async () => {
    const first = await search(`q=${q('乳糖')}&type=registration&pageSize=3`);
    const third = await search(`q=${q('乳糖')}&type=registration&pageSize=3&page=3`);
    expect(first.totalCount).toBe(8);
    expect(first.items).toHaveLength(3);
    expect(third.items.map((i) => i.title)).toEqual(['无水乳糖 2 号', '无水乳糖 1 号']);
    expect((await search(`q=${q('乳糖')}&type=registration&pageSize=3&page=4`)).items).toEqual([]);
  });

  it('finds a one-character query', async () => {
    const result = await search(`q=${q('镁')}`);
    expect(result.counts.excipient).toBe(1);
    expect(result.items[0]).toMatchObject({ title: '硬脂酸镁', titleHighlights: [[3, 4]] });
    expect((await search(`q=${q('龘')}`)).totalCount).toBe(0);
  });

  it('answers 400 with a clear message for an empty or over-long query and bad types', async () => {
    for (const [query, message] of [
      ['q=', '请输入搜索关键词'],
      ['q=%20%20', '请输入搜索关键词'],
      ['', undefined],
      [`q=${q('药'.repeat(51))}`, '搜索关键词最多 50 个字'],
      ['q=a&type=patent', undefined],
      ['q=a&pageSize=1000', undefined],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/app/search?${query}` });
      expect(response.statusCode, query).toBe(400);
      const { error } = parsed(response, ErrorResponse);
      expect(error.code).toBe('validation_failed');
      expect(error.details).toHaveProperty('0.message');
      if (message) expect(error.message).toBe(message);
    }
  });
});
