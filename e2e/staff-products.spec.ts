import { describe, expect, test } from 'vitest';
import { PDF } from '../apps/server/test/fixture-files.js';
import { choose } from './support/app.js';
import { signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, get, phoneOnOwnNetwork } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * The products desk: an editor creates a product with two specs and a PDF, publishes it, and it is on
 * /excipientsinfo and its own page at once, the PDF downloadable; taken off the site, its page is a 404.
 */

const ADMIN_HYDRATED = '.admin-bar__brand';

describe('products desk', () => {
  const browser = useBrowser();

  test('an editor creates a product with two specs and a PDF, publishes it, and it appears on the site', async () => {
    const editor = await staffSession();
    const name = `羧甲淀粉钠${Date.now().toString().slice(-6)}`;
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, editor);
    await gotoHydrated(page, paths.adminProducts, ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '产品' }).first().waitFor();
    await page.getByRole('button', { name: '新建产品' }).click();

    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('中文名称').fill(name);
    await drawer.getByLabel('英文名称').fill('Sodium Starch Glycolate');
    await drawer.getByLabel('CAS 号').fill('9063-38-1');
    await choose(page, '功能类别', '崩解剂');
    await drawer.getByLabel('一句话简介').fill('片剂与胶囊剂的崩解剂，常用量 2%–8%。');
    await drawer.getByLabel('产品说明').fill('羧甲淀粉钠吸水后迅速膨胀，使片剂崩解。\n\n常用量：2%–8%。密闭，在干燥处保存。');
    const first = drawer.getByRole('group', { name: '规格 1' });
    await first.getByLabel('规格 / 等级').fill('A 型');
    await first.getByLabel('样品包装').fill('250 g');
    await drawer.getByRole('button', { name: '添加规格' }).click();
    const second = drawer.getByRole('group', { name: '规格 2' });
    await second.getByLabel('规格 / 等级').fill('A 型');
    await second.getByLabel('样品包装').fill('1 kg');

    await drawer.getByRole('button', { name: '添加资料' }).click();
    const document = drawer.getByRole('group', { name: '资料 1' });
    await document.getByLabel('资料名称').fill('羧甲淀粉钠技术资料');
    await document.locator('input[type="file"]').setInputFiles({ name: 'TDS.pdf', mimeType: 'application/pdf', buffer: PDF });
    await document.getByText('已上传：TDS.pdf').waitFor();
    await drawer.getByRole('switch', { name: '上架' }).click();
    await saveScreenshot(page, 'staff-products-editor-1280');
    await drawer.getByRole('button', { name: '新建产品' }).click();
    await page.getByText(`已新建“${name}”`).waitFor();

    // On the catalogue at once, and on its own page with both specs and the document.
    await gotoHydrated(page, withQuery(paths.excipients, { keyword: name }));
    await page.getByRole('link', { name }).first().click();
    await page.waitForURL((u) => u.pathname === paths.excipientDetail);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('button', { name: 'A 型 250 g', exact: true }).waitFor();
    await page.getByRole('button', { name: 'A 型 1 kg', exact: true }).waitFor();
    await page.getByText('羧甲淀粉钠技术资料').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载 羧甲淀粉钠技术资料' }).click();
    expect((await download).suggestedFilename()).toBe(`${name}-羧甲淀粉钠技术资料.pdf`);
    const id = new URL(page.url()).searchParams.get('id');

    // Taken off the site: its page is a 404 for visitors.
    await gotoHydrated(page, paths.adminProducts, ADMIN_HYDRATED);
    const row = page.getByRole('row', { name: new RegExp(name) });
    // antd puts a space between the two characters of a button's label.
    await row.getByRole('button', { name: /^下\s?架$/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: /^下\s?架$/ }).click();
    await page.getByText(`已下架“${name}”`).waitFor();
    expect((await get(`/api/app/excipient/${id}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });

  test('the desk works on a phone', async () => {
    const editor = await staffSession();
    const { page, pageErrors } = await browser.newPage(phoneOnOwnNetwork());
    await signIn(page, editor);
    await gotoHydrated(page, paths.adminProducts, ADMIN_HYDRATED);
    await page.locator('.ant-table-row').first().waitFor();
    await saveScreenshot(page, 'staff-products-375');
    await page.locator('.ant-table-row').first().getByRole('button').first().click();
    await page.locator('.ant-drawer').getByLabel('中文名称').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'staff-products-editor-375', true);
    expect(pageErrors).toEqual([]);
  });
});
