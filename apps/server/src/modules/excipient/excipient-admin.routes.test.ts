import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminExcipient,
  AdminExcipientPage,
  AuditPage,
  DocumentUpload,
  ErrorResponse,
  ExcipientDetail,
  ExcipientPage,
  HomeData,
  SearchResult,
  type ExcipientBody,
} from '@fuliaotong/contracts';
import { bearer, multipart, registerMember } from '../../../test/accounts.js';
import { PDF, PNG } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let editor: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  editor = await registerStaff(t.app, t.database, ['editor']);
});
afterAll(async () => {
  await t.close();
});

const uniqueName = (() => {
  let n = 0;
  return (base: string) => `${base}${(n += 1)}号`;
})();

function body(overrides: Partial<ExcipientBody> = {}): ExcipientBody {
  return {
    nameZh: uniqueName('交联羧甲基纤维素钠'),
    nameEn: 'Croscarmellose Sodium',
    synonyms: ['CCS'],
    cas: '74811-65-7',
    category: '崩解剂',
    dosageForms: ['片剂', '胶囊剂'],
    pharmacopoeias: ['ChP', 'USP-NF'],
    summary: '超级崩解剂，片剂内加或外加，常用量 0.5%–5%。',
    description: '交联羧甲基纤维素钠遇水迅速溶胀，使片剂崩解。\n\n常用量：片剂 0.5%–5%，胶囊剂 10%–25%。',
    regNos: [],
    published: false,
    sampleAvailable: true,
    featured: false,
    featuredOrder: 0,
    specs: [
      { grade: 'SD-711', packSize: '500 g', sampleAvailable: true },
      { grade: 'SD-711', packSize: '1 kg', sampleAvailable: true },
    ],
    documents: [],
    ...overrides,
  };
}

async function uploadPdf(bytes: Buffer = PDF, name = 'TDS.pdf') {
  const upload = multipart(bytes, name, 'application/pdf');
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/excipient/document',
    headers: { ...editor.headers, ...upload.headers },
    payload: upload.payload,
  });
}

async function create(payload: ExcipientBody) {
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/excipient', headers: editor.headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, AdminExcipient);
}

async function update(id: number, payload: ExcipientBody) {
  const response = await t.app.inject({ method: 'PUT', url: `/api/admin/excipient/${id}`, headers: editor.headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, AdminExcipient);
}

const publicDetail = (id: number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/app/excipient/${id}`, headers });
const bodyOf = (product: AdminExcipient): ExcipientBody => ({
  ...product,
  specs: product.specs,
  documents: product.documents.map(({ id, kind, title, access }) => ({ id, kind, title, access })),
});

describe('the products desk', () => {
  it('creates a product with two specs and a PDF, which the public sees only once it is published', async () => {
    const file = parsed(await uploadPdf(), DocumentUpload);
    const created = await create(body({ documents: [{ kind: 'TDS', title: '技术资料', access: 'public', file: file.file }] }));
    expect(created.specs.map((s) => `${s.grade} ${s.packSize}`)).toEqual(['SD-711 500 g', 'SD-711 1 kg']);
    expect(created.documents).toEqual([expect.objectContaining({ kind: 'TDS', title: '技术资料', hasFile: true })]);

    // Unpublished: not in the catalogue, not found, a 404 page; an editor may look at it before publishing.
    const listed = async () =>
      parsed(await t.app.inject({ method: 'GET', url: '/api/app/excipient', query: { keyword: created.nameZh } }), ExcipientPage).items.map(
        (i) => i.id,
      );
    expect(await listed()).toEqual([]);
    const search = async () =>
      parsed(
        await t.app.inject({ method: 'GET', url: '/api/app/search', query: { q: created.nameZh, type: 'excipient' } }),
        SearchResult,
      ).items.map((i) => i.id);
    expect(await search()).toEqual([]);
    expect((await publicDetail(created.id)).statusCode).toBe(404);
    expect((await publicDetail(created.id, editor.headers)).statusCode).toBe(200);

    const published = await t.app.inject({
      method: 'POST',
      url: `/api/admin/excipient/${created.id}/publish`,
      headers: editor.headers,
      payload: { published: true },
    });
    expect(parsed(published, AdminExcipient).published).toBe(true);
    expect(await listed()).toEqual([created.id]);
    expect(await search()).toEqual([created.id]);
    const detail = parsed(await publicDetail(created.id), ExcipientDetail);
    expect(detail.specs.map((s) => s.packSize)).toEqual(['500 g', '1 kg']);
    const document = detail.documents[0]!;
    expect(document.url).toBe(`/api/app/excipient/${created.id}/document/${document.id}`);

    // The PDF itself, as a download, never sniffed.
    const download = await t.app.inject({ method: 'GET', url: document.url ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(encodeURIComponent(`${created.nameZh}-技术资料.pdf`));
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('saves specs, sample switches, recommendations and access levels, and the public pages show them at once', async () => {
    const file = parsed(await uploadPdf(), DocumentUpload);
    const product = await create(
      body({ published: true, documents: [{ kind: 'SDS', title: '安全技术说明书', access: 'login', file: file.file }] }),
    );
    const [first, second] = product.specs;

    // A log-in document: 401 for visitors, the file for a member.
    const detail = parsed(await publicDetail(product.id), ExcipientDetail);
    expect(detail.documents[0]?.url).toBeNull();
    const member = await registerMember(t.app);
    const asMember = parsed(await publicDetail(product.id, bearer(member.token)), ExcipientDetail);
    expect((await t.app.inject({ method: 'GET', url: asMember.documents[0]?.url ?? '', headers: bearer(member.token) })).statusCode).toBe(
      200,
    );

    // One spec suspended, one removed, one added; then the whole product suspended.
    const next = await update(product.id, {
      ...bodyOf(product),
      specs: [
        { ...first!, sampleAvailable: false },
        { grade: 'SD-711', packSize: '5 kg', sampleAvailable: true },
      ],
      featured: true,
      featuredOrder: 1,
    });
    expect(next.specs.map((s) => [s.packSize, s.sampleAvailable])).toEqual([
      ['500 g', false],
      ['5 kg', true],
    ]);
    expect(next.specs[0]?.id).toBe(first?.id);
    expect(next.specs.map((s) => s.id)).not.toContain(second?.id);
    const shown = parsed(await publicDetail(product.id), ExcipientDetail);
    expect(shown.specs.map((s) => [s.packSize, s.sampleAvailable])).toEqual([
      ['500 g', false],
      ['5 kg', true],
    ]);
    await update(product.id, { ...bodyOf(next), sampleAvailable: false });
    expect(parsed(await publicDetail(product.id), ExcipientDetail).sampleAvailable).toBe(false);

    // Recommended products on /home, in the order the staff set.
    const other = await create(body({ published: true, featured: true, featuredOrder: 0 }));
    const home = parsed(await t.app.inject({ method: 'GET', url: '/api/app/home' }), HomeData);
    expect(home.featured.map((f) => f.id).filter((id) => id === product.id || id === other.id)).toEqual([other.id, product.id]);
  });

  it('flags a 危险化学品 with its transport terms, which its product page and the desk list show until switched off', async () => {
    const terms = 'UN1170，第 3 类易燃液体，II 类包装';
    const plain = await create(body({ published: true }));
    expect(plain.dangerousGoods).toBeNull();
    expect(parsed(await publicDetail(plain.id), ExcipientDetail).dangerousGoods).toBeNull();

    const flagged = await update(plain.id, { ...bodyOf(plain), dangerousGoods: `  ${terms} ` });
    expect(flagged.dangerousGoods).toBe(terms);
    const detail = parsed(await publicDetail(plain.id), ExcipientDetail);
    expect(detail.dangerousGoods).toBe(terms);
    const row = async () =>
      parsed(
        await t.app.inject({ method: 'GET', url: '/api/admin/excipient', headers: editor.headers, query: { keyword: plain.nameZh } }),
        AdminExcipientPage,
      ).items.find((item) => item.id === plain.id);
    expect((await row())?.dangerousGoods).toBe(true);

    // Switched off (null), or left out by a client that does not know the field: not a dangerous good.
    const off = await update(plain.id, { ...bodyOf(flagged), dangerousGoods: null });
    expect(off.dangerousGoods).toBeNull();
    expect(parsed(await publicDetail(plain.id), ExcipientDetail).dangerousGoods).toBeNull();
    expect((await row())?.dangerousGoods).toBe(false);
    await update(plain.id, { ...bodyOf(off), dangerousGoods: terms });
    const { dangerousGoods: _left, ...withoutField } = bodyOf(off);
    expect((await update(plain.id, withoutField)).dangerousGoods).toBeNull();

    const admin = await registerStaff(t.app, t.database, ['admin']);
    const audit = parsed(
      await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.headers, query: { entityType: 'excipient', entityId: String(plain.id) } }),
      AuditPage,
    );
    expect(audit.items.slice(-2).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['excipient.update', { dangerousGoods: null }, { dangerousGoods: terms }],
      ['excipient.create', null, expect.objectContaining({ dangerousGoods: null })],
    ]);
  });

  it('records every change in the audit log with the values before and after', async () => {
    const product = await create(body());
    await update(product.id, { ...bodyOf(product), summary: '改过的一句话简介。' });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/excipient/${product.id}/publish`,
      headers: editor.headers,
      payload: { published: true },
    });
    const admin = await registerStaff(t.app, t.database, ['admin']);
    const audit = parsed(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit',
        headers: admin.headers,
        query: { entityType: 'excipient', entityId: String(product.id) },
      }),
      AuditPage,
    );
    expect(audit.items.map((e) => e.action)).toEqual(['excipient.publish', 'excipient.update', 'excipient.create']);
    expect(audit.items[1]?.before).toEqual({ summary: product.summary });
    expect(audit.items[1]?.after).toEqual({ summary: '改过的一句话简介。' });
    expect(audit.items[2]?.after).toMatchObject({ nameZh: product.nameZh, specs: ['SD-711 500 g', 'SD-711 1 kg'] });
  });

  it('refuses what is not a PDF, and bad fields, in Chinese', async () => {
    const png = await uploadPdf(PNG, 'looks-like.pdf');
    expect(png.statusCode).toBe(415);
    expect(parsed(png, ErrorResponse).error.message).toBe('产品资料请上传 PDF 文件（按文件内容检查）');

    const cases: Array<[Partial<ExcipientBody>, string, string]> = [
      [{ nameZh: ' ' }, 'body.nameZh', '请填写中文名称'],
      [{ cas: '9004653' }, 'body.cas', 'CAS 号格式应为 9004-65-3 这样的三段数字'],
      [{ specs: [] }, 'body.specs', '至少填写一个规格'],
      [
        {
          specs: [
            { grade: 'A', packSize: '1 kg', sampleAvailable: true },
            { grade: 'A', packSize: '1 kg', sampleAvailable: false },
          ],
        },
        'body.specs.1.packSize',
        '规格与包装重复',
      ],
      [{ documents: [{ kind: 'TDS', title: '技术资料', access: 'public' }] }, 'body.documents.0.file', '请上传资料的 PDF 文件'],
      [
        { documents: [{ kind: 'TDS', title: '技术资料', access: 'public', file: 'nope.pdf' }] },
        'body.documents.0.file',
        '资料文件不存在，请重新上传',
      ],
      [{ regNos: ['F2019000012'] }, 'body.regNos.0', 'CDE 登记号格式应为 F20190000123 这样的 F/B/Y + 11 位数字'],
      // The 危险化学品 switch on: its terms are required, at most 120 characters, with the UN number.
      [{ dangerousGoods: ' ' }, 'body.dangerousGoods', '请填写危险化学品运输条款'],
      [{ dangerousGoods: `UN1170，${'第 3 类易燃液体'.repeat(15)}` }, 'body.dangerousGoods', '危险化学品运输条款不能超过 120 个字'],
      [{ dangerousGoods: '第 3 类易燃液体，II 类包装' }, 'body.dangerousGoods', '运输条款须写明 UN 编号，例如“UN1170，第 3 类易燃液体，II 类包装”'],
    ];
    for (const [change, path, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/excipient', headers: editor.headers, payload: body(change) });
      expect(response.statusCode, path).toBe(400);
      expect(parsed(response, ErrorResponse).error.details, path).toContainEqual(expect.objectContaining({ path, message }));
    }

    // A spec of another product cannot be taken over.
    const mine = await create(body());
    const theirs = await create(body());
    const stolen = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/excipient/${mine.id}`,
      headers: editor.headers,
      payload: { ...bodyOf(mine), specs: [theirs.specs[0]] },
    });
    expect(stolen.statusCode).toBe(400);
    expect(parsed(stolen, ErrorResponse).error.message).toBe('该规格不属于这个产品');
  });

  it('is the editors’ desk (administrators read it too)', async () => {
    const reviewer = await registerStaff(t.app, t.database, ['reviewer', 'finance']);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/excipient', headers: reviewer.headers });
    expect(response.statusCode).toBe(403);
    const admin = await registerStaff(t.app, t.database, ['admin']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/excipient', headers: admin.headers })).statusCode).toBe(200);
    const list = parsed(
      await t.app.inject({ method: 'GET', url: '/api/admin/excipient', headers: editor.headers, query: { state: 'unpublished' } }),
      AdminExcipientPage,
    );
    expect(list.items.every((item) => !item.published)).toBe(true);
  });
});
