import type { Order } from '@fuliaotong/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PDF } from '../apps/server/test/fixture-files.js';
import { registerByApi, type Session } from './support/accounts.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { orderByApi, orderNow, payByWechatSandbox, requestInvoiceByApi, transferByApi } from './support/orders.js';
import { ADMIN_HYDRATED, downloadBy, savedBytes, staffArrives, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * Finance's story: signs in with the second factor, confirms a bank transfer after looking at its slip,
 * issues an invoice with its PDF, and refunds the transferred order. A customer's orders are made
 * through the API: one paid by bank transfer (slip uploaded), one paid by WeChat Pay with an invoice
 * asked for. Every page passed is kept at 1280 and 375 px in e2e/screenshots/finance/.
 */

describe('finance confirms, invoices and refunds', { retry: 0, timeout: 90_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('finance');
  let page: Page;
  let pageErrors: Error[];
  let customer: Session;
  let transfer: Order;
  let invoiced: Order;

  beforeAll(async () => {
    customer = await registerByApi('财务故事的客户');
    transfer = await transferByApi(customer, await orderByApi(customer, '专业会员 月卡'));
    invoiced = await payByWechatSandbox(customer, await orderByApi(customer, '辅料用量数据库 年度'));
    await requestInvoiceByApi(customer, invoiced);
  });

  const drawer = () => page.locator('.ant-drawer');
  const noPageErrors = () => expect.soft(pageErrors.splice(0).map(String)).toEqual([]);

  async function openOrder(order: Order) {
    await gotoHydrated(page, withQuery(paths.adminOrders, { keyword: order.number }), ADMIN_HYDRATED);
    await page.getByRole('button', { name: `处理订单 ${order.number}` }).click();
    await drawer().getByText(order.number).first().waitFor();
  }

  test('signs in with the password and the code sent to the phone, and lands on the console with the finance desks', async () => {
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await staffArrives(page, storyStaff('finance'), shot, ['概览', '销售订单', '订单与收款', '发票开具', '方案与价格']);
    noPageErrors();
  });

  test('confirms a bank transfer after looking at its slip', async () => {
    await gotoHydrated(page, paths.adminOrders, ADMIN_HYDRATED);
    await page.getByRole('button', { name: `处理订单 ${transfer.number}` }).waitFor();
    await shot(page, 'orders');
    await openOrder(transfer);
    const slip = await downloadBy(page, () => drawer().getByRole('button', { name: '下载汇款凭证（PDF）' }).click());
    expect((await savedBytes(slip)).equals(PDF)).toBe(true);
    await drawer().getByLabel('到账金额（元）').fill('298');
    await drawer().getByLabel('银行流水号').fill('HX20261127066001');
    await shot(page, 'order-confirm');
    await drawer().getByRole('button', { name: '确认到账' }).click();
    await page.getByText('已确认到账，权益已开通').waitFor();
    await drawer().getByText('已支付').first().waitFor();
    expect((await orderNow(customer, transfer.id)).status).toBe('paid');
    noPageErrors();
  });

  test('issues the invoice of the other order with its PDF', async () => {
    await gotoHydrated(page, paths.adminInvoices, ADMIN_HYDRATED);
    await page.getByRole('button', { name: `处理开票 ${invoiced.number}` }).waitFor();
    await shot(page, 'invoices');
    await page.getByRole('button', { name: `处理开票 ${invoiced.number}` }).click();
    await drawer().getByText('91330100716105852F').waitFor();
    await drawer().locator('input[type=file]').setInputFiles({ name: '发票.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('发票文件已上传').waitFor();
    await drawer().getByLabel('发票号码').fill('26330000000066001122');
    await shot(page, 'invoice-issue');
    await drawer().getByRole('button', { name: /^开\s?具$/ }).click();
    await page.getByText('发票已开具，已通知买家').waitFor();
    await gotoHydrated(page, withQuery(paths.adminInvoices, { status: 'issued' }), ADMIN_HYDRATED);
    await page.getByRole('row').filter({ has: page.getByRole('button', { name: `处理开票 ${invoiced.number}` }) }).getByText('已开具').waitFor();
    await shot(page, 'invoices-issued');
    noPageErrors();
  });

  test('refunds the transferred order with a reason: the access it gave ends', async () => {
    await openOrder(transfer);
    await drawer().getByLabel('退款原因').fill('合同取消，协商退款');
    await drawer().getByRole('button', { name: /^退\s?款$/ }).click();
    await page.locator('.ant-modal').getByRole('button', { name: '确认退款' }).waitFor();
    await shot(page, 'refund-confirm');
    await page.locator('.ant-modal').getByRole('button', { name: '确认退款' }).click();
    await page.getByText('已退款，权益已终止').waitFor();
    await page.locator('.ant-modal').first().waitFor({ state: 'hidden' });
    await shot(page, 'order-refunded');
    expect((await orderNow(customer, transfer.id)).status).toBe('refunded');
    noPageErrors();
  });
});
