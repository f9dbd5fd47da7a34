import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSummary, ErrorResponse, Favorite, FavoritePage, MAX_FAVORITES, paths, withQuery } from '@fuliaotong/contracts';
import { news, regulations } from '../article/article.schema.js';
import { excipients } from '../excipient/excipient.schema.js';
import { registrations } from '../registration/registration.schema.js';
import { favorites } from './favorite.schema.js';
import { bearer, registerMember } from '../../../test/accounts.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
const target: Record<'excipient' | 'registration' | 'regulation' | 'news', number> = { excipient: 0, registration: 0, regulation: 0, news: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  target.excipient = (await db.insert(excipients).values({ nameZh: '乳糖', nameEn: 'Lactose', category: '填充剂' }).returning())[0]!.id;
  target.registration = (
    await db
      .insert(registrations)
      .values({ regNo: 'F20190000001', name: '乳糖', company: '浙江华康药用辅料有限公司', province: '浙江', source: '国产', type: '辅料', reviewStatus: 'A', updatedOn: '2024-05-01' })
      .returning()
  )[0]!.id;
  target.regulation = (
    await db.insert(regulations).values({ title: '药品管理法', issuer: '全国人大常委会', category: '法律法规', issuedOn: '2019-08-26', status: '现行', content: '<p>…</p>' }).returning()
  )[0]!.id;
  target.news = (
    await db.insert(news).values({ title: '乳糖价格走势', category: '行业动态', source: '辅料通', publishedOn: '2025-03-01', summary: '…', content: '<p>…</p>' }).returning()
  )[0]!.id;
});
afterAll(async () => {
  await t.close();
});

const add = (token: string, targetType: string, targetId: number) =>
  t.app.inject({ method: 'POST', url: '/api/app/favorite', headers: bearer(token), payload: { targetType, targetId } });
const listOf = async (token: string, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/app/favorite?${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, FavoritePage);
};

describe('favorites', () => {
  it('adds one of each type, resolves titles and links, and counts them per type', async () => {
    const { token } = await registerMember(t.app);
    for (const type of ['excipient', 'registration', 'regulation', 'news'] as const) {
      const response = await add(token, type, target[type]);
      expect(response.statusCode, response.body).toBe(201);
    }
    const page = await listOf(token);
    expect(page.totalCount).toBe(4);
    expect(page.countsByType).toEqual({ excipient: 1, registration: 1, regulation: 1, news: 1 });
    // Newest first.
    expect(page.items.map((f) => [f.targetType, f.title, f.subtitle, f.url])).toEqual([
      ['news', '乳糖价格走势', '行业动态 · 辅料通', withQuery(paths.topNewsDetail, { id: target.news })],
      ['regulation', '药品管理法', '全国人大常委会', withQuery(paths.topRegulations, { id: target.regulation })],
      ['registration', '乳糖（F20190000001）', '浙江华康药用辅料有限公司', withQuery(paths.topDatabaseDetail, { code: 'registration', id: target.registration })],
      ['excipient', '乳糖', '填充剂 · Lactose', withQuery(paths.excipientDetail, { id: target.excipient })],
    ]);
    const onlyNews = await listOf(token, 'targetType=news');
    expect(onlyNews.items.map((f) => f.targetType)).toEqual(['news']);
    expect(onlyNews.totalCount).toBe(1);
    expect(onlyNews.countsByType.excipient).toBe(1);
    expect((await listOf(token, 'pageSize=3&page=2')).items).toHaveLength(1);
    const summary = await t.app.inject({ method: 'GET', url: '/api/app/account/summary', headers: bearer(token) });
    expect(parsed(summary, AccountSummary).favorites).toBe(4);
  });

  it('is idempotent: adding the same target again answers the existing favorite with 200', async () => {
    const { token } = await registerMember(t.app);
    const first = await add(token, 'excipient', target.excipient);
    const second = await add(token, 'excipient', target.excipient);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(parsed(second, Favorite).id).toBe(parsed(first, Favorite).id);
    expect((await listOf(token)).totalCount).toBe(1);
    // Parallel additions of one target still make one favorite.
    const parallel = await Promise.all(Array.from({ length: 5 }, () => add(token, 'news', target.news)));
    expect(new Set(parallel.map((r) => parsed(r, Favorite).id)).size).toBe(1);
    expect((await listOf(token)).totalCount).toBe(2);
  });

  it('answers 404 for a target that does not exist and 400 for a bad body', async () => {
    const { token } = await registerMember(t.app);
    const missing = await add(token, 'regulation', 999_999);
    expect(missing.statusCode).toBe(404);
    expect(parsed(missing, ErrorResponse).error.message).toBe('收藏的内容不存在');
    expect((await add(token, 'patent', target.news)).statusCode).toBe(400);
    expect((await add(token, 'news', 0)).statusCode).toBe(400);
  });

  it('removes only the caller’s own favorites (404 for others’ and unknown ones)', async () => {
    const owner = await registerMember(t.app);
    const other = await registerMember(t.app);
    const { id } = parsed(await add(owner.token, 'excipient', target.excipient), Favorite);
    const byOther = await t.app.inject({ method: 'DELETE', url: `/api/app/favorite/${id}`, headers: bearer(other.token) });
    expect(byOther.statusCode).toBe(404);
    expect((await listOf(owner.token)).totalCount).toBe(1);
    expect((await listOf(other.token)).totalCount).toBe(0);
    const byOwner = await t.app.inject({ method: 'DELETE', url: `/api/app/favorite/${id}`, headers: bearer(owner.token) });
    expect(byOwner.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/app/favorite/${id}`, headers: bearer(owner.token) })).statusCode).toBe(404);
    expect((await listOf(owner.token)).totalCount).toBe(0);
  });

  it(`stops at ${MAX_FAVORITES} favorites with 409`, async () => {
    const { token, user } = await registerMember(t.app);
    // Fill up to the limit with favorites of (otherwise unchecked) ids directly.
    await t.database.db.execute(
      sql`INSERT INTO ${favorites} (user_id, target_type, target_id) SELECT ${user.id}, 'registration', 100000 + i FROM generate_series(1, ${MAX_FAVORITES}) AS i`,
    );
    const full = await add(token, 'excipient', target.excipient);
    expect(full.statusCode).toBe(409);
    expect(parsed(full, ErrorResponse).error.code).toBe('conflict');
    // Favorites of content that has gone still list, marked as such.
    const page = await listOf(token, 'pageSize=1');
    expect(page.totalCount).toBe(MAX_FAVORITES);
    expect(page.items[0]).toMatchObject({ title: '该内容已下架', url: '' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/app/favorite' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/app/favorite', payload: { targetType: 'news', targetId: target.news } })).statusCode).toBe(401);
  });
});
