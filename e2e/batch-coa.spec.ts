import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiRequest, registerByApi, signIn, staffSignInByApi, storeSession, type Session } from './support/accounts.js';
import { chooseProduct } from './support/app.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { untilCodeMayBeSent } from './support/messages.js';
import { ADMIN_HYDRATED, downloadBy, savedBytes, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * Batches and their COA (docs/decisions/0073-batches-and-coa-lookup.md): the quality staff record a
 * batch on the 批次与检验报告 desk, enter its results and release it; a signed-in buyer looks it up on
 * 检验报告查询 with the check code printed on the COA, sees the results and downloads the PDF; a wrong
 * code gets the one answer every wrong combination gets. Pages passed are kept at 1280 and 375 px in
 * e2e/screenshots/batch-coa/.
 */

const batchNumber = `E2E${Date.now().toString(36).toUpperCase()}`;
const NOT_FOUND = '未找到对应的检验报告，请核对产品、批号和防伪查询码';

describe('a batch is recorded, released, and its COA looked up by its check code', { retry: 0, timeout: 180_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('batch-coa');
  let buyer: Session;
  let product: { id: number; nameZh: string };
  let checkCode: string;

  beforeAll(async () => {
    buyer = await registerByApi('周采购');
    // Product 1: the demo's standard items prefill the new batch's results.
    const { body } = await apiRequest<{ id: number; nameZh: string }>('/api/app/excipient/1');
    product = body;
  });

  test('the quality staff record the batch, fill its results and release it', async () => {
    const person = storyStaff('quality');
    await untilCodeMayBeSent(person.account);
    const staff = await staffSignInByApi(person);
    const { page: desk, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await desk.goto(paths.about);
    await storeSession(desk, staff);
    await gotoHydrated(desk, paths.adminBatches, ADMIN_HYDRATED);
    await desk.getByRole('navigation', { name: '工作台菜单' }).getByRole('link', { name: '批次与检验报告' }).waitFor();
    await desk.getByRole('button', { name: '登记批次' }).click();
    const form = desk.getByRole('form', { name: '登记批次' });
    await chooseProduct(desk, form.getByRole('combobox', { name: '产品' }), product.nameZh);
    await form.getByLabel('批号').fill(batchNumber);
    await form.getByLabel('数量（含单位）').fill('500 kg');
    await form.getByLabel('生产日期').fill('2025-11-20');
    await form.getByLabel('有效期至').fill('2028-11-19');
    await form.getByLabel('检验日期（放行前须填写）').fill('2025-11-24');
    await shot(desk, 'desk-new-batch');
    await form.getByRole('button', { name: '登 记' }).or(form.getByRole('button', { name: '登记' })).first().click();

    const drawer = desk.getByRole('dialog', { name: `批次 ${product.nameZh} ${batchNumber}` });
    await drawer.getByText('待检').first().waitFor();
    checkCode = (await drawer.locator('.batch-desk__code').textContent())!.trim();
    expect(checkCode).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
    // Releasing before the results are in is refused, saying why.
    await drawer.getByRole('button', { name: '合格放行' }).click();
    await drawer.getByText(/有未检或不符合的项目，不能放行/).waitFor();

    const results = drawer.getByRole('form', { name: '检验结果' });
    await expect.poll(() => results.getByLabel(/^第 \d+ 项 检验项目$/).count()).toBeGreaterThan(0);
    await results.getByRole('button', { name: '全部记为符合' }).click();
    await results.getByLabel('第 1 项 检验结果').fill('白色粉末，无臭');
    await results.getByRole('button', { name: '保存检验结果' }).click();
    await desk.getByText('检验结果已保存').first().waitFor();
    await drawer.getByRole('button', { name: '合格放行' }).click();
    await drawer.locator('[data-status="released"]').first().waitFor();
    await shot(desk, 'desk-released');

    // The list shows it among the released batches of the product.
    await gotoHydrated(desk, withQuery(paths.adminBatches, { status: 'released', excipient: product.id, keyword: batchNumber }), ADMIN_HYDRATED);
    await desk.getByRole('button', { name: `查看批次 ${product.nameZh} ${batchNumber}` }).waitFor();
    await shot(desk, 'desk-list');
    expect.soft(pageErrors.map(String)).toEqual([]);
  });

  test('signed out, 检验报告查询 asks to sign in and comes back', async () => {
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await gotoHydrated(page, withQuery(paths.coa, { excipient: product.id }));
    await page.getByText('登录后可查询').waitFor();
    const login = page.getByRole('main').getByRole('link', { name: '登录', exact: true });
    expect(await login.getAttribute('href')).toBe(`${paths.login}?redirect=${encodeURIComponent(withQuery(paths.coa, { excipient: product.id }))}`);
    await shot(page, 'coa-signed-out');
    expect.soft(pageErrors.map(String)).toEqual([]);
  });

  let page: Page;
  test('a buyer looks the batch up, sees its results and downloads the COA', async () => {
    let pageErrors: Error[];
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await signIn(page, buyer, withQuery(paths.excipientDetail, { id: product.id }));
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: product.id }));
    await page.getByRole('link', { name: `查询批次检验报告：${product.nameZh}` }).click();
    await page.waitForURL((u) => u.pathname === paths.coa);
    const form = page.getByRole('form', { name: '检验报告查询' });
    await expect.poll(() => form.getByLabel('产品').inputValue()).toBe(String(product.id));
    await form.getByLabel('批号').fill(batchNumber);
    // Typed as a person might: lower case, with a space.
    await form.getByLabel('防伪查询码').fill(`${checkCode.slice(0, 4).toLowerCase()} ${checkCode.slice(4)}`);
    await shot(page, 'coa-form');
    await form.getByRole('button', { name: '查询' }).click();
    const result = page.getByRole('region', { name: `${product.nameZh} 批号 ${batchNumber}` });
    await result.getByText('合格放行').first().waitFor();
    await result.getByRole('table', { name: '检验结果' }).getByText('白色粉末，无臭').waitFor();
    await result.getByText('2025-11-24').waitFor();
    await shot(page, 'coa-result');
    const download = await downloadBy(page, () => result.getByRole('button', { name: '下载检验报告' }).click());
    const bytes = await savedBytes(download);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect.soft(pageErrors.map(String)).toEqual([]);
  });

  test('a wrong code gets the uniform answer', async () => {
    const form = page.getByRole('form', { name: '检验报告查询' });
    const wrong = checkCode.startsWith('A') ? `C${checkCode.slice(1)}` : `A${checkCode.slice(1)}`;
    await form.getByLabel('防伪查询码').fill(wrong);
    await form.getByRole('button', { name: '查询' }).click();
    await form.getByText(NOT_FOUND).waitFor();
    await expect.poll(() => page.getByRole('region', { name: `${product.nameZh} 批号 ${batchNumber}` }).count()).toBe(0);
    await shot(page, 'coa-not-found');
  });
});
