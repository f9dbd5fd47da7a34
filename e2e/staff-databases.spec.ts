import { describe, expect, test } from 'vitest';
import { signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * The databases desk: a CSV of usage rows with a bad row is checked first (the bad row named with its
 * reason), then written; a row is edited in place; the public usage database shows the change.
 */

const ADMIN_HYDRATED = '.admin-bar__brand';

describe('databases desk', () => {
  const browser = useBrowser();

  test('an editor imports usage rows (a bad one refused), edits one, and the public database shows it', async () => {
    const editor = await staffSession();
    const name = `示例辅料${Date.now().toString().slice(-6)}`;
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, editor);
    await gotoHydrated(page, withQuery(paths.adminDatabases, { code: 'usage' }), ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '数据库' }).first().waitFor();

    const csv = `辅料名称,给药途径,剂型,单位制剂最大用量\n${name},口服,片剂,300 mg\n${name},口服,胶囊剂,200 mg\n,口服,片剂,1 mg\n`;
    await page.locator('input[type="file"]').setInputFiles({ name: '用量.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const dialog = page.getByRole('dialog', { name: '检查结果：用量.csv' });
    await dialog.getByText('共读取 3 行：将新增 2 条，更新 0 条，拒绝 1 行（不导入）。').waitFor();
    await dialog.getByText('辅料名称：不能为空').waitFor();
    await saveScreenshot(page, 'staff-databases-check-1280');
    await dialog.getByRole('button', { name: /确认导入（2 条）/ }).click();
    await page.getByText('已导入“用量.csv”：新增 2 条，更新 0 条').waitFor();

    await page.getByLabel('搜索辅料用量').fill(name);
    await page.getByLabel('搜索辅料用量').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(`${name}.*胶囊剂`) });
    await row.getByRole('button', { name: /编\s?辑/ }).click();
    const editor2 = page.getByRole('dialog', { name: '编辑辅料用量' });
    await editor2.getByLabel('单位制剂最大用量').fill('250 mg');
    await editor2.getByRole('button', { name: /保\s?存/ }).click();
    await page.getByText('已保存，网站上立即生效').waitFor();
    await page.getByRole('cell', { name: '250 mg' }).waitFor();
    await saveScreenshot(page, 'staff-databases-1280', true);

    // The public usage database (signed in as staff, who see the amounts as members do).
    await gotoHydrated(page, withQuery(paths.topDatabase, { code: 'usage', keyword: name }));
    await page.getByText('胶囊剂').first().waitFor();
    expect(await page.getByText(name).count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  test('the desk works on a phone', async () => {
    const editor = await staffSession();
    const { page, pageErrors } = await browser.newPage(phoneOnOwnNetwork());
    await signIn(page, editor);
    await gotoHydrated(page, paths.adminDatabases, ADMIN_HYDRATED);
    await page.getByRole('button', { name: /新\s?增/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'staff-databases-375', true);
    expect(pageErrors).toEqual([]);
  });
});
