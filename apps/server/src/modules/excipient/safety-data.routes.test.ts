import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminExcipient,
  AdminSafetyData,
  AuditPage,
  ErrorResponse,
  ExcipientDetail,
  SDS_NOT_CLASSIFIED,
  SDS_SECTIONS,
  type SafetyDataBody,
} from '@fuliaotong/contracts';
import { excipientDocuments, excipients } from './excipient.schema.js';
import { viewers } from '../../../test/members.js';
import { pdfInfo, pdfText } from '../../../test/poppler.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof viewers>>;
let editor: Awaited<ReturnType<typeof registerStaff>>;
let sales: Awaited<ReturnType<typeof registerStaff>>;
const ids: Record<string, number> = {};
const sds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const rows = await db
    .insert(excipients)
    .values([
      { nameZh: '乙醇', nameEn: 'Ethanol', cas: '64-17-5', category: '溶剂', dosageForms: ['注射剂'], summary: '溶剂', dangerousGoods: 'UN1170，第 3 类易燃液体，II 类包装' },
      { nameZh: '甘露醇', nameEn: 'Mannitol', cas: '69-65-8', category: '填充剂', dosageForms: ['片剂'], summary: '填充剂' },
      { nameZh: '山梨醇', nameEn: 'Sorbitol', cas: '50-70-4', category: '填充剂', dosageForms: ['片剂'], summary: '填充剂' },
    ])
    .returning({ id: excipients.id, nameZh: excipients.nameZh });
  for (const row of rows) ids[row.nameZh] = row.id;
  // 乙醇's sheet is (wrongly) marked 会员资料, as an old row may be; 山梨醇's sheet has no data yet.
  const documents = await db
    .insert(excipientDocuments)
    .values([
      { excipientId: ids['乙醇']!, kind: 'SDS', title: '乙醇安全技术说明书', access: 'member', url: '' },
      { excipientId: ids['甘露醇']!, kind: 'SDS', title: '甘露醇安全技术说明书', access: 'public', url: '' },
      { excipientId: ids['山梨醇']!, kind: 'SDS', title: '山梨醇安全技术说明书', access: 'login', url: '' },
    ])
    .returning({ id: excipientDocuments.id, excipientId: excipientDocuments.excipientId });
  for (const [name, id] of Object.entries(ids)) sds[name] = documents.find((d) => d.excipientId === id)!.id;
  who = await viewers(t.app, t.database);
  editor = await registerStaff(t.app, t.database, ['editor']);
  sales = await registerStaff(t.app, t.database, ['sales']);
});
afterAll(async () => {
  await t.close();
});

const sections = (texts: Partial<SafetyDataBody['sections']> = {}): SafetyDataBody['sections'] => ({
  ...(Object.fromEntries(SDS_SECTIONS.map((s) => [s.key, ''])) as SafetyDataBody['sections']),
  ...texts,
});
const noProperties = {
  appearance: '', odour: '', ph: '', meltingPoint: '', boilingPoint: '', flashPoint: '', explosiveLimits: '', vapourPressure: '',
  density: '', solubility: '', partitionCoefficient: '', autoIgnition: '',
};
const notDangerous = { unNumber: '', properName: '', transportClass: '', subsidiaryClass: '', packingGroup: null, marinePollutant: false };

const ethanolSheet: SafetyDataBody = {
  revision: '2.1',
  revisedOn: '2024-06-18',
  recommendedUse: '药用辅料（溶剂）',
  restrictedUse: '',
  hazards: [
    { hazardClass: '易燃液体', category: '类别 2' },
    { hazardClass: '严重眼损伤/眼刺激', category: '类别 2A' },
  ],
  signalWord: '危险',
  pictograms: ['GHS02', 'GHS07'],
  hazardStatements: [
    { code: 'H225', text: '高度易燃液体和蒸气' },
    { code: 'H319', text: '造成严重眼刺激' },
  ],
  precautionaryStatements: [{ code: 'P210', text: '远离热源、热表面、火花、明火和其他点火源。禁止吸烟。' }],
  compositionKind: 'substance',
  components: [{ name: '乙醇', cas: '64-17-5', concentration: '≥ 99.5%' }],
  properties: { ...noProperties, appearance: '无色澄清液体', meltingPoint: '-114.1 °C', boilingPoint: '78.3 °C', flashPoint: '13 °C（闭杯）' },
  transport: { unNumber: '1170', properName: '乙醇', transportClass: '3', subsidiaryClass: '', packingGroup: 'II', marinePollutant: false },
  sections: sections({ firstAid: '眼睛接触：提起眼睑，用流动清水冲洗。' }),
};

const mannitolSheet: SafetyDataBody = {
  ...ethanolSheet,
  revision: '1.0',
  revisedOn: '2025-02-10',
  hazards: [],
  signalWord: null,
  pictograms: [],
  hazardStatements: [],
  precautionaryStatements: [],
  components: [{ name: '甘露醇', cas: '69-65-8', concentration: '符合药典标准' }],
  properties: { ...noProperties, appearance: '白色结晶性粉末', meltingPoint: '166～168 °C' },
  transport: notDangerous,
  sections: sections(),
};

const save = (id: number, body: unknown, headers: Record<string, string> = editor.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/excipient/${id}/safety-data`, headers, payload: body as object });
const download = (name: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/app/excipient/${ids[name]}/document/${sds[name]}`, headers });

describe('the products desk keeps a safety data sheet per product', () => {
  it('answers none before the editors write one, and the SDS download says it is not published', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/admin/excipient/${ids['山梨醇']}/safety-data`, headers: editor.headers });
    expect(parsed(before, AdminSafetyData)).toMatchObject({ nameZh: '山梨醇', sheet: null, updatedAt: null });
    const response = await download('山梨醇', who.user);
    expect(response.statusCode).toBe(404);
    const { error } = parsed(response, ErrorResponse);
    expect(error.code).toBe('sds_not_published');
    expect(error.message).toContain('尚未发布');
  });

  it('saves a sheet whole, reads it back and records the change', async () => {
    const response = await save(ids['乙醇']!, ethanolSheet);
    expect(response.statusCode, response.body).toBe(200);
    const saved = parsed(response, AdminSafetyData);
    expect(saved.sheet).toEqual(ethanolSheet);
    expect(saved.dangerousGoods).toMatch(/^UN1170/);
    const read = await t.app.inject({ method: 'GET', url: `/api/admin/excipient/${ids['乙醇']}/safety-data`, headers: editor.headers });
    expect(parsed(read, AdminSafetyData).sheet).toEqual(ethanolSheet);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entityType=excipient', headers: (await registerStaff(t.app, t.database, ['admin'])).headers });
    expect(parsed(audit, AuditPage).items.find((e) => e.action === 'excipient.safety_data')?.summary).toBe('修改产品“乙醇”的安全技术说明书（版本 2.1，2024-06-18）');
    expect((await save(ids['甘露醇']!, mannitolSheet)).statusCode).toBe(200);
  });

  it('refuses a hazard statement code the GHS does not have, in Chinese, field by field', async () => {
    const bad = { ...ethanolSheet, hazardStatements: [{ code: 'H999', text: '不存在' }, { code: 'X225', text: '格式不对' }] };
    const response = await save(ids['乙醇']!, bad);
    expect(response.statusCode).toBe(400);
    const { error } = parsed(response, ErrorResponse);
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'body.hazardStatements.0.code', message: '危险性说明代码不是 GHS 规定的代码' },
        { path: 'body.hazardStatements.1.code', message: '危险性说明代码应为 H225 这样的 H + 3 位数字（组合用“+”连接）' },
      ]),
    );
  });

  it('refuses a sheet that contradicts itself or the product’s transport terms', async () => {
    const cases: Array<[number, unknown, string, string]> = [
      [ids['甘露醇']!, { ...mannitolSheet, signalWord: '警告' }, 'body.signalWord', '未填写危险性类别时不能有信号词'],
      [ids['乙醇']!, { ...ethanolSheet, hazardStatements: [] }, 'body.hazardStatements', '已分类的产品请填写危险性说明（H 语句）'],
      [ids['乙醇']!, { ...ethanolSheet, transport: { ...ethanolSheet.transport, unNumber: '1219' } }, 'body.transport.unNumber', '产品的危险化学品运输条款为 UN1170，说明书的 UN 编号须一致'],
      [ids['甘露醇']!, { ...mannitolSheet, transport: ethanolSheet.transport }, 'body.transport.unNumber', '产品未标为危险化学品，说明书不能填写 UN 编号；如属危险货物，请先在产品信息中填写运输条款'],
      [ids['甘露醇']!, { ...mannitolSheet, revisedOn: '2025-02-30' }, 'body.revisedOn', '不是有效的日期'],
    ];
    for (const [id, body, path, message] of cases) {
      const response = await save(id, body);
      expect(response.statusCode, path).toBe(400);
      expect(parsed(response, ErrorResponse).error.details).toContainEqual({ path, message });
    }
  });

  it('lets only editors write: other staff 403, users 403, signed out 401; 404 for a product that does not exist', async () => {
    expect((await save(ids['甘露醇']!, mannitolSheet, sales.headers)).statusCode).toBe(403);
    expect((await save(ids['甘露醇']!, mannitolSheet, who.member)).statusCode).toBe(403);
    expect((await save(ids['甘露醇']!, mannitolSheet, {})).statusCode).toBe(401);
    expect((await save(999_999, mannitolSheet)).statusCode).toBe(404);
  });

  it('offers a safety data sheet as public or log-in only: 会员资料 is refused', async () => {
    const product = parsed(await t.app.inject({ method: 'GET', url: `/api/admin/excipient/${ids['甘露醇']}`, headers: editor.headers }), AdminExcipient);
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = product;
    const body = { ...fields, documents: [{ ...product.documents[0]!, access: 'member' }] };
    const response = await t.app.inject({ method: 'PUT', url: `/api/admin/excipient/${ids['甘露醇']}`, headers: editor.headers, payload: body });
    expect(response.statusCode).toBe(400);
    expect(parsed(response, ErrorResponse).error.details).toContainEqual({ path: 'body.documents.0.access', message: '安全技术说明书是安全信息，只能公开下载或登录后下载' });
    // A new SDS document needs no file: it is printed from the sheet.
    const added = { ...fields, specs: [{ grade: '药用级', packSize: '500 g', sampleAvailable: true }], documents: [...fields.documents.map(({ hasFile: _h, url: _url, ...d }) => d), { kind: 'SDS', title: '甘露醇安全技术说明书（英文）', access: 'login' }] };
    const saved = await t.app.inject({ method: 'PUT', url: `/api/admin/excipient/${ids['甘露醇']}`, headers: editor.headers, payload: added });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('the SDS download', () => {
  it('is never 会员资料: a signed-in user without membership downloads it, signed out gets 401', async () => {
    const signedOut = await download('乙醇');
    expect(signedOut.statusCode).toBe(401);
    expect(parsed(signedOut, ErrorResponse).error.code).toBe('unauthorized');
    const page = parsed(await t.app.inject({ method: 'GET', url: `/api/app/excipient/${ids['乙醇']}`, headers: who.user }), ExcipientDetail);
    expect(page.documents.find((d) => d.kind === 'SDS')).toMatchObject({ access: 'login', url: `/api/app/excipient/${ids['乙醇']}/document/${sds['乙醇']}` });
    const response = await download('乙醇', who.user);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
  });

  it('prints the 16 sections in order, the GHS classification and transport terms, the supplier, dated with its revision', async () => {
    const pdf = (await download('乙醇', who.user)).rawPayload;
    const text = pdfText(pdf);
    let at = -1;
    SDS_SECTIONS.forEach((section, index) => {
      const heading = `第 ${index + 1} 部分 ${section.title}`;
      const found = text.indexOf(heading);
      expect(found, heading).toBeGreaterThan(at);
      at = found;
    });
    expect(text).toContain('GHS 危险性类别：易燃液体 类别 2；严重眼损伤/眼刺激 类别 2A');
    expect(text).toContain('信号词：危险');
    expect(text).toContain('GHS02（火焰）');
    expect(text).toContain('H225 高度易燃液体和蒸气');
    expect(text).toContain('联合国危险货物编号（UN 号）：UN1170');
    expect(text).toContain('包装类别：II 类包装');
    expect(text).toContain('沸点、初沸点和沸程：78.3 °C');
    expect(text).toContain('蒸气压：无资料');
    expect(text).not.toContain(SDS_NOT_CLASSIFIED);
    // Section 1: the supplier as the settings name it, with the emergency phone.
    expect(text).toContain('供应商名称：辅料通（上海）医药科技有限公司');
    expect(text).toContain('应急咨询电话（24 小时）：021-5089 6610');
    // Every page carries the saved revision and its date, not today's.
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('版本：2.1 修订日期：2024-06-18');
    expect(pdfInfo(pdf).CreationDate).toMatch(/2024/);
  });

  it('says of a product that nothing is classified, section by section, never leaving one blank', async () => {
    const response = await download('甘露醇');
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`GHS 危险性类别：${SDS_NOT_CLASSIFIED}`);
    expect(text).toContain('联合国危险货物编号（UN 号）：不适用');
    expect(text).toContain('版本：1.0 修订日期：2025-02-10');
    // Sections with neither data nor text say 无资料.
    const sectionText = (n: number) => text.slice(text.indexOf(`第 ${n} 部分`), text.indexOf(`第 ${n + 1} 部分`));
    for (const n of [4, 5, 6, 11, 12, 16]) expect(sectionText(n).replace(/\s+/g, ' '), `section ${n}`).toMatch(/无资料/);
  });

  it('prints a revised sheet with its new revision as soon as it is saved', async () => {
    expect((await save(ids['甘露醇']!, { ...mannitolSheet, revision: '1.1', revisedOn: '2025-09-01' })).statusCode).toBe(200);
    expect(pdfText((await download('甘露醇')).rawPayload)).toContain('版本：1.1 修订日期：2025-09-01');
  });
});
