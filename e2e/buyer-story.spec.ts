import type { AdminExcipient, DocumentUpload, Order } from '@fuliaotong/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PDF } from '../apps/server/test/fixture-files.js';
import { settle, waitForHeading } from './support/app.js';
import { apiRequest, apiUpload, deleteThroughModal, fillLogin, newAccount, password, staffSession, storedSession, type Session } from './support/accounts.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { nextCodeTo } from './support/messages.js';
import { confirmTransferByApi, issueInvoiceByApi, orderNow } from './support/orders.js';
import { addToCartOnPage, fillApplicationForm, twoProducts } from './support/samples.js';
import { downloadBy, downloadControl, inView, savedBytes, storyCamera } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * A buyer's story, one chapter after the other in one browser: a visitor reads a product and a
 * registration record signed out, registers with the code sent to the phone, reads what signing in
 * opens and is led to the plans by what it does not, downloads the product's documents at each access
 * level, applies for samples, pays one order by WeChat Pay, one by Alipay and one by bank transfer,
 * asks for an invoice, is refused 注销 while something is unfinished, finishes it, and deletes the
 * account for good. Every page passed is kept at 1280 and 375 px in e2e/screenshots/buyer/.
 */

const RECORD = withQuery(paths.topDatabaseDetail, { code: 'registration', id: 1 });
/** antd puts a space between the two characters of a two-character button label (注 册). */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

/** A published product with a document at each access level (公开, 登录后下载, 会员资料), made by the staff. */
interface StoryProduct {
  id: number;
  nameZh: string;
  documents: { public: string; login: string; member: string };
  /** What the products desk answered to the member-level document. */
  memberAnswer: { status: number; body: unknown };
}

async function productWithDocuments(): Promise<StoryProduct> {
  const staff = await staffSession();
  const upload = async (name: string) => {
    const { status, body } = await apiUpload<DocumentUpload>('/api/admin/excipient/document', staff.token, { name, type: 'application/pdf', bytes: PDF });
    expect(status, JSON.stringify(body)).toBeLessThan(300);
    return body.file;
  };
  const nameZh = `预胶化淀粉${Date.now().toString().slice(-6)}`;
  const documents = { public: `${nameZh}技术资料`, login: `${nameZh}检验报告样例`, member: `${nameZh}处方开发指南（会员资料）` };
  const body = {
    nameZh,
    nameEn: 'Pregelatinised Starch',
    synonyms: [],
    cas: '9005-25-8',
    category: '崩解剂',
    dosageForms: ['片剂'],
    pharmacopoeias: ['ChP'],
    summary: '直压片的填充崩解剂，常用量 5%–10%。',
    description: '部分预胶化淀粉兼具黏合与崩解作用。',
    regNos: [],
    published: true,
    sampleAvailable: false,
    featured: false,
    featuredOrder: 0,
    specs: [{ grade: '1500', packSize: '500 g', sampleAvailable: false }],
    documents: [
      { kind: 'TDS', title: documents.public, access: 'public', file: await upload('TDS.pdf') },
      { kind: 'COA', title: documents.login, access: 'login', file: await upload('COA.pdf') },
    ],
  };
  const created = await apiRequest<AdminExcipient>('/api/admin/excipient', { token: staff.token, json: body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // The member level on its own: a desk that does not know it refuses this request, not the product.
  const kept = created.body.documents.map(({ id, kind, title, access }) => ({ id, kind, title, access }));
  const memberAnswer = await apiRequest(`/api/admin/excipient/${created.body.id}`, {
    method: 'PUT',
    token: staff.token,
    json: { ...body, documents: [...kept, { kind: 'TDS', title: documents.member, access: 'member', file: await upload('guide.pdf') }] },
  });
  return { id: created.body.id, nameZh, documents, memberAnswer };
}

describe('a buyer, from the first visit to deleting the account', { retry: 0, timeout: 90_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('buyer');
  let page: Page;
  let pageErrors: Error[];
  let product: StoryProduct;
  let buyer: Session;
  const orders: Partial<Record<'wechat' | 'alipay' | 'bank', Order>> = {};

  beforeAll(async () => {
    product = await productWithDocuments();
  });

  const documentRow = (title: string) => page.locator('.doc-list li', { hasText: title });
  const hrefOf = (title: string) => documentRow(title).getByRole('link').first().getAttribute('href');
  const openProduct = async () => {
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: product.id }));
    await page.getByRole('heading', { level: 1, name: product.nameZh }).waitFor();
  };
  const expectDownload = async (title: string) => {
    const file = await downloadBy(page, () => downloadControl(documentRow(title)).click());
    expect((await savedBytes(file)).equals(PDF), `${title}: the PDF the staff uploaded`).toBe(true);
  };
  const memberDocumentOnSale = () =>
    expect(product.memberAnswer.status, `the products desk takes a 会员资料 document: ${JSON.stringify(product.memberAnswer.body)}`).toBe(200);
  const noPageErrors = () => expect.soft(pageErrors.splice(0).map(String)).toEqual([]);
  /** At a phone's width: each of these is where the buyer sees it, without scrolling a table sideways. */
  const phoneShows = async (things: Array<[string, Locator]>) => {
    for (const [what, locator] of things) {
      expect.soft(await inView(locator.filter({ visible: true }).first()), `at 375 px, ${what} is in view`).toBe(true);
    }
  };

  test('signed out, a visitor downloads the public document; the login and member documents and the gated fields ask to sign in', async () => {
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await openProduct();
    await expectDownload(product.documents.public);
    expect(await hrefOf(product.documents.login)).toMatch(/^\/login\?redirect=/);
    await shot(page, 'product-signed-out');

    await gotoHydrated(page, RECORD);
    const locks = page.locator('main dl');
    expect(await locks.getByRole('link', { name: '登录后查看' }).first().getAttribute('href')).toMatch(/^\/login\?redirect=/);
    await locks.getByRole('link', { name: '会员可见' }).waitFor();
    await shot(page, 'record-signed-out');

    await openProduct();
    memberDocumentOnSale();
    // 会员资料 lead to the plans, which ask a visitor to sign in first.
    await documentRow(product.documents.member).getByRole('link').first().click();
    await page.waitForURL((u) => u.pathname === paths.login && u.searchParams.get('redirect') === paths.upgrade);
    noPageErrors();
  });

  test('registers with the code sent to the phone, from the sign-in prompt, and comes back to the record', async () => {
    await gotoHydrated(page, RECORD);
    await page.locator('main dl').getByRole('link', { name: '登录后查看' }).first().click();
    await page.waitForURL((u) => u.pathname === paths.login);
    await waitForHeading(page, '登录');
    await shot(page, 'login');
    await page.getByRole('link', { name: '立即注册' }).click();
    await page.waitForURL((u) => u.pathname === paths.register);
    await waitForHeading(page, '注册');

    const account = newAccount();
    await page.getByLabel('手机号').fill(account);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('短信验证码').fill(await nextCodeTo(account));
    await page.getByLabel('昵称（选填）').fill('采购小周');
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(password);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await shot(page, 'register');
    await page.getByRole('button', { name: label('注册') }).click();

    await page.waitForURL((u) => u.pathname === paths.topDatabaseDetail);
    const stored = (await storedSession(page)) as Pick<Session, 'token' | 'user'>;
    expect(stored.user).toMatchObject({ account, nickName: '采购小周' });
    buyer = { account, password, token: stored.token, user: stored.user };
    noPageErrors();
  });

  test('signed in, the record shows what signing in opens; a member field leads to the plans that unlock it', async () => {
    await gotoHydrated(page, RECORD);
    const fields = page.locator('main dl');
    await fields.getByRole('link', { name: '会员可见' }).waitFor();
    expect(await fields.getByRole('link', { name: '登录后查看' }).count()).toBe(0);
    await shot(page, 'record-signed-in');
    await fields.getByRole('link', { name: '会员可见' }).click();
    await page.waitForURL((u) => u.pathname === paths.upgrade && u.searchParams.get('for') === 'registration');
    await page.locator('.plan-card--unlocks').filter({ hasText: '专业会员 月卡' }).waitFor();
    await shot(page, 'upgrade-for-record');
    noPageErrors();
  });

  test('signed in, the public and login documents download; the member document leads to the plans', async () => {
    await openProduct();
    await expectDownload(product.documents.public);
    await expectDownload(product.documents.login);
    memberDocumentOnSale();
    expect(await hrefOf(product.documents.member)).toMatch(/^\/account\/upgrade/);
    await shot(page, 'product-signed-in');
    noPageErrors();
  });

  test('puts two samples in the cart and applies for them', async () => {
    const [first, second] = await twoProducts();
    await addToCartOnPage(page, first);
    await shot(page, 'product-sample-added');
    await addToCartOnPage(page, second);
    await gotoHydrated(page, paths.sampleCart, 'main');
    await waitForHeading(page, '样品车');
    for (const item of [first, second]) {
      const box = page.getByRole('checkbox', { name: `选择 ${item.nameZh} ${item.spec.grade} ${item.spec.packSize}` });
      if (!(await box.isChecked())) await box.check();
    }
    await shot(page, 'sample-cart');
    await page.getByRole('button', { name: '申请样品' }).click();
    await page.waitForURL((u) => u.pathname === paths.formConfirm);
    await fillApplicationForm(page, { mobile: buyer.account, contactName: '周采购' });
    await shot(page, 'application-form');
    await page.getByRole('button', { name: /提交申请/ }).click();
    await page.waitForURL((u) => u.pathname === paths.formSuccess);
    const number = (await page.locator('.success-head__number').textContent())?.trim();
    expect(number).toMatch(/^YP\d+$/);
    await shot(page, 'application-sent');
    await gotoHydrated(page, paths.applications, 'main');
    await page.locator('.app-table tr', { hasText: number! }).getByText('待审核').waitFor();
    await shot(page, 'my-applications');
    noPageErrors();
  });

  /** From 会员升级, an order of the plan, on its payment page. */
  async function orderOnPage(planName: string): Promise<Order> {
    await gotoHydrated(page, paths.upgrade, 'main');
    await page.getByRole('button', { name: `立即开通${planName}` }).click();
    await page.waitForURL((u) => u.pathname === paths.payment && /^\d+$/.test(u.searchParams.get('order') ?? ''));
    await page.getByText('沙箱支付（测试）').first().waitFor();
    return orderNow(buyer, Number(new URL(page.url()).searchParams.get('order')));
  }

  test('pays 专业会员 月卡 by WeChat Pay in the sandbox; the member field and the member document open', async () => {
    const order = await orderOnPage('专业会员 月卡');
    await page.getByRole('radio', { name: /微信支付/ }).check();
    await page.getByRole('button', { name: '显示付款二维码' }).click();
    await page.locator('.payment-qr canvas').waitFor();
    await shot(page, 'payment-wechat-code');
    const scan = await page.getByRole('link', { name: '在沙箱中模拟扫码付款' }).getAttribute('href');
    const gateway = await page.context().newPage();
    await gateway.goto(new URL(scan!, page.url()).href);
    await shot(gateway, 'sandbox-wechat');
    await gateway.getByRole('button', { name: '确认支付 ¥298.00' }).click();
    await gateway.getByText('已支付。请返回商户页面').waitFor();
    await gateway.close();
    await page.getByText('支付成功').waitFor({ timeout: 15_000 });
    await shot(page, 'payment-wechat-paid');
    orders.wechat = order;

    await gotoHydrated(page, RECORD);
    await page.locator('main dl').getByText('会员可见').first().waitFor({ state: 'detached' });
    await shot(page, 'record-member');
    await openProduct();
    memberDocumentOnSale();
    await expectDownload(product.documents.member);
    noPageErrors();
  });

  test('pays 辅料用量数据库 年度 by Alipay: to the sandbox cashier and back to a paid order', async () => {
    const order = await orderOnPage('辅料用量数据库 年度');
    await page.getByRole('radio', { name: /支付宝/ }).check();
    await page.getByRole('button', { name: '前往支付宝付款' }).click();
    await page.waitForURL(/\/sandbox-pay\/alipay\/gateway\.do\?/);
    await page.getByText('支付宝收银台（沙箱）').waitFor();
    await shot(page, 'sandbox-alipay');
    await page.getByRole('button', { name: '确认支付 ¥980.00' }).click();
    await page.waitForURL((u) => u.pathname === paths.payment);
    await page.getByText('支付成功').waitFor({ timeout: 15_000 });
    orders.alipay = order;
    await gotoHydrated(page, paths.account, 'main');
    await page.locator('.grant-summary').getByText('辅料用量数据库 年度').waitFor();
    await shot(page, 'account-with-plans');
    noPageErrors();
  });

  test('orders 企业会员 年卡 by bank transfer, comes back through 个人中心 → 支付 and uploads the slip', async () => {
    const order = await orderOnPage('企业会员 年卡');
    orders.bank = order;
    await page.getByRole('radio', { name: /对公转账/ }).check();
    await page.getByRole('button', { name: '查看收款账户' }).click();
    await page.locator('.payment-bank__code').waitFor();
    await shot(page, 'payment-bank-account');

    // After the bank: back through the account's shortcut to the order waiting for its slip.
    await gotoHydrated(page, paths.account, 'main');
    await page.getByRole('navigation', { name: '常用功能' }).getByRole('link', { name: '待支付', exact: true }).click();
    await page.waitForURL((u) => u.pathname !== paths.account);
    await settle(page);
    expect.soft(await page.getByText('没有指定订单').count(), '个人中心 → 支付 opens the payment page without an order').toBe(0);
    if (new URL(page.url()).searchParams.get('order') !== String(order.id)) {
      await gotoHydrated(page, paths.databaseOrders, 'main');
      await page.getByRole('link', { name: `支付订单 ${order.number}` }).click();
      await page.waitForURL((u) => u.searchParams.get('order') === String(order.id));
    }
    await page.locator('.payment-bank input[type=file]').setInputFiles({ name: '汇款凭证.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('等待财务确认').waitFor();
    await shot(page, 'payment-bank-slip-sent');
    await gotoHydrated(page, paths.databaseOrders, 'main');
    await page.getByText('待确认').first().waitFor();
    await shot(page, 'orders', {
      atPhone: () =>
        phoneShows([
          ['the status of the order waiting for finance', page.locator('.ant-tag', { hasText: '待确认' })],
          ['its action', page.getByRole('link', { name: `查看订单 ${order.number}` })],
          ['申请发票 of a paid order', page.getByRole('button', { name: `申请发票 ${orders.alipay!.number}` })],
        ]),
    });
    noPageErrors();
  });

  test('asks for an invoice of the WeChat order; 申请发票 is then no longer offered for it', async () => {
    const number = orders.wechat!.number;
    await gotoHydrated(page, paths.databaseOrders, 'main');
    await page.getByRole('button', { name: `申请发票 ${number}` }).click();
    const ask = page.getByRole('dialog', { name: /^申请发票/ });
    await ask.getByRole('button', { name: '新增抬头' }).click();
    const titleForm = page.getByRole('dialog', { name: '新增发票抬头' });
    await titleForm.getByRole('radio', { name: '增值税专用发票' }).check();
    await titleForm.getByLabel('单位名称').fill('苏州某某药业有限公司');
    await titleForm.getByLabel('纳税人识别号（统一社会信用代码）').fill('91330100716105852F');
    await titleForm.getByLabel('接收邮箱').fill('fapiao@example.com');
    await shot(page, 'invoice-title');
    await titleForm.getByRole('button', { name: label('保存') }).click();
    await page.getByText('抬头已添加').waitFor();
    await ask.getByRole('radio', { name: /苏州某某药业有限公司/ }).check();
    await shot(page, 'invoice-request');
    await ask.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('已提交开票申请，开具后会通知您').waitFor();
    await ask.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('button', { name: `申请发票 ${number}`, disabled: false }).count(), { timeout: 5_000 }).toBe(0);
    await gotoHydrated(page, paths.invoices, 'main');
    await page.getByText('申请中').first().waitFor();
    await shot(page, 'invoices-requested', { atPhone: () => phoneShows([['the status of the invoice', page.locator('.ant-tag', { hasText: '申请中' })]]) });
    noPageErrors();
  });

  test('注销 is refused while the application, the transfer and the invoice are unfinished, naming each', async () => {
    await gotoHydrated(page, paths.account, 'main');
    await deleteThroughModal(page);
    const refusal = page.getByRole('dialog', { name: '注销账号' }).getByRole('alert');
    await refusal.waitFor();
    await shot(page, 'delete-refused');
    const reason = (await refusal.textContent()) ?? '';
    expect.soft(reason, 'the open sample application').toMatch(/样品申请/);
    expect.soft(reason, 'the transfer finance has not confirmed').toMatch(/订单|转账/);
    expect.soft(reason, 'the invoice not yet issued').toMatch(/发票/);
    await page.getByRole('dialog', { name: '注销账号' }).getByRole('button', { name: label('取消') }).click();
    expect((await apiRequest('/api/app/account/profile', { token: buyer.token })).status).toBe(200);
    noPageErrors();
  });

  test('finishes them: withdraws the application; finance confirms the transfer and issues the invoice, which the buyer downloads', async () => {
    await gotoHydrated(page, paths.applications, 'main');
    await page.getByRole('button', { name: /^撤回申请 YP/ }).click();
    await page.getByRole('dialog', { name: '撤回这份申请？' }).getByRole('button', { name: '撤回申请' }).click();
    await page.getByText('已撤回').first().waitFor();

    const finance = await staffSession();
    await confirmTransferByApi(finance, orders.bank!);
    await issueInvoiceByApi(finance, orders.wechat!.number, '26330000000087654321');
    await gotoHydrated(page, paths.databaseOrders, 'main');
    await page.getByRole('link', { name: `查看订单 ${orders.bank!.number}` }).waitFor();
    expect(await page.locator('.ant-tag', { hasText: '待确认' }).count()).toBe(0);
    await gotoHydrated(page, paths.invoices, 'main');
    const file = await downloadBy(page, () => page.getByRole('button', { name: '下载发票 26330000000087654321' }).click());
    expect(file.suggestedFilename()).toBe('发票-26330000000087654321.pdf');
    await shot(page, 'invoices-issued', {
      atPhone: () => phoneShows([['the download of the issued invoice', page.getByRole('button', { name: '下载发票 26330000000087654321' })]]),
    });
    noPageErrors();
  });

  test('注销 succeeds, and the account can no longer sign in', async () => {
    await gotoHydrated(page, paths.account, 'main');
    await deleteThroughModal(page);
    await page.waitForURL((u) => u.pathname === paths.home);
    await page.getByText('账号已注销').waitFor();
    await settle(page);
    expect.soft(new URL(page.url()).pathname, 'after 注销 the buyer stays on the home page').toBe(paths.home);
    await shot(page, 'deleted');
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    expect((await apiRequest('/api/app/account/profile', { token: buyer.token })).status).toBe(401);
    await gotoHydrated(page, paths.login, '.auth-page__brand');
    await fillLogin(page, buyer.account);
    await page.getByRole('alert').getByText('账号或密码错误').waitFor();
    await shot(page, 'login-refused');
    noPageErrors();
  });
});
