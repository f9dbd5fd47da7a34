import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditPage,
  ErrorResponse,
  REGISTRATION_CSV_COLUMNS,
  RegistrationImportPreview,
  RegistrationImportReport,
  RegistrationPage,
} from '@fuliaotong/contracts';
import { multipart } from '../../../test/accounts.js';
import { PNG } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { readRegistrationCsv } from './registration-csv.js';
import { readRegistrationXlsx } from './registration-xlsx.js';

let t: TestApp;
let editor: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  editor = await registerStaff(t.app, t.database, ['editor']);
});
afterAll(async () => {
  await t.close();
});

type Row = Array<string | number | Date>;
const good: Row[] = [
  [
    'F20240012345',
    '微晶纤维素',
    '湖州恒信药用辅料有限公司',
    '浙江省湖州市吴兴区环城北路 88 号',
    '浙江',
    '国产',
    'PH101、PH102',
    '25 kg/袋',
    '辅料',
    'A',
    new Date(Date.UTC(2025, 2, 18)),
    '',
  ],
  [
    'F20230045678',
    '交联聚维酮',
    '江苏泰和药用辅料有限公司',
    '江苏省泰州市医药高新区药城大道 1 号',
    '江苏',
    '国产',
    'XL、XL-10',
    '20 kg/桶',
    '辅料',
    'I',
    '2024-11-02',
    '',
  ],
];
/** Two bad rows: a registration number without its type letter, and 产品来源 that is neither 国产 nor 进口. */
const bad: Row[] = [
  ['20240099999', '硬脂酸镁', '某某化工', '', '上海', '国产', '', '', '辅料', 'A', '2025-01-01', ''],
  ['F20220011111', '滑石粉', '广西某某矿业', '', '广西', '本地', '', '', '辅料', 'A', '2025-01-01', ''],
];

async function xlsx(rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('登记信息');
  sheet.addRow([...REGISTRATION_CSV_COLUMNS]);
  for (const row of rows) sheet.addRow(row);
  // A cell written as rich text, as Excel does for partly formatted text.
  sheet.getCell('B2').value = { richText: [{ text: '微晶' }, { font: { bold: true }, text: '纤维素' }] };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function preview(bytes: Buffer, name: string, type: string) {
  const upload = multipart(bytes, name, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/registration/import',
    headers: { ...editor.headers, ...upload.headers },
    payload: upload.payload,
  });
}

const listed = async (keyword: string) =>
  parsed(await t.app.inject({ method: 'GET', url: '/api/app/registration', query: { keyword } }), RegistrationPage).items.map((r) => [
    r.regNo,
    r.reviewStatus,
  ]);

describe('importing registrations from the staff desk', () => {
  it('previews an Excel file with its bad rows, commits the rest in one go, and refuses a second commit', async () => {
    const response = await preview(
      await xlsx([good[0]!, bad[0]!, good[1]!, bad[1]!]),
      '登记信息.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.statusCode, response.body).toBe(201);
    const shown = parsed(response, RegistrationImportPreview);
    expect(shown.format).toBe('xlsx');
    expect(shown.counts).toEqual({ new: 2, changed: 0, unchanged: 0, rejected: 2, superseded: 0 });
    expect(shown.rejected.map((r) => [r.line, r.regNo])).toEqual([
      [3, '20240099999'],
      [5, 'F20220011111'],
    ]);
    expect(shown.rejected[1]?.reasons).toEqual(['产品来源“本地”：应为“国产”或“进口”']);
    // Nothing is written by a preview.
    expect(await listed('F20240012345')).toEqual([]);

    const commit = await t.app.inject({
      method: 'POST',
      url: `/api/admin/registration/import/${shown.id}/commit`,
      headers: editor.headers,
    });
    expect(commit.statusCode, commit.body).toBe(200);
    const report = parsed(commit, RegistrationImportReport);
    expect([report.inserted, report.updated]).toEqual([2, 0]);
    expect(await listed('F20240012345')).toEqual([['F20240012345', 'A']]);
    expect(await listed('F20230045678')).toEqual([['F20230045678', 'I']]);

    const again = await t.app.inject({ method: 'POST', url: `/api/admin/registration/import/${shown.id}/commit`, headers: editor.headers });
    expect(again.statusCode).toBe(409);
    expect(parsed(again, ErrorResponse).error.message).toMatch(/^该导入已于 .+ 提交，不能重复提交$/);

    const admin = await registerStaff(t.app, t.database, ['admin']);
    const audit = parsed(
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit',
        headers: admin.headers,
        query: { entityType: 'registration_import', entityId: String(shown.id) },
      }),
      AuditPage,
    );
    expect(audit.items.map((e) => e.summary)).toEqual(['导入原辅包登记数据“登记信息.xlsx”：新增 2 条，更新 0 条，拒绝 2 行']);
  });

  it('shows what a CSV would change in stored records, and writes only the changes', async () => {
    const header = REGISTRATION_CSV_COLUMNS.join(',');
    const line = (status: string, date: string) =>
      `F20240012345,微晶纤维素,湖州恒信药用辅料有限公司,浙江省湖州市吴兴区环城北路 88 号,浙江,国产,PH101、PH102,25 kg/袋,辅料,${status},${date},`;
    const first = parsed(
      await preview(Buffer.from(`${header}\n${line('A', '2025-03-18')}\n`), 'a.csv', 'text/csv'),
      RegistrationImportPreview,
    );
    await t.app.inject({ method: 'POST', url: `/api/admin/registration/import/${first.id}/commit`, headers: editor.headers });
    const second = parsed(
      await preview(Buffer.from(`${header}\n${line('I', '2025-06-30')}\n`), 'b.csv', 'text/csv'),
      RegistrationImportPreview,
    );
    expect(second.counts).toMatchObject({ new: 0, changed: 1, unchanged: 0 });
    expect(second.changes).toEqual([
      {
        regNo: 'F20240012345',
        name: '微晶纤维素',
        fields: [
          { field: '与制剂共同审评审批结果', before: 'A', after: 'I' },
          { field: '更新日期', before: '2025-03-18', after: '2025-06-30' },
        ],
      },
    ]);
    const report = parsed(
      await t.app.inject({ method: 'POST', url: `/api/admin/registration/import/${second.id}/commit`, headers: editor.headers }),
      RegistrationImportReport,
    );
    expect([report.inserted, report.updated]).toEqual([0, 1]);
    expect(await listed('F20240012345')).toEqual([['F20240012345', 'I']]);
    // The replaced version is not counted: the import vacuums the table, and where a transaction elsewhere
    // keeps VACUUM from removing it from the gram index, a list whose end is read counts what it read.
    for (const status of ['A', 'I']) {
      const page = parsed(
        await t.app.inject({ method: 'GET', url: `/api/app/registration?keyword=${encodeURIComponent('恒信')}&status=${status}&pageSize=100` }),
        RegistrationPage,
      );
      expect(page.totalCount, status).toBe(page.items.length);
    }
  });

  it('rejects the same bad row with the same words as the command line, whether CSV or Excel', async () => {
    const header = REGISTRATION_CSV_COLUMNS.join(',');
    const fromCsv = readRegistrationCsv(`${header}\n${bad.map((r) => r.join(',')).join('\n')}\n`).rejected.map((r) => r.reasons);
    const fromXlsx = (await readRegistrationXlsx(await xlsx(bad))).rejected.map((r) => r.reasons);
    expect(fromXlsx).toEqual(fromCsv);
    expect(fromCsv[0]).toContain('登记号“20240099999”：格式应为 F/B/Y + 4 位年份 + 7 位数字，如 F20190000123');
    expect(fromCsv[1]).toEqual(['产品来源“本地”：应为“国产”或“进口”']);
  });

  it('refuses files it cannot read, in Chinese', async () => {
    const image = await preview(PNG, 'a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(image.statusCode).toBe(415);
    expect(parsed(image, ErrorResponse).error.message).toBe('请上传 CSV（UTF-8）或 Excel（.xlsx）文件');
    const broken = await preview(
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 1)]),
      'broken.xlsx',
      'application/octet-stream',
    );
    expect(broken.statusCode).toBe(400);
    expect(parsed(broken, ErrorResponse).error.message).toContain('无法读取 Excel 文件');
    const headless = await preview(Buffer.from('名称,企业\n微晶纤维素,某某\n'), 'x.csv', 'text/csv');
    expect(headless.statusCode).toBe(400);
    expect(parsed(headless, ErrorResponse).error.message).toMatch(/^缺少列：登记号/);
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/registration/import/999999/commit', headers: editor.headers });
    expect(missing.statusCode).toBe(404);
  });

  it('exports a filtered list to an Excel file that opens again with the same records', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/registration/export',
      headers: editor.headers,
      query: { keyword: 'F20230045678' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('原辅包登记信息-'));
    const table = await readRegistrationXlsx(response.rawPayload);
    expect(table.rejected).toEqual([]);
    expect(table.records.map((r) => [r.record.regNo, r.record.name, r.record.reviewStatus, r.record.updatedOn])).toEqual([
      ['F20230045678', '交联聚维酮', 'I', '2024-11-02'],
    ]);
    const reviewer = await registerStaff(t.app, t.database, ['reviewer', 'finance']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/registration/export', headers: reviewer.headers })).statusCode).toBe(403);
  });
});
