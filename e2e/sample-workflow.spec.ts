import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { settle, waitForHeading } from './support/app.js';
import { apiRequest, fillLogin, newAccount, registerByApi, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, hydrationProblem, saveScreenshot, useBrowser } from './support/browser.js';
import { get } from './support/http.js';
import { PDF } from '../apps/server/test/fixture-files.js';
import { addToCartOnPage, applyByApi, fillApplicationForm, shippableBatchNumber, twoProducts } from './support/samples.js';
import { waitForSms } from './support/messages.js';
import { paths, withQuery } from '@fuliaotong/contracts';

const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const phone: BrowserContextOptions = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * A new member's application (through the API), open on the staff's detail page in a browser of its own:
 * for journeys about what staff do with it.
 */
async function applicationOnStaffDesk(browser: ReturnType<typeof useBrowser>, nickName: string) {
  const member = await registerByApi(nickName);
  const [product] = await twoProducts();
  const application = await applyByApi(member, product);
  const staff = await staffSession();
  const { page: desk, pageErrors } = await browser.newPage(desktop);
  await signIn(desk, staff);
  await gotoHydrated(desk, withQuery(paths.adminApplications, { id: application.id }), '.admin-bar a');
  return { member, application, staff, desk, pageErrors };
}

/** How far the page is wider than the viewport (0 = no sideways scrolling). */
const horizontalOverflow = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

/** antd puts a space between the two characters of a two-character button label (通 过). */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

const panel = (page: Page) => page.getByRole('complementary', { name: '快捷工具' });

/** The side panel collapses on any click elsewhere: open it again to look at it. */
async function openPanel(page: Page) {
  await panel(page).waitFor();
  const expand = panel(page).getByRole('button', { name: '展开快捷工具' });
  if ((await expand.count()) > 0) await expand.click();
  await panel(page).getByRole('button', { name: '收起快捷工具' }).waitFor();
}

/** Picks an option of the antd Select in the form item labelled `label`. */
describe('sample workflow: cart → application → review → shipping → the user sees it', () => {
  const browser = useBrowser();

  test('a user applies for two samples; staff approve and ship; the user sees 已发货, the tracking number and the notice', async () => {
    const member = await registerByApi('样品申请人');
    const [first, second] = await twoProducts();
    const { page, console: messages, pageErrors } = await browser.newPage(desktop);

    // Log in on the page.
    await gotoHydrated(page, paths.login);
    await fillLogin(page, member.account);
    await page.waitForURL((u) => u.pathname === paths.account);

    // Two products into the sample cart from their pages.
    for (const product of [first, second]) await addToCartOnPage(page, product);
    // The side panel's badge counts two.
    await openPanel(page);
    await panel(page).getByRole('link', { name: '样品车，2 件' }).waitFor();
    expect(await panel(page).locator('.count-badge').textContent()).toBe('2');

    // The cart: select both, apply.
    await panel(page).getByRole('link', { name: '样品车，2 件' }).click();
    await page.waitForURL((u) => u.pathname === paths.sampleCart);
    await waitForHeading(page, '样品车');
    for (const product of [first, second]) {
      const box = page.getByRole('checkbox', { name: `选择 ${product.nameZh} ${product.spec.grade} ${product.spec.packSize}` });
      if (!(await box.isChecked())) await box.check();
    }
    await page.getByRole('button', { name: '申请样品' }).click();
    await page.waitForURL((u) => u.pathname === paths.formConfirm);

    // The form (a mobile number of this run's own: the SMS to it are counted below).
    const mobile = newAccount();
    await fillApplicationForm(page, { mobile });
    await page.getByRole('button', { name: /提交申请/ }).click();
    await page.waitForURL((u) => u.pathname === paths.formSuccess);
    const number = (await page.locator('.success-head__number').textContent())?.trim();
    expect(number).toMatch(/^YP\d+$/);
    // The page promises messages to the application's mobile number (kept below).
    await page.getByText(`短信（${mobile}）`).waitFor();

    // My applications: the new one, 待审核.
    await gotoHydrated(page, paths.applications);
    await waitForHeading(page, '我的申请');
    const row = page.locator('.app-table tr', { hasText: number! });
    await row.getByText('待审核').waitFor();
    await expect(row.textContent()).resolves.toContain(first.nameZh);

    // Staff, in a browser of their own: approve, then ship.
    const staff = await staffSession();
    const { page: desk, pageErrors: deskErrors } = await browser.newPage(desktop);
    await signIn(desk, staff);
    await gotoHydrated(desk, paths.adminApplications, '.admin-bar a');
    await waitForHeading(desk, '样品申请审核');
    await desk.getByRole('tab', { name: /待审核/ }).click();
    await desk.waitForURL((u) => u.searchParams.get('status') === 'submitted');
    await desk.getByRole('searchbox', { name: '搜索申请' }).fill(number!);
    await desk.getByRole('button', { name: label('搜索') }).click();
    await desk.waitForURL((u) => u.searchParams.get('keyword') === number);
    await desk.getByRole('link', { name: `处理申请 ${number}` }).click();
    await waitForHeading(desk, '申请详情');
    await desk.getByText('样品申请人').first().waitFor(); // the applicant is named

    await desk
      .getByRole('group', { name: '审核操作' })
      .getByRole('button', { name: label('通过') })
      .click();
    await desk.getByLabel('审核备注').fill('库存充足，本周发出');
    await desk
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('通过') })
      .click();
    await desk.locator('.app-history__item[data-action="approve"]').waitFor();
    await desk
      .getByRole('group', { name: '审核操作' })
      .getByRole('button', { name: label('发货') })
      .click();
    // Empty fields are refused in the dialog.
    await desk
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('发货') })
      .click();
    await desk.getByText('请填写快递公司').waitFor();
    await desk.getByLabel('快递公司').fill('顺丰速运');
    await desk.getByLabel('运单号').fill('SF1234567890123');
    // Each item's batch, and the first one's COA (a PDF uploaded at once).
    await desk.getByText('请填写批号').first().waitFor();
    // A product with batches on record ships one of them (the desk refuses another number); one without takes any.
    const batches = { [first.nameZh]: await shippableBatchNumber(first.id, 'MCC-240518'), [second.nameZh]: await shippableBatchNumber(second.id, 'B2411-07') };
    for (const [name, batch] of Object.entries(batches)) {
      await desk.locator('.staff-action-modal__batch', { hasText: name }).getByLabel('批号').fill(batch);
    }
    await desk
      .locator('.staff-action-modal__batch', { hasText: first.nameZh })
      .locator('input[type="file"]')
      .setInputFiles({ name: `COA-${batches[first.nameZh]}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await desk.locator('.staff-action-modal__batch', { hasText: first.nameZh }).getByText(`COA-${batches[first.nameZh]}.pdf`).waitFor();
    await saveScreenshot(desk, 'sample-workflow-admin-ship-dialog');
    await desk
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('发货') })
      .click();
    await desk.locator('.app-history__item[data-action="ship"]', { hasText: 'SF1234567890123' }).waitFor();
    await desk.locator('.app-sheet__facts .app-status[data-status="shipped"]').waitFor();
    await desk.getByRole('group', { name: '审核操作' }).getByRole('button', { name: '确认签收' }).waitFor();
    await desk.locator('.ant-modal').first().waitFor({ state: 'hidden' });
    await saveScreenshot(desk, 'sample-workflow-admin-detail-shipped', true);

    // The applicant's phone got an SMS for each step (read from the server's log: SMS_PROVIDER=log).
    expect(await waitForSms(mobile)).toBe(`【辅料通】您的样品申请 ${number} 状态已更新为「已通过」，详情请登录辅料通“我的申请”查看。`);
    expect(await waitForSms(mobile, { count: 2 })).toContain(`${number} 状态已更新为「已发货」`);

    // The user: 已发货 with the tracking number, and a notice.
    await gotoHydrated(page, paths.applications);
    const shippedRow = page.locator('.app-table tr', { hasText: number! });
    await shippedRow.getByText('已发货').waitFor();
    await shippedRow.getByText('SF1234567890123').waitFor();
    await gotoHydrated(page, paths.notices);
    await page.locator('.notice', { hasText: number! }).filter({ hasText: /发货/ }).first().waitFor();

    // The sheet tells the whole story.
    await gotoHydrated(page, paths.applications);
    await shippedRow.getByRole('link', { name: `查看申请单 ${number}` }).click();
    await page.waitForURL((u) => u.pathname === paths.applicationOrder);
    await waitForHeading(page, '样品申请单');
    await page.locator('.app-history__item[data-action="ship"]', { hasText: 'SF1234567890123' }).waitFor();
    await page.locator('.app-history__item[data-action="approve"]', { hasText: '库存充足' }).waitFor();
    // Beside each item its batch; the first one's COA downloads as the PDF the staff attached.
    await page.locator('.app-sheet__items tr', { hasText: second.nameZh }).getByText(batches[second.nameZh]!).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `下载 ${first.nameZh} 批号 ${batches[first.nameZh]} 的 COA` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`COA-${first.nameZh}-${batches[first.nameZh]}.pdf`);
    const saved = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    await saveScreenshot(page, 'sample-workflow-sheet-with-coa', true);

    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(deskErrors).toEqual([]);
  });

  test('staff reject with a reason; the user reads it on the sheet; an illegal step answers 409', async () => {
    const { member, application, staff, desk, pageErrors } = await applicationOnStaffDesk(browser, '被驳回的人');
    await waitForHeading(desk, '申请详情');
    await desk
      .getByRole('group', { name: '审核操作' })
      .getByRole('button', { name: label('驳回') })
      .click();
    await desk
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('驳回') })
      .click();
    await desk.getByText('请填写驳回原因').waitFor();
    await desk.getByLabel('驳回原因').fill('单位信息不完整，请补充营业执照后重新申请');
    await desk
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('驳回') })
      .click();
    await desk.locator('.app-history__item[data-action="reject"]', { hasText: '单位信息不完整' }).waitFor();
    await desk.getByText('无需处理').waitFor();
    // The API refuses a second decision.
    const again = await apiRequest<{ error: { message: string } }>(`/api/admin/application/${application.id}/approve`, {
      method: 'POST',
      token: staff.token,
      json: { note: '' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/[\u4e00-\u9fff]/);

    const { page } = await browser.newPage(phone);
    await signIn(page, member);
    await gotoHydrated(page, withQuery(paths.applicationOrder, { id: application.id }), '.app-print-page__bar a');
    await page.getByText('驳回原因：单位信息不完整，请补充营业执照后重新申请').first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('a member opening the staff pages is refused; without a session they go to /login', async () => {
    const member = await registerByApi('普通用户');
    const { page, pageErrors } = await browser.newPage(desktop);
    await gotoHydrated(page, paths.adminApplications, 'header a');
    await page.waitForURL((u) => u.pathname === paths.login && u.searchParams.get('redirect') === paths.adminApplications);

    await signIn(page, member);
    await gotoHydrated(page, paths.adminApplications, '.admin-bar a');
    await page.getByText('仅限工作人员访问').waitFor();
    await saveScreenshot(page, 'admin-staff-only-1280');
    expect(await page.locator('.app-table, .app-cards').count()).toBe(0);
    await gotoHydrated(page, paths.adminSettings, '.admin-bar a');
    await page.getByText('仅限工作人员访问').waitFor();
    // The API says the same.
    expect((await apiRequest('/api/admin/application', { token: member.token })).status).toBe(403);
    expect(pageErrors).toEqual([]);
  });

  test('withdrawing an application on /account/apply, after confirming', async () => {
    const member = await registerByApi('撤回用户');
    const [product] = await twoProducts();
    const application = await applyByApi(member, product);
    const { page, pageErrors } = await browser.newPage(phone);
    await signIn(page, member);
    await gotoHydrated(page, paths.applications, 'main');
    const card = page.locator('.app-card', { hasText: application.number });
    await card.getByText('待审核').waitFor();
    await card.getByRole('button', { name: `撤回申请 ${application.number}` }).click();
    const dialog = page.getByRole('dialog', { name: '撤回这份申请？' });
    await dialog.getByText('撤回后将不再审核').waitFor();
    await saveScreenshot(page, 'account-withdraw-confirm-375');
    await dialog.getByRole('button', { name: label('取消') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('待审核').waitFor();

    await card.getByRole('button', { name: `撤回申请 ${application.number}` }).click();
    await page.getByRole('dialog', { name: '撤回这份申请？' }).getByRole('button', { name: '撤回申请' }).click();
    await card.getByText('已撤回').waitFor();
    expect(await card.getByRole('button', { name: /撤回申请/ }).count()).toBe(0);
    // The filter keeps it in the URL and counts it.
    await page.getByRole('tab', { name: /已撤回 1/ }).click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'withdrawn');
    await page.locator('.app-card', { hasText: application.number }).waitFor();
    const fromApi = await apiRequest<{ status: string }>(`/api/app/sample/application/${application.id}`, { token: member.token });
    expect(fromApi.body.status).toBe('withdrawn');
    expect(pageErrors).toEqual([]);
  });

  test('changing an application while it awaits review: the form comes filled in, the change is saved and recorded', async () => {
    const member = await registerByApi('修改用户');
    const [product] = await twoProducts();
    const application = await applyByApi(member, product);
    const { page, pageErrors } = await browser.newPage(desktop);
    await signIn(page, member);
    await gotoHydrated(page, paths.applications, 'main');
    await page.getByRole('link', { name: `修改申请 ${application.number}` }).click();
    await page.waitForURL((u) => u.pathname === paths.formConfirm && u.searchParams.get('edit') === String(application.id));
    await waitForHeading(page, '修改样品申请');
    await page.getByRole('list', { name: '申请的样品' }).getByText(product.nameZh).waitFor();
    // What was applied for is in the form, the address as a new address of its own.
    const project = page.getByLabel('项目名称');
    await expect(project.inputValue()).resolves.toBe('缓释片处方开发');
    await expect(page.getByLabel('单位名称').inputValue()).resolves.toBe('苏州某某药业有限公司');
    await expect(page.getByLabel('详细地址').inputValue()).resolves.toContain('星湖街 218 号');

    await saveScreenshot(page, 'sample-workflow-formconfirm-edit-1280', true);
    await project.fill('缓释片处方开发（二期）');
    await page.getByRole('textbox', { name: '备注' }).fill('请随样品附 COA');
    await page.getByRole('button', { name: '保存修改' }).click();
    await page.waitForURL((u) => u.pathname === paths.applicationOrder && u.searchParams.get('id') === String(application.id));
    await page.getByText('缓释片处方开发（二期）').waitFor();
    await page.getByText('请随样品附 COA').waitFor();

    const { body } = await apiRequest<{ projectName: string; status: string; history: Array<{ action: string }> }>(
      `/api/app/sample/application/${application.id}`,
      { token: member.token },
    );
    expect(body).toMatchObject({ projectName: '缓释片处方开发（二期）', status: 'submitted' });
    expect(body.history.map((event) => event.action)).toEqual(['submit', 'update']);

    // Once staff have decided, the form says it can no longer be changed.
    const staff = await staffSession();
    const approved = await apiRequest(`/api/admin/application/${application.id}/approve`, { method: 'POST', token: staff.token, json: {} });
    expect(approved.status).toBe(200);
    await gotoHydrated(page, withQuery(paths.formConfirm, { edit: application.id }), 'main');
    await page.getByText('这份申请当前为「已通过」，不能再修改。').waitFor();
    expect(await page.getByRole('button', { name: '保存修改' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('a user without applications is shown the way to the catalogue; the filter lives in the address', async () => {
    const member = await registerByApi('还没申请');
    const { page, pageErrors } = await browser.newPage(phone);
    await signIn(page, member);
    await gotoHydrated(page, withQuery(paths.applications, { status: 'shipped' }), 'main');
    await page.getByText('没有已发货的申请').waitFor();
    await page.getByRole('button', { name: '查看全部申请' }).click();
    await page.waitForURL((u) => u.pathname === paths.applications && u.search === '');
    await page.getByText('还没有样品申请').waitFor();
    await page.getByRole('link', { name: '浏览辅料产品' }).click();
    await page.waitForURL((u) => u.pathname === paths.excipients);
    expect(pageErrors).toEqual([]);
  });

  test('a sheet without an id, or with one that is not the user’s, says so and links back', async () => {
    const member = await registerByApi('找不到申请');
    const other = await registerByApi('别人的申请');
    const [product] = await twoProducts();
    const theirs = await applyByApi(other, product);
    const { page, pageErrors } = await browser.newPage(desktop);
    await signIn(page, member);
    await gotoHydrated(page, paths.applicationOrder, '.app-print-page__bar a');
    await page.getByText('没有找到这份申请单').waitFor();
    await page.getByText('链接中缺少申请编号').waitFor();
    await gotoHydrated(page, withQuery(paths.applicationOrder, { id: theirs.id }), '.app-print-page__bar a');
    await page.getByText('这份申请不存在，或不属于当前登录的账号。').waitFor();
    await page.getByRole('link', { name: '返回我的申请' }).last().click();
    await page.waitForURL((u) => u.pathname === paths.applications);
    expect(pageErrors).toEqual([]);
  });

  test('two staff at once: the later decision is refused with the server’s message, and the page shows what happened', async () => {
    const { application, staff, desk, pageErrors } = await applicationOnStaffDesk(browser, '同时审核');
    await desk
      .getByRole('group', { name: '审核操作' })
      .getByRole('button', { name: label('驳回') })
      .click();
    await desk.getByLabel('驳回原因').fill('资料不全');
    // Meanwhile a colleague approves it.
    const approved = await apiRequest(`/api/admin/application/${application.id}/approve`, {
      method: 'POST',
      token: staff.token,
      json: { note: '' },
    });
    expect(approved.status).toBe(200);
    await desk
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('驳回') })
      .click();
    await desk.locator('.toast--error').waitFor();
    expect(await desk.locator('.toast--error').textContent()).toMatch(/[\u4e00-\u9fff]/);
    await desk.locator('.app-sheet__facts .app-status[data-status="approved"]').waitFor();
    await desk
      .getByRole('group', { name: '审核操作' })
      .getByRole('button', { name: label('发货') })
      .waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('staff change a sample limit on /admin/settings; it applies at once', async () => {
    const staff = await staffSession();
    const before = await apiRequest<Record<string, number>>('/api/admin/settings/sample-limits', { token: staff.token });
    expect(before.status).toBe(200);
    const { page, pageErrors } = await browser.newPage(desktop);
    await signIn(page, staff);
    try {
      await gotoHydrated(page, paths.adminSettings, '.admin-bar a');
      const field = page.getByLabel('单个样品数量上限');
      await expect(field.inputValue()).resolves.toBe(String(before.body.maxQuantity));
      await field.fill('');
      await page.getByRole('button', { name: '保存设置' }).click();
      await page.getByText('请填写单个样品数量上限').waitFor();
      await field.fill('6');
      await page.getByRole('button', { name: '保存设置' }).click();
      await page.getByText('样品设置已保存，立即生效').waitFor();
      const after = await apiRequest<Record<string, number>>('/api/admin/settings/sample-limits', { token: staff.token });
      expect(after.body).toEqual({ ...before.body, maxQuantity: 6 });
      const member = await registerByApi('看限制的人');
      const cart = await apiRequest<{ limits: Record<string, number> }>('/api/app/sample/sample-cart-list', { token: member.token });
      expect(cart.body.limits.maxQuantity).toBe(6);
    } finally {
      await apiRequest('/api/admin/settings/sample-limits', { method: 'PUT', token: staff.token, json: before.body });
    }
    expect(pageErrors).toEqual([]);
  });

  test('staff pages are not indexed and not in sitemap.xml', async () => {
    for (const path of [paths.admin, paths.adminApplications, paths.adminSettings, paths.adminUsers, paths.adminAudit]) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<meta name="robots" content="noindex/);
    }
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).not.toContain(paths.admin);
  });
});

describe('sample workflow: screenshots', () => {
  const browser = useBrowser();

  test.each([
    ['desktop', 1280, 900],
    ['mobile', 375, 812],
  ])(
    '/account/apply, /account/applyorder (and its print), /admin/applications list and detail at %s width',
    async (_name, width, height) => {
      const member = await registerByApi('截图申请人');
      const [first, second] = await twoProducts();
      const staff = await staffSession();
      const applications = [
        await applyByApi(member, first, { company: '上海某某医药科技股份有限公司（张江研发中心）' }),
        await applyByApi(member, second),
        await applyByApi(member, first),
      ];
      // One shipped, one rejected, one waiting.
      const [shipped, rejected] = applications;
      for (const [path, json] of [
        [`/api/admin/application/${shipped!.id}/approve`, { note: '库存充足' }],
        [`/api/admin/application/${shipped!.id}/ship`, { carrier: '顺丰速运', trackingNumber: 'SF1234567890123' }],
        [`/api/admin/application/${rejected!.id}/reject`, { reason: '单位信息不完整，请补充后重新申请' }],
      ] as const) {
        const answer = await apiRequest(path, { method: 'POST', token: staff.token, json });
        expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
      }

      const mobile = width < 600;
      const options: BrowserContextOptions = {
        viewport: { width, height },
        deviceScaleFactor: mobile ? 2 : 1,
        isMobile: mobile,
        hasTouch: mobile,
      };
      const { page, pageErrors } = await browser.newPage(options);
      await signIn(page, member);
      await gotoHydrated(page, paths.applications, 'main');
      await page
        .locator(mobile ? '.app-card' : '.app-table tbody tr')
        .nth(2)
        .waitFor();
      expect(await page.evaluate(horizontalOverflow), '/account/apply').toBe(0);
      await saveScreenshot(page, `sample-workflow-account-apply-${width}`, true);

      await gotoHydrated(page, withQuery(paths.applicationOrder, { id: shipped!.id }), '.app-print-page__bar a');
      await page.locator('.app-history__item[data-action="ship"]').waitFor();
      await settle(page);
      expect(await page.evaluate(horizontalOverflow), '/account/applyorder').toBe(0);
      await saveScreenshot(page, `sample-workflow-account-applyorder-${width}`, true);
      if (!mobile) {
        await page.emulateMedia({ media: 'print' });
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
        expect(await page.getByRole('button', { name: /打\s*印/ }).isVisible()).toBe(false);
        await saveScreenshot(page, 'sample-workflow-account-applyorder-print', true);
        // About the width of an A4 page inside its margins.
        await page.setViewportSize({ width: 720, height: 1000 });
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
        expect(await page.evaluate(horizontalOverflow), 'print at A4 width').toBe(0);
        await saveScreenshot(page, 'sample-workflow-account-applyorder-print-a4', true);
        await page.emulateMedia({ media: 'screen' });
      }

      const { page: desk, pageErrors: deskErrors } = await browser.newPage(options);
      await signIn(desk, staff);
      await gotoHydrated(desk, paths.adminApplications, '.admin-bar a');
      await desk
        .locator(mobile ? '.app-card' : '.app-table tbody tr')
        .nth(2)
        .waitFor();
      expect(await desk.evaluate(horizontalOverflow), '/admin/applications').toBe(0);
      await saveScreenshot(desk, `sample-workflow-admin-applications-${width}`, true);
      await gotoHydrated(desk, withQuery(paths.adminApplications, { id: applications[2]!.id }), '.admin-bar a');
      await desk.getByRole('group', { name: '审核操作' }).waitFor();
      await settle(desk);
      expect(await desk.evaluate(horizontalOverflow), '/admin/applications?id=').toBe(0);
      await saveScreenshot(desk, `sample-workflow-admin-detail-${width}`, true);
      await desk
        .getByRole('group', { name: '审核操作' })
        .getByRole('button', { name: label('驳回') })
        .click();
      await desk.getByLabel('驳回原因').waitFor();
      await desk.locator('.ant-modal').evaluate((modal) => Promise.all(modal.getAnimations({ subtree: true }).map((a) => a.finished)));
      await saveScreenshot(desk, `sample-workflow-admin-reject-dialog-${width}`);
      await desk.keyboard.press('Escape');
      await gotoHydrated(desk, paths.adminSettings, '.admin-bar a');
      await desk.getByLabel('样品车样品种数上限').waitFor();
      expect(await desk.evaluate(horizontalOverflow), '/admin/settings').toBe(0);
      await saveScreenshot(desk, `sample-workflow-admin-settings-${width}`, true);
      expect(pageErrors).toEqual([]);
      expect(deskErrors).toEqual([]);
    },
  );
});
