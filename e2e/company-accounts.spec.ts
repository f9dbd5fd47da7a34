import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PNG } from '../apps/server/test/fixture-files.js';
import { apiRequest, registerByApi, signIn, type Session } from './support/accounts.js';
import { fillApplicationForm, twoProducts } from './support/samples.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { choose, chooseRegion } from './support/app.js';
import { ADMIN_HYDRATED, staffArrives, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * Company accounts (docs/decisions/0061): a member creates a company on 我的企业, uploads its business
 * licence and invites a colleague by mobile number with roles; sales verify the company on the 企业认证
 * desk after looking at the licence; the colleague accepts the invitation and finds the verified company
 * with both members. Every page passed is kept at 1280 and 375 px in e2e/screenshots/company/.
 */

const ACCOUNT_HYDRATED = '.account-layout__menu';
/** A company name no other run of the journeys uses. */
const companyName = `浙江示例制药股份有限公司${Date.now().toString(36)}`;

describe('a company: created, verified, joined', { retry: 0, timeout: 150_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('company');
  let founder: Session;
  let colleague: Session;
  let page: Page;
  let pageErrors: Error[];

  beforeAll(async () => {
    founder = await registerByApi('企业创建人');
    colleague = await registerByApi('研发同事');
  });

  const noPageErrors = () => expect.soft(pageErrors.splice(0).map(String)).toEqual([]);

  test('a member creates the company, the credit code checked before it is sent, and uploads the licence', async () => {
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await signIn(page, founder);
    await gotoHydrated(page, paths.company, ACCOUNT_HYDRATED);
    await page.getByRole('heading', { name: '创建企业' }).waitFor();
    const form = page.getByRole('form', { name: '创建企业' });
    await form.getByLabel('企业名称').fill(companyName);
    // A code whose check character is wrong is caught in the page.
    await form.getByLabel('统一社会信用代码').fill('91330100716105852A');
    await form.getByLabel('联系人', { exact: true }).fill('王采购');
    await form.getByLabel('联系人手机').fill(founder.account);
    await form.getByRole('button', { name: '创建企业' }).click();
    await form.getByText(/统一社会信用代码/).last().waitFor();
    await shot(page, 'create-wrong-code');
    await form.getByLabel('统一社会信用代码').fill('91330100716105852F');
    await form.getByRole('button', { name: '创建企业' }).click();
    await page.getByText('企业已创建，请上传营业执照以便认证').waitFor();
    await page.getByRole('heading', { name: companyName }).waitFor();
    await page.getByText('待认证').first().waitFor();

    await page.locator('.company-card input[type=file]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('营业执照已上传').waitFor();
    await page.getByRole('button', { name: '查看营业执照' }).click();
    await page.getByRole('img', { name: `${companyName} 的营业执照` }).waitFor();
    await shot(page, 'company-pending');
    noPageErrors();
  });

  test('the company’s 管理员 invites a colleague by mobile number as 研发 and 质量', async () => {
    const invite = page.getByRole('form', { name: '邀请成员' });
    await invite.getByLabel('手机号或邮箱').fill(colleague.account);
    await choose(page, '被邀请人的角色', '研发');
    await choose(page, '被邀请人的角色', '质量');
    await invite.getByRole('button', { name: '发送邀请' }).click();
    await page.getByText(`已邀请 ${colleague.account}`).waitFor();
    const sent = page.getByRole('list', { name: '已发出的邀请' });
    await sent.getByText(colleague.account).waitFor();
    await sent.getByText('待接受').waitFor();
    await shot(page, 'invited');
    noPageErrors();
  });

  test('sales open the company from the desk, look at the licence and verify it', async () => {
    const desk = await browser.newPage(desktopOnOwnNetwork());
    await staffArrives(desk.page, storyStaff('sales'), shot, ['概览', '企业认证', '询价报价', '销售订单']);
    await gotoHydrated(desk.page, paths.adminCompanies, ADMIN_HYDRATED);
    await desk.page.getByRole('button', { name: `认证企业 ${companyName}` }).click();
    const drawer = desk.page.locator('.ant-drawer');
    await drawer.getByText('91330100716105852F').waitFor();
    await drawer.getByRole('img', { name: `${companyName} 的营业执照` }).waitFor();
    await drawer.getByRole('list', { name: '企业成员' }).getByText(founder.account).waitFor();
    await shot(desk.page, 'desk-company');
    await drawer.getByRole('button', { name: /^认\s?证$/ }).click();
    await desk.page.locator('.ant-popconfirm').getByRole('button', { name: /^认\s?证$/ }).click();
    await desk.page.getByText('企业已认证，已通知企业管理员').waitFor();
    await drawer.getByText('已认证').first().waitFor();
    // Verified, it leaves the queue and is found under 已认证.
    await gotoHydrated(desk.page, withQuery(paths.adminCompanies, { status: 'verified' }), ADMIN_HYDRATED);
    await desk.page.getByRole('button', { name: `查看企业 ${companyName}` }).waitFor();
    expect(desk.pageErrors.map(String)).toEqual([]);
  });

  test('the colleague accepts the invitation and finds the verified company with both members', async () => {
    const other = await browser.newPage(desktopOnOwnNetwork());
    await signIn(other.page, colleague);
    await gotoHydrated(other.page, paths.company, ACCOUNT_HYDRATED);
    const invitations = other.page.getByRole('list', { name: '发给我的企业邀请' });
    await invitations.getByText(companyName).waitFor();
    await shot(other.page, 'invitation');
    await other.page.getByRole('button', { name: `接受 ${companyName} 的邀请` }).click();
    await other.page.getByText(`已加入企业 ${companyName}`).waitFor();
    await other.page.getByRole('heading', { name: companyName }).waitFor();
    await other.page.getByText('已认证').first().waitFor();
    const members = other.page.getByRole('list', { name: '企业成员' });
    await expect.poll(() => members.getByRole('listitem').count()).toBe(2);
    const me = members.getByRole('listitem').filter({ hasText: '研发同事（我）' });
    await me.getByText('研发', { exact: true }).waitFor();
    await me.getByText('质量', { exact: true }).waitFor();
    // A member who is not its 管理员 neither invites nor changes roles.
    expect(await other.page.getByRole('form', { name: '邀请成员' }).count()).toBe(0);
    expect(await other.page.getByRole('button', { name: /^设置 .* 的角色$/ }).count()).toBe(0);
    await shot(other.page, 'joined');
    expect(other.pageErrors.map(String)).toEqual([]);
  });

  /** A new account that joins the company with `roles`, invited and accepting through the API. */
  async function joins(nickName: string, roles: string[]): Promise<Session> {
    const person = await registerByApi(nickName);
    const mine = await apiRequest<{ company: { id: number } }>('/api/app/company', { token: founder.token });
    const sent = await apiRequest(`/api/app/company/${mine.body.company.id}/invitation`, { method: 'POST', token: founder.token, json: { account: person.account, roles } });
    expect(sent.status).toBe(201);
    const waiting = await apiRequest<{ invitations: Array<{ id: number }> }>('/api/app/company', { token: person.token });
    expect((await apiRequest(`/api/app/company-invitation/${waiting.body.invitations[0]!.id}/accept`, { method: 'POST', token: person.token })).status).toBe(200);
    return person;
  }

  test('the 财务 adds a company 专票 title, which the company’s members find under 企业', async () => {
    const finance = await joins('企业财务', ['finance']);
    const own = await browser.newPage(desktopOnOwnNetwork());
    await signIn(own.page, finance);
    await gotoHydrated(own.page, paths.invoices, ACCOUNT_HYDRATED);
    await own.page.getByRole('button', { name: '新增企业抬头' }).click();
    const dialog = own.page.getByRole('dialog', { name: '新增企业发票抬头' });
    await dialog.getByText('增值税专用发票').click();
    await dialog.getByLabel('单位名称').fill(companyName);
    await dialog.getByLabel('纳税人识别号（统一社会信用代码）').fill('91330100716105852F');
    await dialog.getByLabel('地址、电话').fill('杭州市西湖区文三路 90 号 0571-88880000');
    await dialog.getByLabel('开户行及账号').fill('中国工商银行杭州分行 1202000000000000000');
    await dialog.getByLabel('接收邮箱').fill('fapiao@example.com');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    const shared = own.page.getByRole('list', { name: '企业发票抬头' });
    await shared.getByText(companyName).waitFor();
    await shot(own.page, 'company-title');
    expect(own.pageErrors.map(String)).toEqual([]);
  });

  test('the 采购 adds a company address and applies for a sample to it', async () => {
    const buyer = await joins('企业采购', ['purchasing']);
    const own = await browser.newPage(desktopOnOwnNetwork());
    await signIn(own.page, buyer);
    await gotoHydrated(own.page, paths.addresses, ACCOUNT_HYDRATED);
    await own.page.getByRole('button', { name: '新增企业地址' }).click();
    const dialog = own.page.getByRole('dialog', { name: '新增企业收货地址' });
    await dialog.getByLabel('收货人', { exact: true }).fill('仓库李工');
    await dialog.getByLabel('手机号码', { exact: true }).fill('13800138000');
    await own.page.locator('.ant-modal .ant-cascader').click();
    await chooseRegion(own.page, ['浙江省', '杭州市', '西湖区']);
    await dialog.getByLabel('详细地址').fill('文三路 90 号 企业仓库');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await own.page.getByRole('list', { name: '企业收货地址' }).getByText('文三路 90 号 企业仓库').waitFor();
    await shot(own.page, 'company-address');

    const [product] = await twoProducts();
    expect((await apiRequest('/api/app/sample/sample-cart', { method: 'POST', token: buyer.token, json: { excipientId: product.id, specId: product.spec.id } })).status).toBe(201);
    await gotoHydrated(own.page, paths.sampleCart, 'main');
    const box = own.page.getByRole('checkbox', { name: `选择 ${product.nameZh} ${product.spec.grade} ${product.spec.packSize}` });
    if (!(await box.isChecked())) await box.check();
    await own.page.getByRole('button', { name: '申请样品' }).click();
    await own.page.waitForURL((u) => u.pathname === paths.formConfirm);
    await own.page.getByRole('radio', { name: /文三路 90 号 企业仓库/ }).check();
    await fillApplicationForm(own.page, { mobile: buyer.account, contactName: '企业采购', company: companyName });
    await shot(own.page, 'apply-company-address');
    await own.page.getByRole('button', { name: /提交申请/ }).click();
    await own.page.waitForURL((u) => u.pathname === paths.formSuccess);
    const applications = await apiRequest<{ items: Array<{ id: number }> }>('/api/app/sample/application', { token: buyer.token });
    const sent = await apiRequest<{ address: { street: string } }>(`/api/app/sample/application/${applications.body.items[0]!.id}`, { token: buyer.token });
    expect(sent.body.address.street).toBe('文三路 90 号 企业仓库');
    // The company's 管理员 reads it among the members' applications.
    await gotoHydrated(page, paths.applications, ACCOUNT_HYDRATED);
    await page.getByText('企业成员的申请').click();
    await page.locator('.app-table').getByText('企业采购').waitFor();
    await shot(page, 'members-applications');
    expect(own.pageErrors.map(String)).toEqual([]);
    noPageErrors();
  });
});
