import type { AdminPlanList } from '@fuliaotong/contracts';
import { describe, expect, test } from 'vitest';
import { apiRequest, registerByApi, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * Plans are data: finance changes a plan's price on the plan desk, and a member sees the new price on
 * 会员升级 with how to take the plan and what each plan unlocks against what a signed-in user sees.
 */

const ADMIN_HYDRATED = '.admin-bar__brand';

describe('plans', () => {
  const browser = useBrowser();

  test('finance changes the price of a plan on the plan desk, and members see it on 会员升级', async () => {
    const finance = await staffSession();
    const plans = await apiRequest<AdminPlanList>('/api/admin/plan', { token: finance.token });
    const monthly = plans.body.items.find((p) => p.name === '专业会员 月卡')!;
    try {
      const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
      await signIn(page, finance);
      await gotoHydrated(page, paths.adminPlans, ADMIN_HYDRATED);
      await page.getByRole('button', { name: '编辑方案 专业会员 月卡' }).click();
      const dialog = page.getByRole('dialog', { name: '编辑方案：专业会员 月卡' });
      await dialog.getByLabel('价格（元）').fill('328');
      await dialog.getByRole('button', { name: /保\s?存/ }).click();
      await page.getByText('已保存，会员升级页立即更新').waitFor();
      await page.getByRole('cell', { name: '¥328.00' }).waitFor();
      await saveScreenshot(page, 'staff-plans-1280');
      expect(pageErrors).toEqual([]);

      const phone = await browser.newPage(phoneOnOwnNetwork());
      await signIn(phone.page, finance);
      await gotoHydrated(phone.page, paths.adminPlans, ADMIN_HYDRATED);
      await phone.page.getByRole('cell', { name: '¥328.00' }).waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await saveScreenshot(phone.page, 'staff-plans-375', true);
      expect(phone.pageErrors).toEqual([]);

      const member = await registerByApi('看方案的用户');
      for (const [options, name] of [
        [desktopOnOwnNetwork(), 'upgrade-1280'],
        [phoneOnOwnNetwork(), 'upgrade-375'],
      ] as const) {
        const visit = await browser.newPage(options);
        await signIn(visit.page, member);
        await gotoHydrated(visit.page, paths.upgrade);
        const card = visit.page.locator('.plan-card').filter({ hasText: '专业会员 月卡' });
        await card.getByText('¥328.00').waitFor();
        await visit.page.getByText('企业会员 年卡').waitFor();
        // Before paying: what the 药典标准 subscription adds to what a signed-in user reads.
        const standard = visit.page.locator('.plan-card').filter({ hasText: '药典标准数据库 年度' });
        await standard.getByText('开通前后对比').waitFor();
        await standard.getByText('可见品种名称、英文名称、药典、版本 等 6 项').waitFor();
        await standard.getByText('另可见检验项目、修订说明').waitFor();
        await card.getByText(/^另可下载 DMF 资料 \d+ 份$/).waitFor();
        await visit.page.getByRole('heading', { name: '如何开通' }).waitFor();
        expect(await visit.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await saveScreenshot(visit.page, name, true);
        expect(visit.pageErrors).toEqual([]);
      }
    } finally {
      const { id, updatedAt: _updatedAt, ...body } = monthly;
      const restored = await apiRequest(`/api/admin/plan/${id}`, { method: 'PUT', token: finance.token, json: body });
      expect(restored.status).toBe(200);
    }
  });

  test('a standard’s 检验项目 and a 会员资料 document are locked for a signed-in user and open once a membership is granted', async () => {
    const staff = await staffSession();
    const user = await registerByApi('看标准的用户');
    const { page, pageErrors } = await browser.newPage(desktopOnOwnNetwork());
    await signIn(page, user);
    await gotoHydrated(page, withQuery(paths.topDatabaseDetail, { code: 'standard', id: 1 }));
    const testItems = page.locator('dt', { hasText: '检验项目' }).locator('xpath=following-sibling::dd[1]');
    await testItems.getByRole('link', { name: '会员可见' }).waitFor();
    expect(await testItems.getByRole('link', { name: '会员可见' }).getAttribute('href')).toBe(withQuery(paths.upgrade, { for: 'standard' }));

    // A product with 会员资料 (the DMF open part of a registered product).
    const withMemberDocument = await apiRequest<{ items: Array<{ id: number }> }>('/api/app/excipient?pageSize=50');
    let productId = 0;
    for (const { id } of withMemberDocument.body.items) {
      const product = await apiRequest<{ documents: Array<{ access: string }> }>(`/api/app/excipient/${id}`);
      if (product.body.documents.some((d) => d.access === 'member')) {
        productId = id;
        break;
      }
    }
    expect(productId).toBeGreaterThan(0);
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: productId }));
    const openPart = page.locator('.doc-list li', { hasText: 'DMF 公开部分' }).first();
    await openPart.getByRole('link', { name: '会员资料，开通会员后下载' }).waitFor();
    await saveScreenshot(page, 'member-document-locked-1280');

    const granted = await apiRequest(`/api/admin/user/${user.user.id}`, {
      method: 'PATCH',
      token: staff.token,
      json: { memberUntil: '2099-12-31', reason: '会员资料检查' },
    });
    expect(granted.status).toBe(200);
    await gotoHydrated(page, withQuery(paths.topDatabaseDetail, { code: 'standard', id: 1 }));
    await testItems.locator('li').first().waitFor();
    expect(await page.getByRole('link', { name: '会员可见' }).count()).toBe(0);
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: productId }));
    await openPart.getByText('下载', { exact: true }).waitFor();
    expect(await openPart.getByRole('link', { name: '会员资料，开通会员后下载' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
