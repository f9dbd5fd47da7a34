import { describe, expect, inject, test } from 'vitest';
import { apiRequest, fillLogin, registerByApi, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork } from './support/http.js';
import { codesSentTo, nextCodeTo } from './support/messages.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * The staff console's doors: staff (reviewers made by the operator's tool) sign in with the password
 * and a code sent to the account and land in the console; each
 * sees the desks of their roles only (a reviewer cannot open the administrators' desks: no menu entry,
 * a 403 page and a 403 from the API); an administrator reads every desk, without the writes of the
 * others' roles; an administrator sets a member's roles and access on the users desk, and the change is
 * in the audit log.
 */

const desktop = desktopOnOwnNetwork;
const phone = phoneOnOwnNetwork;

const AUTH_HYDRATED = '.auth-page__brand';
const ADMIN_HYDRATED = '.admin-bar__brand';

describe('staff console', () => {
  const browser = useBrowser();

  test('a reviewer signs in with the password and the code sent to the phone, lands in the console and sees only the review desk', async () => {
    const reviewer = inject('reviewers')[0]!;
    const { page, pageErrors } = await browser.newPage(desktop());
    // No redirect: staff land in the console after the second factor.
    await gotoHydrated(page, paths.login, AUTH_HYDRATED);
    const seen = (await codesSentTo(reviewer.account)).length;
    await fillLogin(page, reviewer.account, reviewer.password);
    await page.getByText('工作人员账号需要二次验证').waitFor();
    await page.getByText(`验证码已通过短信发送至 ${reviewer.account.slice(0, 3)}****${reviewer.account.slice(7)}`).waitFor();
    await saveScreenshot(page, 'staff-login-code-1280');
    await page.getByLabel('验证码').fill(await nextCodeTo(reviewer.account, seen));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.waitForURL((u) => u.pathname === paths.admin);
    await page.getByRole('heading', { name: '工作台' }).waitFor();

    const menu = page.getByRole('navigation', { name: '工作台菜单' });
    await expect.poll(() => menu.getByRole('link').allTextContents()).toEqual(['概览', '申请审核']);

    // The administrators' desks: a 403 page naming the role, and the API refuses too.
    for (const [path, label] of [[paths.adminUsers, '用户'], [paths.adminAudit, '操作日志']] as const) {
      await page.goto(path);
      await page.getByText('没有使用此功能的权限').waitFor();
      await page.getByText(`“${label}”需要管理员角色。如需开通，请联系管理员。`).waitFor();
    }
    await saveScreenshot(page, 'staff-console-403-1280');
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('fuliaotong-session') ?? '{}') as { state?: { token?: string } }).state?.token);
    expect((await apiRequest('/api/admin/user', { token })).status).toBe(403);
    expect(pageErrors).toEqual([]);
  });

  test.each([
    ['desktop', desktop],
    ['mobile', phone],
  ] as const)('an administrator alone sees every desk and reads the others\' desks without their writes (%s)', async (name, options) => {
    // A member made an administrator (that role alone) on the users desk; their session goes on.
    const member = await registerByApi(`管理员${name === 'desktop' ? '甲' : '乙'}`);
    const admin = await staffSession();
    const made = await apiRequest(`/api/admin/user/${member.user.id}`, { method: 'PATCH', token: admin.token, json: { roles: ['admin'] } });
    expect(made.status).toBe(200);
    const { page, pageErrors } = await browser.newPage(options());
    await signIn(page, member);
    await gotoHydrated(page, paths.adminProducts, ADMIN_HYDRATED);
    const menu = page.getByRole('navigation', { name: '工作台菜单' });
    await expect
      .poll(() => menu.getByRole('link').allTextContents())
      .toEqual(['概览', '申请审核', '产品', '文章', '数据库', '登记数据导入', '用户', '企业认证', '询价报价', '销售订单', '资料申请', '变更通知', '批次与检验报告', '订单与收款', '发票开具', '方案与价格', '样品设置', '网站信息', '法律文本', '操作日志']);
    await page.getByText('您可以查看“产品”；办理和修改需要内容编辑角色。').waitFor();
    await page.getByRole('button', { name: /^查看产品 / }).first().waitFor();
    expect(await page.getByRole('button', { name: '新建产品' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(上架|下架)$/ }).count()).toBe(0);
    await saveScreenshot(page, `admin-read-only-desk-${name}`);

    // The server reads for the administrator and refuses the editor's write, naming the role.
    expect((await apiRequest('/api/admin/excipient', { token: member.token })).status).toBe(200);
    const write = await apiRequest<{ error: { message: string } }>('/api/admin/excipient/1/publish', {
      token: member.token,
      json: { published: false },
    });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toContain('内容编辑');

    // The administrator's own desks keep their writes.
    await page.getByRole('link', { name: '用户', exact: true }).click();
    await page.getByRole('heading', { name: '用户管理' }).waitFor();
    expect(await page.getByText('办理和修改需要').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('a wrong code is refused with the tries left, on a phone', async () => {
    const reviewer = inject('reviewers')[1]!;
    const { page, pageErrors } = await browser.newPage(phone());
    await gotoHydrated(page, paths.login, AUTH_HYDRATED);
    const seen = (await codesSentTo(reviewer.account)).length;
    await fillLogin(page, reviewer.account, reviewer.password);
    const code = await nextCodeTo(reviewer.account, seen);
    await page.getByLabel('验证码').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.getByText('验证码错误，还可尝试 4 次').waitFor();
    await saveScreenshot(page, 'staff-login-wrong-code-375');
    expect(pageErrors).toEqual([]);
  });

  test.each([
    ['desktop', desktop],
    ['mobile', phone],
  ] as const)('the dashboard counts users and applications and charts them (%s)', async (name, options) => {
    const admin = await staffSession();
    await registerByApi(`新用户${name}`);
    const search = await apiRequest(`/api/app/search?q=${encodeURIComponent('羟丙甲纤维素')}`);
    expect(search.status).toBe(200);
    const { page, pageErrors } = await browser.newPage(options());
    await signIn(page, admin);
    await gotoHydrated(page, withQuery(paths.admin, { days: 30 }), ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '工作台' }).waitFor();
    await page.getByText('最近 30 天（北京时间，含今天）').waitFor();
    // At least the member registered just now, and the keyword searched just now.
    const newMembers = page.locator('.ant-statistic', { hasText: '新用户（30 天）' }).locator('.ant-statistic-content-value');
    await expect.poll(async () => Number((await newMembers.textContent())?.replace(/,/g, '') ?? 0)).toBeGreaterThanOrEqual(1);
    await page.getByRole('link', { name: '羟丙甲纤维素' }).waitFor();
    // The charts are drawn (canvas) once their code has loaded.
    await expect.poll(() => page.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await saveScreenshot(page, `admin-dashboard-${name}`, true);
    expect(pageErrors).toEqual([]);
  });

  test.each([
    ['desktop', desktop],
    ['mobile', phone],
  ] as const)('an administrator grants a member database access on the users desk, and the audit log shows it (%s)', async (name, options) => {
    const member = await registerByApi(`合同客户${name === 'desktop' ? '甲' : '乙'}`);
    const admin = await staffSession();
    const { page, pageErrors } = await browser.newPage(options());
    await signIn(page, admin);
    await gotoHydrated(page, withQuery(paths.adminUsers, { keyword: member.account }), ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '用户管理' }).waitFor();
    await page.getByRole('button', { name: `管理用户 ${member.account}` }).waitFor();
    await saveScreenshot(page, `admin-users-${name}`);
    await page.getByRole('button', { name: `管理用户 ${member.account}` }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(`用户 ${member.account}`).waitFor();
    await drawer.getByPlaceholder('未开通').click();
    // The reason first: Enter in the date field both picks the date and saves the form.
    await drawer.getByLabel('备注（记入操作日志）').fill('线下合同 HT-2026-118');
    await drawer.getByPlaceholder('未开通').click();
    await drawer.getByPlaceholder('未开通').fill('2027-12-31');
    await saveScreenshot(page, `admin-user-drawer-${name}`);
    await drawer.getByPlaceholder('未开通').press('Enter');
    await page.getByText('已保存，修改已记入操作日志').waitFor();

    const { body } = await apiRequest<{ memberUntil: string | null }>(`/api/admin/user/${member.user.id}`, { token: admin.token });
    expect(body.memberUntil).toBe('2027-12-31T16:00:00.000Z');

    await drawer.getByRole('link', { name: '查看该用户的修改记录' }).click();
    await page.waitForURL((u) => u.pathname === paths.adminAudit);
    await page.getByText(`修改用户 ${member.account}：数据库权限（线下合同 HT-2026-118）`).click();
    await page.getByRole('cell', { name: 'memberUntil' }).waitFor();
    await saveScreenshot(page, `admin-audit-${name}`);
    expect(pageErrors).toEqual([]);
  });
});
