import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse, ExcipientDetail, ExcipientFacets, ExcipientPage, Favorite } from '@fuliaotong/contracts';
import { grants } from '../grant/grant.schema.js';
import { registrations } from '../registration/registration.schema.js';
import { excipientDocuments, excipients, excipientSpecs } from './excipient.schema.js';
import { bearer, registerMember } from '../../../test/accounts.js';
import { setMembership, viewers } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parsed } from '../../../test/responses.js';
import { pdfFonts, pdfMetadata, pdfText } from '../../../test/poppler.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof viewers>>;
const ids: Record<string, number> = {};
const docs: Record<string, number> = {};
let lactoseRegistrationId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  // 一水乳糖 comes before 乳糖 so that ranking, not insertion order, puts the exact name first.
  const rows = await db
    .insert(excipients)
    .values([
      { nameZh: '一水乳糖', nameEn: 'Lactose Monohydrate', cas: '64044-51-5', category: '填充剂', dosageForms: ['片剂'], pharmacopoeias: ['ChP', 'EP'], summary: '一水乳糖' },
      { nameZh: '乳糖', nameEn: 'Lactose', cas: '63-42-3', category: '填充剂', dosageForms: ['片剂', '胶囊剂'], pharmacopoeias: ['ChP', 'USP-NF'], synonyms: ['乳糖一水合物'], regNos: ['F20190000001', 'F20200009999'], featured: true, summary: '常用填充剂', description: '乳糖是最常用的片剂填充剂。' },
      { nameZh: '无水乳糖', nameEn: 'Anhydrous Lactose', category: '填充剂', dosageForms: ['片剂', '胶囊剂'], pharmacopoeias: ['USP-NF'], summary: '直接压片' },
      { nameZh: '蔗糖', nameEn: 'Sucrose', cas: '57-50-1', category: '矫味剂', dosageForms: ['口服溶液剂'], pharmacopoeias: ['ChP'], sampleAvailable: false, summary: '甜味剂' },
      { nameZh: '硬脂酸镁', nameEn: 'Magnesium Stearate', cas: '557-04-0', category: '润滑剂', dosageForms: ['片剂', '胶囊剂'], pharmacopoeias: ['ChP', 'USP-NF', 'EP', 'JP'], summary: '润滑剂' },
      { nameZh: '微晶纤维素', nameEn: 'Microcrystalline Cellulose', category: '填充剂', dosageForms: ['片剂'], pharmacopoeias: ['ChP'], synonyms: ['MCC'], summary: '50%_干法' },
    ])
    .returning({ id: excipients.id, nameZh: excipients.nameZh });
  for (const row of rows) ids[row.nameZh] = row.id;
  await db.insert(excipientSpecs).values([
    { excipientId: ids['乳糖']!, grade: '200 目', packSize: '25 kg/袋', sortOrder: 2 },
    { excipientId: ids['乳糖']!, grade: '100 目', packSize: '500 g', sortOrder: 1, sampleAvailable: true },
  ]);
  const documentRows = await db
    .insert(excipientDocuments)
    .values([
      { excipientId: ids['乳糖']!, kind: 'TDS', title: '乳糖技术资料', access: 'public', url: '' },
      { excipientId: ids['乳糖']!, kind: 'COA', title: '乳糖检验报告样例', access: 'login', url: '' },
      { excipientId: ids['乳糖']!, kind: 'DMF', title: '乳糖 DMF 公开部分', access: 'member', url: '' },
      { excipientId: ids['乳糖']!, kind: 'DMF', title: '乳糖 DMF 授权信', access: 'request', url: '' },
      { excipientId: ids['蔗糖']!, kind: 'TDS', title: '蔗糖技术资料', access: 'public', url: '' },
    ])
    .returning({ id: excipientDocuments.id, title: excipientDocuments.title, excipientId: excipientDocuments.excipientId });
  for (const d of documentRows) docs[d.title] = d.id;
  const [registration] = await db
    .insert(registrations)
    .values({
      regNo: 'F20190000001', name: '乳糖', company: '浙江示例药用辅料有限公司', province: '浙江', source: '国产',
      type: '辅料', reviewStatus: 'A', updatedOn: '2024-05-01',
    })
    .returning({ id: registrations.id });
  lactoseRegistrationId = registration!.id;
  who = await viewers(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

async function list(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/app/excipient?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ExcipientPage);
}
const names = (page: ExcipientPage) => page.items.map((i) => i.nameZh);

describe('GET /api/app/excipient', () => {
  it('lists the catalogue in pages, featured first', async () => {
    const first = await list('pageSize=4');
    expect(first.totalCount).toBe(6);
    expect(first.items).toHaveLength(4);
    expect(first.items[0]!.nameZh).toBe('乳糖');
    const second = await list('pageSize=4&page=2');
    expect(second.items).toHaveLength(2);
    expect(second.totalCount).toBe(6);
    expect(new Set([...names(first), ...names(second)]).size).toBe(6);
    // A page past the end still knows the total.
    expect(await list('pageSize=4&page=3')).toEqual({ items: [], totalCount: 6 });
    expect((await list('page=9')).items).toEqual([]);
  });

  it('filters by category, dosage form, pharmacopoeia and samples', async () => {
    expect(names(await list(`category=${encodeURIComponent('润滑剂')}`))).toEqual(['硬脂酸镁']);
    expect(new Set(names(await list(`dosageForm=${encodeURIComponent('胶囊剂')}`)))).toEqual(new Set(['乳糖', '无水乳糖', '硬脂酸镁']));
    expect(new Set(names(await list('pharmacopoeia=JP')))).toEqual(new Set(['硬脂酸镁']));
    expect(names(await list('sampleAvailable=false'))).toEqual(['蔗糖']);
    const combined = await list(`category=${encodeURIComponent('填充剂')}&pharmacopoeia=USP-NF`);
    expect(new Set(names(combined))).toEqual(new Set(['乳糖', '无水乳糖']));
  });

  it('finds one- and two-character Chinese keywords, exact names first', async () => {
    const one = await list(`keyword=${encodeURIComponent('糖')}`);
    expect(one.totalCount).toBe(4);
    expect(new Set(names(one))).toEqual(new Set(['一水乳糖', '乳糖', '无水乳糖', '蔗糖']));
    const two = await list(`keyword=${encodeURIComponent('乳糖')}`);
    expect(two.totalCount).toBe(3);
    expect(names(two)[0]).toBe('乳糖');
    expect(names(await list(`keyword=${encodeURIComponent(' 硬脂酸镁 ')}`))).toEqual(['硬脂酸镁']);
  });

  it('matches English names, CAS numbers and synonyms case-insensitively; wildcards are literal', async () => {
    expect(names(await list('keyword=LACTOSE'))[0]).toBe('乳糖');
    expect(names(await list('keyword=557-04'))).toEqual(['硬脂酸镁']);
    expect(names(await list('keyword=mcc'))).toEqual(['微晶纤维素']);
    expect((await list(`keyword=${encodeURIComponent('%')}`)).totalCount).toBe(0);
    expect((await list(`keyword=${encodeURIComponent('_')}`)).totalCount).toBe(0);
  });

  it('answers 400 with the error shape for bad filters and page sizes', async () => {
    for (const query of ['pageSize=101', 'page=0', 'pharmacopoeia=BP', 'sampleAvailable=yes', `keyword=${'字'.repeat(51)}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/app/excipient?${encodeURI(query)}` });
      expect(response.statusCode, query).toBe(400);
      expect(parsed(response, ErrorResponse).error.code).toBe('validation_failed');
    }
  });
});

describe('GET /api/app/excipient/facets', () => {
  it('counts products per category and dosage form, in the catalogue order', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/excipient/facets' });
    const facets = parsed(response, ExcipientFacets);
    expect(facets.categories).toEqual([
      { value: '填充剂', count: 4 },
      { value: '润滑剂', count: 1 },
      { value: '矫味剂', count: 1 },
    ]);
    expect(facets.dosageForms).toEqual([
      { value: '片剂', count: 5 },
      { value: '胶囊剂', count: 3 },
      { value: '口服溶液剂', count: 1 },
    ]);
  });
});

describe('GET /api/app/excipient/:id', () => {
  const detail = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/app/excipient/${ids['乳糖']}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return parsed(response, ExcipientDetail);
  };

  it('shows specs, registrations and documents; log-in documents need a session', async () => {
    const anonymous = await detail(who.anonymous);
    expect(anonymous.specs.map((s) => s.grade)).toEqual(['100 目', '200 目']);
    expect(anonymous.synonyms).toEqual(['乳糖一水合物']);
    expect(anonymous.registrations).toEqual([
      { regNo: 'F20190000001', registrationId: lactoseRegistrationId, status: 'A' },
      { regNo: 'F20200009999', registrationId: null, status: 'I' },
    ]);
    const urls = Object.fromEntries(anonymous.documents.map((d) => [d.title, [d.access, d.url]]));
    const url = (title: string) => `/api/app/excipient/${ids['乳糖']}/document/${docs[title]}`;
    expect(urls).toEqual({
      乳糖技术资料: ['public', url('乳糖技术资料')],
      乳糖检验报告样例: ['login', null],
      '乳糖 DMF 公开部分': ['member', null],
      '乳糖 DMF 授权信': ['request', null],
    });
    expect(anonymous.favoriteId).toBeNull();

    const urlsOf = async (headers: Record<string, string>) => Object.fromEntries((await detail(headers)).documents.map((d) => [d.title, d.url]));
    expect(await urlsOf(who.user)).toEqual({
      乳糖技术资料: url('乳糖技术资料'),
      乳糖检验报告样例: url('乳糖检验报告样例'),
      '乳糖 DMF 公开部分': null,
      '乳糖 DMF 授权信': null,
    });
    expect(await urlsOf(who.member)).toMatchObject({ '乳糖 DMF 公开部分': url('乳糖 DMF 公开部分'), '乳糖 DMF 授权信': null });
  });

  it("names the caller's favorite; a bad token reads as anonymous", async () => {
    const created = await t.app.inject({
      method: 'POST', url: '/api/app/favorite', headers: who.user, payload: { targetType: 'excipient', targetId: ids['乳糖'] },
    });
    expect(created.statusCode).toBe(201);
    expect((await detail(who.user)).favoriteId).toBe(parsed(created, Favorite).id);
    expect((await detail(who.member)).favoriteId).toBeNull();
    expect((await detail(bearer('not.a.token'))).favoriteId).toBeNull();
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    expect(parsed(await t.app.inject({ method: 'GET', url: '/api/app/excipient/999999' }), ErrorResponse).error).toMatchObject({ code: 'not_found', message: '辅料产品不存在' });
    expect((await t.app.inject({ method: 'GET', url: '/api/app/excipient/abc' })).statusCode).toBe(400);
  });
});

describe('GET /api/app/excipient/:id/document/:docId', () => {
  const download = (docId: number, headers: Record<string, string> = {}, excipientId = ids['乳糖']) =>
    t.app.inject({ method: 'GET', url: `/api/app/excipient/${excipientId}/document/${docId}`, headers });

  it('serves a public document to everyone, as a PDF of the product data in Chinese', async () => {
    const response = await download(docs['乳糖技术资料']!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('乳糖-乳糖技术资料.pdf'));
    expect(response.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('产品名称：乳糖');
    expect(text).toContain('CAS 号：63-42-3');
    expect(text).toContain('100 目，500 g');
    expect(text).toContain('F20190000001（A）');
    // Noto Sans SC draws · and • with one glyph, which reads back as the first of them on the sheet: the bullets'.
    expect(text).toContain('辅料通 • 乳糖 第 1 页，共 1 页');
    // Its fonts travel with it (subsets of Noto Sans SC), and it declares PDF/A-2b.
    const fonts = pdfFonts(response.rawPayload);
    expect(fonts.map((font) => font.name.slice(7)).sort()).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    expect(fonts.every((font) => font.embedded && font.subset)).toBe(true);
    expect(pdfMetadata(response.rawPayload)).toMatch(/<pdfaid:part>2<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
  });

  it('needs a session for log-in documents and refuses documents sent on request', async () => {
    const anonymous = await download(docs['乳糖检验报告样例']!);
    expect(anonymous.statusCode).toBe(401);
    expect(parsed(anonymous, ErrorResponse).error.code).toBe('unauthorized');
    expect((await download(docs['乳糖检验报告样例']!, who.user)).statusCode).toBe(200);
    const onRequest = await download(docs['乳糖 DMF 授权信']!, who.member);
    expect(onRequest.statusCode).toBe(403);
    expect(parsed(onRequest, ErrorResponse).error.message).toMatch(/申请/);
  });

  it('serves 会员资料 to members only: 401 signed out, 403 to other users (a database subscription is not enough), the file to members', async () => {
    const memberOnly = docs['乳糖 DMF 公开部分']!;
    const signedOut = await download(memberOnly);
    expect(signedOut.statusCode).toBe(401);
    expect(parsed(signedOut, ErrorResponse).error).toMatchObject({ code: 'unauthorized', message: '该资料为会员资料，登录后可下载' });
    const user = await download(memberOnly, who.user);
    expect(user.statusCode).toBe(403);
    expect(parsed(user, ErrorResponse).error).toMatchObject({ code: 'forbidden', message: '该资料为会员资料，开通会员后可下载，请前往“会员升级”' });

    const subscriber = await registerMember(t.app);
    await t.database.db.insert(grants).values({
      userId: subscriber.user.id,
      kind: 'database',
      databaseCode: 'usage',
      name: '辅料用量数据库 年度',
      source: 'staff',
      startsAt: new Date(Date.now() - 1000),
      endsAt: new Date(Date.now() + 3_600_000),
    });
    expect((await download(memberOnly, bearer(subscriber.token))).statusCode).toBe(403);

    const member = await download(memberOnly, who.member);
    expect(member.statusCode).toBe(200);
    expect(member.headers['content-type']).toBe('application/pdf');
    expect(member.headers['content-disposition']).toMatch(/^attachment/);
    expect(pdfText(member.rawPayload)).toContain('产品名称：乳糖');

    // A membership that lapsed or was ended downloads no more.
    await setMembership(t.database, who.memberId, false);
    expect((await download(memberOnly, who.member)).statusCode).toBe(403);
    await setMembership(t.database, who.memberId);
  });

  it("answers 404 for another product's document", async () => {
    expect((await download(docs['蔗糖技术资料']!)).statusCode).toBe(404);
    expect((await download(docs['蔗糖技术资料']!, {}, ids['蔗糖'])).statusCode).toBe(200);
  });
});

describe('a 危险化学品', () => {
  it('answers its transport terms on its page and its data sheet; other products answer none', async () => {
    const terms = 'UN1170，第 3 类易燃液体，II 类包装';
    const { db } = t.database;
    const [ethanol] = await db
      .insert(excipients)
      .values({ nameZh: '乙醇', nameEn: 'Ethanol', cas: '64-17-5', category: '溶剂', dosageForms: ['注射剂'], summary: '溶剂', dangerousGoods: terms })
      .returning({ id: excipients.id });
    const [sheet] = await db
      .insert(excipientDocuments)
      .values({ excipientId: ethanol!.id, kind: 'TDS', title: '乙醇技术资料', access: 'public', url: '' })
      .returning({ id: excipientDocuments.id });
    const detail = await t.app.inject({ method: 'GET', url: `/api/app/excipient/${ethanol!.id}` });
    expect(parsed(detail, ExcipientDetail).dangerousGoods).toBe(terms);
    const lactose = await t.app.inject({ method: 'GET', url: `/api/app/excipient/${ids['乳糖']}` });
    expect(parsed(lactose, ExcipientDetail).dangerousGoods).toBeNull();

    const download = await t.app.inject({ method: 'GET', url: `/api/app/excipient/${ethanol!.id}/document/${sheet!.id}` });
    expect(download.statusCode).toBe(200);
    expect(pdfText(download.rawPayload)).toContain(`危险化学品运输条款：${terms}`);
    const lactoseSheet = await t.app.inject({ method: 'GET', url: `/api/app/excipient/${ids['乳糖']}/document/${docs['乳糖技术资料']}` });
    expect(pdfText(lactoseSheet.rawPayload)).not.toContain('危险化学品');
  });
});
