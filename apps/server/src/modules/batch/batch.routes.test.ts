import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, Batch, BatchImportResult, BatchPage, CoaProducts, CoaSummary, CHECK_CODE_ALPHABET, ErrorResponse, SampleApplication, type ValidationIssue } from '@fuliaotong/contracts';
import { bearer, multipart, newIp, registerMember } from '../../../test/accounts.js';
import { pdfText } from '../../../test/poppler.js';
import { parsed } from '../../../test/responses.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { standards } from '../reference/reference.schema.js';
import { PDF } from '../../../test/fixture-files.js';
import { beijingDay } from '../../shared/beijing-time.js';

const clock = testClock();
let t: TestApp;
let product: TestProduct;
let other: TestProduct;
let quality: Awaited<ReturnType<typeof registerStaff>>;
let sales: Awaited<ReturnType<typeof registerStaff>>;
let admin: Awaited<ReturnType<typeof registerStaff>>;
let buyer: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  product = await createProduct(t.database, { specs: 2, nameZh: '微晶纤维素' });
  other = await createProduct(t.database, { specs: 1, nameZh: '硬脂酸镁' });
  await t.database.db.insert(standards).values([
    { name: '微晶纤维素', pharmacopoeia: 'ChP', edition: '2025 年版', status: '现行', effectiveOn: '2025-10-01', testItems: ['性状', '鉴别', '干燥失重：不得过 7.0%', '炽灼残渣：不得过 0.1%'] },
    { name: '微晶纤维素', pharmacopoeia: 'ChP', edition: '2020 年版', status: '废止', effectiveOn: '2020-12-30', testItems: ['性状', '旧项目'] },
  ]);
  [quality, sales, admin] = await Promise.all([
    registerStaff(t.app, t.database, ['quality']),
    registerStaff(t.app, t.database, ['sales']),
    registerStaff(t.app, t.database, ['admin']),
  ]);
  buyer = await registerMember(t.app);
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const errorOf = (response: Parameters<typeof parsed>[0]) => parsed(response, ErrorResponse).error;
const newBatch = (batchNumber: string, extra: object = {}) => ({ excipientId: product.excipientId, specId: product.specIds[0], batchNumber, manufacturedOn: '2025-09-01', expiresOn: '2028-08-31', quantity: '500 kg', ...extra });
const passing = (batch: Batch) => batch.results.map((result) => ({ ...result, result: '符合规定', method: '通则', conclusion: '符合' as const }));

async function released(batchNumber: string): Promise<Batch> {
  const created = parsed(await call('POST', '/api/admin/batch', quality.headers, newBatch(batchNumber, { testedOn: '2025-09-05' })), Batch);
  parsed(await call('PUT', `/api/admin/batch/${created.id}/results`, quality.headers, { results: passing(created) }), Batch);
  return parsed(await call('POST', `/api/admin/batch/${created.id}/status`, quality.headers, { status: 'released' }), Batch);
}

const lookupUrl = (batch: { batchNumber: string; checkCode: string }, excipientId = product.excipientId, file = false) =>
  `/api/app/batch/coa${file ? '/file' : ''}?excipientId=${excipientId}&batchNumber=${encodeURIComponent(batch.batchNumber)}&checkCode=${encodeURIComponent(batch.checkCode)}`;

describe('the quality desk', () => {
  it('records a batch with a check code and the items of the current standard prefilled; only quality writes, admins read', async () => {
    const created = await call('POST', '/api/admin/batch', quality.headers, newBatch('MCC2509001'));
    expect(created.statusCode, created.body).toBe(201);
    const batch = parsed(created, Batch);
    expect(batch).toMatchObject({ status: 'pending', batchNumber: 'MCC2509001', spec: { id: product.specIds[0] }, testedOn: null, signedCoa: false, conclusion: null });
    expect(batch.checkCode).toMatch(new RegExp(`^[${CHECK_CODE_ALPHABET}]{8}$`));
    expect(batch.results.map((result) => [result.item, result.limit, result.conclusion])).toEqual([
      ['性状', '', null],
      ['鉴别', '', null],
      ['干燥失重', '不得过 7.0%', null],
      ['炽灼残渣', '不得过 0.1%', null],
    ]);

    expect((await call('POST', '/api/admin/batch', sales.headers, newBatch('MCC2509009'))).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/batch', admin.headers, newBatch('MCC2509009'))).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/batch/${batch.id}/status`, admin.headers, { status: 'rejected' })).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/batch/${batch.id}`, sales.headers)).statusCode).toBe(403);
    const seen = parsed(await call('GET', `/api/admin/batch?excipientId=${product.excipientId}&batchNumber=2509001`, admin.headers), BatchPage);
    expect(seen.items.map((item) => item.id)).toEqual([batch.id]);

    const audit = parsed(await call('GET', `/api/admin/audit?entityType=batch&entityId=${batch.id}`, admin.headers), AuditPage);
    expect(audit.items.map((item) => item.action)).toEqual(['batch.create']);
  });

  it('says in Chinese what is wrong with a batch', async () => {
    const duplicate = await call('POST', '/api/admin/batch', quality.headers, newBatch('MCC2509001'));
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).message).toBe('微晶纤维素 的批号 MCC2509001 已登记');

    const wrong = await call('POST', '/api/admin/batch', quality.headers, newBatch('批号 1', { expiresOn: '2025-13-01', quantity: '' }));
    expect(wrong.statusCode).toBe(400);
    const issues = errorOf(wrong).details as ValidationIssue[];
    expect(issues.map((issue) => issue.message)).toEqual(expect.arrayContaining(['批号只能包含字母、数字和 - _ / .', '请填写数量']));

    const backwards = await call('POST', '/api/admin/batch', quality.headers, newBatch('MCC2509002', { expiresOn: '2025-08-01' }));
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).details).toEqual([{ path: 'body.expiresOn', message: '有效期应晚于生产日期' }]);

    const foreignSpec = await call('POST', '/api/admin/batch', quality.headers, newBatch('MCC2509002', { specId: other.specIds[0] }));
    expect(foreignSpec.statusCode).toBe(400);
    expect(errorOf(foreignSpec).details).toEqual([{ path: 'body.specId', message: '该规格等级不属于此产品' }]);
  });

  it('releases a batch only with its test day and every item passed', async () => {
    const batch = parsed(await call('POST', '/api/admin/batch', quality.headers, newBatch('MCC2509003')), Batch);
    const early = await call('POST', `/api/admin/batch/${batch.id}/status`, quality.headers, { status: 'released' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({ code: 'batch_state', message: '批次 MCC2509003 还没有检验日期，不能放行' });

    parsed(await call('PUT', `/api/admin/batch/${batch.id}`, quality.headers, { testedOn: '2025-09-04' }), Batch);
    const untested = await call('POST', `/api/admin/batch/${batch.id}/status`, quality.headers, { status: 'released' });
    expect(errorOf(untested).message).toBe('批次 MCC2509003 有未检或不符合的项目，不能放行：性状（未检）、鉴别（未检）、干燥失重（未检）、炽灼残渣（未检）');

    const withResults = parsed(await call('PUT', `/api/admin/batch/${batch.id}/results`, quality.headers, { results: passing(batch) }), Batch);
    expect(withResults.conclusion).toBe('符合');
    const done = parsed(await call('POST', `/api/admin/batch/${batch.id}/status`, quality.headers, { status: 'released' }), Batch);
    expect(done.status).toBe('released');

    // Released results stay passing: correcting them needs the batch back to 待检.
    const failing = await call('PUT', `/api/admin/batch/${batch.id}/results`, quality.headers, { results: [{ item: '性状', conclusion: '不符合' }] });
    expect(failing.statusCode).toBe(409);
  });

  it('imports batches with results from a sheet, all or nothing, naming each wrong row', async () => {
    const header = '产品,批号,规格等级,生产日期,有效期至,数量,检验日期,检验项目,标准规定,检验结果,检验方法,结论';
    const wrongCsv = [
      header,
      '微晶纤维素,MCC2510001,,2025-10-01,2028-09-30,800 kg,2025-10-05,性状,白色粉末,白色粉末,目视,符合',
      '微晶纤维素,MCC2510001,,2025-10-01,2028-09-30,800 kg,2025-10-05,干燥失重,不得过 7.0%,3.1%,通则 0831,合格',
      '不存在的辅料,X1,,2025-10-01,2028-09-30,1 kg,,,,,,',
      '微晶纤维素,MCC2509001,,2025-10-01,2028-09-30,1 kg,,,,,,',
    ].join('\n');
    const upload = (csv: string) => {
      const body = multipart(Buffer.from(csv, 'utf8'), 'batches.csv', 'text/csv');
      return t.app.inject({ method: 'POST', url: '/api/admin/batch/import', payload: body.payload, headers: { ...body.headers, ...quality.headers } });
    };
    const refused = await upload(wrongCsv);
    expect(refused.statusCode, refused.body).toBe(400);
    const error = errorOf(refused);
    expect(error.message).toMatch(/^导入的文件有 3 行有误，未写入任何数据。/);
    expect((error.details as ValidationIssue[]).map((issue) => issue.message)).toEqual([
      '第 3 行：结论“合格”：应为“符合”或“不符合”（未检时留空）',
      '第 4 行：产品“不存在的辅料”不在产品目录中（请按产品的中文名称填写）',
      '第 5 行：微晶纤维素 的批号 MCC2509001 已登记',
    ]);
    expect(parsed(await call('GET', '/api/admin/batch?batchNumber=MCC2510001', quality.headers), BatchPage).totalCount).toBe(0);

    const good = [header, '微晶纤维素,MCC2510001,型号A,2025-10-01,2028-09-30,800 kg,2025-10-05,性状,白色粉末,白色粉末,目视,符合', '微晶纤维素,MCC2510001,型号A,2025-10-01,2028-09-30,800 kg,2025-10-05,干燥失重,不得过 7.0%,3.1%,通则 0831,符合', '硬脂酸镁,MS2510001,,2025/10/02,2028/10/01,200 kg,,,,,,'].join('\n');
    const imported = parsed(await upload(good), BatchImportResult);
    expect(imported).toEqual({ batches: 2, results: 2 });
    const [mcc] = parsed(await call('GET', '/api/admin/batch?batchNumber=MCC2510001', quality.headers), BatchPage).items;
    expect(mcc).toMatchObject({ status: 'pending', testedOn: '2025-10-05', spec: { grade: '型号A' }, conclusion: '符合' });
    expect(mcc!.results.map((result) => result.item)).toEqual(['性状', '干燥失重']);
  });
});

describe('the COA', () => {
  it('is generated from the results, dated with the test day, naming the batch and its check code; a signed original replaces it', async () => {
    {
      const batch = await released('MCC2509010');
      const response = await call('GET', `/api/admin/batch/${batch.id}/coa`, admin.headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('批号：MCC2509010');
      expect(text).toContain('检验日期：2025-09-05');
      expect(text).toContain('签发日期：2025-09-05');
      expect(text).not.toContain(beijingDay(clock.now()));
      // The results are a table: each item a row under 序号 检验项目 标准规定 检验结果 检验方法 结论.
      const table = pdfText(response.rawPayload, { layout: true });
      expect(table).toMatch(/序号\s+检验项目\s+标准规定\s+检验结果\s+检验方法\s+结论\n/);
      expect(table).toMatch(/\n\s*3\s+干燥失重\s+不得过 7\.0%\s+符合规定\s+通则\s+符合\n/);
      expect(text).toContain(`防伪查询码：${batch.checkCode}`);
      expect(text).toContain('结果符合规定');

      const notPdf = multipart(Buffer.from('not a pdf'), 'coa.pdf', 'application/pdf');
      const refused = await t.app.inject({ method: 'POST', url: `/api/admin/batch/${batch.id}/coa`, payload: notPdf.payload, headers: { ...notPdf.headers, ...quality.headers } });
      expect(refused.statusCode).toBe(415);
      const body = multipart(PDF, 'coa.pdf', 'application/pdf');
      const uploaded = parsed(await t.app.inject({ method: 'POST', url: `/api/admin/batch/${batch.id}/coa`, payload: body.payload, headers: { ...body.headers, ...quality.headers } }), Batch);
      expect(uploaded.signedCoa).toBe(true);
      const original = await call('GET', lookupUrl(batch, product.excipientId, true), { ...bearer(buyer.token), 'x-forwarded-for': newIp() });
      expect(original.statusCode).toBe(200);
      expect(Buffer.compare(original.rawPayload, PDF)).toBe(0);
    }
  });
});

describe('the COA lookup', () => {
  it('answers a released batch to a signed-in user, the code typed in any case and with spaces', async () => {
    const batch = await released('MCC2509020');
    const ip = newIp();
    const as = { ...bearer(buyer.token), 'x-forwarded-for': ip };
    const typed = `${batch.checkCode.slice(0, 4).toLowerCase()} ${batch.checkCode.slice(4)}`;
    const found = await call('GET', lookupUrl({ batchNumber: batch.batchNumber, checkCode: typed }), as);
    expect(found.statusCode, found.body).toBe(200);
    expect(parsed(found, CoaSummary)).toMatchObject({ excipient: { id: product.excipientId, name: '微晶纤维素' }, batchNumber: 'MCC2509020', status: 'released', conclusion: '符合', testedOn: '2025-09-05', signedOriginal: false });
    expect((await call('GET', lookupUrl(batch), {})).statusCode).toBe(401);
    const products = parsed(await call('GET', '/api/app/batch/products', as), CoaProducts);
    expect(products.items).toContainEqual({ id: product.excipientId, name: '微晶纤维素' });
    expect(products.items.map((item) => item.id)).not.toContain(other.excipientId);

    const pdf = await call('GET', lookupUrl(batch, product.excipientId, true), as);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('MCC2509020');
  });

  it('answers every wrong combination with the same 404', async () => {
    const batch = await released('MCC2509030');
    const pending = parsed(await call('POST', '/api/admin/batch', quality.headers, newBatch('MCC2509031')), Batch);
    const wrongCode = batch.checkCode.startsWith('A') ? `C${batch.checkCode.slice(1)}` : `A${batch.checkCode.slice(1)}`;
    const tries = [
      lookupUrl(batch, other.excipientId),
      lookupUrl(batch, 999_999),
      lookupUrl({ batchNumber: 'MCC2509099', checkCode: batch.checkCode }),
      lookupUrl({ batchNumber: batch.batchNumber, checkCode: wrongCode }),
      lookupUrl(pending),
      lookupUrl({ batchNumber: batch.batchNumber, checkCode: pending.checkCode }),
    ];
    const answers = [];
    for (const url of tries) answers.push(await call('GET', url, { ...bearer((await registerMember(t.app)).token), 'x-forwarded-for': newIp() }));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer)).toMatchObject({ code: 'coa_not_found', message: '未找到对应的检验报告，请核对产品、批号和防伪查询码' });
    }
    expect(new Set(answers.map((answer) => JSON.stringify({ ...errorOf(answer), requestId: '' })))).toHaveProperty('size', 1);

    const malformed = await call('GET', lookupUrl({ batchNumber: batch.batchNumber, checkCode: 'O0I1' }), { ...bearer(buyer.token), 'x-forwarded-for': newIp() });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).details).toEqual([{ path: 'querystring.checkCode', message: '防伪查询码为 8 位字母或数字（不含 0、1、2、5、8 及易混淆字母）' }]);
  });

  it('refuses the 11th lookup of a user within the hour, and the 31st from one address', async () => {
    const batch = await released('MCC2509040');
    const member = await registerMember(t.app);
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await call('GET', lookupUrl(batch), { ...bearer(member.token), 'x-forwarded-for': ip })).statusCode).toBe(200);
    const eleventh = await call('GET', lookupUrl(batch), { ...bearer(member.token), 'x-forwarded-for': ip });
    expect(eleventh.statusCode).toBe(429);
    expect(errorOf(eleventh).message).toMatch(/^检验报告查询过于频繁，请 \d+ 分钟后再试$/);
    expect(eleventh.headers['retry-after']).toBeDefined();

    // The address has taken 10 (the refused one is not counted): two more users bring it to 30.
    for (let i = 0; i < 2; i++) {
      const next = await registerMember(t.app);
      for (let j = 0; j < 10; j++) expect((await call('GET', lookupUrl({ batchNumber: batch.batchNumber, checkCode: 'AAAAAAAA' }), { ...bearer(next.token), 'x-forwarded-for': ip })).statusCode).toBe(404);
    }
    const fresh = await registerMember(t.app);
    const thirtyFirst = await call('GET', lookupUrl(batch), { ...bearer(fresh.token), 'x-forwarded-for': ip });
    expect(thirtyFirst.statusCode).toBe(429);
    expect((await call('GET', lookupUrl(batch), { ...bearer(fresh.token), 'x-forwarded-for': newIp() })).statusCode).toBe(200);

    // An hour later the user may look again.
    clock.advance(61 * 60 * 1000);
    expect((await call('GET', lookupUrl(batch), { ...bearer(member.token), 'x-forwarded-for': newIp() })).statusCode).toBe(200);
  });
});

describe('shipments', () => {
  it('a shipped sample links the batch its number names, and its COA downloads; an unknown number of a product with batches is refused', async () => {
    const batch = await released('MCC2509050');
    const submitted = await call('POST', '/api/app/sample/or-update', bearer(buyer.token), applicationBody([{ excipientId: product.excipientId, specId: product.specIds[0]!, quantity: 1 }]));
    expect(submitted.statusCode, submitted.body).toBe(201);
    const application = parsed(submitted, SampleApplication);
    const reviewer = await registerStaff(t.app, t.database, ['reviewer']);
    const act = (step: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/admin/application/${application.id}/${step}`, headers: reviewer.headers, payload });
    expect((await act('approve', { note: '' })).statusCode).toBe(200);
    const item = application.items[0]!;
    const unknown = await act('ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890', batches: [{ itemId: item.id, batchNumber: 'NOPE-1' }] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).details).toEqual([{ path: 'body.batches.0.batchNumber', message: '批号 NOPE-1 不是微晶纤维素已登记的批次，请核对批号' }]);
    const shipped = await act('ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890', batches: [{ itemId: item.id, batchNumber: batch.batchNumber }] });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const seen = parsed(await call('GET', `/api/app/sample/application/${application.id}`, bearer(buyer.token)), SampleApplication);
    expect(seen.items[0]).toMatchObject({ batchNumber: 'MCC2509050', coaUrl: `/api/app/sample/application/${application.id}/coa/${item.id}` });
    const coa = await call('GET', seen.items[0]!.coaUrl!, bearer(buyer.token));
    expect(coa.statusCode).toBe(200);
    expect(pdfText(coa.rawPayload)).toContain('MCC2509050');
  });
});
