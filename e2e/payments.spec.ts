import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PDF } from '../apps/server/test/fixture-files.js';
import { apiRequest, registerByApi, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * Membership is bought and paid on the site: a locked field leads to the plans that unlock it, the
 * order is paid in the payment sandbox (the gateways' stand-in signs its notifications as the real
 * ones do), and the field opens.
 */

const RECORD = withQuery(paths.topDatabaseDetail, { code: 'registration', id: 1 });
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// Whole journeys across the buyer's pages, the gateway's and the staff desks: longer than one page's test.
describe('paying for membership', () => {
  const browser = useBrowser();

  test('a member-only field → the plans that unlock it → WeChat Pay (sandbox QR page) → the field is visible → a 专票 issued by finance is downloaded', async () => {
    const { page, pageErrors, context } = await browser.newPage(desktopOnOwnNetwork());
    const member = await registerByApi('买会员的研究员');
    await signIn(page, member, paths.home);
    // An account is a 用户; 会员 is what the plans sell.
    await gotoHydrated(page, paths.account, 'main');
    await page.locator('.account-user__role').getByText('用户', { exact: true }).waitFor();
    await gotoHydrated(page, RECORD);
    await page.locator('main dl').getByRole('link', { name: '会员可见' }).click();
    await page.waitForURL(/\/account\/upgrade\?for=registration$/);
    const yearly = page.locator('.plan-card--unlocks').filter({ hasText: '专业会员 年卡' });
    await yearly.getByText('¥1,980.00').waitFor();
    await saveScreenshot(page, 'upgrade-for-record-1280', true);
    await yearly.getByRole('button', { name: '开通专业会员 年卡' }).click();

    await page.waitForURL(/\/account\/payment\?order=\d+$/);
    await page.getByText('沙箱支付（测试）').first().waitFor();
    await page.getByRole('radio', { name: /微信支付/ }).check();
    await page.getByRole('button', { name: '显示付款二维码' }).click();
    await page.locator('.payment-qr canvas').waitFor();
    await saveScreenshot(page, 'payment-wechat-1280', true);

    // The buyer "scans" the code: the sandbox's page of the gateway, in another tab.
    const sandboxHref = await page.getByRole('link', { name: '在沙箱中模拟扫码付款' }).getAttribute('href');
    const gateway = await context.newPage();
    await gateway.goto(new URL(sandboxHref!, page.url()).toString());
    await gateway.getByText('沙箱支付（测试）').waitFor();
    await gateway.getByRole('button', { name: '确认支付 ¥1,980.00' }).click();
    await gateway.getByText('已支付。请返回商户页面').waitFor();
    await saveScreenshot(gateway, 'sandbox-wechat-page');

    // The payment page finds out by itself.
    await page.getByText('支付成功').waitFor({ timeout: 15_000 });
    await saveScreenshot(page, 'payment-paid-1280', true);
    await gotoHydrated(page, RECORD);
    await page.locator('main dl').getByText('会员可见').first().waitFor({ state: 'detached' });
    await gotoHydrated(page, paths.account, 'main');
    await page.locator('.grant-summary').getByText('专业会员 年卡').waitFor();
    await page.locator('.grant-summary').getByText('生效中').waitFor();
    await page.locator('.account-user__role').getByText('会员', { exact: true }).waitFor();
    await gotoHydrated(page, paths.databaseOrders, 'main');
    await page.getByRole('cell', { name: '已支付' }).waitFor();
    await saveScreenshot(page, 'database-orders-1280', true);

    // A 专票 with the company's credit code: a wrong check digit is refused in the form.
    await page.getByRole('button', { name: /^申请发票 DD/ }).click();
    const ask = page.getByRole('dialog', { name: /^申请发票/ });
    await ask.getByRole('button', { name: '新增抬头' }).click();
    const titleForm = page.getByRole('dialog', { name: '新增发票抬头' });
    await titleForm.getByRole('radio', { name: '增值税专用发票' }).check();
    await titleForm.getByLabel('单位名称').fill('阿里巴巴（中国）有限公司');
    await titleForm.getByLabel('纳税人识别号（统一社会信用代码）').fill('91330100716105852E');
    await titleForm.getByLabel('接收邮箱').fill('fapiao@example.com');
    await titleForm.getByRole('button', { name: /保\s?存/ }).click();
    await titleForm.getByText('统一社会信用代码不正确（校验位不符），请核对营业执照').waitFor();
    await titleForm.getByLabel('纳税人识别号（统一社会信用代码）').fill('91330100716105852F');
    await titleForm.getByRole('button', { name: /保\s?存/ }).click();
    await page.getByText('抬头已添加').waitFor();
    // The only saved title is chosen already.
    await expect.poll(() => ask.getByRole('radio', { name: /阿里巴巴（中国）有限公司/ }).isChecked()).toBe(true);
    await ask.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('已提交开票申请，开具后会通知您').waitFor();
    // Asked for: the order says so, and offers no second request.
    await page.getByText('发票申请中').first().waitFor();
    expect(await page.getByRole('button', { name: /^申请发票 DD/ }).count()).toBe(0);
    await saveScreenshot(page, 'database-orders-invoice-requested-1280', true);

    // Finance issues it with the PDF; the buyer downloads it.
    const desk = await browser.newPage(desktopOnOwnNetwork());
    await signIn(desk.page, await staffSession());
    await gotoHydrated(desk.page, paths.adminInvoices, '.admin-bar__brand');
    const orderNumber = (await page
      .getByRole('cell', { name: /^DD\d{14}$/ })
      .first()
      .textContent())!;
    await desk.page.getByRole('button', { name: `处理开票 ${orderNumber}` }).click();
    const drawer = desk.page.locator('.ant-drawer');
    await drawer.getByText('91330100716105852F').waitFor();
    const pdf = path.join(tmpdir(), `invoice-${Date.now()}.pdf`);
    await writeFile(pdf, PDF);
    await drawer.locator('input[type=file]').setInputFiles(pdf);
    await desk.page.getByText('发票文件已上传').waitFor();
    await drawer.getByLabel('发票号码').fill('26330000000012345678');
    await saveScreenshot(desk.page, 'staff-invoices-1280');
    await drawer.getByRole('button', { name: /^开\s?具$/ }).click();
    await desk.page.getByText('发票已开具，已通知买家').waitFor();
    await gotoHydrated(page, paths.invoices, 'main');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载发票 26330000000012345678' }).click();
    expect((await download).suggestedFilename()).toBe('发票-26330000000012345678.pdf');
    await saveScreenshot(page, 'invoices-1280', true);
    // The order list says it is issued, with the download beside it.
    await gotoHydrated(page, paths.databaseOrders, 'main');
    await page.getByText('发票已开具').first().waitFor();
    const fromOrders = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载发票 26330000000012345678' }).click();
    expect((await fromOrders).suggestedFilename()).toBe('发票-26330000000012345678.pdf');
    await saveScreenshot(page, 'database-orders-invoiced-1280', true);
    // On a phone the buyer's lists are cards: status and actions in view, nothing to scroll sideways.
    for (const [path_, name, status] of [
      [paths.invoices, 'invoices-375', '已开具'],
      [paths.databaseOrders, 'database-orders-invoiced-375', '已支付'],
    ] as const) {
      const phone = await browser.newPage(phoneOnOwnNetwork());
      await signIn(phone.page, member, paths.home);
      await gotoHydrated(phone.page, path_, 'main');
      const card = phone.page.locator('.record-card').first();
      await card.getByText(status, { exact: true }).waitFor();
      const button = card.getByRole('button', { name: '下载发票 26330000000012345678' });
      for (const part of [card.getByText(status, { exact: true }), button]) {
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      expect(await noSideScroll(phone.page)).toBeLessThanOrEqual(0);
      const saved = phone.page.waitForEvent('download');
      await button.click();
      expect((await saved).suggestedFilename()).toBe('发票-26330000000012345678.pdf');
      await saveScreenshot(phone.page, name, true);
      expect(phone.pageErrors).toEqual([]);
    }
    const phoneDesk = await browser.newPage(phoneOnOwnNetwork());
    await signIn(phoneDesk.page, await staffSession(), paths.home);
    await gotoHydrated(phoneDesk.page, withQuery(paths.adminInvoices, { status: 'issued' }), '.admin-bar__brand');
    await phoneDesk.page.getByText('已开具').first().waitFor();
    expect(await noSideScroll(phoneDesk.page)).toBeLessThanOrEqual(0);
    await saveScreenshot(phoneDesk.page, 'staff-invoices-375', true);
    expect(phoneDesk.pageErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(desk.pageErrors).toEqual([]);
  }, 180_000);

  test('Alipay: the buyer goes to the cashier and comes back to a paid order', async () => {
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    const member = await registerByApi('支付宝买家');
    await signIn(page, member, paths.home);
    await gotoHydrated(page, withQuery(paths.upgrade, { for: 'usage' }), 'main');
    const usage = page.locator('.plan-card--unlocks').filter({ hasText: '辅料用量数据库 年度' });
    await usage.getByRole('button', { name: '开通辅料用量数据库 年度' }).click();
    await page.waitForURL(/\/account\/payment\?order=\d+$/);
    await page.getByRole('radio', { name: /支付宝/ }).check();
    await page.getByRole('button', { name: '前往支付宝付款' }).click();
    await page.waitForURL(/\/sandbox-pay\/alipay\/gateway\.do\?/);
    await page.getByText('支付宝收银台（沙箱）').waitFor();
    await page.getByRole('button', { name: '确认支付 ¥980.00' }).click();
    await page.waitForURL(/\/account\/payment\?order=\d+$/);
    await page.getByText('支付成功').waitFor({ timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  });

  test('bank transfer (phone): the account, a remittance code and the slip; finance confirms it on the orders desk, then a refund ends the access', async () => {
    const { page, pageErrors } = await browser.newPage(phoneOnOwnNetwork());
    const member = await registerByApi('对公转账的采购');
    await signIn(page, member, paths.home);
    await gotoHydrated(page, paths.upgrade, 'main');
    await page.locator('.plan-card').filter({ hasText: '企业会员 年卡' }).getByRole('button', { name: '开通企业会员 年卡' }).click();
    await page.waitForURL(/\/account\/payment\?order=\d+$/);
    await page.getByRole('radio', { name: /对公转账/ }).check();
    await page.getByRole('button', { name: '查看收款账户' }).click();
    const code = await page.locator('.payment-bank__code').textContent();
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    await page.getByText('¥6,800.00').first().waitFor();
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'payment-bank-375', true);
    const slip = path.join(tmpdir(), `slip-${Date.now()}.pdf`);
    await writeFile(slip, PDF);
    await page.locator('.payment-bank input[type=file]').setInputFiles(slip);
    await page.getByText('等待财务确认').waitFor();
    const number = (await page
      .locator('.payment-summary')
      .getByText(/^DD\d{14}$/)
      .textContent())!;
    await gotoHydrated(page, paths.databaseOrders, 'main');
    await page.getByText('待确认').first().waitFor();
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'database-orders-375', true);
    expect(pageErrors).toEqual([]);

    // Finance sees the slip, confirms the money, and later refunds it: the access ends.
    const desk = await browser.newPage(desktopOnOwnNetwork());
    await signIn(desk.page, await staffSession());
    await gotoHydrated(desk.page, withQuery(paths.adminOrders, { keyword: number }), '.admin-bar__brand');
    await desk.page.getByRole('button', { name: `处理订单 ${number}` }).click();
    const drawer = desk.page.locator('.ant-drawer');
    await drawer.getByRole('button', { name: '下载汇款凭证（PDF）' }).waitFor();
    await drawer.getByLabel('到账金额（元）').fill('6800');
    await drawer.getByLabel('银行流水号').fill('HX20261126088001');
    await saveScreenshot(desk.page, 'staff-orders-confirm-1280');
    await drawer.getByRole('button', { name: '确认到账' }).click();
    await desk.page.getByText('已确认到账，权益已开通').waitFor();
    await drawer.getByText('已支付').first().waitFor();
    await gotoHydrated(page, paths.account, 'main');
    await page.locator('.grant-summary').getByText('企业会员 年卡').waitFor();
    // The company membership's seats: a colleague's account joins it.
    const colleague = await registerByApi('同事');
    await page.getByLabel('成员账号').fill(colleague.account);
    await page.getByRole('button', { name: '添加成员' }).click();
    await page.getByText('已添加成员账号').waitFor();
    await page.getByText('成员账号：已用 2 / 5 个（含您自己）').waitFor();
    await saveScreenshot(page, 'account-seats-375', true);

    await drawer.getByLabel('退款原因').fill('合同取消，协商退款');
    await drawer.getByRole('button', { name: /^退\s?款$/ }).click();
    await desk.page.locator('.ant-modal').getByRole('button', { name: '确认退款' }).click();
    await desk.page.getByText('已退款，权益已终止').waitFor();
    await saveScreenshot(desk.page, 'staff-orders-refunded-1280');
    const phoneDesk = await browser.newPage(phoneOnOwnNetwork());
    await signIn(phoneDesk.page, await staffSession());
    await gotoHydrated(phoneDesk.page, paths.adminOrders, '.admin-bar__brand');
    await phoneDesk.page.getByRole('button', { name: `处理订单 ${number}` }).waitFor();
    expect(await noSideScroll(phoneDesk.page)).toBeLessThanOrEqual(0);
    await saveScreenshot(phoneDesk.page, 'staff-orders-375', true);
    await gotoHydrated(page, paths.account, 'main');
    await page.locator('.grant-summary').getByText('已终止').waitFor();
    expect(desk.pageErrors).toEqual([]);
    expect(phoneDesk.pageErrors).toEqual([]);
  }, 180_000);

  test('the 个人中心 shortcut 待支付 lists the unpaid orders, and 支付 without an order offers them (desktop and phone)', async () => {
    const member = await registerByApi('有未支付订单的用户');
    const { status, body: order } = await apiRequest<{ id: number; number: string }>('/api/app/order', { token: member.token, json: { planId: 4 } });
    expect(status).toBe(201);
    for (const [size, options] of [
      ['1280', desktopOnOwnNetwork],
      ['375', phoneOnOwnNetwork],
    ] as const) {
      const { page, pageErrors } = await browser.newPage(options());
      await signIn(page, member, paths.home);
      await gotoHydrated(page, paths.account, 'main');
      await page.getByRole('navigation', { name: '常用功能' }).getByRole('link', { name: '待支付' }).click();
      await page.waitForURL((u) => u.pathname === paths.databaseOrders && u.searchParams.get('status') === 'pending');
      await page.getByRole('link', { name: `支付订单 ${order.number}` }).waitFor();
      expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `database-orders-pending-${size}`, true);

      await gotoHydrated(page, paths.payment, 'main');
      await page.getByRole('heading', { name: '请选择要支付的订单' }).waitFor();
      expect(await page.getByText('没有指定订单').count()).toBe(0);
      expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `payment-choose-order-${size}`, true);
      await page.getByRole('link', { name: `支付订单 ${order.number}` }).click();
      await page.waitForURL((u) => u.pathname === paths.payment && u.searchParams.get('order') === String(order.id));
      await page.getByText(order.number).first().waitFor();
      expect(pageErrors).toEqual([]);
    }

    // Nothing left to pay: the page says so and leads to the plans.
    expect((await apiRequest(`/api/app/order/${order.id}/cancel`, { method: 'POST', token: member.token })).status).toBe(200);
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, member, paths.home);
    await gotoHydrated(page, paths.payment, 'main');
    await page.getByText('没有待支付的订单').waitFor();
    await page.getByRole('link', { name: '选择会员或数据库' }).waitFor();
    await saveScreenshot(page, 'payment-nothing-to-pay-1280', true);
    expect(pageErrors).toEqual([]);
  });
});
