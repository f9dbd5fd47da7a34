import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { apiRequest, registerByApi, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * The imports desk: an Excel file with a bad row is previewed with that row and its reason, the rest
 * is imported on commit and is on the public registration list at once; a filtered list exports to an
 * Excel file that opens with the record in it. A member who watches the record hears, by notice, what
 * a second import changed in it.
 */

const ADMIN_HYDRATED = '.admin-bar__brand';
const COLUMNS = ['登记号', '品种名称', '企业名称', '企业地址', '省份', '产品来源', '规格', '包装规格', '类型', '与制剂共同审评审批结果', '更新日期', '备注'];

async function workbook(rows: Array<Array<string | Date>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('登记信息');
  sheet.addRow(COLUMNS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('imports desk', () => {
  const browser = useBrowser();

  test('an Excel import with a bad row shows it and imports the rest, which the public list shows; the list exports to Excel', async () => {
    const editor = await staffSession();
    const regNo = `F2025${Date.now().toString().slice(-7)}`;
    const file = await workbook([
      [regNo, '羟丙甲纤维素', '山东赫达药用辅料有限公司', '山东省淄博市周村区赫达路 999 号', '山东', '国产', 'E5、E15、K4M', '25 kg/桶', '辅料', 'A', new Date(Date.UTC(2025, 9, 9)), ''],
      ['F2025ABC', '硬脂酸镁', '某某化工', '', '上海', '国产', '', '', '辅料', 'A', '2025-01-01', ''],
    ]);
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, editor);
    await gotoHydrated(page, paths.adminImports, ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '登记数据导入' }).first().waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: '登记信息.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });

    await page.getByText('预览：登记信息.xlsx').waitFor();
    const rejected = page.locator('.imports-desk__rejected');
    await rejected.getByRole('cell', { name: 'F2025ABC', exact: true }).waitFor();
    await rejected.getByText('登记号“F2025ABC”：格式应为 F/B/Y + 4 位年份 + 7 位数字，如 F20190000123', { exact: false }).waitFor();
    await saveScreenshot(page, 'staff-imports-preview-1280', true);

    await page.getByRole('button', { name: /提交导入（1 条）/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '提交导入' }).click();
    await page.getByText('已导入“登记信息.xlsx”').waitFor();
    await page.getByText('新增 1 条，更新 0 条，未变化 0 条，拒绝 1 行（未导入）', { exact: false }).waitFor();

    // The audit log names the import and the kind of record in Chinese.
    await gotoHydrated(page, withQuery(paths.adminAudit, { entityType: 'registration_import' }), ADMIN_HYDRATED);
    const entry = page.getByRole('row', { name: /导入原辅包登记数据“登记信息\.xlsx”/ }).first();
    await entry.getByRole('cell', { name: '导入登记数据', exact: true }).waitFor();
    await entry.getByRole('cell', { name: /^登记数据导入 #\d+$/ }).waitFor();
    expect(await page.getByText('registration_import').count()).toBe(0);
    await saveScreenshot(page, 'admin-audit-import-1280');
    await gotoHydrated(page, paths.adminImports, ADMIN_HYDRATED);

    // The export of a filtered list: a real workbook with the record.
    await page.getByLabel('关键词').fill(regNo);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 Excel/ }).click();
    const saved = await (await download).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(saved)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('登记号');
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(2).getCell(2).value]).toEqual([regNo, '羟丙甲纤维素']);

    await gotoHydrated(page, withQuery(paths.registrations, { keyword: regNo }));
    await page.getByText(regNo).first().waitFor();
    await page.getByText('山东赫达药用辅料有限公司').first().waitFor();

    // A member watches the record on its page.
    const found = await apiRequest<{ items: Array<{ id: number }> }>(`/api/app/registration?keyword=${regNo}`);
    const member = await registerByApi('关注登记的用户');
    const watcher = await browser.newPage(desktopOnOwnNetwork());
    await signIn(watcher.page, member);
    await gotoHydrated(watcher.page, withQuery(paths.topDatabaseDetail, { code: 'registration', id: found.body.items[0]!.id }));
    await watcher.page.getByRole('button', { name: '关注此登记' }).click();
    await watcher.page.getByRole('button', { name: '已关注此登记' }).waitFor();
    await saveScreenshot(watcher.page, 'registration-watch-1280');

    // The next import changes its review result and date: the watcher gets a notice naming both.
    await gotoHydrated(page, paths.adminImports, ADMIN_HYDRATED);
    const update = await workbook([
      [regNo, '羟丙甲纤维素', '山东赫达药用辅料有限公司', '山东省淄博市周村区赫达路 999 号', '山东', '国产', 'E5、E15、K4M', '25 kg/桶', '辅料', 'I', new Date(Date.UTC(2025, 10, 20)), ''],
    ]);
    await page.locator('input[type="file"]').setInputFiles({ name: '更新.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: update });
    await page.getByText('预览：更新.xlsx').waitFor();
    await page.getByRole('button', { name: /提交导入（1 条）/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '提交导入' }).click();
    await page.getByText('已导入“更新.xlsx”').waitFor();

    await gotoHydrated(watcher.page, paths.notices);
    await watcher.page.getByText(`关注的登记信息有变更：羟丙甲纤维素（${regNo}）`).waitFor();
    await watcher.page
      .getByText('山东赫达药用辅料有限公司：与制剂共同审评审批结果由“A”变为“I”；更新日期由“2025-10-09”变为“2025-11-20”。')
      .waitFor();
    await saveScreenshot(watcher.page, 'registration-watch-notice-1280');
    await gotoHydrated(watcher.page, withQuery(paths.favorites, { type: 'watch' }));
    await watcher.page.getByRole('link', { name: `羟丙甲纤维素（${regNo}）` }).waitFor();
    expect(pageErrors).toEqual([]);
    expect(watcher.pageErrors).toEqual([]);
  });

  test('the desk works on a phone', async () => {
    const editor = await staffSession();
    const { page, pageErrors } = await browser.newPage(phoneOnOwnNetwork());
    await signIn(page, editor);
    await gotoHydrated(page, paths.adminImports, ADMIN_HYDRATED);
    await page.getByText('点击或拖入 CSV（UTF-8）或 Excel（.xlsx）文件').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'staff-imports-375', true);
    expect(pageErrors).toEqual([]);
  });
});
