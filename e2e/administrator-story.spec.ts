import type { AuditPage, SiteSettings, SiteSettingsBody } from '@fuliaotong/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { apiRequest, registerByApi, staffSession, staffSignInByApi, storedSession, type Session, type StaffCredentials } from './support/accounts.js';
import { gotoHydrated, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork } from './support/http.js';
import { confirmTransferByApi, orderByApi, transferByApi } from './support/orders.js';
import { applyByApi, twoProducts } from './support/samples.js';
import { ADMIN_HYDRATED, staffArrives, storyCamera, storyStaff } from './support/story.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * The administrator's story: the first administrator (made with `npm run create-staff -- --role admin`)
 * signs in with the second factor, lands on the console and reads every desk, gives a colleague the
 * editor's role on the users desk, changes the site's service hours and sees them in the footer, and
 * reads in the audit log what the reviewer, the editor and finance did (their stories run before this
 * one: vitest.config.ts). Every page passed is kept at 1280 and 375 px in e2e/screenshots/administrator/.
 */

/** apps/web/app/features/staff/admin-nav.ts: adminDesks, in menu order. */
const everyDesk = ['概览', '申请审核', '产品', '文章', '数据库', '登记数据导入', '用户', '企业认证', '询价报价', '销售订单', '资料申请', '变更通知', '批次与检验报告', '订单与收款', '发票开具', '方案与价格', '样品设置', '网站信息', '法律文本', '操作日志'];

/** The others, and what each of them leaves in the audit log. */
const others = [
  { role: 'reviewer', name: '审核员', did: /样品申请/ },
  { role: 'editor', name: '编辑', did: /产品|资讯|文章|辅料用量/ },
  { role: 'finance', name: '财务', did: /订单|发票/ },
] as const;

/** The audit log's entries by one account (read with the run's staff account). */
async function entriesBy(account: string): Promise<AuditPage> {
  const staff = await staffSession();
  const { body } = await apiRequest<AuditPage>(`/api/admin/audit?keyword=${account}&pageSize=50`, { token: staff.token });
  return { ...body, items: body.items.filter((entry) => entry.actorAccount === account) };
}

/**
 * When this story runs alone, the others' stories have not run: each of them does one thing of their
 * desk through the API, signed in with their own second factor, so that the log has something of theirs.
 */
async function somethingBy(role: (typeof others)[number]['role'], person: StaffCredentials): Promise<void> {
  if ((await entriesBy(person.account)).items.length > 0) return;
  const session: Session = await staffSignInByApi(person);
  if (role === 'reviewer') {
    const [product] = await twoProducts();
    const application = await applyByApi(await registerByApi('单独运行的申请人'), product);
    const approved = await apiRequest(`/api/admin/application/${application.id}/approve`, { token: session.token, json: { note: '' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  } else if (role === 'editor') {
    const created = await apiRequest('/api/admin/database/usage/records', {
      token: session.token,
      json: { ingredient: `羟丙纤维素${Date.now().toString().slice(-6)}`, route: '口服', dosageForm: '片剂', maxAmount: '40 mg' },
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  } else {
    const customer = await registerByApi('单独运行的客户');
    await confirmTransferByApi(session, await transferByApi(customer, await orderByApi(customer, '专业会员 月卡')));
  }
}

function settingsBody(settings: SiteSettings): SiteSettingsBody {
  const { updatedAt: _updatedAt, qrCodes, ...fields } = settings;
  const keep = (state: SiteSettings['qrCodes']['officialAccount']) => (state.kind === 'image' ? { kind: 'image' as const } : state);
  return { ...fields, qrCodes: { officialAccount: keep(qrCodes.officialAccount), miniProgram: keep(qrCodes.miniProgram), corporateChat: keep(qrCodes.corporateChat) } };
}

describe('the administrator runs the site', { retry: 0, timeout: 90_000 }, () => {
  const browser = useBrowser({ keepPages: true });
  const { shot } = storyCamera('administrator');
  const administrator = storyStaff('admin');
  let page: Page;
  let pageErrors: Error[];

  beforeAll(async () => {
    for (const { role } of others) await somethingBy(role, storyStaff(role));
  });

  const noPageErrors = () => expect.soft(pageErrors.splice(0).map(String)).toEqual([]);
  const token = async () => ((await storedSession(page)) as { token: string }).token;

  test('the first administrator signs in with the second factor, lands on the console and reads every desk', async () => {
    ({ page, pageErrors } = await browser.newPage(desktopOnOwnNetwork()));
    await staffArrives(page, administrator, shot, everyDesk);
    for (const path of [paths.adminApplications, paths.adminOrders, paths.adminProducts]) {
      await gotoHydrated(page, path, ADMIN_HYDRATED);
      await page.locator('.ant-table, .app-table, .app-cards').or(page.getByText('没有使用此功能的权限')).first().waitFor();
      expect.soft(await page.getByText('没有使用此功能的权限').count(), `${path}: the administrator reads every desk`).toBe(0);
    }
    noPageErrors();
  });

  test('gives a colleague the editor’s role on the users desk', async () => {
    const colleague = await registerByApi('新来的编辑');
    await gotoHydrated(page, withQuery(paths.adminUsers, { keyword: colleague.account }), ADMIN_HYDRATED);
    await page.getByRole('heading', { name: '用户管理' }).waitFor();
    await page.getByRole('button', { name: `管理用户 ${colleague.account}` }).waitFor();
    await shot(page, 'users');
    await page.getByRole('button', { name: `管理用户 ${colleague.account}` }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(`用户 ${colleague.account}`).waitFor();
    await drawer.getByRole('checkbox', { name: '内容编辑' }).check();
    await drawer.getByLabel('备注（记入操作日志）').fill('新入职，负责产品资料');
    await shot(page, 'user-roles');
    await drawer.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.getByText('已保存，修改已记入操作日志').waitFor();
    const { body } = await apiRequest<{ roles: string[] }>(`/api/admin/user/${colleague.user.id}`, { token: await token() });
    expect(body.roles).toEqual(['editor']);
    noPageErrors();
  });

  test('changes the service hours on the site settings, and the footer shows them', async () => {
    const before = await apiRequest<SiteSettings>('/api/admin/settings/site', { token: await token() });
    expect(before.status).toBe(200);
    try {
      await gotoHydrated(page, paths.adminSite, ADMIN_HYDRATED);
      await page.getByRole('heading', { name: '网站信息' }).waitFor();
      await page.getByLabel('服务时间').fill('工作日 8:30–17:30');
      await shot(page, 'site-settings');
      await page.getByRole('button', { name: '保存网站信息' }).click();
      await page.getByText('网站信息已保存，所有页面立即使用新的内容').waitFor();
      await gotoHydrated(page, paths.home);
      await page.locator('footer.site-footer').getByText('工作日 8:30–17:30').waitFor();
      await shot(page, 'home-with-new-hours');
    } finally {
      const restored = await apiRequest('/api/admin/settings/site', { method: 'PUT', token: await token(), json: settingsBody(before.body) });
      expect(restored.status).toBe(200);
    }
    noPageErrors();
  });

  test('reads in the audit log what the reviewer, the editor and finance did, and the role given', async () => {
    for (const { role, name, did } of others) {
      const person = storyStaff(role);
      await gotoHydrated(page, withQuery(paths.adminAudit, { keyword: person.account }), ADMIN_HYDRATED);
      await page.getByRole('heading', { name: '操作日志' }).first().waitFor();
      const rows = page.getByRole('row').filter({ has: page.getByRole('cell', { name: person.account, exact: true }) });
      await rows.first().waitFor();
      expect(await rows.first().textContent(), `${name}: ${person.account}`).toMatch(did);
      await shot(page, `audit-${role}`);
    }
    await gotoHydrated(page, withQuery(paths.adminAudit, { keyword: administrator.account }), ADMIN_HYDRATED);
    await page.getByRole('row').filter({ hasText: '新入职，负责产品资料' }).first().waitFor();
    await shot(page, 'audit-administrator');
    noPageErrors();
  });
});
