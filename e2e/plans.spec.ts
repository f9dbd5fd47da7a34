import type { AdminPlanList } from '@fuliaotong/contracts';
import { describe, expect, test } from 'vitest';
import { apiRequest, registerByApi, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork } from './support/http.js';

/*
 * Plans are data: finance changes a plan's price on the plan desk, and a member sees the new price on
 * 会员升级 with how to take the plan.
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
      await gotoHydrated(page, '/admin/plans', ADMIN_HYDRATED);
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
      await gotoHydrated(phone.page, '/admin/plans', ADMIN_HYDRATED);
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
        await gotoHydrated(visit.page, '/account/upgrade');
        const card = visit.page.locator('.plan-card').filter({ hasText: '专业会员 月卡' });
        await card.getByText('¥328.00').waitFor();
        await visit.page.getByText('企业会员 年卡').waitFor();
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
});
