import { describe, expect, test } from 'vitest';
import { readFile } from 'node:fs/promises';
import { PDF } from '../apps/server/test/fixture-files.js';
import { pdfText } from '../apps/server/test/poppler.js';
import { choose } from './support/app.js';
import { apiRequest, registerByApi, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, get, phoneOnOwnNetwork } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * The products desk: an editor creates a product with two specs and a PDF, publishes it, and it is on
 * /excipientsinfo and its own page at once, the PDF downloadable; taken off the site, its page is a 404.
 * A 危险化学品 (the demo's 异丙醇) carries its transport terms, switched on the desk and shown on its page.
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

  test('an editor switches 危险化学品 off and on again with its transport terms, checked in the page; the product page shows them', async () => {
    const editor = await staffSession();
    const terms = 'UN1219，第 3 类易燃液体，II 类包装';
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, editor);
    const openProduct = async () => {
      await gotoHydrated(page, withQuery(paths.adminProducts, { keyword: '异丙醇' }), ADMIN_HYDRATED);
      await page.getByRole('button', { name: '编辑产品 异丙醇' }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByLabel('中文名称').waitFor();
      return drawer;
    };
    // The demo catalogue flags it: the switch is on, the terms are shown; the list says so too.
    let drawer = await openProduct();
    await page.getByRole('row', { name: /异丙醇/ }).getByText('危险化学品', { exact: true }).waitFor();
    const hazardous = drawer.getByRole('switch', { name: '危险化学品' });
    expect(await hazardous.getAttribute('aria-checked')).toBe('true');
    expect(await drawer.getByLabel('危险化学品运输条款').inputValue()).toBe(terms);

    // Off: the field goes, the product page has no tag.
    await hazardous.click();
    await drawer.getByLabel('危险化学品运输条款').waitFor({ state: 'detached' });
    await drawer.getByRole('button', { name: '保存产品' }).click();
    await page.getByText('已保存，网站上立即生效').waitFor();
    const { body: found } = await apiRequest<{ items: Array<{ id: number; nameZh: string }> }>(`/api/app/excipient?keyword=${encodeURIComponent('异丙醇')}`);
    const id = found.items.find((item) => item.nameZh === '异丙醇')!.id;
    const { body: off } = await apiRequest<{ dangerousGoods: string | null }>(`/api/app/excipient/${id}`);
    expect(off.dangerousGoods).toBeNull();

    // On again: the terms are required, at most 120 characters, with the UN number; said in the page.
    drawer = await openProduct();
    await drawer.getByRole('switch', { name: '危险化学品' }).click();
    await drawer.getByRole('button', { name: '保存产品' }).click();
    await drawer.getByText('请填写危险化学品运输条款').waitFor();
    await drawer.getByLabel('危险化学品运输条款').fill('第 3 类易燃液体，II 类包装');
    await drawer.getByText('运输条款须写明 UN 编号，例如“UN1170，第 3 类易燃液体，II 类包装”').waitFor();
    await drawer.getByLabel('危险化学品运输条款').fill(terms);
    await drawer.getByText(/^运输条款须写明 UN 编号/).waitFor({ state: 'detached' });
    await drawer.getByRole('heading', { name: '基本信息' }).evaluate((heading) => heading.scrollIntoView());
    await saveScreenshot(page, 'staff-products-hazard-1280');
    await drawer.getByRole('button', { name: '保存产品' }).click();
    await page.getByText('已保存，网站上立即生效').waitFor();

    // The product page: the 危险化学品 tag with the terms, at 1280 and on a phone.
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id }));
    const hazard = page.locator('.product__hazard');
    await hazard.getByText('危险化学品', { exact: true }).waitFor();
    await hazard.getByText(`运输条款：${terms}`).waitFor();
    await saveScreenshot(page, 'product-hazard-1280');
    const phone = await browser.newPage(phoneOnOwnNetwork());
    await gotoHydrated(phone.page, withQuery(paths.excipientDetail, { id }));
    await phone.page.locator('.product__hazard').getByText(`运输条款：${terms}`).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(phone.page, 'product-hazard-375');
    expect([...pageErrors, ...phone.pageErrors]).toEqual([]);
  });

  test('an editor revises a section of 乙醇’s safety data sheet; a buyer without membership downloads the new revision', async () => {
    const editor = await staffSession();
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, editor);
    await gotoHydrated(page, withQuery(paths.adminProducts, { keyword: '乙醇' }), ADMIN_HYDRATED);
    await page.getByRole('button', { name: '编辑产品 乙醇', exact: true }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('tab', { name: '安全技术说明书' }).click();
    // The demo sheet: classified, with its UN number beside the product's transport terms.
    await drawer.getByLabel('版本号').waitFor();
    const hazards = drawer.getByRole('region', { name: '第 2 部分 危险性概述' });
    expect(await hazards.getByRole('group', { name: '危险性说明 1' }).getByLabel('H 代码').inputValue()).toBe('H225');
    expect(await drawer.getByLabel('UN 编号').inputValue()).toBe('1170');
    // A wrong H code is refused in the page, in Chinese.
    await hazards.getByRole('group', { name: '危险性说明 1' }).getByLabel('H 代码').fill('H2255');
    await drawer.getByRole('button', { name: '保存安全技术说明书' }).click();
    await drawer.getByText('危险性说明代码应为 H225 这样的 H + 3 位数字（组合用“+”连接）').waitFor();
    await hazards.getByRole('group', { name: '危险性说明 1' }).getByLabel('H 代码').fill('H225');
    const firstAid = '眼睛接触：立即提起眼睑，用大量流动清水冲洗至少 15 分钟，就医。';
    await drawer.getByLabel('急救措施（文字）').fill(firstAid);
    await drawer.getByLabel('版本号').fill('3.0');
    await drawer.getByLabel('修订日期').fill('2026-01-20');
    await drawer.getByRole('tab', { name: '安全技术说明书' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'staff-products-sds-1280');
    await drawer.getByRole('button', { name: '保存安全技术说明书' }).click();
    await page.getByText('已保存安全技术说明书（版本 3.0），下载即为新版本').waitFor();

    // A buyer without membership downloads it from the product page: the revision and the new text.
    const buyer = await registerByApi('采购小王');
    const shopper = await browser.newPage(desktopOnOwnNetwork());
    await signIn(shopper.page, buyer);
    const { body: found } = await apiRequest<{ items: Array<{ id: number; nameZh: string }> }>(`/api/app/excipient?keyword=${encodeURIComponent('乙醇')}`);
    const id = found.items.find((item) => item.nameZh === '乙醇')!.id;
    await gotoHydrated(shopper.page, withQuery(paths.excipientDetail, { id: String(id) }));
    const download = shopper.page.waitForEvent('download');
    await shopper.page.getByRole('button', { name: '下载 乙醇安全技术说明书' }).click();
    const file = await download;
    const text = pdfText(await readFile((await file.path())));
    expect(text).toContain('版本：3.0 修订日期：2026-01-20');
    expect(text).toContain('H225 高度易燃液体和蒸气');
    expect(text).toContain('UN1170');
    expect(text.replace(/\s+/g, '')).toContain(firstAid.replace(/\s+/g, ''));

    // The tab on a phone.
    const phone = await browser.newPage(phoneOnOwnNetwork());
    await signIn(phone.page, editor);
    await gotoHydrated(phone.page, withQuery(paths.adminProducts, { keyword: '乙醇' }), ADMIN_HYDRATED);
    await phone.page.getByRole('button', { name: '编辑产品 乙醇', exact: true }).click();
    await phone.page.locator('.ant-drawer').getByRole('tab', { name: '安全技术说明书' }).click();
    await phone.page.locator('.ant-drawer').getByLabel('版本号').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(phone.page, 'staff-products-sds-375');
    await phone.page.locator('.ant-drawer').getByRole('region', { name: '第 2 部分 危险性概述' }).scrollIntoViewIfNeeded();
    await saveScreenshot(phone.page, 'staff-products-sds-hazards-375');
    expect([...pageErrors, ...shopper.pageErrors, ...phone.pageErrors]).toEqual([]);
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
    await page.locator('.ant-drawer').getByRole('switch', { name: '危险化学品' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'staff-products-hazard-375');
    expect(pageErrors).toEqual([]);
  });
});
