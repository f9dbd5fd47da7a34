import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PDF } from '../apps/server/test/fixture-files.js';
import { apiRequest, apiUpload, registerByApi, signIn, staffSession, staffSignInByApi, storeSession, type Session } from './support/accounts.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { untilCodeMayBeSent } from './support/messages.js';
import { addToCartOnPage, applyByApi, releasedBatchNumbers, twoProducts, type Product } from './support/samples.js';
import { ADMIN_HYDRATED, downloadBy, savedBytes, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * A company buys (docs/decisions/0064), the whole way: the company's 采购 sees on the sample cart what
 * is left of the company's yearly sample allowance, gets a sample, and from the shipped application
 * asks for a price; sales quote on the desk; the company's 管理员 accepts, and the sales order is made;
 * sales record the signed contract; the buyer sees where to transfer and the remittance code; finance
 * confirms the transfer; sales ship with the batch numbers of each line; the 采购 confirms receipt; the
 * company's 财务 asks for a 专票, finance issues it, and the 财务 downloads it from the order. Every page
 * passed is kept at 1280 and 375 px in e2e/screenshots/company-purchase/.
 */

const ACCOUNT_HYDRATED = '.account-layout__menu';
const companyName = `浙江示例制药有限公司${Date.now().toString(36)}`;
const CREDIT_CODE = '91330100716105852F';

describe('a company buys: sample, price request, sales order, transfer, shipment, 专票', { retry: 0, timeout: 180_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('company-purchase');
  let admin: Session;
  let buyer: Session;
  let accountant: Session;
  let product: Product;
  let page: Page;
  let pageErrors: Error[];
  let desk: Page;
  let deskErrors: Error[];
  let requestId: number;
  let requestNumber: string;
  let orderId: number;
  let orderNumber: string;
  let batchNumbers: string[];

  beforeAll(async () => {
    [admin, buyer, accountant] = await Promise.all([registerByApi('王总'), registerByApi('李采购'), registerByApi('赵财务')]);
    const company = await apiRequest<{ id: number }>('/api/app/company', {
      token: admin.token,
      json: { name: companyName, creditCode: CREDIT_CODE, contactName: '王总', contactPhone: admin.account },
    });
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    for (const [member, role] of [
      [buyer, 'purchasing'],
      [accountant, 'finance'],
    ] as const) {
      const invited = await apiRequest(`/api/app/company/${company.body.id}/invitation`, { token: admin.token, json: { account: member.account, roles: [role] } });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const mine = await apiRequest<{ invitations: Array<{ id: number }> }>('/api/app/company', { method: 'GET', token: member.token });
      const accepted = await apiRequest(`/api/app/company-invitation/${mine.body.invitations[0]!.id}/accept`, { method: 'POST', token: member.token });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    }
    [product] = await twoProducts();
    // The product has batches on record: the order ships two of them (docs/decisions/0073-batches-and-coa-lookup.md).
    batchNumbers = await releasedBatchNumbers(product.id, 2);
  });

  const noPageErrors = () => expect.soft(pageErrors.splice(0).map(String)).toEqual([]);
  const noDeskErrors = () => expect.soft(deskErrors.splice(0).map(String)).toEqual([]);
  /** A member of the company signs in on the page (one browser page: the people take turns at it). */
  const as = async (member: Session, at: string) => {
    await signIn(page, member, at);
    await gotoHydrated(page, at, ACCOUNT_HYDRATED);
  };
  /** The story's staff, each signed in once through the API with their second factor (a code goes out at most once a minute). */
  const staffSessions = new Map<'sales' | 'finance', Promise<Session>>();
  const staffOf = (role: 'sales' | 'finance') => {
    if (!staffSessions.has(role)) {
      const person = storyStaff(role);
      staffSessions.set(role, untilCodeMayBeSent(person.account).then(() => staffSignInByApi(person)));
    }
    return staffSessions.get(role)!;
  };
  /** A member of the staff at a desk, on the desk page. */
  const staffAt = async (role: 'sales' | 'finance', at: string) => {
    if (!desk.url().startsWith('http')) await desk.goto(paths.about);
    await storeSession(desk, await staffOf(role));
    await gotoHydrated(desk, at, ADMIN_HYDRATED);
  };

  test('the 采购 sees the company’s sample allowance on the cart; from the shipped sample, asks for a price', async () => {
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await signIn(page, buyer, paths.home);
    await addToCartOnPage(page, product);
    await gotoHydrated(page, paths.sampleCart);
    await page.getByText(/^本企业 \d{4} 年样品额度：还可申请 \d+ 份、\d+ 种样品$/).waitFor();
    await shot(page, 'cart-allowance');

    const application = await applyByApi(buyer, product, { company: companyName, contactName: '李采购' });
    const staff = await staffSession();
    for (const [path, json] of [
      [`/api/admin/application/${application.id}/approve`, { note: '库存充足' }],
      [`/api/admin/application/${application.id}/ship`, { carrier: '顺丰速运', trackingNumber: 'SF1234567890123' }],
    ] as const) {
      const answer = await apiRequest(path, { token: staff.token, json });
      expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
    }
    await gotoHydrated(page, withQuery(paths.applicationOrder, { id: application.id }), '.app-print-page__bar a');
    await page.getByRole('button', { name: '询价' }).click();
    await page.waitForURL((u) => u.pathname === paths.quoteRequest);
    await page.getByText(`由样品申请 ${application.number} 询价：已带入申请的样品，请填写采购数量。`).waitFor();
    const form = page.getByRole('form', { name: '询价' });
    await form.locator('.ant-select', { has: page.getByLabel('第 1 个产品', { exact: true }) }).filter({ hasText: product.nameZh }).waitFor();
    await form.getByLabel('第 1 个产品的数量').fill('500');
    await form.getByLabel('收货城市').fill('浙江省杭州市');
    const date = form.getByLabel('需求日期');
    await date.click();
    await date.fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await date.press('Enter');
    await form.getByLabel('商业化生产').check();
    await shot(page, 'request-from-sample');
    await form.getByRole('button', { name: '提交询价' }).click();
    await page.waitForURL((u) => u.pathname === paths.quotes && u.searchParams.has('id'));
    requestId = Number(new URL(page.url()).searchParams.get('id'));
    requestNumber = (await page.getByRole('heading', { name: /^询价单 XJ\d+$/ }).textContent())!.replace('询价单 ', '');
    await page.getByText(application.number).first().waitFor();
    noPageErrors();
  });

  test('sales quote on the desk; the company’s 管理员 accepts, and the sales order is made', async () => {
    ({ page: desk, pageErrors: deskErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await staffAt('sales', withQuery(paths.adminQuotes, { id: requestId }));
    const drawer = desk.locator('.ant-drawer');
    await drawer.getByText(requestNumber).first().waitFor();
    const form = drawer.getByRole('form', { name: '报价' });
    const line = form.getByRole('listitem', { name: '报价第 1 行' });
    await line.getByLabel(/^含税单价/).fill('48');
    await line.getByLabel('税收分类编码').fill('1070201040000000000');
    await line.getByLabel(/^起订量/).fill('100');
    await line.getByLabel('交货期（天）').fill('7');
    await form.getByLabel('交货条款').fill('送货上门，运费由供方承担');
    await form.locator('.quote-form__total').getByText('¥24,000.00').waitFor();
    await form.getByRole('button', { name: '发出报价' }).click();
    await desk.getByText(/报价单 BJ\d+（第 1 版）已发出，已通知询价人/).waitFor();
    noDeskErrors();

    await as(admin, withQuery(paths.quotes, { id: requestId }));
    await page.getByRole('button', { name: '接受报价' }).click();
    await page.getByRole('dialog', { name: '接受这份报价？' }).getByRole('button', { name: '接受报价' }).click();
    await page.getByText('报价已接受').waitFor();
    const thread = page.getByRole('list', { name: '往来记录' });
    const made = (await thread.getByText(/已生成销售订单 XS\d+/).textContent())!;
    orderNumber = /XS\d+/.exec(made)![0];
    await page.getByRole('link', { name: '查看销售订单' }).click();
    await page.waitForURL((u) => u.pathname === paths.salesOrders);
    await page.getByText(orderNumber).first().waitFor();
    await page.getByText('待签合同').first().waitFor();
    await shot(page, 'order-made');
    orderId = await orderIdOf(orderNumber);
    noPageErrors();
  });

  /** The order's id, as the 管理员 lists it. */
  async function orderIdOf(number: string): Promise<number> {
    const list = await apiRequest<{ items: Array<{ id: number; number: string }> }>('/api/app/sales-order', { method: 'GET', token: admin.token });
    return list.body.items.find((row) => row.number === number)!.id;
  }

  test('sales record the signed contract; the buyer sees the account and the remittance code; finance confirms the transfer', async () => {
    await gotoHydrated(desk, withQuery(paths.adminSalesOrders, { id: orderId }), ADMIN_HYDRATED);
    const drawer = desk.locator('.ant-drawer');
    await drawer.getByText(orderNumber).first().waitFor();
    const contract = drawer.getByRole('form', { name: '登记合同' });
    await contract.getByLabel('合同编号').fill('HT-2026-0158');
    await contract.getByRole('button', { name: '登记合同' }).click();
    await desk.getByText(/合同已登记/).waitFor();
    await drawer.getByText('已签合同').first().waitFor();
    await shot(desk, 'desk-signed');

    await as(buyer, withQuery(paths.salesOrders, { id: orderId }));
    const payment = page.getByRole('region', { name: '付款' });
    await payment.getByText('¥24,000.00').first().waitFor();
    const code = (await payment.locator('.sales-order__remittance-code').textContent())!.trim();
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    await shot(page, 'pay-by-transfer');

    await staffAt('finance', withQuery(paths.adminSalesOrders, { id: orderId }));
    const confirm = drawer.getByRole('form', { name: '确认到账' });
    expect(await confirm.getByLabel(/到账金额/).inputValue()).toBe('24000.00');
    await confirm.getByLabel('银行流水号').fill('HX20261128000456');
    await confirm.getByRole('button', { name: '确认到账' }).click();
    await desk.getByText(/已确认到账/).waitFor();
    await drawer.getByText('已付款').first().waitFor();
    await shot(desk, 'desk-paid');
    noDeskErrors();
    noPageErrors();
  });

  test('sales ship with the batch numbers; the 采购 sees them and confirms receipt; the order is complete', async () => {
    await staffAt('sales', withQuery(paths.adminSalesOrders, { id: orderId }));
    const drawer = desk.locator('.ant-drawer');
    const ship = drawer.getByRole('form', { name: '发货' });
    await ship.getByLabel('承运商').fill('顺丰速运');
    await ship.getByLabel('运单号').fill('SF1234567890123');
    const batches = ship.getByLabel(`${product.nameZh} 的批号`);
    for (const number of batchNumbers) {
      await batches.fill(number);
      await batches.press('Enter');
    }
    await shot(desk, 'desk-ship-form');
    await ship.getByRole('button', { name: '确认发货' }).click();
    await desk.getByText(/已发货/).first().waitFor();
    noDeskErrors();

    await as(buyer, withQuery(paths.salesOrders, { id: orderId }));
    for (const number of batchNumbers) await page.getByText(number).first().waitFor();
    await page.getByText('SF1234567890123').first().waitFor();
    await page.getByRole('button', { name: '确认收货' }).click();
    await page.getByRole('dialog', { name: '确认收货？' }).getByRole('button', { name: '确认收货' }).click();
    await page.getByText('已完成').first().waitFor();
    await shot(page, 'completed');
    noPageErrors();
  });

  test('the company’s 财务 asks for a 专票, finance issues it, and the 财务 downloads it from the order', async () => {
    const title = await apiRequest<{ id: number }>('/api/app/invoice-title', {
      token: accountant.token,
      json: {
        kind: 'company',
        type: 'special',
        name: companyName,
        taxId: CREDIT_CODE,
        addressPhone: '杭州市滨江区示例路 1 号 0571-88888888',
        bankAccount: '工商银行杭州分行 1202000000000000000',
        email: 'finance@example.com',
      },
    });
    expect(title.status, JSON.stringify(title.body)).toBe(201);
    await as(accountant, withQuery(paths.salesOrders, { id: orderId }));
    await page.getByRole('button', { name: '申请发票' }).click();
    const dialog = page.getByRole('dialog', { name: '申请发票' });
    await dialog.getByText(companyName).first().click();
    await shot(page, 'invoice-dialog');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('开票申请已提交').waitFor();

    const finance = await staffOf('finance');
    const requested = await apiRequest<{ items: Array<{ id: number; orderNumber: string }> }>('/api/admin/invoice?status=requested&pageSize=100', { method: 'GET', token: finance.token });
    const invoice = requested.body.items.find((row) => row.orderNumber === orderNumber)!;
    const uploaded = await apiUpload(`/api/admin/invoice/${invoice.id}/file`, finance.token, { name: '发票.pdf', type: 'application/pdf', bytes: PDF });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const issued = await apiRequest(`/api/admin/invoice/${invoice.id}/issue`, { token: finance.token, json: { invoiceNumber: '26330000000012345678' } });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);

    await gotoHydrated(page, withQuery(paths.salesOrders, { id: orderId }), ACCOUNT_HYDRATED);
    const download = await downloadBy(page, () => page.getByRole('button', { name: /^下载发票/ }).click());
    expect((await savedBytes(download)).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, 'invoice-issued');
    noPageErrors();
  });
});
