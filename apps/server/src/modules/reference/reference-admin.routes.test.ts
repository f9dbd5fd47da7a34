import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminStandard,
  AdminStandardPage,
  AdminUsage,
  AdminUsagePage,
  AuditPage,
  ErrorResponse,
  ReferenceImportReport,
  STANDARD_COLUMNS,
  StandardRecord,
  type StandardBody,
  USAGE_COLUMNS,
  UsagePage,
} from '@fuliaotong/contracts';
import { bearer, multipart, registerMember } from '../../../test/accounts.js';
import { PNG } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { databases } from './reference.schema.js';

let t: TestApp;
let editor: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  editor = await registerStaff(t.app, t.database, ['editor']);
  // The public databases (the demo content seeds them elsewhere).
  await t.database.db.insert(databases).values([
    { code: 'standard', name: '药典标准', description: '', access: 'login', sortOrder: 2 },
    { code: 'usage', name: '辅料用量', description: '', access: 'login', sortOrder: 3 },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function xlsx(header: readonly string[], rows: Array<Array<string | Date>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('数据');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function importFile(code: 'standard' | 'usage', bytes: Buffer, name: string, dryRun: boolean) {
  const upload = multipart(bytes, name, name.endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/database/${code}/import`,
    query: { dryRun: String(dryRun) },
    headers: { ...editor.headers, ...upload.headers },
    payload: upload.payload,
  });
}

const standardsNamed = async (keyword: string) =>
  parsed(await t.app.inject({ method: 'GET', url: '/api/admin/database/standard/records', headers: editor.headers, query: { keyword } }), AdminStandardPage)
    .items;

describe('the databases desk', () => {
  it('adds, edits and deletes a usage row, and the public list shows each change at once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/database/usage/records',
      headers: editor.headers,
      payload: { ingredient: '交联羧甲纤维素钠', route: '口服', dosageForm: '片剂', maxAmount: '120 mg' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = parsed(created, AdminUsage);
    const publicRows = async () =>
      parsed(
        await t.app.inject({ method: 'GET', url: '/api/app/database/usage/records', headers: bearer(editor.token), query: { keyword: '交联羧甲纤维素钠' } }),
        UsagePage,
      ).items.map((r) => [r.route, r.dosageForm]);
    expect(await publicRows()).toEqual([['口服', '片剂']]);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/database/usage/records/${row.id}`,
      headers: editor.headers,
      payload: { ingredient: '交联羧甲纤维素钠', route: '口服', dosageForm: '胶囊剂', maxAmount: '60 mg' },
    });
    expect(parsed(updated, AdminUsage).maxAmount).toBe('60 mg');
    expect(await publicRows()).toEqual([['口服', '胶囊剂']]);

    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/database/usage/records/${row.id}`,
      headers: editor.headers,
      payload: { ingredient: '', route: '口服', dosageForm: '胶囊剂', maxAmount: '60 mg' },
    });
    expect(parsed(bad, ErrorResponse).error.details).toEqual([{ path: 'body.ingredient', message: '请填写辅料名称' }]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/database/usage/records/${row.id}`, headers: editor.headers })).statusCode).toBe(204);
    expect(await publicRows()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/database/usage/records/${row.id}`, headers: editor.headers });
    expect([again.statusCode, parsed(again, ErrorResponse).error.message]).toEqual([404, '辅料用量记录不存在']);
  });

  it('keeps a standard’s 检验项目 and 修订说明, which the public list shows to holders of the standards database only', async () => {
    const body: StandardBody = {
      name: '示例交联聚维酮',
      nameEn: 'Crospovidone',
      pharmacopoeia: 'EP',
      edition: '12.0',
      status: '现行',
      effectiveOn: '2026-01-01',
      testItems: ['性状', '鉴别', '过氧化物：不得过 400 ppm'],
      revisionNote: '与 11.0 版相比，新增过氧化物检查。',
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/database/standard/records', headers: editor.headers, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const row = parsed(created, AdminStandard);
    expect(row).toEqual({ id: row.id, ...body });
    expect(await standardsNamed('示例交联聚维酮')).toEqual([row]);
    const tooMany = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/database/standard/records/${row.id}`,
      headers: editor.headers,
      payload: { ...body, testItems: Array.from({ length: 41 }, (_, i) => `项目 ${i}`) },
    });
    expect(parsed(tooMany, ErrorResponse).error.details).toEqual([{ path: 'body.testItems', message: '检验项目不能超过 40 项' }]);

    const publicRecord = async (headers: Record<string, string>) =>
      parsed(await t.app.inject({ method: 'GET', url: `/api/app/database/standard/records/${row.id}`, headers }), StandardRecord);
    const user = await registerMember(t.app);
    expect(await publicRecord(bearer(user.token))).toEqual({
      id: row.id,
      name: '示例交联聚维酮',
      nameEn: 'Crospovidone',
      pharmacopoeia: 'EP',
      edition: '12.0',
      status: '现行',
      effectiveOn: '2026-01-01',
      locked: [{ level: 'member', message: '会员可见', fields: ['testItems', 'revisionNote'], database: 'standard' }],
    });

    // The export has them too, in the columns an import reads back.
    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/database/standard/export', headers: editor.headers, query: { keyword: '示例交联聚维酮' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const [header, line] = workbook.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(header).toEqual([...STANDARD_COLUMNS]);
    expect(line!.slice(6)).toEqual(['性状；鉴别；过氧化物：不得过 400 ppm', '与 11.0 版相比，新增过氧化物检查。']);
  });

  it('checks an Excel file of standards first, then writes its good rows, updating the one it already has', async () => {
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/admin/database/standard/records',
      headers: editor.headers,
      payload: {
        name: '示例羟丙纤维素',
        nameEn: 'Hydroxypropyl Cellulose',
        pharmacopoeia: 'ChP',
        edition: '2025 年版',
        status: '草案公示',
        effectiveOn: null,
        testItems: [],
        revisionNote: '',
      },
    });
    const before = parsed(stored, AdminStandard);
    const file = await xlsx(STANDARD_COLUMNS, [
      ['示例羟丙纤维素', 'Hydroxypropyl Cellulose', '中国药典', '2025 年版', '现行', new Date(Date.UTC(2025, 9, 1)), '性状\n鉴别\n干燥失重：不得过 5.0%', '新增元素杂质检查'],
      ['示例羟丙纤维素', 'Hydroxypropyl Cellulose', 'USP-NF', '2025', '现行', '2025/5/1', 'Identification；Loss on drying', ''],
      ['示例羟丙纤维素', '', 'BP', '2025', '在用', '2025-02-30', '', ''],
    ]);

    const check = parsed(await importFile('standard', file, '药典标准.xlsx', true), ReferenceImportReport);
    expect(check).toMatchObject({ format: 'xlsx', rowCount: 3, inserted: 1, updated: 1, rejectedCount: 1, committed: false });
    expect(check.rejected).toEqual([
      { line: 4, reasons: ['药典“BP”：应为 ChP、USP-NF、EP、JP 或其中文名称', '状态“在用”：应为 现行、废止、草案公示', '实施日期“2025-02-30”：不是有效的日期（如 2025-10-01）'] },
    ]);
    expect(await standardsNamed('示例羟丙纤维素')).toEqual([before]);

    const commit = parsed(await importFile('standard', file, '药典标准.xlsx', false), ReferenceImportReport);
    expect(commit).toMatchObject({ inserted: 1, updated: 1, committed: true });
    const after = await standardsNamed('示例羟丙纤维素');
    expect(after.map((s) => [s.pharmacopoeia, s.edition, s.status, s.effectiveOn, s.testItems, s.revisionNote])).toEqual([
      ['ChP', '2025 年版', '现行', '2025-10-01', ['性状', '鉴别', '干燥失重：不得过 5.0%'], '新增元素杂质检查'],
      ['USP-NF', '2025', '现行', '2025-05-01', ['Identification', 'Loss on drying'], ''],
    ]);
    expect(after.find((s) => s.pharmacopoeia === 'ChP')?.id).toBe(before.id);

    const admin = await registerStaff(t.app, t.database, ['admin']);
    const audit = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.headers, query: { entityType: 'standard' } }), AuditPage);
    expect(audit.items[0]?.summary).toBe('导入药典标准“药典标准.xlsx”：新增 1 条，更新 1 条，拒绝 1 行');
  });

  it('exports a filtered list with the import’s column names', async () => {
    const csv = `${USAGE_COLUMNS.join(',')}\n示例乳糖,口服,片剂,300 mg\n示例乳糖,口服,胶囊剂,200 mg\n示例甘露醇,口服,片剂,400 mg\n`;
    expect(parsed(await importFile('usage', Buffer.from(csv), '用量.csv', false), ReferenceImportReport).inserted).toBe(3);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/database/usage/export', headers: editor.headers, query: { keyword: '示例乳糖' } });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const [header, ...rows] = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(header).toEqual([...USAGE_COLUMNS]);
    expect(rows.map((row) => row.join(' ')).sort()).toEqual(['示例乳糖 口服 片剂 300 mg', '示例乳糖 口服 胶囊剂 200 mg'].sort());
    const list = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/database/usage/records', headers: editor.headers, query: { keyword: '示例甘露醇' } }), AdminUsagePage);
    expect(list.items.map((r) => r.maxAmount)).toEqual(['400 mg']);
  });

  it('says what is wrong with a file it cannot read', async () => {
    const image = await importFile('usage', PNG, 'a.png', true);
    expect([image.statusCode, parsed(image, ErrorResponse).error.message]).toEqual([415, '请上传 CSV（UTF-8）或 Excel（.xlsx）文件']);
    const columns = await importFile('usage', Buffer.from('辅料名称,途径\n乳糖,口服\n'), 'a.csv', true);
    expect(columns.statusCode).toBe(400);
    expect(parsed(columns, ErrorResponse).error.message).toMatch(/^缺少列：给药途径、剂型、单位制剂最大用量。/);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/database/registration/export', headers: editor.headers });
    expect(unknown.statusCode).toBe(400);
  });
});
