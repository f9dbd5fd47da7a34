import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiRequest, fillLogin, registerByApi, type Session } from './support/accounts.js';
import { choose } from './support/app.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { twoProducts, type Product } from './support/samples.js';
import { ADMIN_HYDRATED, downloadBy, savedBytes, staffArrives, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * A price request (询价, docs/decisions/0062), one buyer's story: the 管理员 of a company finds a
 * product, asks for a price (signed out, 询价 leads through the log-in and back to the form), adds a
 * second product (the demo catalogue's 乙醇, a 危险化学品 whose transport terms the quote form takes
 * from the product and the sales staff extend); sales answer on the 询价报价 desk with a quote whose total runs as it is typed; the buyer asks for a revision, sales send
 * revision 2 on credit terms, the buyer accepts it and downloads its PDF. Every page passed is kept at
 * 1280 and 375 px in e2e/screenshots/quotes/.
 */

const ACCOUNT_HYDRATED = '.account-layout__menu';
const companyName = `江苏示例药业有限公司${Date.now().toString(36)}`;
const ETHANOL_TERMS = 'UN1170，第 3 类易燃液体，II 类包装';
const HAZARD = `${ETHANOL_TERMS}，危险货物道路运输`;

/** A select of a form: opened, searched for `typed`, and the option with `option` in it picked. */
async function search(page: Page, field: Locator, typed: string, option: string): Promise<void> {
  await field.click();
  await field.fill(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('a price request: asked, quoted, revised, accepted', { retry: 0, timeout: 150_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('quotes');
  let buyer: Session;
  let first: Product;
  let second: Pick<Product, 'id' | 'nameZh'>;
  let page: Page;
  let pageErrors: Error[];
  let desk: Page;
  let deskErrors: Error[];
  let requestId: number;
  let requestNumber: string;

  beforeAll(async () => {
    buyer = await registerByApi('王采购');
    const company = await apiRequest('/api/app/company', {
      token: buyer.token,
      json: { name: companyName, creditCode: '91330100716105852F', contactName: '王采购', contactPhone: buyer.account },
    });
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    [first] = await twoProducts();
    // The demo catalogue's 乙醇 (exact names come first), flagged as 危险化学品 in the catalogue.
    const { body: found } = await apiRequest<{ items: Array<{ id: number; nameZh: string }> }>(`/api/app/excipient?keyword=${encodeURIComponent('乙醇')}`);
    second = found.items.find((item) => item.nameZh === '乙醇')!;
    expect(second).toBeDefined();
    const { body: ethanol } = await apiRequest<{ dangerousGoods: string | null }>(`/api/app/excipient/${second.id}`);
    expect(ethanol.dangerousGoods).toBe(ETHANOL_TERMS);
  });

  const noPageErrors = () => expect.soft(pageErrors.splice(0).map(String)).toEqual([]);

  test('signed out, 询价 on the product page leads through the log-in to the form, prefilled with the product and the contact', async () => {
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: first.id }));
    await shot(page, 'product-page');
    await page.getByRole('link', { name: /^询价/ }).click();
    await page.waitForURL((u) => u.pathname === paths.login);
    await fillLogin(page, buyer.account);
    await page.waitForURL((u) => u.pathname === paths.quoteRequest);
    const form = page.getByRole('form', { name: '询价' });
    await form.locator('.ant-select', { has: page.getByLabel('第 1 个产品', { exact: true }) }).filter({ hasText: first.nameZh }).waitFor();
    expect(await form.getByLabel('联系人手机').inputValue()).toBe(buyer.account);
    expect(await form.getByLabel('联系人', { exact: true }).inputValue()).not.toBe('');

    await choose(page, '第 1 个产品的级别与包装', `${first.spec.grade} · ${first.spec.packSize}`);
    await form.getByLabel('第 1 个产品的数量').fill('500');
    await form.getByRole('button', { name: '添加产品' }).click();
    await search(page, form.getByLabel('第 2 个产品', { exact: true }), second.nameZh, `${second.nameZh}（Ethanol）`);
    await form.getByLabel('第 2 个产品的数量').fill('1');
    await choose(page, '第 2 个产品的单位', '吨');
    // What is missing is said in the page before anything is sent.
    await form.getByRole('button', { name: '提交询价' }).click();
    await form.getByText('请填写收货城市').waitFor();
    await form.getByText('请选择需求日期').waitFor();
    await form.getByText('请选择用途').waitFor();
    await shot(page, 'request-checked');

    await form.getByLabel('收货城市').fill('江苏省苏州市');
    const date = form.getByLabel('需求日期');
    await date.click();
    await date.fill(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
    await date.press('Enter');
    await form.getByLabel('商业化生产').check();
    await form.getByLabel('备注').fill('年用量约 6 吨，需随货提供 COA');
    await form.getByRole('button', { name: '提交询价' }).click();

    await page.waitForURL((u) => u.pathname === paths.quotes && u.searchParams.has('id'));
    requestId = Number(new URL(page.url()).searchParams.get('id'));
    const heading = page.getByRole('heading', { name: /^询价单 XJ\d+$/ });
    requestNumber = (await heading.textContent())!.replace('询价单 ', '');
    await page.getByText('销售正在核算价格').waitFor();
    await page.getByRole('list', { name: '询价产品' }).getByText(second.nameZh).waitFor();
    await page.getByText(companyName).first().waitFor();
    await shot(page, 'request-sent');
    noPageErrors();
  });

  test('sales open the request on the desk and send a quote; the total runs as prices are typed', async () => {
    ({ page: desk, pageErrors: deskErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await staffArrives(desk, storyStaff('sales'), shot, ['概览', '企业认证', '询价报价', '销售订单']);
    await gotoHydrated(desk, paths.adminQuotes, ADMIN_HYDRATED);
    await desk.getByRole('button', { name: `报价询价 ${requestNumber}` }).click();
    const drawer = desk.locator('.ant-drawer');
    await drawer.getByText(companyName).first().waitFor();
    await drawer.getByText('待认证').first().waitFor();
    await drawer.getByText(buyer.account).first().waitFor();
    const form = drawer.getByRole('form', { name: '报价' });
    const line1 = form.getByRole('listitem', { name: '报价第 1 行' });
    const line2 = form.getByRole('listitem', { name: '报价第 2 行' });
    // Prefilled from the request: 规格型号 from grade and pack size, the quantity.
    expect(await line1.getByLabel('规格型号').inputValue()).toBe(`${first.spec.grade} ${first.spec.packSize}`);
    expect(await line1.getByLabel('数量').inputValue()).toBe('500');

    await line1.getByLabel(/^含税单价/).fill('48');
    await form.locator('.quote-form__total').getByText('¥24,000.00').waitFor();
    await line1.getByLabel('税收分类编码').fill('1070201040000000000');
    await line1.getByLabel(/^起订量/).fill('100');
    await line1.getByLabel('交货期（天）').fill('7');
    await line2.getByLabel('规格型号').fill('药用级 160 kg/桶');
    await line2.getByLabel(/^含税单价/).fill('19.99');
    await line2.getByLabel('税收分类编码').fill('1070201040000000000');
    await line2.getByLabel(/^起订量/).fill('0.16');
    await line2.getByLabel('交货期（天）').fill('5');
    // 乙醇 is a 危险化学品 in the catalogue: its terms are there already; the sales staff add the road transport.
    expect(await line2.getByLabel(/^危险化学品运输条款/).inputValue()).toBe(ETHANOL_TERMS);
    await line2.getByText(`产品目录中为危险化学品：${ETHANOL_TERMS}（已预填，可修改）`).waitFor();
    await line2.getByLabel(/^危险化学品运输条款/).fill(HAZARD);
    await form.getByLabel('交货条款').fill('送货上门，运费由供方承担');
    // 500 kg × ¥48 + 1 t × ¥19.99.
    await form.locator('.quote-form__total').getByText('¥24,019.99').waitFor();
    await shot(desk, 'desk-quote-form');
    await form.getByRole('button', { name: '发出报价' }).click();
    await desk.getByText(/报价单 BJ\d+（第 1 版）已发出，已通知询价人/).waitFor();
    await drawer.getByText(/第 1 版/).first().waitFor();
    await drawer.getByRole('button', { name: '重新报价' }).waitFor();
    await shot(desk, 'desk-quoted');
    expect(deskErrors.map(String)).toEqual([]);
  });

  test('the buyer reads the quote, with the 危险化学品 terms, and asks for a revision', async () => {
    await gotoHydrated(page, withQuery(paths.quotes, { id: requestId }), ACCOUNT_HYDRATED);
    const current = page.getByRole('group', { name: /^报价单 BJ\d+$/ }).first();
    await current.getByText('¥24,019.99').first().waitFor();
    await current.locator('.records-table').getByText('危险化学品', { exact: true }).waitFor();
    await current.locator('.records-table').getByText(`运输条款：${HAZARD}`).waitFor();
    await shot(page, 'quoted');

    await page.getByRole('button', { name: '要求修改' }).click();
    const dialog = page.getByRole('dialog', { name: '要求修改报价' });
    // The form is in the dialog before 发送要求 is pressed empty.
    await dialog.getByLabel(/^修改要求/).waitFor();
    await dialog.getByRole('button', { name: '发送要求' }).click();
    await dialog.getByText('请填写修改要求').waitFor();
    await dialog.getByLabel(/^修改要求/).fill('请按账期 60 天报价，微晶纤维素能否再优惠');
    await shot(page, 'revision-asked-dialog');
    await dialog.getByRole('button', { name: '发送要求' }).click();
    await page.getByText('已发送修改要求，销售会重新报价').waitFor();
    await page.locator('.page-heading .quote-status[data-status="revising"]').waitFor();
    await page.getByRole('list', { name: '往来记录' }).getByText('请按账期 60 天报价，微晶纤维素能否再优惠').waitFor();
    await shot(page, 'revision-asked');
    noPageErrors();
  });

  test('sales send revision 2 on credit terms, from the first one', async () => {
    await gotoHydrated(desk, withQuery(paths.adminQuotes, { id: requestId }), ADMIN_HYDRATED);
    const drawer = desk.locator('.ant-drawer');
    await drawer.getByText('请按账期 60 天报价，微晶纤维素能否再优惠').waitFor();
    const form = drawer.getByRole('form', { name: '重新报价' });
    const line1 = form.getByRole('listitem', { name: '报价第 1 行' });
    expect(await line1.getByLabel(/^含税单价/).inputValue()).toBe('48.00');
    await line1.getByLabel(/^含税单价/).fill('45');
    await form.getByLabel('账期', { exact: true }).check();
    await form.getByLabel('账期（天）').fill('60');
    await form.locator('.quote-form__total').getByText('¥22,519.99').waitFor();
    await form.getByRole('button', { name: '发出新一版报价' }).click();
    await desk.getByText(/报价单 BJ\d+（第 2 版）已发出，已通知询价人/).waitFor();
    await drawer.getByText('历史版本（1）').waitFor();
    await shot(desk, 'desk-revision-2');
    expect(deskErrors.map(String)).toEqual([]);
  });

  test('the buyer, the company’s 管理员, accepts revision 2 and downloads its PDF', async () => {
    await gotoHydrated(page, withQuery(paths.quotes, { id: requestId }), ACCOUNT_HYDRATED);
    const current = page.getByRole('group', { name: /^报价单 BJ\d+$/ }).first();
    await current.getByText(/第 2 版/).first().waitFor();
    await current.getByText('账期 60 天').waitFor();
    await current.getByText('¥22,519.99').first().waitFor();
    await page.getByText('历史版本（1）').waitFor();
    await page.getByRole('button', { name: '接受报价' }).click();
    await page.getByRole('dialog', { name: '接受这份报价？' }).getByRole('button', { name: '接受报价' }).click();
    await page.getByText('报价已接受').waitFor();
    await page.getByText('您已接受报价，已生成销售订单。销售会尽快与您联系签订合同，合同签订后在销售订单中查看收款账户并付款。').waitFor();
    await page.locator('.page-heading .quote-status[data-status="accepted"]').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '接受报价' }).count()).toBe(0);

    const number = (await current.locator('.quote-revision__number').textContent())!.match(/BJ\d+/)![0];
    const download = await downloadBy(page, () => page.getByRole('button', { name: `下载报价单 ${number} 的 PDF` }).click());
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    expect((await savedBytes(download)).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, 'accepted');

    await gotoHydrated(page, paths.quotes, ACCOUNT_HYDRATED);
    const row = page.locator('.records-table tr', { hasText: requestNumber });
    await row.getByText('已接受').waitFor();
    await row.getByText('¥22,519.99').waitFor();
    await shot(page, 'list');
    noPageErrors();
  });
});
